"""Interface texts (zh/en), escaping of document-derived content, and span location."""

from __future__ import annotations

import base64
import re

import pytest

from pipeline.knowledge.api import ComponentView, TermMatch
from pipeline.models import Chunk, ComponentStatus, Document, LineRef
from ui.i18n import keys, pick_language, t, translations
from ui.knowledge_view import diagram_html, filter_terms, status_note, terms_html
from ui.library_view import chip, status_table_html
from ui.safe import esc, md_text, safe_markdown, svg_image
from ui.spans import locate, marked_html, quote_boxes, quote_lines

# --- i18n --------------------------------------------------------------------------------------


def test_every_text_exists_in_both_languages_with_the_same_placeholders() -> None:
    tr = translations()
    assert set(tr) == {"en", "zh"}
    for key in keys():
        en, zh = tr["en"][key], tr["zh"][key]
        assert en.strip() and zh.strip(), key
        assert set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", zh)), key


def test_chinese_texts_are_actually_chinese() -> None:
    tr = translations()
    untranslated = [
        k for k in keys() if tr["zh"][k] == tr["en"][k] and re.search(r"[a-z]{4,}", tr["en"][k])
    ]
    assert untranslated == []


def test_lookup_formats_and_falls_back_to_english() -> None:
    assert t("lib.queued_files", "zh", n=3) == "已加入处理队列：3 个文件。"
    assert t("lib.queued_files", "fr", n=3) == "3 files queued for processing."
    with pytest.raises(KeyError):
        t("no.such.key", "en")


@pytest.mark.parametrize(
    ("stored", "browser", "expected"),
    [
        ("", "zh-CN", "zh"),
        ("", "zh-TW", "zh"),
        ("", "en-US", "en"),
        ("", "", "en"),
        ("en", "zh-CN", "en"),  # the manual switch wins
        ("zh", "de-DE", "zh"),
        ("xx", "zh", "zh"),
    ],
)
def test_language_follows_the_browser_unless_chosen(
    stored: str, browser: str, expected: str
) -> None:
    assert pick_language(stored, browser) == expected


def test_labels_relabel_every_registered_component() -> None:
    import gradio as gr

    from ui.labels import Labels

    labels = Labels()
    with gr.Blocks():
        button = labels.make(gr.Button, {"value": "chat.send"})
        radio = labels.make(gr.Radio, {"label": "ins.layers"}, choice_keys=[("layer.ocr", "ocr")])
        picker = labels.make(gr.Dropdown, {"label": "kn.doc"}, choices=[])
    assert labels.components == [button, radio, picker]
    zh = labels.updates("zh")
    assert zh[0]["value"] == "发送"
    assert zh[1]["label"] == "叠加层" and zh[1]["choices"] == [("OCR 行", "ocr")]
    # A picker's options are the session's documents: relabelling must never reset them.
    assert zh[2]["label"] == "文档" and "choices" not in zh[2]


# --- escaping ----------------------------------------------------------------------------------

PAYLOAD = '<script>alert(1)</script><img src=x onerror="alert(2)">'


def test_esc_neutralises_tags_and_attribute_breakouts() -> None:
    out = esc(PAYLOAD + '" onclick="x')
    assert "<" not in out and '"' not in out


def test_md_text_allows_no_tags_links_or_images() -> None:
    out = md_text(PAYLOAD + " [a](javascript:alert(1)) ![i](http://evil/x.png)")
    assert "<" not in out and "[" not in out and "]" not in out
    assert "&#91;a&#93;" in out  # still reads as brackets


def test_safe_markdown_keeps_structure_but_not_html() -> None:
    md = (
        "# Summary\n\n- point [p. 3]\n\n"
        + PAYLOAD
        + "\n[x](javascript:alert(1)) ![i](http://e/x.png)"
    )
    out = safe_markdown(md)
    assert out.startswith("# Summary\n\n- point [p. 3]")
    assert "<script" not in out and "<img" not in out
    assert "javascript:" not in out and "![" not in out


def test_svg_diagrams_are_shown_as_images() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    html = svg_image(svg, alt='"><script>')
    assert "<script" not in html and html.startswith('<img class="folio-diagram"')
    data = html.split("base64,")[1].split('"')[0]
    assert base64.b64decode(data).decode() == svg


def _doc(name: str, **status: ComponentStatus) -> Document:
    return Document(doc_id="d1", name=name, kind="pdf", size=2048, content_hash="h", status=status)


def test_status_table_escapes_names_and_reasons() -> None:
    failed = ComponentStatus(component="parse", state="failed", reason="<b>broken</b>")
    html = status_table_html([_doc("<img src=x onerror=alert(1)>.pdf", parse=failed)], "en")
    assert "<img" not in html and "<b>broken" not in html
    assert "&lt;img src=x" in html and "&lt;b&gt;broken" in html
    assert 'data-comp="parse" data-state="failed"' in html
    assert 'data-comp="terms" data-state="missing"' in html


def test_status_chips_show_progress_and_state_in_the_language() -> None:
    running = ComponentStatus(component="embed", state="running", progress=0.42)
    assert ">42%<" in chip("embed", running, "en")
    assert "向量: 进行中" in chip("embed", running, "zh")


def test_knowledge_views_escape_and_explain_missing_parts() -> None:
    view = ComponentView(component="mindmap", markdown="", svg="<svg><script>x</script></svg>")
    assert "<script" not in diagram_html("mindmap", view, None, "en")
    running = ComponentStatus(component="graph", state="running", progress=0.5)
    assert "Generating Graph… 50%" in status_note("graph", running, "en")
    failed = ComponentStatus(component="summary", state="failed", reason="<x>")
    assert "&lt;x&gt;" in status_note("summary", failed, "en")
    assert "not available" in diagram_html("graph", None, None, "en")


def term(name: str, definition: str, chunk_id: str = "d#1", **kw: object) -> TermMatch:
    return TermMatch(term=name, definition=definition, doc_id="d", chunk_id=chunk_id, page=2, **kw)


def test_term_table_filters_and_escapes() -> None:
    terms = [term("EBIT", "Earnings before <i>interest</i>", aliases=["operating profit"]),
             term("FCF", "Free cash flow")]  # fmt: skip
    assert [i for i, _ in filter_terms(terms, "operating")] == [0]
    assert [i for i, _ in filter_terms(terms, "CASH")] == [1]
    html = terms_html(terms, "", "en", selected=1)
    assert "<i>interest" not in html and 'class="folio-row selected" data-index="1"' in html
    assert "No term matches" in terms_html(terms, "zzz", "en")
    ready = ComponentStatus(component="terms", state="ready")
    assert "No terms were found" in terms_html([], "", "en", status=ready)  # not "yet": it ran


def test_a_document_without_pages_places_its_terms_by_section_not_page() -> None:
    terms = [
        term("EBIT", "Earnings before interest"),
        term("FCF", "Free cash flow", chunk_id="d#2"),
    ]
    for lang, column in (("en", "Section"), ("zh", "章节")):
        html = terms_html(terms, "", lang, sections={"d#1": "Reporting measures"})
        head = html.split("</thead>", 1)[0]
        assert f"<th>{column}</th>" in head and "Page" not in head and "<th>页</th>" not in head
        cells = [row.rsplit("<td>", 1)[1] for row in html.split("</tr>")[1:3]]
        assert "Reporting measures" in cells[0] and "2" not in cells[0]
        assert "§" in cells[1] and ">2<" not in cells[1]  # a term outside any section
    paged = terms_html(terms, "", "en")
    assert "<th>Page</th>" in paged and "<td>2</td>" in paged


def test_an_undefined_term_shows_the_sentence_it_is_used_in_in_both_languages() -> None:
    used = "Harbour <b>dues</b> rose " + "again and again " * 20
    terms = [term("harbour dues", "", sentence=used), term("EBIT", "Earnings before interest")]
    for lang, label in (("en", "Not defined; in the text:"), ("zh", "文中未定义，原文：")):
        html = terms_html(terms, "", lang)
        context = html.split('class="folio-context">', 1)[1].split("</td>", 1)[0]
        assert label in context and "Harbour &lt;b&gt;dues" in context and context.endswith("…")
        assert html.count("folio-context") == 1  # a defined term shows its definition


# --- spans -------------------------------------------------------------------------------------


def test_locate_ignores_reflowed_whitespace_and_case() -> None:
    text = "Employees may carry\nover up to  five days of leave."
    assert locate(text, "up to  five days") == (25, 41)
    s, e = locate(text, "Carry over up to five") or (0, 0)
    assert text[s:e] == "carry\nover up to  five"
    assert locate(text, "ten days") is None
    assert locate(text, "  ") is None
    assert locate("年假可结转五天。", "结转 五天") == (3, 7)


def test_marked_html_escapes_and_merges_overlapping_spans() -> None:
    html = marked_html("a <b> c d", [(2, 5), (4, 7), (20, 30)])
    assert html == "a <mark>&lt;b&gt; c</mark> d"


def _chunk() -> Chunk:
    return Chunk(
        chunk_id="d#0",
        doc_id="d",
        n=0,
        text="First line here.\nSecond line has the answer.",
        page_start=1,
        page_end=1,
        lines=[
            LineRef(page=1, box=(10, 10, 100, 20), line_no=4, start=0, end=16),
            LineRef(page=1, box=(10, 22, 120, 32), line_no=5, start=17, end=44),
        ],
    )


def test_quote_boxes_and_lines_follow_the_quote() -> None:
    ch = _chunk()
    assert quote_boxes(ch, "has the answer") == [(1, (10, 22, 120, 32))]
    assert quote_lines(ch, "has the answer") == [5]
    assert len(quote_boxes(ch, "not in the text")) == 2  # falls back to the whole chunk


def test_library_totals_count_in_the_right_number() -> None:
    from ui.library_view import library_stats

    def doc(pages: int, chunks: int) -> Document:
        return Document(
            doc_id=f"d{pages}",
            name="a.pdf",
            kind="pdf",
            size=1,
            content_hash="h",
            pages=pages,
            chunks=chunks,
        )

    assert library_stats([doc(1, 1)], "en") == "1 document · 1 page · 1 chunk"
    assert library_stats([doc(14, 86), doc(2, 3)], "en") == "2 documents · 16 pages · 89 chunks"
    assert library_stats([doc(14, 86)], "zh") == "1 个文档 · 14 页 · 86 个分块"


def test_english_plurals_follow_the_count() -> None:
    assert t("pane.highlights", "en", n=1) == "1 highlighted passage"
    assert t("pane.highlights", "en", n=3) == "3 highlighted passages"
    assert t("lib.queued_files", "en", n=2) == "2 files queued for processing."
    assert t("pane.highlights", "zh", n=1) == "1 处高亮"


def test_inspect_says_embedding_is_off_on_a_keyword_only_server() -> None:
    from pipeline.models import Document
    from ui.inspect_view import Quality, quality_html

    doc = Document(doc_id="d", name="scan.pdf", kind="pdf", size=1, content_hash="h")
    q = Quality(pages=1, text_pages=0, ocr_pages=1, failed=(), mean_ocr_conf=0.99, tables=0,
                headings=2, chunks=12, embedded=0, terms=4)  # fmt: skip
    assert "0/12" in quality_html(doc, q, "en")
    for lang, off in (("en", "off"), ("zh", "未启用")):
        html = quality_html(doc, q, lang, dense=False)
        assert "0/12" not in html and f'<div class="folio-stat-value">{off}</div>' in html


def test_a_symbol_font_bullet_shows_as_a_bullet_not_an_empty_box() -> None:
    from ui.safe import esc, md_text

    said = "\uf0b7  filled 37% of new positions"  # a filing's list item, as its text layer has it
    assert esc(said).startswith("•  filled") and "\uf0b7" not in esc(said)
    assert md_text(said).startswith("•  filled")
    html = terms_html([term("staffing goal", "", sentence=said)], "", "en")
    assert "\uf0b7" not in html and "• filled 37%" in html
