"""Library cards and chips, reasons in Chinese, passages without Markdown, a relabelled chat."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent.schemas import Answer, Citation
from pipeline.ingest_checks import unexpected_message
from pipeline.models import ComponentStatus, Document
from pipeline.service import Folio
from ui.library_view import chip, progress_html, status_table_html
from ui.messages import Turn, relabel_messages, turn_messages
from ui.reasons import localise_reason
from ui.services import Job
from ui.spans import marked_html, unmark


def _doc(doc_id: str, **status: ComponentStatus) -> Document:
    return Document(
        doc_id=doc_id, name=f"{doc_id}.pdf", kind="pdf", size=1, content_hash="h", status=status
    )


def _ready(comp: str) -> ComponentStatus:
    return ComponentStatus(component=comp, state="ready")


def test_the_running_card_comes_first_and_queued_files_keep_their_order() -> None:
    running = ComponentStatus(component="parse", state="running", progress=0.3)
    docs = {"b": _doc("b", parse=running), "done": _doc("done", parse=_ready("parse"))}
    jobs = [
        Job(name="done.pdf", doc_id="done", state="done"),
        Job(name="b.pdf", doc_id="b", state="running"),
        Job(name="c.md", doc_id="c", state="queued"),
        Job(name="d.md", doc_id="d", state="queued"),
        Job(name="e.txt", doc_id="e", state="failed", error="'e.txt' is empty (0 bytes)."),
    ]
    html = progress_html(jobs, docs, lambda d, c: None, "en", stages=("parse",))
    order = [html.index(n) for n in ("b.pdf", "e.txt", "c.md", "d.md", "done.pdf")]
    assert order == sorted(order)


def test_a_deleted_document_leaves_no_card() -> None:
    jobs = [
        Job(name="gone.pdf", doc_id="gone", state="done"),
        Job(name="next.md", doc_id="next", state="queued"),
    ]
    html = progress_html(jobs, {}, lambda d, c: None, "en")
    assert "gone.pdf" not in html and "next.md" in html
    assert "gone.pdf" not in progress_html(jobs[:1], {}, lambda d, c: None, "en")


def test_partly_failed_ocr_is_a_visible_warning_not_a_tick() -> None:
    ocr = ComponentStatus(component="ocr", state="ready", reason="3 of 4 pages failed: 2, 3, 4")
    cell = chip("ocr", ocr, "en", (3, 4))
    assert 'data-state="partial"' in cell and "⚠ 3/4" in cell and "✓" not in cell
    assert 'data-state="ready"' in chip("ocr", ocr, "en")
    table = status_table_html([_doc("scan", ocr=ocr)], "zh", failures={"scan": (3, 4)})
    assert "4 页中有 3 页 OCR 失败" in table and "4 页中有 3 页识别失败" in table


@pytest.mark.slow  # real OCR of a page
def test_store_counts_pages_ocr_could_not_read(folio: Folio, tmp_path: Path) -> None:
    from tests.scangen import ScanPage, scanned_pdf

    pdf = tmp_path / "mixed.pdf"
    lines = ["The quarterly figures were reviewed by the board", "and approved in March"]
    scanned_pdf(pdf, [ScanPage(lines=lines), ScanPage(lines=["x"], broken=True)])
    res = folio.ingest([pdf], wait=False)[0]
    assert res.doc_id and folio.store.ocr_failures() == {res.doc_id: (1, 2)}


def test_failure_reasons_read_in_chinese_and_name_the_users_file(
    folio: Folio, tmp_path: Path
) -> None:
    copy = tmp_path / "3-notes.txt"  # a temporary upload copy
    copy.write_bytes(b"")
    (res,) = folio.ingest([copy], names=["notes.txt"])
    assert res.error and "'notes.txt'" in res.error and "3-notes" not in res.error
    zh = localise_reason(res.error, "zh")
    assert zh.startswith("“notes.txt”是空文件")
    # A file that broke a reader in a way nobody foresaw is still explained in Chinese.
    odd = unexpected_message("ledger.pdf", RuntimeError("code=7: Invalid number of pages"))
    assert localise_reason(odd, "zh").startswith("无法读取“ledger.pdf”（RuntimeError")
    assert "重新保存" in localise_reason(odd, "zh")
    unknown = "something nobody wrote a pattern for"
    assert localise_reason(unknown, "zh") == unknown
    assert localise_reason(res.error, "en") == res.error


def test_passages_and_cards_show_no_markdown_syntax() -> None:
    text = "## Leave\n\nStaff get **fifteen days** of `annual` leave."
    clean, where = unmark(text)
    assert clean == "Leave\n\nStaff get fifteen days of annual leave."
    assert len(where) == len(text) + 1
    start = text.index("fifteen")
    html = marked_html(text, [(start - 2, text.index("days") + 6)])
    assert "**" not in html and "<mark>fifteen days</mark>" in html


@dataclass
class _Item:
    role: str
    content: str
    answer: Answer | None = None


def test_a_language_switch_retitles_the_finished_search_and_the_answers() -> None:
    ans = Answer(
        answer="Fifteen days [1].",
        citations=[Citation(marker=1, chunk_id="d#1", doc_id="d", page=1, quote="fifteen days")],
        latency_ms=1200,
        model="offline",
    )
    turn = Turn("How many days?", statuses=["Searching: days"], answer=ans, seconds=1.2)
    shown = turn_messages(turn, "en")
    assert shown[1]["metadata"]["title"] == "Searched the documents"
    zh = relabel_messages(
        shown, [_Item("user", "How many days?"), _Item("assistant", "", ans)], "zh"
    )
    assert zh[1]["metadata"]["title"] == "已检索文档"
    assert "Searching: days" in zh[1]["content"]  # the steps stay
    assert "folio-cite" in zh[2]["content"] and "Searched" not in str(zh)


def test_summary_reads_as_folded_prose_with_citations() -> None:
    from ui.safe import safe_markdown
    from ui.summary_view import cited_sentences, summary_html

    sent = {"text": "Sales <rose> 5%.", "page": 4, "section": "§2", "chunk_id": "d#1"}
    data = {
        "overview": [sent, {**sent, "text": "Costs fell.", "page": 9}],
        "sections": [{"section": 2, "title": "Results", "label": "§2", "level": 1,
                      "sentences": [sent]}],
        "left_out": ["§5 Exhibits"],
    }  # fmt: skip
    html = summary_html(data, "zh")
    assert "<details" in html and '<summary data-cite="2">Results</summary>' in html
    assert "&lt;rose&gt;" in html and "<rose>" not in html
    assert "未涉及" in html and "> Not" not in html
    # Each sentence's page chip is numbered in reading order, its section in the tooltip.
    chips = re.findall(r'data-cite="(\d)" title="([^"]*)">([^<]*)<', html)
    assert chips == [
        ("0", "在页面中查看 §2", "第 4 页"),
        ("1", "在页面中查看 §2", "第 9 页"),
        ("2", "在页面中查看 §2", "第 4 页"),
    ]
    assert [s["page"] for s in cited_sentences(data)] == [4, 9, 4]
    assert safe_markdown("> Not covered: §5").startswith("> Not covered")


def test_unmark_keeps_a_documents_own_underscores_and_stars() -> None:
    text = 'code <script>window.__pwned = 1</script> x="window.__pwned = 2" a**b __init__ **bold**'
    clean, where = unmark(text)
    assert "window.__pwned = 1" in clean and "window.__pwned = 2" in clean
    assert "a**b" in clean
    assert clean.endswith(" init bold") and len(where) == len(text) + 1


def test_a_running_stage_shows_the_message_another_process_stored() -> None:
    # The background worker is another process: its message comes through the store.
    running = ComponentStatus(
        component="parse", state="running", progress=0.3, note="parsed 3/10 pages"
    )
    jobs = [Job(name="b.pdf", doc_id="b", state="running")]
    docs = {"b": _doc("b", parse=running)}
    en = progress_html(jobs, docs, lambda d, c: None, "en", stages=("parse",))
    zh = progress_html(jobs, docs, lambda d, c: None, "zh", stages=("parse",))
    assert "parsed 3/10 pages" in en
    assert "parsed 3/10 pages" not in zh and "已解析 3/10 页" in zh


def test_the_chinese_card_counts_pages_and_chunks_as_the_english_one_does() -> None:
    jobs = [Job(name="c.pdf", doc_id="c", state="running")]
    for note, said in (
        ("parsed 41/41 pages", "已解析 41/41 页"),
        ("OCR 2/9 pages", "已识别（OCR）2/9 页"),
        ("embedded 120/300 chunks", "已生成向量 120/300 个片段"),
        ("parsed 1/1 page", "已解析 1/1 页"),
    ):
        running = ComponentStatus(component="parse", state="running", progress=1.0, note=note)
        zh = progress_html(jobs, {"c": _doc("c", parse=running)}, lambda d, c: None, "zh")
        assert said in zh and "进行中 100%" not in zh, zh
    # a note no pattern knows is not shown in English: state and percent instead
    odd = ComponentStatus(component="parse", state="running", progress=0.4, note="frobbing")
    zh = progress_html(jobs, {"c": _doc("c", parse=odd)}, lambda d, c: None, "zh")
    assert "frobbing" not in zh and "进行中 40%" in zh


def test_a_stored_note_lives_only_while_its_component_runs(folio: Folio, tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\nSome text about anything.\n", encoding="utf-8")
    folio.ingest([tmp_path / "a.md"], run_background=False)
    doc = folio.store.all()[0]
    folio.store.set_status(doc.doc_id, "terms", "running", progress=0.5, note="terms 5/10")
    assert folio.store.status(doc.doc_id, "terms").note == "terms 5/10"
    folio.store.set_status(doc.doc_id, "terms", "ready")
    assert folio.store.status(doc.doc_id, "terms").note is None


def test_a_document_read_without_its_lost_pages_says_so_on_its_row() -> None:
    note = (
        "2 of 12 pages could not be read (the file is damaged or was cut short): 11, 12. "
        "Upload a complete copy to read them."
    )
    parse = ComponentStatus(component="parse", state="ready", reason=note)
    damaged, intact = _doc("damaged", parse=parse), _doc("intact", parse=_ready("parse"))
    en = status_table_html([damaged, intact], "en")
    assert en.count("folio-warn-inline") == 1 and "11, 12. Upload a complete copy" in en
    zh = status_table_html([damaged], "zh")
    assert "12 页中有 2 页无法读取" in zh and "第 11, 12 页" in zh


def test_inspect_table_header_says_a_period_once() -> None:
    # Found in Inspect on a Chinese quarterly report: "上年同期" printed under "上年同期".
    from pipeline.models import Block, Table
    from ui.inspect_view import block_detail_html

    table = Table(
        rows=[["", "本报告期", "上年同期"], ["营业收入（元）", "4,755", "5,699"]],
        columns=["", "本报告期", "上年同期"],
        periods=["", "本期", "上年同期"],
    )
    html = block_detail_html(Block(page=1, kind="table", text="t", table=table), "zh")
    assert html.count("上年同期") == 1
    assert "本报告期<br><span class='folio-sub'>本期</span>" in html


def test_the_embedding_column_says_off_when_the_server_searches_by_keywords() -> None:
    # Found on the demo (keyword search only): every row showed a green tick for "Embed"
    # while Inspect said 0/44 chunks embedded.
    doc = Document(
        doc_id="d1", name="a.md", kind="md", content_hash="x", size=10, pages=1, chunks=2,
        status={
            c: ComponentStatus(component=c, state="ready", progress=1.0)
            for c in ("parse", "index", "embed")
        },
    )  # fmt: skip
    lexical = status_table_html([doc], "en", dense=False)
    assert 'data-comp="embed" data-state="off"' in lexical and "keywords only" in lexical
    assert 'data-comp="index" data-state="ready"' in lexical
    assert "未配置向量模型" in status_table_html([doc], "zh", dense=False)
    assert 'data-comp="embed" data-state="ready"' in status_table_html([doc], "en")


def test_a_keyword_only_server_shows_the_embedding_stage_off_on_the_card_as_in_the_table() -> None:
    ready = ComponentStatus(component="embed", state="ready")
    parse = ComponentStatus(component="parse", state="ready")
    jobs = [Job(name="e.pdf", doc_id="e", state="running")]
    docs = {"e": _doc("e", parse=parse, embed=ready)}
    stages = ("parse", "embed")
    for lang, said in (("en", "keywords only"), ("zh", "只按关键词")):
        card = progress_html(jobs, docs, lambda d, c: None, lang, stages=stages, dense=False)
        embed = card.split('data-comp="embed"', 1)[1].split("</div>", 1)[0]
        assert 'data-state="off"' in card and said in embed
        assert 'data-comp="parse" data-state="ready"' in card  # the others are untouched
    dense = progress_html(jobs, docs, lambda d, c: None, "en", stages=stages)
    assert 'data-comp="embed" data-state="ready"' in dense


def test_word_and_markdown_files_count_no_pages_in_the_table_or_the_totals() -> None:
    from ui.library_view import library_stats

    kw = {"content_hash": "h", "size": 10, "chunks": 4}
    docs = [
        Document(doc_id="p", name="report.pdf", kind="pdf", pages=12, **kw),
        Document(doc_id="w", name="policy.docx", kind="docx", pages=1, **kw),
        Document(doc_id="m", name="notes.md", kind="md", pages=1, **kw),
    ]
    html = status_table_html(docs, "en")
    cells = {
        row.split('data-doc="', 1)[1].split('"', 1)[0]: row.split("</td><td>", 2)[1]
        for row in html.split("<tr ")[1:]
    }
    assert cells == {"p": "12", "w": "–", "m": "–"}
    assert library_stats(docs, "en") == "3 documents · 12 pages · 12 chunks"


def test_a_regenerated_component_keeps_one_card_per_document() -> None:
    docs = {"a": _doc("a", parse=_ready("parse")), "b": _doc("b", parse=_ready("parse"))}
    jobs = [
        Job(name="a.pdf", doc_id="a", state="done"),
        Job(name="b.pdf", doc_id="b", state="done"),
        Job(name="a.pdf", doc_id="a", state="queued", component="mindmap", outcome="regenerated"),
    ]
    html = progress_html(jobs, docs, lambda d, c: None, "en", stages=("parse",))
    assert html.count("a.pdf") == 1 and html.count("b.pdf") == 1
    # the card is the newest job's: the regeneration waiting in the queue
    assert re.search(r'folio-job queued"><b>a\.pdf', html)
