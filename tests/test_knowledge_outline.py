"""The mind map and the summary's overview follow the document's real structure: parts,
items and their sub-headings, never the cover's form lines, the contents or signatures;
the notes a parser set beside the parts go back under the part's last item. The map is
printed at a readable size, and the overview reads as an opening plus one point per main
section, in reading order. Invented filing and article."""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.knowledge.mindmap import build_mindmap
from pipeline.knowledge.models import MindNode
from pipeline.knowledge.render import MIN_PX, mindmap_svg
from pipeline.knowledge.source import DocText, Section, Sentence
from pipeline.knowledge.summary import build_summary, summary_markdown

COVER_LINES = [
    "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
    "Commission File Number 001-99999",
    "Indicate by check mark whether the registrant is a shell company",
    "12 Harbour Road, Springfield, Ohio 45501",
    "(Exact name of registrant as specified in its charter)",
]

# (title, level, page, sentences); levels as a PDF parser gives them
FILING = [
    (COVER_LINES[0], 1, 1, ["Annual report for the fiscal year ended March 1, 2031."]),
    (COVER_LINES[1], 3, 1, []),
    (COVER_LINES[2], 3, 1, ["Yes No"]),
    (COVER_LINES[3], 3, 1, []),
    (COVER_LINES[4], 3, 1, []),
    ("TABLE OF CONTENTS", 2, 2, []),
    ("PART I", 1, 3, []),
    ("Item 1.", 2, 3, []),
    ("Business", 4, 3, []),
    (
        "Overview",
        4,
        3,
        [
            "Harbour Lantern Works, Inc. is a maker of marine lanterns and harbour lights.",
            "We sell lanterns to port authorities and shipyards in thirty countries.",
            "Our lanterns are assembled in two plants that we own in Ohio and in Portugal.",
        ],
    ),
    (
        "Item 1A. Risk Factors",
        2,
        4,
        [
            "Demand for harbour equipment follows public spending on ports and canals.",
            "Storms along the coast delayed several shipments to northern ports last winter.",
            "We depend on a few large port authorities for most of our sales each year.",
        ],
    ),
    ("PART II", 1, 6, []),
    (
        "Item 7. Results of Operations",
        2,
        6,
        [
            "Net sales rose by nine percent as port authorities replaced older lights.",
            "Our gross margin improved because the plant in Portugal ran at full capacity.",
        ],
    ),
    (
        "Item 8. Financial Statements",
        2,
        8,
        ["We prepare our consolidated statements under generally accepted principles."],
    ),
    ("3. Leases", 1, 9, ["We lease our warehouses in Ohio under agreements of ten years."]),
    ("4. Debt", 1, 10, ["Our revolving credit facility of forty million dollars ends in 2034."]),
    ("SIGNATURES", 1, 11, ["Pursuant to the requirements of the Act, this report is signed."]),
    ("Jane Roe, Chief Executive Officer", 2, 11, []),
]
TITLE = "HARBOUR LANTERN WORKS, INC. — Form 10-K, fiscal year ended March 1, 2031"


def _doc(rows: list[tuple[str, int, int, list[str]]], title: str, pages: int) -> DocText:
    root = Section(0, title, 0, "", None, 1, pages)
    sections, stack = [root], [root]
    sentences: list[Sentence] = []
    for name, level, page, texts in rows:
        while stack[-1].level >= level:
            stack.pop()
        sec = Section(len(sections), name, level, name, stack[-1].idx, page, page)
        stack[-1].children.append(sec.idx)
        for text in texts:
            sec.sentences.append(len(sentences))
            sentences.append(Sentence(len(sentences), text, sec.idx, page, f"h#{page}", 0))
        sections.append(sec)
        stack.append(sec)
    for sec in reversed(sections):  # a section runs to the end of what it holds
        for c in sec.children:
            sec.page_end = max(sec.page_end, sections[c].page_end)
    sentences.append(Sentence(len(sentences), "End.", sections[-1].idx, pages, "h#end", 0))
    return DocText("h", title, "en", sections, sentences)


def _titles(node: MindNode) -> list[str]:
    return [node.title] + [t for c in node.children for t in _titles(c)]


def _find(node: MindNode, title: str) -> MindNode:
    if node.title == title:
        return node
    for c in node.children:
        try:
            return _find(c, title)
        except LookupError:
            pass
    raise LookupError(title)


def test_no_cover_line_contents_or_signature_is_a_mind_map_node() -> None:
    root = build_mindmap(_doc(FILING, TITLE, 12), None)
    titles = _titles(root)
    assert root.title == TITLE
    for line in [*COVER_LINES, "TABLE OF CONTENTS", "SIGNATURES", "Jane Roe"]:
        assert not any(line.lower() in t.lower() for t in titles), (line, titles)
    assert [c.title for c in root.children] == ["PART I", "PART II"]


def test_the_notes_beside_the_parts_go_under_the_last_item_and_a_bare_item_is_named() -> None:
    root = build_mindmap(_doc(FILING, TITLE, 12), None)
    part1, part2 = root.children
    assert [c.title for c in part1.children] == ["Item 1. Business", "Item 1A. Risk Factors"]
    assert [c.title for c in part1.children[0].children] == ["Overview"]
    item8 = _find(root, "Item 8. Financial Statements")
    assert [c.title for c in item8.children] == ["3. Leases", "4. Debt"]
    assert part2.page_end >= 10


ARTICLE = [
    ("Introduction", 1, 1, ["Lighthouses guided ships along dangerous coasts for centuries."]),
    ("Fresnel lenses", 1, 4, ["A Fresnel lens bends light from a small lamp into a beam."]),
    ("Automation", 1, 9, ["Most lighthouses were automated during the twentieth century."]),
]


def test_a_long_article_without_parts_keeps_every_heading() -> None:
    root = build_mindmap(_doc(ARTICLE, "A short history of lighthouses", 12), None)
    assert [c.title for c in root.children] == ["Introduction", "Fresnel lenses", "Automation"]


def test_the_mind_map_prints_at_a_readable_size_and_is_shown_unshrunk() -> None:
    from pipeline.knowledge.api import ComponentView
    from ui.knowledge_view import diagram_html

    svg = mindmap_svg(build_mindmap(_doc(FILING, TITLE, 12), None))
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= MIN_PX >= 12
    html = diagram_html(
        "mindmap", ComponentView(component="mindmap", markdown="", svg=svg), None, "en"
    )
    classes = re.search(r'<img class="([^"]+)"', html)
    assert classes and "folio-diagram-natural" in classes.group(1).split()
    css = (Path(__file__).parents[1] / "ui" / "folio.css").read_text(encoding="utf-8")
    rule = re.search(r"\.folio-diagram\.folio-diagram-natural\s*\{([^}]*)\}", css)
    assert rule and "max-width: none" in rule.group(1)


def test_the_overview_opens_with_the_subject_then_one_point_per_item_in_order() -> None:
    doc = _doc(FILING, TITLE, 12)
    overview = build_summary(doc).overview
    assert overview[0].text.startswith("Harbour Lantern Works, Inc. is a maker")
    assert overview[0].heading == ""
    points = overview[1:]
    assert [p.heading for p in points] == [
        "Risk Factors",
        "Results of Operations",
        "Financial Statements",
    ]
    pages = [p.page for p in points]
    assert pages == sorted(pages)
    # The point of a section is about the subject ("We depend …"), not a remark on weather.
    assert points[0].text.startswith("We depend on a few large port authorities")
    said = " ".join(p.text for p in overview)
    assert "fiscal year ended" not in said and "signed" not in said


def test_the_overview_is_an_opening_and_a_list_of_points_not_one_paragraph() -> None:
    from ui.summary_view import summary_html

    summary = build_summary(_doc(FILING, TITLE, 12))
    html = summary_html(summary.model_dump(mode="json"), "en")
    opening = re.search(r'<p class="folio-sum-prose">(.*?)</p>', html)
    assert opening and "Harbour Lantern Works" in opening.group(1)
    assert opening.group(1).count('class="folio-sum-cite"') == 1
    items = re.findall(r"<li>(.*?)</li>", html)
    assert len(items) == len(summary.overview) - 1
    assert all(i.count('class="folio-sum-cite"') == 1 for i in items)
    assert '<span class="folio-sum-point">Risk Factors</span>' in items[0]
    md = summary_markdown(summary, TITLE)
    assert (
        "- **Results of Operations** — Net sales rose" in md
        or "- **Results of Operations** — Our gross" in md
    )


REPORT_ZH = [
    ("2031 年第一季度报告", 1, 1, []),
    ("第一节 重要提示", 1, 2, ["公司董事会保证季度报告内容的真实、准确、完整。"]),
    (
        "第二节 公司基本情况",
        1,
        3,
        [
            "1、主要会计数据和财务指标表",
            "本季度原材料价格在沿海地区普遍上涨",
            "本季度营业收入同比增长百分之十二，主要来自港口照明设备订单。",
        ],
    ),
    ("第三节 重要事项", 1, 5, ["公司于本季度完成了葡萄牙工厂的扩建工程。"]),
]


def test_a_chinese_report_has_no_cover_node_and_its_points_are_whole_statements() -> None:
    doc = _doc(REPORT_ZH, "港灯科技股份有限公司", 12)
    doc.lang = "zh"
    root = build_mindmap(doc, None)
    assert [c.title for c in root.children] == ["第二节 公司基本情况", "第三节 重要事项"]
    points = build_summary(doc).overview
    assert [p.heading for p in points] == ["第二节 公司基本情况", "第三节 重要事项"]
    assert points[0].text.startswith("本季度营业收入同比增长")


def test_a_content_heading_worded_like_an_exhibit_column_stays() -> None:
    rows = [r for r in FILING if r[0] != "Overview"]
    at = rows.index(("Business", 4, 3, []))
    text = ["Harbour Lantern Works, Inc. is a maker of marine lanterns and harbour lights."]
    rows.insert(at + 1, ("Description of Business", 4, 3, text))
    item1 = _find(build_mindmap(_doc(rows, TITLE, 12), None), "Item 1. Business")
    assert [c.title for c in item1.children] == ["Description of Business"]


CURRENT = [
    ("FORM 8-K", 1, 1, ["(Exact name of registrant as specified in its charter)"]),
    ("Washington, D.C. 20549", 1, 1, []),
    ("Item 8.01 Other Events.", 1, 1, ["We opened a new lantern plant in Portugal."]),
]


def test_a_current_reports_cover_ends_at_its_first_item() -> None:
    root = build_mindmap(_doc(CURRENT, "HARBOUR LANTERN WORKS, INC. — Form 8-K", 2), None)
    assert [c.title for c in root.children] == ["Item 8.01 Other Events."]


def test_a_section_of_only_table_rows_makes_no_point() -> None:
    rows = [
        *REPORT_ZH,
        ("第四节 财务报表", 1, 7, ["三、筹资活动产生的现金流量：吸收投资收到的现金"]),
    ]
    doc = _doc(rows, "港灯科技股份有限公司", 12)
    headings = [p.heading for p in build_summary(doc).overview]
    assert headings == ["第二节 公司基本情况", "第三节 重要事项"]
