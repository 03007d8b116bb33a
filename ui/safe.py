"""Escaping: document text, answers and generated diagrams never become live markup.

Everything that reaches the browser from a document (its text, its file name,
an answer quoting it, a diagram drawn from it) passes through one of these.
"""

from __future__ import annotations

import base64
import html
import re

_MD_LINK_OPEN = re.compile(r"!?\[")
_JS_URL = re.compile(r"\]\(\s*(?:javascript|vbscript|data):", re.IGNORECASE)
_QUOTE_MARK = re.compile(r"^([ \t]*)&gt;", re.MULTILINE)  # "> note" at a line start


def esc(text: object) -> str:
    """Text for an HTML element or attribute."""
    return html.escape(str(text), quote=True)


def md_text(text: str) -> str:
    """Plain text shown inside a Markdown renderer (the chatbot): no tags, no links, no images.

    Brackets become entities so that ``[x](javascript:…)`` or ``![](http://…)`` in a
    document can never turn into a link or a remote image; they still read as brackets.
    """
    out = html.escape(text, quote=False)
    return out.replace("[", "&#91;").replace("]", "&#93;")


def safe_markdown(markdown: str) -> str:
    """Markdown produced from document text (summaries, routes): structure kept, HTML not.

    Raw tags are shown as text, images are disarmed (no remote fetches, no
    ``onerror``), and script-style link targets are dropped.
    """
    out = markdown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = _QUOTE_MARK.sub(r"\1>", out)  # a block quote is structure, not a tag
    out = _JS_URL.sub("](#", out)
    return _MD_LINK_OPEN.sub(lambda m: "!\\[" if m.group(0) == "![" else "[", out)


def svg_image(svg: str, alt: str = "", css_class: str = "folio-diagram") -> str:
    """An SVG diagram as an <img> data URI: browsers never run scripts inside image SVGs."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img class="{esc(css_class)}" alt="{esc(alt)}" src="data:image/svg+xml;base64,{data}">'
