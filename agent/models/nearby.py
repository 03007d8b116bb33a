"""What a refusal says the documents do cover nearby: the headings of the sections the
turn's searches ranked first, with their pages, in one short sentence.

A refusal that only says "nothing answers" leaves the reader guessing whether the
question missed by a word or by a whole topic; the sections nearest tell them where to
look or how to ask again. Only headings are named, never the passages' words (those
share the question's words without answering it), so the sentence says nothing about
the subject and needs no citation; it says the documents do not answer there either,
which keeps it a refusal's sentence (``support.is_factual`` reads it so).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence, Passage

MAX_SECTIONS = 2  # a pointer, not a table of contents
_HEADING_CHARS = 60  # a heading longer than this is cut at a word
_PATH = re.compile(r"\s+>\s+")


def nearby_note(evidence: Sequence[Evidence], lang: prompts.Lang) -> str:
    """The sentence naming the nearest sections ("" when no search found a headed one)."""
    found = [p for ev in evidence if ev.reads == "search" for p in ev.passages]
    # A Markdown note is all "page 1" (and says so: ``paged``); a one-page PDF is too.
    paginated = any(p.page > 1 for p in found if p.paged)
    named: dict[str, str] = {}
    for p in sorted(found, key=lambda p: (-p.score, p.rank)):
        heading = _heading(p)
        if heading and heading not in named:
            named[heading] = _place(heading, p, paginated and p.paged, lang)
        if len(named) == MAX_SECTIONS:
            break
    if not named:
        return ""
    sep = "、" if lang == "zh" else " and "
    return prompts.NEARBY_SECTIONS[lang].format(sections=sep.join(named.values()))


def _heading(p: Passage) -> str:
    """The passage's own heading: the last of its section path, cut short."""
    last = _PATH.split(p.section.strip())[-1].strip() if p.section.strip() else ""
    if len(last) <= _HEADING_CHARS:
        return last
    cut = last[:_HEADING_CHARS]
    space = cut.rfind(" ")
    return (cut[:space] if space > _HEADING_CHARS // 2 else cut).rstrip(",;:，；：") + "…"


def _place(heading: str, p: Passage, paginated: bool, lang: prompts.Lang) -> str:
    if not paginated:
        return f"“{heading}”"
    return f"“{heading}”（第{p.page}页）" if lang == "zh" else f"“{heading}” (p. {p.page})"
