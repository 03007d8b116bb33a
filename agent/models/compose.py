"""The offline answerer's writing: the chosen units as an answer with citation ids, the
column headers a table row needs, and follow-up questions the documents can answer."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.figures.answer import figure_answer
from agent.models.judge import (
    FIGURE,
    YEARISH,
    Candidate,
    judge,
    page_overview,
    same_text,
)
from agent.rewrite import asks_whose_document, content_terms, page_reference
from pipeline.text.lang import script_language

_FOLLOW_HEADER: dict[prompts.Lang, str] = {"en": "Follow-up questions:", "zh": "延伸问题："}
_GENERIC_SECTION = re.compile(r"^(part|item|section|table of contents|目录)\b", re.I)


def compose(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> str:
    """The offline draft: verbatim units with citation ids, or a plain refusal."""
    page = page_reference(question)
    figures = figure_answer(question, evidence, lang) if page is None else None
    if figures is not None and figures.lines:  # cells and computed figures, working shown
        body = "\n".join(figures.lines)
        if figures.follow:
            return body + "\n\n" + _FOLLOW_HEADER[lang] + "\n" + _bullets(figures.follow)
        cited = [p for ev in evidence for p in ev.passages if f"[{p.chunk_id}]" in figures.lines[0]]
        return _with_follow_ups(body, question, evidence, cited, lang)
    note = "\n".join(figures.missing) + "\n" if figures is not None and figures.missing else ""
    terms = [t for t in content_terms(question) if not t.isdigit() and t not in ("page", "页")]
    if page is not None and (len(terms) <= 2 or asks_whose_document(question)):
        chosen = page_overview(evidence, page)
    else:
        verdict = judge(question, evidence)
        if verdict.missing_names:
            quoted = ", ".join(f"“{n}”" for n in verdict.missing_names[:3])
            return prompts.REFUSAL_MISSING[lang].format(terms=quoted)
        chosen = verdict.chosen
    if not chosen:
        return note + prompts.REFUSAL[lang] if note else prompts.REFUSAL[lang]
    body = note + _render(with_column_headers(chosen), lang)
    return _with_follow_ups(body, question, evidence, [c.passage for c in chosen], lang)


def _with_follow_ups(
    body: str,
    question: str,
    evidence: Sequence[Evidence],
    cited: Sequence[Passage],
    lang: prompts.Lang,
) -> str:
    follow = follow_ups(question, evidence, cited, lang)
    return body + ("\n\n" + _FOLLOW_HEADER[lang] + "\n" + _bullets(follow) if follow else "")


def _bullets(lines: Sequence[str]) -> str:
    return "\n".join(f"- {q}" for q in lines)


def _render(chosen: list[tuple[Candidate, Candidate | None]], lang: prompts.Lang) -> str:
    lines = []
    doc_lang = script_language(" ".join(c.unit.text for c, _ in chosen))
    lead = prompts.CROSS_LANGUAGE_LEAD[lang] if (lang == "zh") != (doc_lang == "zh") else ""
    for c, head in chosen:
        if c.unit.kind == "row":
            columns = ""
            if head is not None:  # the periods the figures belong to, read with the row
                label = "列" if lang == "zh" else "columns"
                columns = f" ⟨{label}: {row_text(head.unit.text)}⟩"
            lines.append(f"{row_text(c.unit.text)}{columns} [{c.passage.chunk_id}]")
            continue
        text = clean(c.unit.text)
        end = "" if text[-1:] in ".。!！?？;；:" else ("。" if doc_lang == "zh" else ".")
        lines.append(f"{text} [{c.passage.chunk_id}]{end}")
    if len(lines) == 1 and not lead and "|" not in lines[0]:
        return lines[0]
    return (lead + "\n" if lead else "") + "\n".join(f"- {ln}" for ln in lines)


def row_text(text: str) -> str:
    """A table row as it reads in an answer: cells joined by " | ", currency signs kept with
    their figures, empty cells dropped."""
    if "|" not in text:
        return clean(text)
    cells = [clean(c) for c in text.strip().strip("|").split("|")]
    out: list[str] = []
    carry = ""
    for cell in cells:
        if cell in ("$", "€", "£", "¥", "(", "RMB"):
            carry = cell
            continue
        if cell:
            out.append(f"{carry}{cell}" if carry else cell)
        carry = ""
    return " | ".join(out)


def with_column_headers(chosen: list[Candidate]) -> list[tuple[Candidate, Candidate | None]]:
    """Each chosen unit with, for a table row, the row of its passage that names the
    columns (the years), so figures read with their periods."""
    out: list[tuple[Candidate, Candidate | None]] = []
    seen: set[tuple[str, int]] = set()
    for c in chosen:
        key = (c.passage.chunk_id, c.unit.start)
        if key in seen:
            continue
        seen.add(key)
        head = _column_header(c) if c.unit.kind == "row" else None
        if head is not None and same_text(head.unit.text, c.unit.text):
            head = None
        out.append((c, head))
    return out


def _column_header(c: Candidate) -> Candidate | None:
    """The first row of a Markdown table, or the last row above naming two or more years."""
    best = None
    parts = units(c.passage.text)
    first = parts[0] if parts else None
    if first is not None and first.text.lstrip().startswith("|") and first.start < c.unit.start:
        cells = [x for x in first.text.split("|") if x.strip()]
        if len(cells) >= 2 and not FIGURE.search(first.text) and len(first.text) < 200:
            best = first
    for u in parts:
        if best is not None or u.start >= c.unit.start:
            break
        if len(set(YEARISH.findall(u.text))) >= 2 and len(u.text) < 200:
            best = u
    if best is None:
        return None
    return Candidate(c.passage, Unit(best.start, best.end, best.text, "row"), 0.0, frozenset(), 0)


def follow_ups(
    question: str, evidence: Sequence[Evidence], cited: Sequence[Passage], lang: prompts.Lang
) -> list[str]:
    """2-3 questions the documents can answer: the sections of other passages found."""
    templates = prompts.FOLLOW_UP[lang]
    used = {p.section for p in cited}
    q_low = question.lower()
    out: list[str] = []
    for ev in evidence:
        for p in ev.passages:
            leaf = p.section.split(" > ")[-1].strip() if p.section else ""
            if p.section in used or not _good_topic(leaf):
                continue
            if leaf.lower() in q_low:
                continue
            used.add(p.section)
            out.append(templates["section"].format(topic=_title(leaf)))
            if len(out) == 3:
                return out
    pages = sorted({p.page for p in cited})
    for page in pages:
        if len(out) >= 2:
            break
        out.append(templates["page"].format(topic=page))
    return out


def _good_topic(leaf: str) -> bool:
    """A heading worth asking about: a few words of text, not a number or a form label."""
    n_words = len(leaf.split()) if leaf.isascii() else len(leaf) // 2
    digits = sum(c.isdigit() for c in leaf)
    return (
        2 <= n_words <= 8
        and len(leaf) <= 60
        and digits <= 4
        and not _GENERIC_SECTION.match(leaf)
        and not leaf.rstrip().endswith(("of", "Of", "the", "and", ":"))
    )


def _title(text: str) -> str:
    return text.title() if text.isupper() and len(text) > 4 else text
