"""The API's functions against a real Folio (fake embedder, offline answerer), no server.

``tests/test_api_server.py`` drives the same endpoints through ``gradio_client`` and MCP.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.service import Folio
from settings import Settings
from testkit import pdfgen
from testkit.fakes import FakeEmbedder
from ui.api import FolioApi
from ui.api_base import ApiError
from ui.services import Services

WATERING = (
    "Seedlings in the north greenhouse are watered twice a day, at seven in the morning and "
    "at five in the evening. Cuttings under the misting bench need no extra watering."
)
BICYCLES = "# Bicycle storage\n\nBicycles are parked in the basement racks, never in corridors.\n"


def greenhouse_pdf(path: Path) -> Path:
    doc = pdfgen.pymupdf.open()
    pdfgen.write_flow(
        doc.new_page(), [pdfgen.Item("Greenhouse care", size=16, bold=True), pdfgen.Item(WATERING)]
    )
    doc.save(path)
    return path


@pytest.fixture
def services(folio: Folio) -> Iterator[Services]:
    s = Services(folio)
    yield s
    s.jobs.shutdown()


@pytest.fixture
def uploads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Gradio's upload folder, where files sent with ``handle_file`` arrive."""
    folder = tmp_path / "gradio-uploads"
    folder.mkdir()
    monkeypatch.setenv("GRADIO_TEMP_DIR", str(folder))
    return folder


def upload(folder: Path, source: Path) -> dict[str, Any]:
    """What an endpoint receives for a file sent with ``gradio_client.handle_file``."""
    target = folder / "0123abcd" / source.name
    target.parent.mkdir(exist_ok=True)
    shutil.copy(source, target)
    return {"path": str(target), "orig_name": source.name, "meta": {"_type": "gradio.FileData"}}


@pytest.fixture
def library(services: Services, uploads: Path, tmp_path: Path) -> dict[str, str]:
    """Two documents ingested by one caller: "workspace" → its token, file name → doc id."""
    md = tmp_path / "bicycles.md"
    md.write_text(BICYCLES, encoding="utf-8")
    files = [upload(uploads, greenhouse_pdf(tmp_path / "greenhouse.pdf")), upload(uploads, md)]
    out = FolioApi(services).ingest(files)  # type: ignore[arg-type]
    services.folio.wait(timeout=60)
    return {"workspace": out["workspace"], **{f["name"]: str(f["doc_id"]) for f in out["files"]}}


def test_interface_events_are_hidden_and_the_api_is_named(services: Services) -> None:
    from app import create_app

    demo = create_app(services)
    every = demo.get_api_info(all_endpoints=True)["named_endpoints"]
    ui_events = [fn for fn in demo.fns.values() if fn.fn is not None]
    assert len(ui_events) > 10 + len(every)  # the interface has many events, none exposed
    assert list(every) == [
        "/ingest", "/documents", "/search", "/ask", "/conversation", "/delete",
        "/review", "/review_rules",
    ]  # fmt: skip
    assert all(e["description"] for e in every.values())  # docstrings document each one


@pytest.mark.parametrize("model", ["none", "e5"])
def test_the_search_description_says_which_search_the_server_runs(
    settings: Settings, fake_embedder: FakeEmbedder, model: str
) -> None:
    """A keyword-only server must not promise semantic search to API and MCP clients."""
    from app import create_app

    folio = Folio(settings.model_copy(update={"embedding_model": model}), embedder=fake_embedder)
    s = Services(folio)
    try:
        search = create_app(s).get_api_info()["named_endpoints"]["/search"]["description"]
    finally:
        s.jobs.shutdown()
        folio.close()
    assert ("semantic (dense embedding)" in search) is (model == "e5")
    assert ("keyword (BM25) ranking only" in search) is (model == "none")


def test_ingest_returns_ids_and_statuses_under_the_users_file_names(
    services: Services, library: dict[str, str]
) -> None:
    ws = library["workspace"]
    assert len(ws) >= 32  # a fresh private workspace's unguessable token
    docs = FolioApi(services).list_documents(ws)["documents"]
    by_id = {d["doc_id"]: d for d in docs}
    assert set(by_id) == {library["greenhouse.pdf"], library["bicycles.md"]}
    pdf = by_id[library["greenhouse.pdf"]]
    assert pdf["name"] == "greenhouse.pdf" and pdf["pages"] == 1 and pdf["searchable"]
    assert pdf["status"]["index"]["state"] == "ready"


def test_ingest_refuses_paths_that_were_not_uploaded(services: Services, uploads: Path) -> None:
    api = FolioApi(services)
    with pytest.raises(ApiError, match="handle_file"):
        api.ingest(["/etc/hostname"])  # type: ignore[list-item]
    with pytest.raises(ApiError, match="handle_file"):
        api.ingest([{"path": "/etc/hostname", "meta": {"_type": "gradio.FileData"}}])  # type: ignore[list-item]
    assert services.folio.documents() == []


def test_a_bad_file_fails_alone_with_its_own_name(
    services: Services, uploads: Path, tmp_path: Path
) -> None:
    empty = tmp_path / "notes.txt"
    empty.write_text("", encoding="utf-8")
    good = tmp_path / "bicycles.md"
    good.write_text(BICYCLES, encoding="utf-8")
    files = [upload(uploads, empty), upload(uploads, good)]
    out = FolioApi(services).ingest(files)  # type: ignore[arg-type]
    bad, ok = out["files"]
    assert bad["outcome"] == "failed" and "notes.txt" in (bad["error"] or "")
    assert "0123abcd" not in (bad["error"] or "")  # never the temporary upload path
    assert ok["outcome"] == "added" and ok["document"] and ok["document"]["searchable"]


def test_a_taken_name_is_replaced_or_kept_beside_never_silently(
    services: Services, uploads: Path, tmp_path: Path
) -> None:
    api = FolioApi(services)
    first, second, third = (tmp_path / d for d in ("a", "b", "c"))
    for folder, item in ((first, "lamp"), (second, "chair"), (third, "table")):
        text = f"Price list\n\nEvery {item} in the shop costs twelve euros this spring.\n"
        folder.mkdir()
        (folder / "notes.txt").write_text(text, encoding="utf-8")
    ws = api.ingest([upload(uploads, first / "notes.txt")])["workspace"]  # type: ignore[list-item]
    kept = api.ingest([upload(uploads, second / "notes.txt")], ws, "keep_both")  # type: ignore[list-item]
    assert kept["files"][0]["error"] is None, kept
    assert kept["files"][0]["name"] == "notes (2).txt" and kept["files"][0]["outcome"] == "added"
    replaced = api.ingest([upload(uploads, third / "notes.txt")], ws)  # type: ignore[list-item]
    assert replaced["files"][0]["outcome"] == "replaced"  # said, not silent
    names = {d["name"] for d in api.list_documents(ws)["documents"]}
    assert names == {"notes.txt", "notes (2).txt"}
    with pytest.raises(ApiError, match="if_name_taken"):
        api.ingest([upload(uploads, third / "notes.txt")], ws, "overwrite")  # type: ignore[list-item]


def test_search_is_scoped_and_cites_page_and_boxes(
    services: Services, library: dict[str, str]
) -> None:
    api = FolioApi(services)
    ws, pdf = library["workspace"], library["greenhouse.pdf"]
    res = api.search_document("watered twice a day", k=3, workspace=ws)
    assert res["hits"][0]["doc_id"] == pdf and res["hits"][0]["page"] == 1
    assert res["hits"][0]["boxes"] and len(res["hits"][0]["boxes"][0]["box"]) == 4
    assert res["hits"][0]["doc_name"] == "greenhouse.pdf"
    md = [library["bicycles.md"]]
    only_md = api.search_document("watered twice a day", doc_ids=md, workspace=ws)
    assert {h["doc_id"] for h in only_md["hits"]} <= {library["bicycles.md"]}
    with pytest.raises(ApiError, match="/documents"):
        api.search_document("watering", doc_ids=["no-such-doc"], workspace=ws)
    with pytest.raises(ApiError, match="empty"):
        api.search_document("  ", workspace=ws)


def test_ask_streams_then_ends_with_the_structured_answer(
    services: Services, library: dict[str, str]
) -> None:
    api = FolioApi(services)
    ws = library["workspace"]
    steps = list(api.ask("How often are the seedlings watered?", workspace=ws))
    assert len(steps) >= 2 and not steps[0]["done"]
    final = steps[-1]
    assert final["done"] and not final["refused"] and final["conversation_id"]
    cite = final["citations"][0]
    assert cite["doc_id"] == library["greenhouse.pdf"] and cite["page"] == 1
    assert "watered twice a day" in cite["quote"]  # the exact supporting text
    assert cite["boxes"] and f"[{cite['marker']}]" in final["text"]
    assert final["workspace"] == ws
    conv = api.conversation(final["conversation_id"], workspace=ws)
    assert [c["conversation_id"] for c in conv["conversations"]] == [final["conversation_id"]]
    roles = [m["role"] for m in conv["messages"]]
    assert roles == ["user", "assistant"]
    answer = conv["messages"][1]["answer"]
    assert answer is not None and answer["citations"][0]["doc_id"] == cite["doc_id"]


def test_ask_needs_a_question_and_a_document(services: Services) -> None:
    api = FolioApi(services)
    with pytest.raises(ApiError, match="empty"):
        list(api.ask(" "))
    with pytest.raises(ApiError, match="/ingest"):
        list(api.ask("anything at all?"))


def test_delete_removes_only_that_document(services: Services, library: dict[str, str]) -> None:
    api = FolioApi(services)
    ws = library["workspace"]
    gone = api.delete(library["bicycles.md"], workspace=ws)
    assert gone["name"] == "bicycles.md"
    left = [d["doc_id"] for d in api.list_documents(ws)["documents"]]
    assert left == [library["greenhouse.pdf"]]
    with pytest.raises(ApiError, match="/documents"):
        api.delete(library["bicycles.md"], workspace=ws)
    with pytest.raises(ApiError, match="conversation"):
        api.conversation("no-such-conversation", workspace=ws)


def test_another_caller_sees_nothing_of_the_first_callers_workspace(
    services: Services, library: dict[str, str]
) -> None:
    api = FolioApi(services)
    a, pdf = library["workspace"], library["greenhouse.pdf"]
    cid = list(api.ask("How often are the seedlings watered?", workspace=a))[-1]["conversation_id"]
    b = api.list_documents()
    assert b["documents"] == [] and b["workspace"] not in ("", a)  # a fresh private one
    other = b["workspace"]
    assert api.list_documents(other)["documents"] == []
    for call in (
        lambda: api.search_document("watered", doc_ids=[pdf], workspace=other),
        lambda: api.search_document("watered", workspace=other),
        lambda: list(api.ask("How often are the seedlings watered?", [pdf], workspace=other)),
        lambda: api.delete(pdf, workspace=other),
        lambda: api.conversation(cid, workspace=other),
    ):
        with pytest.raises(ApiError):
            call()
    assert api.conversation(workspace=other)["conversations"] == []
    assert [d["doc_id"] for d in api.list_documents(a)["documents"]].count(pdf) == 1
    assert services.folio.documents() == []  # nor does the command line's 'local' workspace


def test_another_caller_cannot_continue_the_first_callers_conversation(
    services: Services, library: dict[str, str], uploads: Path, tmp_path: Path
) -> None:
    api = FolioApi(services)
    a, pdf = library["workspace"], library["greenhouse.pdf"]
    cid = list(api.ask("How often are the seedlings watered?", workspace=a))[-1]["conversation_id"]
    before = api.conversation(cid, workspace=a)
    notes = tmp_path / "other" / "parking.md"
    notes.parent.mkdir()
    notes.write_text(BICYCLES, encoding="utf-8")
    mine = FolioApi(services).ingest([upload(uploads, notes)])  # type: ignore[list-item]
    services.folio.wait(timeout=60)
    other, own = mine["workspace"], str(mine["files"][0]["doc_id"])
    assert other != a
    for ids in (None, [own]):
        with pytest.raises(ApiError) as raised:
            list(api.ask("Where are bicycles parked?", ids, conversation_id=cid, workspace=other))
        said = str(raised.value)
        assert "conversation" in said
        assert not any(d in said for d in (pdf, library["bicycles.md"], "greenhouse"))
    after = api.conversation(cid, workspace=a)
    assert after["messages"] == before["messages"]  # nothing appended
    assert after["conversations"] == before["conversations"]  # its documents unchanged
    assert api.conversation(workspace=other)["conversations"] == []


def test_a_workspace_that_is_not_a_token_is_refused(services: Services) -> None:
    with pytest.raises(ApiError, match="omit it"):
        FolioApi(services).list_documents("local")


def test_the_footer_links_to_the_api_and_mcp_docs() -> None:
    from ui.theme import launch_options

    opts = launch_options()
    assert opts["footer_links"] == ["api"]  # "Use via API or MCP", without Gradio's other links
    assert not re.search(r"footer\s*\{[^}]*display:\s*none", opts["css"])


def test_a_signed_in_user_always_works_in_their_own_workspace(
    services: Services, uploads: Path, tmp_path: Path
) -> None:
    import gradio as gr

    api = FolioApi(services)
    md = tmp_path / "bicycles.md"
    md.write_text(BICYCLES, encoding="utf-8")
    ann = gr.Request(username="ann")
    added = api.ingest([upload(uploads, md)], request=ann)  # type: ignore[list-item]
    ws = added["workspace"]
    assert "ann" in ws and not ws.startswith("anon-")  # the user's, not a visitor's
    again = api.list_documents("some-other-token-" + "x" * 32, request=gr.Request(username="ann"))
    assert again["workspace"] == ws and [d["name"] for d in again["documents"]] == ["bicycles.md"]
    assert api.list_documents(request=gr.Request(username="bob"))["documents"] == []
    assert api.list_documents()["documents"] == []
