"""Switching documents on the Knowledge tab never leaves the one picked before on show: the
timer's redraw of a document names it (two finished documents are in the same state), and
the pickers' refresh never sends back a value it read before a newer pick."""

from __future__ import annotations

from pathlib import Path

from tests.uikit import ingest, leave_pdf
from ui import knowledge
from ui.services import Services
from ui.shell import Picked, doc_updates


def _two_documents(services: Services, tmp_path: Path) -> tuple[str, str]:
    first = leave_pdf(tmp_path / "handbook.pdf")
    second = tmp_path / "handbook-copy.pdf"
    second.write_bytes(first.read_bytes())
    ingest(services, first, second)
    a, b = sorted(d.doc_id for d in services.folio.documents())
    return a, b


def test_a_view_drawn_for_the_document_before_is_redrawn(
    services: Services, tmp_path: Path
) -> None:
    a, b = _two_documents(services, tmp_path)
    states = {
        d.doc_id: {c: s.state for c, s in d.status.items()} for d in services.folio.documents()
    }
    assert states[a] == states[b]  # both finished: the same states
    # a tick under way for ``a`` lands after ``b`` was picked; the next tick reads ``b``
    drawn_for_a = knowledge.status_signature(services, a)
    assert knowledge.status_signature(services, b) != drawn_for_a


def test_the_pickers_refresh_keeps_a_pick_made_while_it_ran(
    services: Services, tmp_path: Path
) -> None:
    a, _b = _two_documents(services, tmp_path)
    # the tick read the pickers at ``a`` (a pick of ``b`` is on its way): it may list the
    # documents, never pick ``a`` again
    chat, kn, ins = doc_updates(services, Picked("", [a], a, a), "en")[1:4]
    for update in (chat, kn, ins):
        assert "value" not in update and update["choices"]
    # a picker whose document is gone, or that has none, is given one
    gone = doc_updates(services, Picked("", ["gone"], "gone", None), "en")[1:4]
    first = next(d.doc_id for d in services.folio.documents() if d.searchable)
    assert [u["value"] for u in gone] == [[], first, first]
