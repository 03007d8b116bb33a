"""The running app through its two public doors: ``gradio_client`` and an MCP client.

Starts ``python app.py`` on a free loopback port with a temporary data dir (lexical search,
offline answerer), then uses the endpoints exactly as the README's "Use from Python" does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from gradio_client import Client, handle_file

from testkit.appserver import serve
from tests.conftest import ROOT
from tests.test_api import BICYCLES, greenhouse_pdf

pytestmark = pytest.mark.slow

LOGS = ROOT / "artifacts" / "api"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    LOGS.mkdir(parents=True, exist_ok=True)
    with serve(tmp_path_factory.mktemp("api-data"), LOGS / "app.log") as url:
        yield url


@pytest.fixture(scope="module")
def client(server: str) -> Client:
    return Client(server, verbose=False, download_files=False)


@pytest.fixture(scope="module")
def library(client: Client, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two documents ingested by one caller: its workspace and file name → doc id."""
    folder = tmp_path_factory.mktemp("files")
    md = folder / "bicycles.md"
    md.write_text(BICYCLES, encoding="utf-8")
    pdf = greenhouse_pdf(folder / "greenhouse.pdf")
    out = client.predict([handle_file(pdf), handle_file(md)], api_name="/ingest")
    return {"workspace": out["workspace"], **{f["name"]: f["doc_id"] for f in out["files"]}}


def test_view_api_lists_only_the_named_endpoints(client: Client) -> None:
    info = client.view_api(print_info=False, return_format="dict")
    assert list(info["named_endpoints"]) == [
        "/ingest", "/documents", "/search", "/ask", "/conversation", "/delete",
        "/review", "/review_rules",
    ]  # fmt: skip
    assert info["unnamed_endpoints"] == {}


def test_a_client_ingests_searches_asks_and_deletes(
    client: Client, library: dict[str, Any]
) -> None:
    ws = library["workspace"]
    docs = client.predict(workspace=ws, api_name="/documents")["documents"]
    assert {d["name"] for d in docs} == {"greenhouse.pdf", "bicycles.md"}
    assert all(d["searchable"] for d in docs)

    hits = client.predict("watered twice a day", workspace=ws, api_name="/search")["hits"]
    assert hits[0]["doc_id"] == library["greenhouse.pdf"] and hits[0]["page"] == 1

    job = client.submit("How often are the seedlings watered?", workspace=ws, api_name="/ask")
    final = job.result()
    streamed = job.outputs()
    assert len(streamed) >= 2 and not streamed[0]["done"]  # status and text arrive first
    assert final["done"] and final["citations"] and not final["refused"]
    assert final["citations"][0]["doc_id"] == library["greenhouse.pdf"]
    assert {"page", "quote", "boxes", "score"} <= set(final["citations"][0])

    conv = client.predict(final["conversation_id"], workspace=ws, api_name="/conversation")
    assert conv["messages"][-1]["answer"]["text"] == final["text"]

    gone = client.predict(library["bicycles.md"], workspace=ws, api_name="/delete")
    assert gone["name"] == "bicycles.md"
    left = client.predict(workspace=ws, api_name="/documents")["documents"]
    assert [d["name"] for d in left] == ["greenhouse.pdf"]


def test_client_b_cannot_see_or_touch_client_a_documents(
    server: str, library: dict[str, Any]
) -> None:
    b = Client(server, verbose=False, download_files=False)
    mine = b.predict(api_name="/documents")
    assert mine["documents"] == [] and mine["workspace"] != library["workspace"]
    pdf = library["greenhouse.pdf"]
    with pytest.raises(Exception, match="No document with id"):
        b.predict("watered", [pdf], workspace=mine["workspace"], api_name="/search")
    with pytest.raises(Exception, match="No document with id"):
        b.predict(pdf, workspace=mine["workspace"], api_name="/delete")


def test_errors_reach_the_client_as_readable_messages(client: Client) -> None:
    with pytest.raises(Exception, match="/documents lists them"):
        client.predict("no-such-document", api_name="/delete")
    with pytest.raises(Exception, match="handle_file"):
        client.predict(["/etc/hostname"], api_name="/ingest")


def test_a_callers_mistake_is_one_line_in_the_log_not_a_traceback(client: Client) -> None:
    log = LOGS / "app.log"
    before = log.read_text(encoding="utf-8", errors="replace").count("Traceback")
    with pytest.raises(Exception, match="No document with id"):
        client.predict("no-such-document-77", api_name="/delete")
    with pytest.raises(Exception, match="token is not valid"):
        client.predict(workspace="not a token", api_name="/documents")
    with pytest.raises(Exception, match="No document with id"):
        client.predict("no-such-document-78", "a goal", api_name="/review")
    time.sleep(0.5)  # the log is written by another process
    text = log.read_text(encoding="utf-8", errors="replace")
    assert text.count("Traceback") == before, text[-3000:]
    lines = [ln for ln in text.splitlines() if "no-such-document-77" in ln]
    assert len(lines) == 1 and "refused" in lines[0], lines


async def _mcp(url: str, *calls: tuple[str, dict[str, Any]]) -> tuple[list[Any], list[Any]]:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async with (
        streamable_http_client(url + "gradio_api/mcp/") as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = (await session.list_tools()).tools
        return tools, [await session.call_tool(*call) for call in calls]


def test_mcp_lists_the_read_tools_and_search_returns_cited_results(
    server: str, library: dict[str, Any]
) -> None:
    ws, pdf = library["workspace"], library["greenhouse.pdf"]
    search = (
        "search_document",
        {"query": "watered twice a day", "doc_ids": [pdf], "workspace": ws},
    )
    delete = ("delete", {"doc_id": pdf, "workspace": ws})
    tools, (found, refused) = anyio.run(_mcp, server, search, delete)
    by_name = {t.name: t for t in tools}
    assert set(by_name) == {"search_document", "ask", "list_documents"}
    assert all(t.description for t in tools)  # the functions' docstrings
    # this server is keyword-only (no model): its search tool must not promise semantic search
    assert "keyword (BM25) ranking only" in (by_name["search_document"].description or "")
    assert "semantic (dense" not in (by_name["search_document"].description or "")
    assert "query" in by_name["search_document"].inputSchema["properties"]
    assert not found.isError
    payload = json.loads(found.content[0].text)
    hit = payload["hits"][0]
    assert hit["doc_id"] == pdf and hit["page"] == 1 and hit["boxes"] and hit["text"]
    assert {h["doc_id"] for h in payload["hits"]} == {pdf}
    assert refused.isError  # deleting is not an MCP tool, listed or not
    docs = Client(server, verbose=False).predict(workspace=ws, api_name="/documents")
    assert pdf in [d["doc_id"] for d in docs["documents"]]
