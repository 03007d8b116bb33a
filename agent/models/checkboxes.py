"""Yes/no answers read from tick boxes: a filing's cover page marks "Yes ☐ No ☒" after
each question it asks, a Chinese report "□是√否"; quoting the line leaves the reader to
find the tick. The box ticked after the words the question shares with the text gives the
answer ("No", "否"), said first with the line it is read from.

A group is a run of boxes close together. Its labels are yes/no words either after each
box ("□是√否") or before it ("Yes ☐ No ☒"): the reading where every box has one is the
group's. A group of other options ("Large accelerated filer ☒ Accelerated filer ☐") answers
a question that names one of them: is its box ticked?
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.text.lexicon import words
from pipeline.text.script import HAN_RE
from pipeline.text.segment import query_terms

_CHECKED = frozenset(words("checkboxes.checked"))
_BOX = re.compile("[" + re.escape("".join(_CHECKED | set(words("checkboxes.unchecked")))) + "]")
_ANSWERS = {w: "yes" for w in words("checkboxes.yes")} | {w: "no" for w in words("checkboxes.no")}
_YES_NO = "|".join(sorted((re.escape(w) for w in _ANSWERS), key=len, reverse=True))
_AFTER = re.compile(rf"^\s*({_YES_NO})(?![A-Za-z])", re.I)  # "□是", "☐ No"
_BEFORE = re.compile(rf"(?<![A-Za-z])({_YES_NO})\s*$", re.I)  # "Yes ☐", "否□"
_NEGATION = re.compile(
    r"(?<![A-Za-z])(?:"
    + "|".join(map(re.escape, words("checkboxes.negations.en")))
    + r")\b|"
    + "|".join(map(re.escape, words("checkboxes.negations.zh"))),
    re.I,
)
_GAP = 40  # the most text between two boxes of one group
_BREAK = re.compile(r"[\n.。;；]")
_WINDOW = 160  # the most text before a group that states what it answers
AFTER = 2 * _GAP  # the text after a sentence that may hold the boxes answering it


@dataclass(frozen=True)
class Verdict:
    answer: str  # "yes" or "no"
    quote: str  # the statement and its boxes, as printed
    fit: tuple[int, int] = (0, 0)  # question words its statement shares, fewest others


def _groups(text: str) -> list[list[re.Match[str]]]:
    groups: list[list[re.Match[str]]] = []
    for m in _BOX.finditer(text):
        gap = text[groups[-1][-1].end() : m.start()] if groups else ""
        if groups and len(gap) <= _GAP and not _BREAK.search(gap):
            groups[-1].append(m)
        else:
            groups.append([m])
    return groups


def _yes_no(text: str, group: list[re.Match[str]]) -> tuple[str, int, int] | None:
    """(answer, start, end) of a yes/no group: the ticked box's word ("" when not one box
    is ticked), and the span of the group with its words; None when the labels are not all
    yes/no words."""
    ends = [g.start() for g in group[1:]] + [len(text)]
    after = [_AFTER.match(text[g.end() : e]) for g, e in zip(group, ends, strict=True)]
    starts = [0] + [g.end() for g in group[:-1]]
    before = [_BEFORE.search(text[s : g.start()]) for s, g in zip(starts, group, strict=True)]
    for labels, box_first in ((after, True), (before, False)):
        if all(labels) and len({_ANSWERS[m.group(1).lower()] for m in labels if m}) == 2:
            ticked = [m for m, g in zip(labels, group, strict=True) if g.group() in _CHECKED]
            if len(ticked) != 1 or ticked[0] is None:
                return "", 0, 0  # a yes/no group without one tick: no answer at all
            first, last = labels[0], labels[-1]
            assert first is not None and last is not None
            start = group[0].start() if box_first else starts[0] + first.start()
            end = group[-1].end() + last.end() if box_first else group[-1].end()
            return _ANSWERS[ticked[0].group(1).lower()], start, end
    return None


def _named(text: str, group: list[re.Match[str]], asked: set[str]) -> tuple[str, int, int] | None:
    """A group of options whose labels precede their boxes, one of them named by the
    question: "yes" when its box is ticked, else "no"."""
    starts = [max(0, group[0].start() - _GAP)] + [g.end() for g in group[:-1]]
    labels = [text[s : g.start()] for s, g in zip(starts, group, strict=True)]
    hits = [len(asked & _terms(label)) for label in labels]
    best = max(hits)
    if not best or hits.count(best) > 1:
        return None
    g = group[hits.index(best)]
    return ("yes" if g.group() in _CHECKED else "no"), starts[0], group[-1].end()


def _terms(text: str) -> set[str]:
    return {t.lower() for t in query_terms(text) if len(t) > 1 or HAN_RE.match(t)}


def verdict(question: str, text: str) -> Verdict | None:
    """The yes/no the boxes of ``text`` give the question, or None."""
    asked = _terms(question)
    best: Verdict | None = None
    for group in _groups(text):
        found = _yes_no(text, group)
        named = found is None
        if named:
            found = _named(text, group, asked)
        if found is None or not found[0]:
            continue
        answer, start, end = found
        statement = _statement(text[max(0, start - _WINDOW) : start])
        said = _terms(statement + (text[start:end] if named else ""))
        fit = (len(asked & said), -len(said - asked))
        if not fit[0]:
            continue
        quote = _printed(statement + text[start:end])
        if bool(_NEGATION.search(statement)) != bool(_NEGATION.search(question)):
            answer = "no" if answer == "yes" else "yes"  # "… is not required …: No ☒"
        if best is None or fit > best.fit:
            best = Verdict(answer, quote, fit)
    return best


def _printed(quote: str) -> str:
    """The statement and its boxes on one line of the answer; a table row's cells as the
    row's label and its cells ("Export licence: ☐ Yes ☒ No"), not the Markdown's pipes."""
    if "|" not in quote:
        return " ".join(quote.split())
    cells = [" ".join(c.split()) for c in quote.split("|")]
    named = [c for c in cells if c]
    if not named:
        return ""
    label, *rest = named
    return f"{label}: {' · '.join(rest)}" if rest else label


def _statement(before: str) -> str:
    """The sentence a group of boxes answers: the one it ends, or the one just before it
    when it stands after a full stop or on a line of its own ("… 90 days. Yes ☒ No ☐")."""
    body = before.rstrip()
    if body and _BREAK.fullmatch(body[-1]):
        body = body[:-1]
    stops = [m.end() for m in _BREAK.finditer(body)]
    return before[stops[-1] :] if stops else before


_SAID = {"en": {"yes": "Yes", "no": "No"}, "zh": {"yes": "是", "no": "否"}}


def lead(question: str, texts: Sequence[tuple[str, str]], lang: str) -> tuple[str, str]:
    """The verdict line ("No: “… Yes ☐ No ☒” [id].") and the quote it holds, or ("", "")
    when no box answers. ``texts``: (text, citation id) of the chosen units, best first;
    the box whose statement fits the question best answers (the earlier unit on a tie)."""
    found = [(v, cid) for text, cid in texts if (v := verdict(question, text)) is not None]
    if not found:
        return "", ""
    v, cid = max(found, key=lambda f: f[0].fit)  # max keeps the first of equals
    said = _SAID["zh" if lang == "zh" else "en"][v.answer]
    line = f"{said}：“{v.quote}”[{cid}]。" if lang == "zh" else f"{said}: “{v.quote}” [{cid}]."
    return line, v.quote
