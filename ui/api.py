"""Folio's API for programs: eight named endpoints for ``gradio_client``, three of them MCP tools.

``/ingest``, ``/documents``, ``/search``, ``/ask`` (streamed), ``/conversation``, ``/delete``
and (``ui.review_api``) ``/review`` and ``/review_rules`` take and return JSON (shapes in
:mod:`ui.api_schema`); the interface's own events are hidden from the API
(``ui.shell.hide_ui_events``). With ``launch(mcp_server=True)`` Gradio serves public endpoints
as MCP tools named after their functions; only ``search_document``, ``ask`` and
``list_documents`` are kept there (:func:`tune_mcp_server`), because an assistant needs to
read documents, not to upload or delete them.

Every endpoint takes an optional ``workspace`` and acts only there, like the interface does.
"""

from __future__ import annotations

import json
from typing import Any

import gradio as gr
from gradio_client.utils import is_file_obj_with_meta

from ui import review_api
from ui.api_base import API_ONLY
from ui.api_library import LibraryEndpoints
from ui.api_reading import ReadingEndpoints, search_description
from ui.services import Services


class FolioApi(LibraryEndpoints, ReadingEndpoints):
    """The endpoints: thin functions over the services, scoped to one workspace per call
    (docstrings are the API and MCP descriptions)."""


def register(demo: gr.Blocks, services: Services) -> set[int]:
    """Add the endpoints to ``demo`` (being built); returns their function ids."""
    api = FolioApi(services)
    before = set(demo.fns)
    gr.api(api.ingest, api_name="ingest", concurrency_limit=1)
    gr.api(api.list_documents, api_name="documents")
    dense = services.model_state != "lexical" and services.settings.dense_weight > 0
    gr.api(api.search_document, api_name="search", api_description=search_description(dense))
    gr.api(api.ask, api_name="ask", concurrency_limit=4)
    gr.api(api.conversation, api_name="conversation")
    gr.api(api.delete, api_name="delete", concurrency_limit=1)
    review_api.register(api)
    return set(demo.fns) - before


def tune_mcp_server(demo: gr.Blocks) -> None:
    """Shape the running app's MCP server: read tools only, results as JSON text.

    Gradio serves every public endpoint as a tool; those marked :func:`not_an_mcp_tool` are
    removed from its tool table, so they are neither listed, described nor callable there.
    Gradio also turns each output into text with ``str()``, which for a dict is Python's repr
    (single quotes, ``None``); MCP clients, and the models behind them, read JSON.
    """
    server = demo.mcp_server_obj
    if server is None:
        return
    server.tool_to_endpoint = {
        tool: endpoint
        for tool, endpoint in server.tool_to_endpoint.items()
        if not getattr(
            getattr(server.get_block_fn_from_endpoint_name(endpoint), "fn", None), API_ONLY, False
        )
    }
    render = server.postprocess_output_data

    def as_json(data: list[Any], root_url: str) -> list[Any]:
        return render(
            [
                json.dumps(d, ensure_ascii=False)
                if isinstance(d, dict | list) and not is_file_obj_with_meta(d)
                else d
                for d in data
            ],
            root_url,
        )

    setattr(server, "postprocess_output_data", as_json)  # noqa: B010  (one instance's method)
