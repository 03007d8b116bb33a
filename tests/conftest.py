"""Shared fixtures: every test gets its own data directory, no network, fake models.

Fakes are registered through the same seams the real ones use (simonw/llm style):
``Folio(settings, embedder=...)`` takes any Embedder; they live in ``testkit/`` beside the
invented documents, where the benches find them too.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

ROOT = Path(__file__).resolve().parent.parent  # also testkit.ROOT
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent.evidence import Evidence, Passage  # noqa: E402
from agent.service import ChatService  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from settings import Settings  # noqa: E402
from testkit.fakes import FakeEmbedder  # noqa: E402
from tests.fixture_types import FigureText, FlowPdf, SearchEvidence, SectionOf  # noqa: E402
from tests.journeykit import (  # noqa: E402, F401  (the journey tests' shared fixtures)
    browser,
    journey_app,
    journey_browser,
    journey_files,
    journey_library,
    journey_user,
)

if TYPE_CHECKING:
    from pipeline.models import ParsedDocument
    from testkit.pdfgen import Item
    from ui.services import Services

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = ROOT.parent / "shared" / "samples"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No FOLIO_/OPENAI_ settings leak in from the developer's shell."""
    import os

    for key in list(os.environ):
        if key.startswith(("FOLIO_", "OPENAI_")):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("FOLIO_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any connection except to this machine fails the test loudly."""
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else str(address)
        if isinstance(host, str) and (
            host in ("localhost", "::1") or host.startswith("127.") or self.family == socket.AF_UNIX
        ):
            return real_connect(self, address)  # type: ignore[arg-type]
        raise RuntimeError(f"tests must not use the network (tried {address!r})")

    monkeypatch.setattr(socket.socket, "connect", guarded)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", workers=2, parse_timeout_s=60)


@pytest.fixture
def fake_embedder() -> FakeEmbedder:
    return FakeEmbedder()


@pytest.fixture
def folio(settings: Settings, fake_embedder: FakeEmbedder) -> Iterator[Folio]:
    f = Folio(settings, embedder=fake_embedder)
    yield f
    f.wait(timeout=60)
    f.close()


@pytest.fixture
def search_evidence() -> SearchEvidence:
    """``search_evidence(*texts)``: one search's evidence, a passage of document "co" a
    text (pages 10, 11, …, ranked in order)."""

    def evidence(*texts: str) -> list[Evidence]:
        passages = [
            Passage(
                chunk_id=f"co#{i}", doc_id="co", page=10 + i, page_end=10 + i, text=t, rank=i + 1
            )
            for i, t in enumerate(texts)
        ]
        return [Evidence(tool="search_document", query="q", passages=passages)]

    return evidence


@pytest.fixture
def figure_text(search_evidence: SearchEvidence) -> FigureText:
    """``figure_text(question, *texts)``: the figure answer's lines, read in English from
    ``search_evidence(*texts)``; the test fails when it gives none."""
    from agent.figures.answer import figure_answer

    def answer(question: str, *texts: str) -> str:
        a = figure_answer(question, search_evidence(*texts), "en")
        assert a is not None and a.lines, question
        return " ".join(a.lines)

    return answer


@pytest.fixture
def flow_pdf() -> FlowPdf:
    """``flow_pdf(path, pages)``: each page's items written as a flow on an A4 page, the
    PDF saved at ``path`` and parsed."""
    import pymupdf

    from pipeline.parse.pdf import parse_pdf
    from testkit.pdfgen import A4, write_flow

    def make(path: Path, pages: list[list[Item]]) -> ParsedDocument:
        doc = pymupdf.open()
        for items in pages:
            write_flow(doc.new_page(width=A4[0], height=A4[1]), items)
        doc.save(path)
        return parse_pdf(path, workers=1, timeout_s=60)

    return make


@pytest.fixture
def section_of() -> SectionOf:
    """``section_of(parsed, words)``: the section path of the first chunk holding them."""
    from pipeline.chunk import chunk_document

    def section(parsed: ParsedDocument, words: str) -> list[str]:
        return next(c.section for c in chunk_document("d", parsed) if words in c.text)

    return section


@pytest.fixture
def chat(folio: Folio) -> ChatService:
    """The chat service over the test's store (the offline answerer)."""
    return ChatService(folio)


@pytest.fixture
def services(folio: Folio) -> Iterator[Services]:
    """The UI's services over the test's store; its ingestion jobs shut down after."""
    from ui.services import Services  # loads gradio: only the tests asking for it

    s = Services(folio)
    yield s
    s.jobs.shutdown()
