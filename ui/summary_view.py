"""The summary as a reader meets it: an overview (its opening, then its main points, each
under its section's name), then one fold per section. Pure.

Sentences are quoted from the document, so everything is escaped; each ends with
its citation, a page chip (the section in its tooltip) that opens the page with the
sentence marked, as the chat's citation chips do. Sections start folded so a long
report stays short; opening one shows its first cited page too. Every sentence is
numbered in reading order (``data-cite``), the order :func:`cited_sentences` gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ui.i18n import t
from ui.safe import esc


def cited_sentences(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The summary's sentences in the order their ``data-cite`` numbers count them."""
    out = list(data.get("overview") or [])
    for sec in _sections(data):
        out += list(sec["sentences"])
    return out


def _sections(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [s for s in data.get("sections") or [] if s.get("section") and s.get("sentences")]


_PLACE_CHARS = 40  # a section named on a chip is cut at a word beyond this


def section_chip(title: str) -> str:
    """A section's name as a chip: a document without pages is cited by section."""
    title = " ".join(title.split())
    if len(title) > _PLACE_CHARS:
        cut = title[:_PLACE_CHARS]
        title = (cut[: cut.rfind(" ")] if cut.rfind(" ") > _PLACE_CHARS // 2 else cut) + "…"
    return f"§ {title}" if title else "§"


def _cite(s: Mapping[str, Any], n: int, lang: str, place: str | None = None) -> str:
    """``place``: the section a sentence of a document without pages is cited by (its
    every sentence is on 'page 1'); None for a paged document."""
    if place is None:
        where = t("pane.page_short", lang, page=s.get("page", "?"))
    else:
        where = section_chip(str(s.get("heading") or place))
    label = str(s.get("section") or "")
    tip = t("kn.cite_tip", lang, section=label if label and label != "§0" else "")
    return (
        f'<button type="button" class="folio-sum-cite" data-cite="{n}" title="{esc(tip)}">'
        f"{esc(where)}</button>"
    )


def _prose(
    sentences: Sequence[Mapping[str, Any]], start: int, lang: str, place: str | None = None
) -> str:
    """Sentences run on as one paragraph, each followed by where it comes from."""
    parts = [
        f"{esc(str(s.get('text', '')).strip())} {_cite(s, start + i, lang, place)}"
        for i, s in enumerate(sentences)
    ]
    return f'<p class="folio-sum-prose">{" ".join(parts)}</p>'


def _overview(sentences: Sequence[Mapping[str, Any]], lang: str, place: str | None) -> str:
    """The opening (what the document or its subject is) as a paragraph, then the main
    points as a list, each under the name of the section it stands for: sentences from
    different sections never run on as if they were one paragraph."""
    opening = [s for s in sentences if not s.get("heading")]
    if len(opening) == len(sentences):  # a summary stored before points had headings
        return _prose(sentences, 0, lang, place)
    out = [_prose(opening, 0, lang, place)] if opening else []
    items = []
    for i, s in enumerate(sentences[len(opening) :], start=len(opening)):
        items.append(
            f'<li><span class="folio-sum-point">{esc(str(s["heading"]))}</span> '
            f"{esc(str(s.get('text', '')).strip())} {_cite(s, i, lang, place)}</li>"
        )
    out.append(f'<ul class="folio-sum-points">{"".join(items)}</ul>')
    return "".join(out)


def summary_html(data: Mapping[str, Any], lang: str, *, paged: bool = True) -> str:
    """HTML of a stored summary (``Summary.model_dump()``). A document without pages
    (Markdown, TXT, DOCX) has its sentences cited by section, not as 'p. 1'."""
    opening = "" if paged else str(data.get("title") or "")
    overview = list(data.get("overview") or [])
    out = ['<div class="folio-summary">']
    if data.get("title"):  # the document's name heads its summary (older ones have none)
        out.append(f'<div class="folio-sum-title">{esc(str(data["title"]))}</div>')
    out.append(f'<div class="folio-sum-head">{esc(t("kn.overview", lang))}</div>')
    out.append(_overview(overview, lang, None if paged else opening) if overview else "")
    left = [str(x) for x in data.get("left_out") or []]
    if left:
        sep = "、" if lang == "zh" else "; "  # a Chinese list is joined with 、
        note = t("kn.left_out", lang, sections=sep.join(left))
        out.append(f'<div class="folio-sum-left">{esc(note)}</div>')
    sections = _sections(data)
    if not overview and not sections and not left:
        # a report of statements only: say why the summary is empty and where to look,
        # rather than an "Overview" heading over nothing
        out.append(f'<div class="folio-sum-empty">{esc(t("kn.summary_empty", lang))}</div>')
    if sections:
        out.append(f'<div class="folio-sum-head">{esc(t("kn.by_section", lang))}</div>')
    n = len(overview)
    for sec in sections:
        depth = max(0, int(sec.get("level") or 1) - 1)
        sec_title = str(sec.get("title") or sec.get("label") or "")
        title = esc(sec_title)
        out.append(
            f'<details class="folio-sum-sec" style="margin-left:{min(depth, 4) * 14}px">'
            f'<summary data-cite="{n}">{title}</summary>'
            f"{_prose(sec['sentences'], n, lang, None if paged else sec_title)}</details>"
        )
        n += len(sec["sentences"])
    out.append("</div>")
    return "".join(out)
