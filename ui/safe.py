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
# Bullets set in the Symbol or Wingdings font reach a PDF's text layer as private-use code
# points (U+F0B7 …), which no browser font draws: a reader saw an empty box before a
# filing's list items. Shown as the bullet they print as; the stored text is unchanged.
_SYMBOL_BULLETS = str.maketrans(dict.fromkeys([0xF0B7, 0xF0A7, 0xF06E, 0xF076, 0xF0D8], "•"))


def esc(text: object) -> str:
    """Text for an HTML element or attribute."""
    return html.escape(str(text).translate(_SYMBOL_BULLETS), quote=True)


_NAME_JOINS = re.compile(r"(?<=[_\-])(?=[^_\-])")


def esc_name(name: object) -> str:
    """A file name for an HTML element, breakable after its '_' and '-': a narrow column (a
    phone's library) wraps 'Annual_Report_FY2023.pdf' between its words, never inside one
    ('Annual_R' / 'eport'); the extension stays with the last word."""
    parts = _NAME_JOINS.split(str(name))
    return "<wbr>".join(esc(p) for p in parts)


def md_text(text: str) -> str:
    """Plain text shown inside a Markdown renderer (the chatbot): no tags, no links, no images.

    Brackets become entities so that ``[x](javascript:…)`` or ``![](http://…)`` in a
    document can never turn into a link or a remote image; they still read as brackets.
    """
    out = html.escape(text.translate(_SYMBOL_BULLETS), quote=False)
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
