"""The app's handlers against a real Folio (fake embedder), without a browser or a server;
the chat tab's in ``test_ui_chat_app.py``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import gradio as gr
import pytest
from PIL import Image

import pipeline.reads
from pipeline.knowledge.api import ComponentView, TermMatch
from testkit import pdfgen
from tests.conftest import FIXTURES, ROOT
from tests.uikit import ingest, leave_pdf
from ui import inspector, knowledge, pagepane
from ui.i18n import t
from ui.labels import Labels
from ui.library import LibraryHandlers
from ui.services import Services


def test_app_module_has_no_import_side_effects(tmp_path: Path) -> None:
    data = tmp_path / "never-created"
    code = "import app, sys; assert 'gradio' in sys.modules"
    env = {"FOLIO_DATA_DIR": str(data), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=120)
    assert not data.exists()


def test_create_app_builds_every_tab_without_serving(services: Services) -> None:
    from app import create_app

    demo = create_app(services)
    assert isinstance(demo, gr.Blocks)
    ids = {getattr(b, "elem_id", None) for b in demo.blocks.values()}
    assert {"tab-library", "tab-knowledge", "tab-chat", "tab-inspect", "folio-lang"} <= ids
    assert not demo.is_running


def test_uploads_show_progress_and_readable_errors(services: Services, tmp_path: Path) -> None:
    pdf = leave_pdf(tmp_path / "handbook.pdf")
    bad = shutil.copy(FIXTURES / "invalid.pdf", tmp_path / "broken.pdf")
    ingest(services, pdf, Path(bad))
    jobs = {j.name: j for j in services.jobs.snapshot()}
    assert jobs["handbook.pdf"].state == "done"
    assert jobs["broken.pdf"].state == "failed" and "not a readable PDF" in (
        jobs["broken.pdf"].error or ""
    )
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    progress, stats, table = h.views(None, "en")
    assert "Could not add “broken.pdf”" in progress and "Traceback" not in progress
    assert 'data-comp="embed" data-state="ready"' in progress
    assert "handbook.pdf" in table and "2 documents" in stats
    # The timer only redraws when something changed.
    first = h.refresh(None, "", "en")
    assert first[0] == progress
    assert h.refresh(None, first[3], "en") == [gr.skip()] * 4


def test_delete_needs_confirmation_and_removes_the_document(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    row, text = h.ask_delete(doc.doc_id, "zh")
    assert row["visible"] is True and "handbook.pdf" in text and "无法撤销" in text
    assert services.folio.documents()  # nothing deleted yet
    h.delete(doc.doc_id, "en")
    assert services.folio.documents() == []


def test_a_deleted_failed_upload_leaves_no_card_on_the_progress_list(
    services: Services, tmp_path: Path
) -> None:
    """A refused file stays listed so the user reads why; once they delete it, its
    "Could not add …" card must go with it (it lingered for ten minutes)."""
    empty = tmp_path / "blank-notes.txt"
    empty.write_bytes(b"")
    ingest(services, empty)
    (doc,) = services.folio.documents()
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    assert "blank-notes.txt" in h.views(None, "en")[0]  # the refusal is shown first
    progress = h.delete(doc.doc_id, "en")[3]
    assert "blank-notes.txt" not in progress
    assert "blank-notes.txt" not in h.views(None, "en")[0]


def test_knowledge_tab_shows_components_and_opens_a_term_on_its_page(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    chunk = services.folio.store.chunks(doc.doc_id)[0]
    terms = [TermMatch(term="carry-over", definition="unused leave moved to the next year",
                       sentence="carry over up to five days", doc_id=doc.doc_id,
                       chunk_id=chunk.chunk_id, page=1)]  # fmt: skip
    views = {
        "mindmap": ComponentView(component="mindmap", markdown="- Leave", svg="<svg/>"),
        "summary": ComponentView(component="summary", markdown="Leave <i>carries</i> over [p. 1]"),
    }
    # What Folio reads for the tab (pipeline/reads.py), stood in for.
    monkeypatch.setattr(pipeline.reads, "list_terms", lambda db, d: terms)
    monkeypatch.setattr(pipeline.reads, "load_view", lambda db, d, comp: views.get(comp))
    out = knowledge.show(services, doc.doc_id, "", "en")
    mindmap, graph, _, _, summary_note, summary, table = out[:7]
    # the map's outline (a phone's first view) comes before its drawing
    outline, drawing = mindmap.split('<div class="folio-diagram-wrap"><img', 1)
    assert outline.startswith('<div class="folio-map-outline">') and "<li>Leave</li>" in outline
    assert 'alt="Mind map"' in drawing
    # No view: the graph's status note shows (its stage ran, the view was patched away).
    assert 'class="folio-note' in graph and 'data-comp="graph"' in graph
    assert summary_note == "" and "&lt;i&gt;carries" in summary
    assert 'data-index="0"' in table

    with gr.Blocks():
        k = knowledge.build(Labels())
        lang = gr.Radio(["en", "zh"])
        knowledge.wire(k, services, lang, gr.Timer(1))
    target = pagepane.target_for_quote(
        services, doc.doc_id, chunk.chunk_id, 1, "carry over up to five days"
    )
    v = pagepane.view(services, target, "en")
    assert v.image is not None and 'data-highlights="1"' in v.caption


def test_a_markdown_files_term_table_names_sections_not_pages(
    services: Services, tmp_path: Path
) -> None:
    note = tmp_path / "fleet.md"
    note.write_text(
        "# Fleet handbook\n\n## Vehicle rules\n\n"
        "A pool car is a vehicle shared by every team and booked a day ahead. "
        "Each pool car is returned with a full tank.\n",
        encoding="utf-8",
    )
    ingest(services, note)
    (doc,) = services.folio.documents()
    terms = services.folio.terms(doc.doc_id)
    assert terms, "the note's definition gave no term"
    table = knowledge.components_view(services, doc.doc_id, "", "en")[6]
    assert "<th>Section</th>" in table and "<th>Page</th>" not in table
    assert "Vehicle rules" in table


def test_inspect_summarises_quality_and_selects_blocks_by_click(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, pdfgen.table_pdf(tmp_path / "table.pdf"))
    (doc,) = services.folio.documents()
    with gr.Blocks():
        c = inspector.build(Labels())
    h = inspector.InspectHandlers(c, services)
    summary, _, page_map, _, image, _, blocks, _, selected = h.open_doc(
        doc.doc_id, ["blocks", "tables"], "en"
    )
    assert "Extraction quality — table.pdf" in summary and "Tables" in summary
    assert 'data-page="1"' in page_map and "folio-pagechip text current" in page_map
    assert isinstance(image["value"], Image.Image)
    assert 'data-block="0"' in blocks and selected is None
    # Clicking on the table selects the table block and shows its cells.
    table_block = next(b for b in services.folio.store.blocks(doc.doc_id) if b.kind == "table")
    from ui.render import PANE_WIDTH_PX, zoom_for

    zoom = zoom_for(595, 842, PANE_WIDTH_PX)
    x = (table_block.box[0] + table_block.box[2]) / 2 * zoom  # type: ignore[index]
    y = (table_block.box[1] + table_block.box[3]) / 2 * zoom  # type: ignore[index]
    evt = gr.SelectData(None, {"index": [x, y], "value": None})
    out = h.click_image(doc.doc_id, 1, ["blocks"], "en", evt)
    assert out[-1] == table_block.n
    assert "<td>North</td>" in out[5] and "table" in out[5]


def test_opening_the_inspect_tab_redraws_counts_that_grew_in_the_background(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    with gr.Blocks():
        c = inspector.build(Labels())
    h = inspector.InspectHandlers(c, services)
    monkeypatch.setattr(services.folio, "terms", lambda _doc_id: [])
    first = h.open_doc(doc.doc_id, ["blocks"], "en")[0]
    monkeypatch.setattr(services.folio, "terms", lambda _doc_id: ["a", "b", "c"])
    again = h.summary(doc.doc_id, "en")  # what opening the tab shows now
    stat = '<div class="folio-stat-value">{}</div><div class="folio-stat-label">Terms</div>'
    assert stat.format(0) in first and stat.format(3) not in first
    assert stat.format(3) in again
    # and the tab is wired to it: selecting Inspect redraws its summary
    from app import create_app

    demo = create_app(services)
    tab = next(b for b in demo.blocks.values() if getattr(b, "elem_id", None) == "tab-inspect")
    summary = next(b for b in demo.blocks.values() if getattr(b, "elem_id", None) == "ins-summary")
    deps = demo.config["dependencies"]
    assert any(
        [tab._id, "select"] in [list(t) for t in d["targets"]] and summary._id in d["outputs"]
        for d in deps
    )


def test_regenerate_runs_in_the_background_and_reports_failures(
    services: Services, tmp_path: Path
) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    job = services.jobs.regenerate(doc.doc_id, doc.name, "parse")
    ingest(services)  # waits for the queue
    assert job.state == "done", job.error
    assert services.folio.document(doc.doc_id).status["index"].state == "ready"

    (services.settings.data_dir / doc.stored_path).unlink()
    job = services.jobs.regenerate(doc.doc_id, doc.name, "parse")
    ingest(services)
    assert job.state == "failed" and "upload it again" in (job.error or "")
    progress, _, _ = LibraryHandlers(None, services).views(None, "en")  # type: ignore[arg-type]
    assert "upload it again" in progress


def test_progress_shows_every_stage_from_the_start() -> None:
    from pipeline.models import ComponentStatus, Document
    from ui.library_view import progress_html
    from ui.services import Job, StageNote

    running = ComponentStatus(component="parse", state="running", progress=0.5)
    doc = Document(doc_id="d", name="big.pdf", kind="pdf", size=1, content_hash="h",
                   status={"parse": running})  # fmt: skip
    html = progress_html(
        [Job(name="big.pdf", doc_id="d", state="running")],
        {"d": doc},
        lambda d, c: None,
        "en",
        stages=("parse", "ocr", "index", "embed"),
    )
    assert 'data-comp="parse" data-state="running"' in html and "width:50%" in html
    assert 'data-comp="embed" data-state="pending"' in html
    assert "folio-job running" in html
    note = StageNote("running", 0.5, "parsed 5/10 pages")
    job = Job(name="big.pdf", doc_id="d", state="running")
    assert "parsed 5/10 pages" in progress_html([job], {"d": doc}, lambda d, c: note, "en")
    zh = progress_html([job], {"d": doc}, lambda d, c: note, "zh")
    assert "已解析 5/10 页" in zh and "parsed" not in zh


def test_knowledge_tab_notices_background_progress(services: Services, tmp_path: Path) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    before = knowledge.status_signature(services, doc.doc_id)
    # While a component without a stored result runs, its progress shows.
    services.folio.db.connect().execute(
        "DELETE FROM knowledge_views WHERE doc_id = ? AND component = 'summary'", (doc.doc_id,)
    )
    services.folio.store.set_status(doc.doc_id, "summary", "running", progress=0.3)
    during = knowledge.status_signature(services, doc.doc_id)
    assert during != before and "summary:running:0.30" in during
    assert "Generating Summary… 30%" in knowledge.components_view(services, doc.doc_id, "", "en")[4]
    assert knowledge.status_signature(services, None) == ""


def test_the_regenerate_picker_preselects_a_component_this_server_runs() -> None:
    from ui import library

    for dense, want in ((False, "parse"), (True, "embed")):
        with gr.Blocks():
            c = library.build(Labels(), dense=dense)
        offered = [value for _, value in c.component.choices]
        assert c.component.value == want and want in offered
        assert ("embed" in offered) is dense


def test_a_file_of_another_type_is_refused_in_the_page_language_and_stores_nothing(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gradio's own check said "Invalid file type" in English in the Chinese interface; the
    upload zone now takes any file and the handler refuses the others in the page's language,
    queueing the readable files of the same drop."""
    said: list[str] = []
    monkeypatch.setattr(gr, "Warning", lambda msg, **_: said.append(msg))
    sheet = tmp_path / "预算表.xlsx"
    sheet.write_bytes(b"PK\x03\x04 not a document Folio reads")
    note = tmp_path / "note.md"
    note.write_text("# Note\n\nThe gate opens at seven.\n", encoding="utf-8")
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(sheet), str(note)], "zh")
    ingest(services)
    assert len(said) == 1 and "预算表.xlsx" in said[0] and "未添加" in said[0], said
    assert "Invalid" not in said[0] and ".docx" in said[0]
    assert [d.name for d in services.folio.documents()] == ["note.md"]
    h.upload([str(sheet)], "en")
    assert said[-1].startswith("Not added") and "预算表.xlsx" in said[-1]
    assert [d.name for d in services.folio.documents()] == ["note.md"]


def test_the_language_switch_and_uploads_draw_no_english_progress_overlay(
    services: Services,
) -> None:
    """Gradio's overlay reads "processing | 2.0s" in every interface language: the language
    switch's redraw (every field) and the upload zone do without it."""
    from app import create_app

    demo = create_app(services)
    shown = {fn.name: fn.show_progress for fn in demo.fns.values()}
    assert shown["relabel"] == "hidden" and shown["upload"] == "hidden", shown


def test_a_refused_upload_is_not_said_to_be_queued(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found walking the app: a PDF refused as it was uploaded showed "✕ Could not add …"
    in the progress list beside a toast "1 file(s) queued for processing"."""
    told: list[str] = []
    monkeypatch.setattr(gr, "Info", lambda msg, **_: told.append(msg))
    broken = tmp_path / "minutes.pdf"
    broken.write_bytes(b"%PDF-1.4\nnothing else of a PDF here\n%%EOF\n")
    note = tmp_path / "note.md"
    note.write_text("# Note\n\nThe gate opens at seven.\n", encoding="utf-8")
    h = LibraryHandlers(None, services)  # type: ignore[arg-type]
    h.upload([str(broken)], "en")
    assert told == [], told
    h.upload([str(broken), str(note)], "en")
    ingest(services)
    assert told == [t("lib.queued_files", "en", n=1)], told
