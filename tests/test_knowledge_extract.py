"""Knowledge extraction as pure functions: patterns, variants, keyphrases, ordering."""

from __future__ import annotations

from pipeline.knowledge.matcher import TermMatcher
from pipeline.knowledge.models import Evidence, GraphEdge, KnowledgeGraph
from pipeline.knowledge.patterns.en import acronym_expansion, find_en
from pipeline.knowledge.patterns.glossary import find_glossary
from pipeline.knowledge.patterns.surface import clean_term
from pipeline.knowledge.patterns.zh import find_zh
from pipeline.knowledge.route import prerequisites, topological
from pipeline.knowledge.source import build_doc_text, section_label
from pipeline.knowledge.summary import build_summary
from pipeline.knowledge.terms import extract_terms, norm_key
from pipeline.models import Block, Line


def _defs(found: list) -> dict[str, str]:
    return {f.term: f.definition for f in found if f.kind == "definition"}


def test_chinese_definitional_patterns() -> None:
    assert _defs(find_zh("信息熵是指信源输出的平均信息量。")) == {"信息熵": "信源输出的平均信息量"}
    assert _defs(find_zh("所谓自信息，是指某个事件发生时所携带的信息量。")) == {
        "自信息": "某个事件发生时所携带的信息量"
    }
    assert "个人信息" in _defs(find_zh("本办法所称个人信息，是指以电子方式记录的各种信息。"))
    assert _defs(find_zh("信源输出的平均信息量称为信源熵。")) == {"信源熵": "信源输出的平均信息量"}
    assert "信道" in _defs(find_zh("信道，即传输信息的物理媒介。"))
    # Pronouns and clauses are not terms.
    assert not _defs(find_zh("这是指我们前面提到的问题。"))
    assert not _defs(find_zh("它是一种很常见的现象，大家都知道。"))
    assert not _defs(find_zh("猴面包树在非洲是传统的食用植物。"))


def test_chinese_aliases_across_languages_and_short_names() -> None:
    found = find_zh("卷积神经网络（Convolutional Neural Network，CNN）广泛用于图像识别。")
    aliases = {a for f in found for a in f.aliases}
    assert {"Convolutional Neural Network", "CNN"} <= aliases
    found = find_zh("北京某某科技有限公司（以下简称“公司”）负责运营。")
    assert any(f.aliases == ["公司"] for f in found)


def test_english_definitional_patterns_and_aliases() -> None:
    assert _defs(find_en("Diffusion refers to the movement of molecules down a gradient.")) == {
        "Diffusion": "the movement of molecules down a gradient"
    }
    assert "cell membrane" in _defs(
        find_en("The cell membrane is defined as the layer that separates the cell.")
    )
    assert "Agreement" in _defs(find_en("“Agreement” means this contract and its annexes."))
    called = _defs(find_en("The energy stored in the bonds of glucose is called chemical energy."))
    assert "chemical energy" in called
    assert not _defs(find_en("It refers to the previous section of this report."))
    aliases = find_en("Acme Holdings Inc. (the “Company”) sells widgets.")
    assert any(f.term == "Company" and "Acme Holdings Inc" in f.aliases for f in aliases)
    acr = find_en("Adenosine triphosphate (ATP) stores energy.")
    assert any(f.term == "Adenosine triphosphate" and f.aliases == ["ATP"] for f in acr)


def test_acronyms_must_spell_their_expansion() -> None:
    assert acronym_expansion("reported to the Securities and Exchange Commission", "SEC") == (
        "Securities and Exchange Commission"
    )
    assert acronym_expansion("the results of the period", "XYZ") is None


def test_glossary_lines_need_prose_definitions() -> None:
    g = find_glossary("Enzyme: a protein that speeds up chemical reactions.")
    assert g is not None and g.term == "Enzyme"
    assert find_glossary("Revenue: $ 16,388 $ 14,573 $ 11,626") is None
    assert find_glossary("Note: we will revisit this later in the chapter.") is None


def test_term_surfaces_are_validated() -> None:
    assert clean_term("“信息熵”") == "信息熵"
    assert clean_term("the cell membrane") == "cell membrane"
    assert clean_term("这个问题") is None
    assert clean_term("123.45") is None
    assert clean_term("a very long phrase that is clearly not a term at all") is None


def test_variants_share_one_key() -> None:
    assert norm_key("Neural Networks") == norm_key("neural network")
    assert norm_key("“Company”") == norm_key("company")
    assert norm_key("ＣＮＮ") == norm_key("CNN")
    assert norm_key("信息 熵") == norm_key("信息熵")


def test_matcher_respects_word_boundaries_and_longest_match() -> None:
    m = TermMatcher({"cell": 0, "cell membrane": 1, "信息熵": 2})
    found = m.find("The cell membrane and the cellar; 信息熵很大")
    assert [i for _, _, i in found] == [1, 2]


def _blocks(spec: list[tuple[str, int, str]]) -> list[Block]:
    out = []
    for n, (kind, level, text) in enumerate(spec):
        out.append(
            Block(
                n=n,
                page=1 + n // 4,
                kind=kind,
                level=level,
                text=text,
                lines=[Line(text=text, line_no=n + 1)],
            )
        )
    return out


def test_terms_are_merged_across_languages_with_evidence() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "第一章 熵"),
            ("paragraph", 0, "信息熵（information entropy）是指信源输出的平均信息量。"),
            (
                "paragraph",
                0,
                "Information entropy is large for uniform sources. 信息熵越大越不确定。",
            ),
            ("heading", 1, "第二章 信道"),
            ("paragraph", 0, "信道容量是指信道的最大信息速率，它与信息熵有关。"),
        ]
    )
    doc = build_doc_text("d", "T", "zh", blocks, [])
    terms = {t.term: t for t in extract_terms(doc)}
    entropy = terms["信息熵"]
    assert "information entropy" in entropy.aliases
    assert entropy.definition == "信源输出的平均信息量"
    assert entropy.page == 1 and entropy.frequency >= 3
    assert "information entropy" not in terms and "Information entropy" not in terms
    assert all(t.chunk_id and t.page >= 1 for t in terms.values())


def test_emphasised_spans_become_terms() -> None:
    blocks = _blocks([("paragraph", 0, "We now meet **photosynthesis** in plants and algae.")])
    blocks[0].lines[0].text = blocks[0].text
    doc = build_doc_text("d", "T", "en", blocks, [])
    assert "photosynthesis" in {t.term for t in extract_terms(doc)}
    assert "**" not in doc.sentences[0].text


def test_section_labels() -> None:
    assert section_label("3.2 Scope of work") == "§3.2"
    assert section_label("第三章 总则") == "第三章"
    assert section_label("Item 7. Management's Discussion") == "Item 7"
    assert section_label("Background") == "§Background"


def test_topological_order_puts_prerequisites_first_and_survives_cycles() -> None:
    ev = [Evidence(chunk_id="d#0", page=1)]
    g = KnowledgeGraph(
        edges=[
            GraphEdge(source="B", target="A", type="defined_with", evidence=ev),
            GraphEdge(source="C", target="B", type="is_a", evidence=ev),
            GraphEdge(source="X", target="Y", type="defined_with", evidence=ev),
            GraphEdge(source="Y", target="X", type="defined_with", evidence=ev),
        ]
    )
    pos = {"C": (1, 0), "B": (2, 0), "A": (3, 0), "X": (4, 0), "Y": (5, 0)}
    order = topological(list(pos), prerequisites(g), pos)
    assert order.index("A") < order.index("B") < order.index("C")
    assert sorted(order) == sorted(pos)


def test_summary_reports_sections_it_cannot_cover() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "1 Results"),
            ("paragraph", 0, "Revenue grew strongly in every region during the year."),
            ("heading", 1, "2 Tables"),
            ("table", 0, "| a | b |"),
            ("heading", 1, "3 Outlook"),
            ("paragraph", 0, "Management expects steady demand for the main products."),
        ]
    )
    doc = build_doc_text("d", "T", "en", blocks, [])
    s = build_summary(doc)
    assert len(s.overview) == 2 and s.coverage < 0.85
    assert s.left_out == ["2 Tables"]  # named once, not "§2 2 Tables"
    assert all(x.citation.startswith("[p") for x in s.overview)


def test_a_document_without_text_yields_empty_but_valid_results() -> None:
    from pipeline.knowledge.analysis import index_terms
    from pipeline.knowledge.graph import build_graph
    from pipeline.knowledge.mindmap import build_mindmap
    from pipeline.knowledge.render import graph_svg, mindmap_svg, to_png
    from pipeline.knowledge.route import build_route

    doc = build_doc_text("d", "Scan", "unknown", [], [])
    idx = index_terms(doc, extract_terms(doc))
    root, graph = build_mindmap(doc, idx), build_graph(doc, idx)
    assert idx.terms == [] and graph.nodes == [] and root.children == []
    assert build_route(doc, idx, graph)[0].terms == []
    assert build_summary(doc).overview == []
    assert to_png(mindmap_svg(root)).startswith(b"\x89PNG")
    assert to_png(graph_svg(graph)).startswith(b"\x89PNG")


def test_keyphrases_skip_clauses_document_nouns_and_rare_initials() -> None:
    from pipeline.knowledge.keyphrases import en_keyphrases, zh_keyphrases

    zh = [
        "向量库保存文档的向量，检索时先查向量库。",
        "模型检索了一轮，又查了向量库。表格解析很慢，表格里全是数字。",
        "我们让模型检索了两轮，表格解析依旧很慢，表格很大。",
        "模型检索一遍之后，表格解析的结果写回向量库，表格也一样。",
    ]
    got = {k.text for k in zh_keyphrases(zh, limit=20)}
    assert {"向量库", "表格解析"} <= got
    assert "模型检索" not in got  # "模型检索了": subject + verb
    assert "表格" not in got  # names a part of any document
    en = ["走 YI 网关调用 GPU。", "GPU 很贵，YI 网关很慢。", "GPU 不够。"]
    got_en = {k.text for k in en_keyphrases(en, limit=20)}
    assert "GPU" in got_en and "YI" not in got_en


def test_summary_quotes_only_sentences_whole_in_their_chunk() -> None:
    from pipeline.models import Chunk, LineRef

    cut = "Undue reliance should not be placed on these statements, which speak only as of"
    rest = "the date of this report and are subject to change without any notice."
    keep = "Revenue grew strongly in every region during the year, led by new products."
    lines = [
        Line(text=t, box=(0, 10.0 * i, 100, 10.0 * i + 8)) for i, t in enumerate([cut, rest, keep])
    ]
    block = Block(page=1, kind="paragraph", text=" ".join([cut, rest, keep]), lines=lines)
    chunks = [
        Chunk(
            chunk_id=f"d#{n}",
            doc_id="d",
            n=n,
            text=" ".join(t),
            page_start=1,
            page_end=1,
            lines=[LineRef(page=1, box=lines[i].box, start=0, end=1) for i in idx],
        )
        for n, (t, idx) in enumerate([([cut], [0]), ([rest, keep], [1, 2])])
    ]
    doc = build_doc_text("d", "T", "en", [block], chunks)
    assert [s.whole for s in doc.sentences] == [False, True]
    assert [s.text for s in build_summary(doc).overview] == [keep]


def test_sentences_split_after_form_names_but_not_initials() -> None:
    from pipeline.text.lang import split_sentences

    t = "As of this Form 10-K. We owe no duty. J. Smith signed. Adobe Inc. (the Company) grew."
    assert [t[a:b] for a, b in split_sentences(t)] == [
        "As of this Form 10-K.",
        "We owe no duty.",
        "J. Smith signed.",
        "Adobe Inc. (the Company) grew.",
    ]


def test_chinese_term_spans_drop_glued_adverbs_and_role_prefixes() -> None:
    from pipeline.knowledge.patterns.zh import _noun_tail

    assert clean_term("吉斯伯恩市则") == "吉斯伯恩市"  # "吉斯伯恩市则是…"
    assert clean_term("蓝甲虫原本") == "蓝甲虫"
    assert clean_term("猴面包树在非洲") is None and clean_term("存在主义") == "存在主义"
    assert clean_term("实施细则") == "实施细则" and clean_term("基本原则") == "基本原则"
    assert _noun_tail("除了公司创办人比尔·盖兹") == "比尔·盖兹"
    assert _noun_tail("导演安-玛丽·杜瓦尔") == "安-玛丽·杜瓦尔"
    assert _noun_tail("法国纹章学家苏珊妮·戈蒂埃") == "苏珊妮·戈蒂埃"


def test_mind_map_labels_wrap_before_they_are_cut() -> None:
    from pipeline.knowledge.models import MindNode
    from pipeline.knowledge.render import mindmap_svg, wrap

    long = "Quantitative and Qualitative Disclosures About Market Risk"
    lines = wrap(long, 204, 12)
    assert len(lines) == 2 and " ".join(lines).replace("…", "") in long
    assert not lines[0].endswith("…")
    assert wrap("Risk", 204, 12) == ["Risk"]
    svg = mindmap_svg(MindNode(title="Report", level=0, children=[MindNode(title=long, level=1)]))
    assert ">Quantitative and Qualitative<" in svg or lines[0] in svg


def test_summary_skips_footnotes_list_markers_and_cross_references() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "Lantern Sales"),
            ("paragraph", 0, "(1) Lantern counts exclude the spare units kept in the depot."),
            ("paragraph", 0, "a) All lantern returns were inspected by the quality team."),
            (
                "paragraph",
                0,
                "The price list is incorporated herein by reference to the catalogue.",
            ),
            ("paragraph", 0, "1 Lantern counts are rounded to the nearest hundred units here."),
            ("paragraph", 0, "units, any of which could slow the lantern trade in the hills."),
            ("paragraph", 0, "Lantern sales grew in every village that the new boats reached."),
        ]
    )
    summary = build_summary(build_doc_text("d", "T", "en", blocks, []))
    quoted = [
        s.text for s in summary.overview + [x for sec in summary.sections for x in sec.sentences]
    ]
    assert quoted and all(q.startswith("Lantern sales grew") for q in quoted), quoted


def test_a_filing_cover_heading_is_not_reported_as_left_out() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "NATIONAL FILINGS OFFICE"),
            ("paragraph", 0, "HARBOUR LANTERN WORKS, INC."),
            ("paragraph", 0, "(Exact name of registrant as specified in its charter)"),
            ("paragraph", 0, "Indicate by check mark whether the registrant is a shell company."),
            ("heading", 2, "DOCUMENTS INCORPORATED"),
            ("paragraph", 0, "Portions of the proxy are incorporated herein by reference."),
            ("heading", 1, "Item 1. Business"),
            ("paragraph", 0, "Harbour Lantern Works makes solar lanterns for remote villages."),
        ]
    )
    summary = build_summary(build_doc_text("d", "T", "en", blocks, []))
    assert summary.left_out == [] and summary.coverage == 1.0
    assert [s.text for s in summary.overview] == [
        "Harbour Lantern Works makes solar lanterns for remote villages."
    ]


def test_a_filing_cover_running_onto_its_second_page_is_not_summarised() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "NATIONAL FILINGS OFFICE"),
            ("paragraph", 0, "HARBOUR LANTERN WORKS, INC."),
            ("paragraph", 0, "(Exact name of registrant as specified in its charter)"),
            ("paragraph", 0, "Indicate by check mark whether the registrant is a shell company."),
            ("paragraph", 0, "The number of ordinary shares outstanding on March 1 was 12,000."),
            ("heading", 1, "Item 1. Business"),
            ("paragraph", 0, "Harbour Lantern Works makes solar lanterns for remote villages."),
        ]
    )
    summary = build_summary(build_doc_text("d", "T", "en", blocks, []))
    assert [s.text for s in summary.overview] == [
        "Harbour Lantern Works makes solar lanterns for remote villages."
    ], summary.overview


def test_a_left_out_section_is_named_once_when_its_title_holds_its_label() -> None:
    blocks = _blocks(
        [
            ("heading", 1, "PART I"),
            ("paragraph", 0, "Harbour Lantern Works makes solar lanterns for remote villages."),
            ("heading", 1, "PART IV"),
            ("table", 0, "| Exhibit | Description |\n|---|---|\n| 3.1 | Charter |"),
        ]
    )
    summary = build_summary(build_doc_text("d", "T", "en", blocks, []))
    assert summary.left_out == ["PART IV"], summary.left_out


def test_a_left_out_section_without_numbering_is_named_once() -> None:
    """A heading with no number gets a label made of its own words ("§港口灯笼"): the
    reader sees the title once, not "§港口灯笼 港口灯笼"."""
    blocks = _blocks(
        [
            ("heading", 1, "渡轮公司"),
            ("paragraph", 0, "渡轮公司经营港口之间的客运航线，每天发船十二班。"),
            ("heading", 1, "港口灯笼"),
            ("table", 0, "| 名称 | 数量 |\n|---|---|\n| 灯笼 | 12 |"),
        ]
    )
    summary = build_summary(build_doc_text("d", "T", "zh", blocks, []))
    assert summary.left_out == ["港口灯笼"], summary.left_out


def test_a_mind_map_label_breaks_at_a_space_or_a_hyphen_never_inside_a_word() -> None:
    from pipeline.knowledge.render import wrap

    for title in (
        "Quillmere Inc. — results for second-quarter 2031 (July 20, 2031)",
        "Quillmere & Quillmere — results for second-quarter 2031 (July 20, 2031)",
        "Harbour Lantern Works — fourth-quarter and full-year 2031 results",
    ):
        lines = wrap(title, 200, 14, 3)
        at = 0
        for line in lines[:-1]:  # each line ends where the title has a space or a hyphen
            at = title.index(line, at) + len(line)
            assert line.endswith("-") or title[at] == " ", (title, lines)
