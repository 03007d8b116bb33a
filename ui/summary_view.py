"""The summary as a reader meets it: an overview paragraph, then one fold per section. Pure.

Sentences are quoted from the document, so everything is escaped; each ends with
its citation (page and section). Sections start folded so a long report stays short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ui.i18n import t
from ui.safe import esc


def _cite(s: Mapping[str, Any], lang: str) -> str:
    where = t("pane.page_short", lang, page=s.get("page", "?"))
    label = str(s.get("section") or "")
    if label and label != "§0":
        where += f" · {label}"
    return f'<span class="folio-sum-cite">{esc(where)}</span>'


def _prose(sentences: Sequence[Mapping[str, Any]], lang: str) -> str:
    """Sentences run on as one paragraph, each followed by where it comes from."""
    parts = [f"{esc(str(s.get('text', '')).strip())} {_cite(s, lang)}" for s in sentences]
    return f'<p class="folio-sum-prose">{" ".join(parts)}</p>'


def summary_html(data: Mapping[str, Any], lang: str) -> str:
    """HTML of a stored summary (``Summary.model_dump()``)."""
    overview = list(data.get("overview") or [])
    out = ['<div class="folio-summary">']
    out.append(f'<div class="folio-sum-head">{esc(t("kn.overview", lang))}</div>')
    out.append(_prose(overview, lang) if overview else "")
    left = [str(x) for x in data.get("left_out") or []]
    if left:
        note = t("kn.left_out", lang, sections="; ".join(left))
        out.append(f'<div class="folio-sum-left">{esc(note)}</div>')
    sections = [s for s in data.get("sections") or [] if s.get("section") and s.get("sentences")]
    if sections:
        out.append(f'<div class="folio-sum-head">{esc(t("kn.by_section", lang))}</div>')
    for sec in sections:
        depth = max(0, int(sec.get("level") or 1) - 1)
        title = esc(str(sec.get("title") or sec.get("label") or ""))
        out.append(
            f'<details class="folio-sum-sec" style="margin-left:{min(depth, 4) * 14}px">'
            f"<summary>{title}</summary>{_prose(sec['sentences'], lang)}</details>"
        )
    out.append("</div>")
    return "".join(out)
