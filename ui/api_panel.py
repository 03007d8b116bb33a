"""The "Use via API" panel: the visitor's own workspace token and a ready ``gradio_client`` script.

The browser keeps its token sealed in localStorage (``gr.BrowserState`` with a secret), so
the person cannot read it there; the API needs the plain token (``ui.api_base.ApiBase.scope``).
This panel shows the plain token of this page only, so a script reaches the documents
uploaded in the browser while another visitor's page shows their own, never this one.
"""

from __future__ import annotations

import re

import gradio as gr

from pipeline.workspace import kind_of, valid_token
from ui.i18n import t
from ui.labels import Labels
from ui.services import Services

# The page's address goes into the snippet only when it is a plain URL (it lands in a string
# literal); otherwise the local default.
_URL = re.compile(r"^https?://[A-Za-z0-9.:\[\]_~%/-]+$")
FALLBACK_URL = "http://localhost:7860/"
# Reads the page's address in the browser (the server may sit behind a proxy) and passes
# the token and language through untouched.
PAGE_URL_JS = "(token, _, lang) => [token, location.origin + location.pathname, lang]"


def build(labels: Labels) -> gr.Markdown:
    with labels.make(gr.Accordion, {"label": "api.panel"}, open=False, elem_id="api-panel"):
        return gr.Markdown("", elem_id="api-panel-body")


def wire(body: gr.Markdown, services: Services, lang: gr.Radio, token: gr.BrowserState) -> None:
    """Draw the panel in the page's language whenever it is set (first at page load)."""
    address = gr.Textbox(visible=False)  # filled in the browser by PAGE_URL_JS
    lang.change(
        lambda tok, url, lv: panel_markdown(tok, services.workspace, url, lv),
        [token, address, lang],
        [body],
        js=PAGE_URL_JS,
        show_progress="hidden",
    )


def page_url(url: str | None) -> str:
    url = (url or "").strip()
    return url if _URL.match(url) else FALLBACK_URL


def panel_markdown(token: str | None, workspace: str, url: str | None, lang: str) -> str:
    """The panel's text for a page bound to ``workspace`` whose browser holds ``token``."""
    address = page_url(url)
    if kind_of(workspace) == "user":
        if workspace.startswith("hf-"):
            return t("api.signed_in_hf", lang)
        return "\n".join(
            [
                t("api.signed_in", lang),
                "",
                "```python",
                "from gradio_client import Client",
                "",
                f'client = Client("{address}", auth=("<user>", "<password>"))',
                f'client.predict(api_name="/documents")  # {t("api.comment_docs", lang)}',
                "```",
            ]
        )
    if not valid_token(token):
        return t("api.waiting", lang)
    return "\n".join(
        [
            t("api.intro", lang),
            "",
            f"**{t('api.token', lang)}:** `{token}`",
            "",
            "```python",
            "from gradio_client import Client, handle_file",
            "",
            f'client = Client("{address}")',
            f'ws = "{token}"',
            f'docs = client.predict(workspace=ws, api_name="/documents")  # {t("api.comment_docs", lang)}',  # noqa: E501
            'ids = [d["doc_id"] for d in docs["documents"]]',
            f'answer = client.predict("{t("api.question", lang)}", ids, workspace=ws, api_name="/ask")',  # noqa: E501
            'print(answer["text"])',
            f'client.predict([handle_file("notes.md")], workspace=ws, api_name="/ingest")  # {t("api.comment_add", lang)}',  # noqa: E501
            "```",
        ]
    )
