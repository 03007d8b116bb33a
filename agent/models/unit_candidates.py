"""The judge's candidates: every sentence and table row of the turn's passages that uses a
question word, with its features (``feature_vector.py``); headings, header rows, pointers
and period labels never are (they name topics, columns or places elsewhere)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import UNIT_NOTE, Evidence, Passage, Unit, passages_by_id, units
from agent.models.candidates import Candidate
from agent.models.cut_sentence import rest_of
from agent.models.feature_vector import FEATURES, relative, unit_features
from agent.models.features import Ask, make_ask, missed, passage_hits, share
from agent.models.places_lead import asks_places, places
from agent.models.section_before import section_before
from agent.models.spans import opens_mid_sentence
from agent.models.subject import asks_alias, gives_alias
from agent.note_pointer import only_points
from agent.question.compare import asks_extreme, what_is_compared
from agent.question.kinds import asks_count
from pipeline.text.lexicon import alternation
from pipeline.text.periods import YEAR
from pipeline.text.script import HAN_RE

_COUNTS = FEATURES.index("holds_number")
_LEAD_IN = re.compile(r"[:：]\s*$")
# A line naming a period and nothing else ("Six Months Ended June 30", "Fiscal Year 2023").
_PERIOD_ONLY = re.compile(
    r"(?:(?:three|six|nine|twelve|fifty-two|fifty-three|\d{1,2}|\d{2,3})\s+(?:months|weeks)\s+"
    r"end(?:ed|ing)\s+|(?:fiscal\s+)?(?:year|quarter)s?\s+end(?:ed|ing)\s+|as\s+of\s+|fiscal\s+"
    r"(?:year\s+)?)?(?:(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\s+\d{1,2}(?:,\s*" + YEAR + r")?|" + YEAR + r")[.:,;]?",
    re.I,
)
# A sentence that only points elsewhere: "Refer to Note 2, Acquisitions, for additional
# information.", "For a more complete discussion of the risks, please see below."
POINTER = re.compile(
    r"^\W*(?:see|refer to)\b[^.]{0,120}\.?\s*$|"
    r"^\W*(?:for (?:a )?(?:"
    + alternation("answer_sentences.pointer_qualifiers")
    + r")\b[^.]{0,100}"
    r",\s*(?:please )?(?:see|refer to)\b[^.]{0,80}\.?\s*$)|"
    r"\b(?:please )?see (?:below|above)\.?\s*$|"
    r"^[^.]{0,80}\b(?:is|are) (?:discussed|described|included|presented) (?:in|under|below)\b"
    r"[^.]{0,80}\.?\s*$",
    re.I,
)
_HEADER_RULE = re.compile(r"\s*\|?\s*:?-{3,}")


def _lead_ins(evidence: Sequence[Evidence]) -> dict[str, str]:
    """Chunk id → the sentence announcing it, when the chunk before it ends with one ("The
    following summarizes revenues by geographic area:"): the table inherits its words."""
    out: dict[str, str] = {}
    for ev in evidence:
        for p in ev.passages:
            doc_id, _, n = p.chunk_id.rpartition("#")
            last = units(p.text)[-1:] if n.isdigit() and _LEAD_IN.search(p.text) else []
            if last:
                out[f"{doc_id}#{int(n) + 1}"] = last[0].text
    return out


def candidates(question: str, evidence: Sequence[Evidence]) -> tuple[Ask, list[Candidate]]:
    """Every unit that uses a question word (beyond a year), with its features; for a
    "which … highest" question also every row of a table that speaks to it, for a "how
    many" question every unit giving a number of the thing counted, for a "which regions"
    question every unit naming a place; no table row for a reason asked ("what drove the
    margin change?" is answered by prose)."""
    extreme = asks_extreme(question)
    counting = asks_count(question)
    alias = asks_alias(question)
    placed = asks_places(question)
    ask = make_ask(what_is_compared(question) if extreme else question, evidence)
    leads = _lead_ins(evidence)
    before = section_before(ask, evidence, leads)
    out: list[Candidate] = []
    found: list[list[float]] = []
    seen: set[str] = set()
    by_id = passages_by_id(evidence)
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen:
                continue
            seen.add(p.chunk_id)
            used = passage_hits(ask, p, leads.get(p.chunk_id, ""))
            cover, left = share(ask, used), missed(ask, used | before.get(p.chunk_id, set()))
            parts = units(p.text)
            for i, u in enumerate(parts):
                if _never_answers(p, u) or (u.kind == "row" and "reason" in ask.kinds):
                    continue  # a row holds figures and labels, never the cause asked for
                # a Chinese sentence a page's end cut: a word asked may run across the cut
                last = i == len(parts) - 1 and HAN_RE.search(u.text) is not None
                cut = rest_of(p, u, by_id) if last else None
                values, matched = unit_features(
                    ask,
                    p,
                    parts,
                    i,
                    cover=cover,
                    names_kept=ask.names <= used,
                    rest=cut[1].text if cut else "",
                )
                # a unit that names nothing asked (or only a year) is none, unless it gives
                # the number asked ("we employed 29,239 people" for "how many employees")
                kept = extreme and u.kind == "row" and cover > 0
                named = alias and gives_alias(u.text)  # "又称……" names no word asked
                # "which regions …?": a table's "North America | 1,092" row names one
                named = named or (placed and bool(places(u.text)))
                if not matched and not kept and not named and not (counting and values[_COUNTS]):
                    continue
                found.append(values)
                out.append(Candidate(p, u, 0.0, frozenset(matched), len(out), cover, left))
    # each document's units are measured against its own best: another report's rows
    # (a Chinese report's, sharing the question's figure words) never shift one
    # document's order, which is then what it is with that document alone in scope
    for doc in {c.passage.doc_id for c in out}:
        relative([v for c, v in zip(out, found, strict=True) if c.passage.doc_id == doc])
    for c, values in zip(out, found, strict=True):
        c.features = tuple(values)
    return ask, out


def _never_answers(p: Passage, u: Unit) -> bool:
    """A heading, a passage's own title ("第62节米泽车站" under that section), a table's
    header row ("项目 | 期末余额 | 期初余额") or a row without figures: they name topics and
    columns only; a sentence that only points elsewhere ("see below")."""
    if u.kind == "heading" or (u.kind == "row" and _HEADER_RULE.match(p.text, u.end)):
        return True
    if u.kind == "row" and not any(c.isdigit() for c in u.text):
        return True  # a table's caption or column labels: no figure, no answer
    if u.kind == "sentence" and POINTER.search(u.text):
        return True  # "… please see below", "Refer to Note 2": it points, it says nothing
    if u.kind == "sentence" and only_points(u.text):
        return True  # "See Note 13 — Debt.": the note answers (the planner reads it next)
    if u.kind == "sentence" and opens_mid_sentence(u.text):
        return True  # "or because the information …": the chunk cut its sentence
    if _PERIOD_ONLY.fullmatch(u.text.strip()):
        return True  # "Six Months Ended June 30": a column's period, not a statement
    # a title with the unit its table is in ("…持股情况表 单位：股") is still a title
    bare = re.sub(r"\W+", "", UNIT_NOTE.sub("", u.text))
    return not bare or any(bare == re.sub(r"\W+", "", s) for s in p.section.split(" > "))
