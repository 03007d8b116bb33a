"""Citations in code: parse a draft's markers, check them, and turn them into quotes and boxes.

The model writes citation ids (``[doc#12]``) after its sentences. The reflection keeps an id
only if a tool returned it in this turn, and a sentence only if the text it cites supports
it (``agent/support.py``). The final answer renumbers the ids as ``[1]``, ``[2]`` and each
citation carries the exact quote from its chunk and the boxes of that quote on the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import pairwise

from pydantic import BaseModel, Field

from agent import prompts
from agent.arith import operands
from agent.evidence import Passage, clean, units
from agent.support import check, claim_text, coverage, is_factual, numbers
from pipeline.text.lang import split_sentences
from pipeline.text.normalise import single_spaces
from pipeline.text.script import HAN_RE

_MARKER = re.compile(r"\[([^\[\]\n]*?#\d+(?:\s*[,;，；、]\s*[^\[\]\n]*?#\d+)*)\]")
_ID = re.compile(r"[^\s,;，；、\[\]]+#\d+")
# citation markers opening a sentence, before its first word
_LEADING_MARKERS = re.compile(r"^\s*(?:\[[^\[\]\n]*?#\d+[^\[\]\n]*\]\s*)+(?=\S)")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)、])\s*")
_ROW_LABEL = re.compile(r"\s{2,}|\s*\|\s*|\s+(?=[($]?\s?-?\d)")


class Claim(BaseModel):
    """One sentence of a draft with the ids it cites and the reflection's findings."""

    text: str
    ids: list[str] = Field(default_factory=list)
    line: int = 0
    bullet: bool = False
    factual: bool = True
    supported: bool = True
    invalid_ids: list[str] = Field(default_factory=list)
    reason: str = ""


class Verdict(BaseModel):
    claims: list[Claim]
    follow_ups: list[str] = Field(default_factory=list)

    @property
    def problems(self) -> list[Claim]:
        return [c for c in self.claims if c.factual and not c.supported]

    @property
    def cited(self) -> list[str]:
        return list(dict.fromkeys(i for c in self.claims if c.supported for i in c.ids))


def split_follow_ups(draft: str) -> tuple[str, list[str]]:
    """The body of a draft and the follow-up questions listed after its header line."""
    low = draft.lower()
    for header in prompts.FOLLOW_UP_HEADERS:
        at = low.rfind(header)
        if at >= 0:
            tail = draft[at + len(header) :]
            qs = [_BULLET.sub("", ln).strip() for ln in tail.splitlines()]
            return draft[:at].rstrip(), [q for q in qs if len(q) > 3][:3]
    return draft, []


def parse_claims(body: str) -> list[Claim]:
    claims: list[Claim] = []
    for n, raw_line in enumerate(body.splitlines()):
        line = _BULLET.sub("", raw_line).strip()
        bullet = line != raw_line.strip()
        if not line:
            continue
        for s, e in _claim_spans(line):
            sentence = line[s:e]
            lead = _LEADING_MARKERS.match(sentence)
            own = _MARKER.search(line, s + lead.end()) if lead else None
            if lead and own and claims and not claims[-1].ids and claims[-1].line == n:
                # "……。 [id] 由于……。 [id]": the sentence after has its own id later on
                # the line; the one after the end mark is the uncited sentence's before it
                claims[-1].ids = list(dict.fromkeys(_ID.findall(lead.group(0))))
                sentence = sentence[lead.end() :]
            ids = [i for m in _MARKER.finditer(sentence) for i in _ID.findall(m.group(1))]
            text = _MARKER.sub("", sentence).strip()
            if not text.strip(" .。"):  # markers alone: they belong to the sentence before
                if claims and ids:
                    claims[-1].ids += [i for i in ids if i not in claims[-1].ids]
                continue
            claims.append(
                Claim(text=single_spaces(text), ids=list(dict.fromkeys(ids)), line=n, bullet=bullet)
            )
    return claims


_AIDS = ("⟨", "⟩")  # a reading aid the answer writes after a row (``support.claim_text``)


def _claim_spans(line: str) -> list[tuple[int, int]]:
    """The sentences of a draft's line, a reading aid kept whole: a row's ⟨columns: …⟩
    note quotes its table's header, whose own text may end a sentence ("… as highly
    inflationary. The translation … | 2022 |"); cut there, the row would lose the
    citation written after the note and be dropped as uncited."""
    spans: list[tuple[int, int]] = []
    for s, e in split_sentences(line):
        open_aid = spans and line[: spans[-1][1]].count(_AIDS[0]) > line[: spans[-1][1]].count(
            _AIDS[1]
        )
        if open_aid:
            spans[-1] = (spans[-1][0], e)
        else:
            spans.append((s, e))
    return spans


@cache
def _refusal_line() -> re.Pattern[str]:
    """A line in the wording of the app's own refusals (``prompts.REFUSAL*``), with the
    sections it names nearest (``prompts.NEARBY_SECTIONS``) and the words it lacks: it
    says what the documents do not answer, which no passage supports or needs to."""

    def said(templates: Sequence[str]) -> str:
        return "|".join(
            ".+?".join(re.escape(part) for part in re.split(r"\{\w+\}", t.strip()))
            for t in templates
        )

    opens = [
        t
        for d in (
            prompts.REFUSAL,
            prompts.REFUSAL_MISSING,
            prompts.REFUSAL_NEAR,
            prompts.REFUSAL_ARITHMETIC,
            prompts.REFUSAL_OPINION,
            prompts.REFUSAL_COMPANY,
            prompts.REFUSAL_PERIOD,
        )
        for t in d.values()
    ]
    absent = said([prompts.ABSENT_WORDS_ZH])
    near = said(list(prompts.NEARBY_SECTIONS.values()))
    return re.compile(rf"(?:{said(opens)})\s*(?:{absent})?\s*(?:{near})?\s*")


def is_refusal_line(line: str) -> bool:
    return _refusal_line().fullmatch(_BULLET.sub("", line).strip()) is not None


def reflect(draft: str, passages: Mapping[str, Passage]) -> Verdict:
    """Check every claim of a draft against the passages returned in this turn. A line
    in the words of the app's own refusal states nothing of the documents: none of its
    sentences is a claim ("I found nothing in them …", the sections named nearest)."""
    body, follow_ups = split_follow_ups(draft)
    claims = parse_claims(body)
    refusing = [is_refusal_line(line) for line in body.splitlines()]
    for c in claims:
        c.invalid_ids = [i for i in c.ids if i not in passages]
        c.ids = [i for i in c.ids if i in passages]
        c.factual = (is_factual(c.text) or _quoted(c, passages)) and not refusing[c.line]
        if not c.factual:
            continue
        if not c.ids:
            c.supported, c.reason = False, "no valid citation"
            continue
        support = check(c.text, "\n".join(passages[i].checked_text for i in c.ids))
        c.supported, c.reason = support.supported, support.reason
        if support.supported:  # keep only the ids that contribute
            useful = [i for i in c.ids if coverage(c.text, passages[i].checked_text) > 0.0]
            c.ids = useful or c.ids
    return Verdict(claims=claims, follow_ups=follow_ups)


_QUOTED = 0.95  # a cited sentence whose words are all its passage's


def _quoted(c: Claim, passages: Mapping[str, Passage]) -> bool:
    """Is the claim a quote of the passages it cites? A quoted sentence states what the
    document says, even in words a meta sentence uses ("J&J does not provide GAAP
    measures on a forward-looking basis" is no "the documents do not provide …")."""
    if not c.ids:
        return False
    return coverage(c.text, "\n".join(passages[i].checked_text for i in c.ids)) >= _QUOTED


def feedback(verdict: Verdict, lang: prompts.Lang) -> str:
    items = []
    for c in verdict.problems:
        why = c.reason or "unsupported"
        bad = f" (ids not returned: {', '.join(c.invalid_ids)})" if c.invalid_ids else ""
        items.append(f"- {c.text} — {why}{bad}")
    return prompts.FEEDBACK[lang].format(items="\n".join(items))


# --- quotes ---------------------------------------------------------------------------------


def locate_quote(sentence: str, text: str) -> tuple[int, int]:
    """The span of ``text`` that best supports ``sentence``: verbatim if it is there,
    else the best unit (sentence / table row), or two neighbouring units."""
    sentence = claim_text(sentence)
    exact = _find_verbatim(sentence, text)
    if exact is not None:
        return exact
    parts = units(text)
    if not parts:
        return 0, len(text)
    want = {_bare(w) for w in _wanted_numbers(sentence)}

    def score(start: int, end: int) -> float:
        span = text[start:end]
        # "$35,026" in the sentence is the cell "35,026" of a row
        nums = sum(1 for w, _, _ in numbers(span) if _bare(w) in want)
        return coverage(sentence, span) + 0.5 * nums - 0.0005 * (end - start)

    best = max(((u.start, u.end) for u in parts), key=lambda se: score(*se))
    # two neighbouring sentences may support one claim; two rows are a header and a row
    # (the row alone is the quote) or two rows the claim names (``_rows_with``)
    pairs = [(a.start, b.end) for a, b in pairwise(parts) if "row" not in (a.kind, b.kind)]
    if pairs:
        pair = max(pairs, key=lambda se: score(*se))
        if score(*pair) > score(*best) + 0.25:
            best = pair
    return _trimmed(text, *best)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """A span without the table's outer bars: a row is quoted as its cells."""
    while start < end and text[start] in "| ":
        start += 1
    while end > start and text[end - 1] in "| \n":
        end -= 1
    return start, end


def _bare(written: str) -> str:
    """A figure as written without its currency sign, brackets and separators."""
    return written.strip("()$€£¥−-").replace(",", "")


def _wanted_numbers(sentence: str) -> set[str]:
    """The numbers a quote should share with the sentence: its figures, not the years and
    days of its dates when it has figures too ("rose from $13,745 at December 31, 2020 to
    $14,882 at December 31, 2021" is quoted from the row of 13,745 and 14,882, not from the
    header of dates, which shares four numbers with it)."""
    found = numbers(sentence)
    figures = {w for w, v, d in found if not _date_part(w, v, d)}
    return figures or {w for w, _, _ in found}


def _date_part(written: str, value: float, decimals: int) -> bool:
    whole = decimals == 0 and "." not in written
    return whole and (("," not in written and 1900 <= value <= 2100) or value < 32)


def locate_quotes(sentence: str, text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` a sentence cites: for a worked calculation, the row of each
    operand it names ("total current assets 1,001,425 ÷ total current liabilities …" →
    both rows); for a sentence giving the figures of several rows it names ("U.S. 3.0% …;
    International −0.6% …"), each of those rows; otherwise the one best span."""
    figures = [f.replace(",", "") for f in operands(sentence)]
    if len(figures) >= 2:
        return _rows_with(sentence, text, set(figures)) or [locate_quote(sentence, text)]
    claim = claim_text(sentence)
    said = {w.strip("()$%−-").replace(",", "") for w in _wanted_numbers(claim)}
    verbatim = _find_verbatim(claim, text) is not None  # a quote of one row is that row
    rows = _rows_with(sentence, text, said) if len(said) >= 2 and not verbatim else []
    return rows if len(rows) >= 2 else [locate_quote(sentence, text)]


def _rows_with(sentence: str, text: str, figures: set[str]) -> list[tuple[int, int]]:
    """The table rows of ``text`` that the sentence names and takes a figure from."""
    spans: list[tuple[int, int]] = []
    for u in units(text):
        if u.kind != "row":
            continue
        label = _ROW_LABEL.split(u.text.strip(" |"), maxsplit=1)[0]
        shown = {w.strip("()$%").replace(",", "") for w, _, _ in numbers(u.text)}
        if shown & figures and label and coverage(label, sentence) >= 0.6:
            spans.append(_trimmed(text, u.start, u.end))
    return spans


def row_focus(quote: str, sentence: str) -> list[str]:
    """What of a quoted row the highlight marks: its label and the figures the sentence
    uses (a cell, not the whole line). A quote of a header and a row marks the row."""
    used = {w.strip("()$%").replace(",", "") for w, _, _ in numbers(claim_text(sentence))}
    for line in quote.splitlines():
        label = _ROW_LABEL.split(line.strip(" |"), maxsplit=1)[0].strip(" |$")
        cells = [
            w.strip(" $")
            for w, _, _ in numbers(line[line.find(label) + len(label) :] if label else line)
            if w.strip("()$%").replace(",", "") in used
        ]
        if label and cells and label != line.strip() and _cells_follow(line, label):
            return [label, *dict.fromkeys(cells)]
    return []


def _cells_follow(line: str, label: str) -> bool:
    """Is what follows the label a row's cells (figures), not the rest of a sentence? A
    sentence quoted whole is marked whole: "… since founding it in 1994 and Chief
    Executive Officer since May 1996" marked as a "label" and two years left its office
    unmarked."""
    rest = line[line.find(label) + len(label) :]
    return sum(c.isalpha() for c in rest) <= sum(c.isdigit() for c in rest)


def _find_verbatim(sentence: str, text: str) -> tuple[int, int] | None:
    tokens = clean(sentence).rstrip("。.;；").split(" ")
    if not tokens or len("".join(tokens)) < 4:
        return None
    # Line breaks may fall anywhere inside Chinese text, so any character may be followed
    # by whitespace there; Latin words only break at spaces.
    pieces = [
        r"\s*".join(re.escape(c) for c in t) if HAN_RE.search(t) else re.escape(t) for t in tokens
    ]
    m = re.search(r"\s*".join(pieces), text)
    first = tokens[0][:1]
    if m is None and first.isupper():
        # a clause read out of its sentence opens with a capital the text does not print
        # ("We employed …" of "…, we employed …"): its place, not the whole sentence's
        pieces[0] = re.escape(first.lower() + tokens[0][1:])
        m = re.search(r"\s*".join(pieces), text)
    return (m.start(), m.end()) if m else None


def render_answer(claims: Sequence[tuple[Claim, list[int]]], lang: prompts.Lang) -> str:
    """Claims with their final markers, one line per line of the draft."""
    lines: dict[int, list[str]] = {}
    bullets: set[int] = set()
    for claim, marks in claims:
        if claim.bullet:
            bullets.add(claim.line)
        tag = "".join(f"[{m}]" for m in marks)
        text = claim.text
        if tag:
            end = text[-1] if text and text[-1] in ".。!！?？;；" else ""
            text = (text[: -len(end)] if end else text).rstrip() + (" " if lang == "en" else "")
            text = text + tag + end
        lines.setdefault(claim.line, []).append(text)
    sep = "" if lang == "zh" else " "
    return "\n".join(
        ("- " if n in bullets else "") + sep.join(parts) for n, parts in sorted(lines.items())
    )
