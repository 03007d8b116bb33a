"""The offline answerer's judgement: which sentences answer the question, or none.

Every sentence and table row of the passages returned in this turn is a candidate; the
fitted selector (``selector.py``, features in ``feature_vector.py``) gives each the probability
that it answers the question. The best unit is the direct answer, units nearly as likely
support it, and a best probability below the fitted threshold — or a name the documents
never mention — is a refusal. A heading is never a candidate: a title names a topic, it
never answers a question about it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import UNIT_NOTE, Evidence, Passage, Unit, passages_by_id, units
from agent.figures.guidance import guidance_order
from agent.models.attribute_said import attribute_first
from agent.models.candidates import Candidate, Judgement
from agent.models.compare import promote_extreme
from agent.models.cut_sentence import rest_of
from agent.models.expansions import aliases
from agent.models.feature_vector import FEATURES, relative, unit_features
from agent.models.features import (
    Ask,
    make_ask,
    missed,
    passage_hits,
    scope_missing,
    share,
)
from agent.models.holder import own_holder_first
from agent.models.kind_lead import lead_with_asked
from agent.models.period_rows import length_first
from agent.models.places_lead import asks_places, places, places_first
from agent.models.qualified_rows import amounts_first, qualified_first, rates_first
from agent.models.reason_lead import reason_first
from agent.models.section_before import section_before
from agent.models.selector import selector
from agent.models.spans import opens_mid_sentence, with_reasons
from agent.models.statement_rows import group_first
from agent.models.status_lead import status_first
from agent.models.subject import about_subject, asks_alias, gives_alias
from agent.models.verdict_lead import verdict_first
from agent.note_pointer import only_points
from agent.question.acronyms import METRIC_ACRONYMS
from agent.question.compare import asks_extreme, what_is_compared
from agent.question.kinds import KINDS, asks_count
from agent.scope import stem
from pipeline.text.lexicon import alternation
from pipeline.text.periods import LONE_YEAR_RE, YEAR
from pipeline.text.script import EAST_ASIAN_SPAN, FULLWIDTH, HAN_RE

MAX_UNITS = 3
_TABLE_COVER = 0.5
_OVERLAP = FEATURES.index("overlap")
_COUNTS = FEATURES.index("holds_number")
YEARISH = LONE_YEAR_RE
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
# Latin letters, digits and "&.-": a name runs on into Chinese text without a space
# ("WTA赛事"), and Chinese characters are word characters too.
_LATIN_NAME = re.compile(
    r"\(?[A-Za-z](?:[^\W" + EAST_ASIAN_SPAN + FULLWIDTH + r"]|[&.-])*(?:['’]s)?\)?"
)


def absent_names(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Every capitalised word of the question (but its first) that the scope never uses:
    for a question about a whole document, the words naming that document ("the
    Velmor 10-K") must be the scope's, or the question is about another one."""
    missing = scope_missing(evidence) - _spelled_out(question, evidence)
    names = []
    for m in list(_LATIN_NAME.finditer(question))[1:]:
        word = re.sub(r"['’]s$", "", m.group(0).strip("()")).strip(".")
        if any(c.isupper() for c in word) and stem(word) in missing:
            names.append(word)
    return list(dict.fromkeys(names))


def missing_names(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Names in the question that the scope never uses.

    A name is a capitalised word ("Adobe", "JnJ", "AMCOR"); figures
    ("FY2022"), acronyms being defined ("(DPO)") and metric acronyms ("EBITDA") are not
    names: reports often spell those out, and neither is an abbreviation the scope uses
    spelled out ("AGM": "annual meeting of shareholders").
    """
    missing = scope_missing(evidence) - _spelled_out(question, evidence)
    if not missing:
        return []
    names = []
    prev = ""
    for m in _LATIN_NAME.finditer(question):
        raw, before = m.group(0), prev
        word = re.sub(r"['’]s$", "", raw.strip("()")).strip(".")
        prev = word
        if m.start() == 0 or raw.startswith("(") or any(c.isdigit() for c in word):
            continue
        if word.isupper() and word.lower() in METRIC_ACRONYMS:
            continue
        if before.lower() in ("the", "a", "an") or (before.isupper() and len(before) > 1):
            continue  # "the Highest", "EBITDAR Contribution": emphasis, not a name
        if any(c.isupper() for c in word) and stem(word) in missing:
            names.append(word)
    return list(dict.fromkeys(names))


def _spelled_out(question: str, evidence: Sequence[Evidence]) -> set[str]:
    """The words of the question's abbreviations that the searches found spelled out."""
    used = {stem(t) for ev in evidence for t, n in ev.term_df.items() if n > 0}
    return {f for a in aliases(question) if any(p <= used for p in a.phrases) for f in a.fragments}


def judge(question: str, evidence: Sequence[Evidence]) -> Judgement:
    names = missing_names(question, evidence)
    if names:
        return Judgement(missing_names=names)
    ask, found = candidates(question, evidence)
    if not found:
        return Judgement(uncovered=list(ask.weights))
    model = selector()
    for c in found:
        c.score = model.probability(c.features)
        c.rank = model.rank(c.features)
    best = max(c.score for c in found)
    # Whether the turn addresses the question at all, judged before a comparison picks
    # its extreme row (that row's own words need not say much of the question).
    addressed = model.answers(
        [c.features for c in found],
        [c.score for c in found],
        [c.rank for c in found],
        [c.left for c in found],
    )
    if asks_extreme(question):
        # A table whose passage speaks to most of the question answers "which … most"
        # by its extreme row, however little each row's own words say.
        table_cover = promote_extreme(found, question)
        addressed = addressed or table_cover >= _TABLE_COVER
        best = max(best, *(c.score for c in found))
    floor = model.refuse_below
    if asks_count(question):
        # "how many stores": a unit giving a number of them answers, when one does,
        # before any that only shares the question's words
        counting = [c for c in found if c.features[_COUNTS]]
        if counting:  # and a number of the thing asked answers, however worded
            found, best, floor = counting, max(c.score for c in counting), 0.0
            addressed = True
    found.sort(key=lambda c: -c.rank)
    found = group_first(found, question)  # the group's statement row before the parent company's
    found = qualified_first(found, question)  # "Current" under "International:", if asked so
    found = amounts_first(found, question)  # "Interest cost | 455", not its rate "| 1.2 %"
    found = rates_first(found, question)  # "Table games win %" asked by its rate
    found = length_first(found, question)  # the six months' table's row, if a half asked
    found, best, floor, addressed = about_subject(question, found, best, floor, addressed)
    # "体长" asked, "身长……公尺" said: the attribute in other words first (``attribute_said``)
    found, best, floor, addressed = attribute_first(question, found, best, floor, addressed)
    found = own_holder_first(question, found, evidence)  # "… Officer of <Other>, Inc." last
    # a forecast shares every word of the period's actual figure asked, and answers only
    # a question asking for it (``figures/guidance.py``)
    found = guidance_order(found, question)
    covered = set().union(*(c.matched for c in found[:8]))
    uncovered = [t for t in ask.weights if t not in covered]
    if not addressed:
        return Judgement(best=best, uncovered=uncovered, nearest=found[0])
    keep = max(floor, best * model.keep_ratio)
    picked = _select(found, floor=keep, kind_floor=model.refuse_below, open_ask=not ask.kinds)
    chosen = with_reasons(picked, question)
    agreed = _agreed_page_unit(evidence, found, chosen, floor=model.refuse_below)
    # a factoid asked: the unit holding the thing asked is written first (``kind_lead.py``)
    led = lead_with_asked(question, chosen + agreed, found, model.refuse_below)
    led = places_first(question, led, found)  # "which countries …?": the places named
    led = reason_first(question, led)  # "what is it meant to achieve?": the next sentence
    led = status_first(question, led, evidence)  # "where does it stand?": its latest step
    # "Is it still selling X?": the sentence holding the predicate too decides it
    led = verdict_first(question, led, evidence)
    led[:1] = led[:1] if led[0] in chosen + agreed else with_reasons(led[:1], question)
    return Judgement(chosen=chosen + agreed, best=best, uncovered=uncovered, written=led)


def _agreed_page_unit(
    evidence: Sequence[Evidence],
    found: list[Candidate],
    chosen: list[Candidate],
    *,
    floor: float,
) -> list[Candidate]:
    """The best unit of the page the turn's searches agree on most, when no chosen unit
    is on it and it is itself likely to answer (at least the refusal floor): the answer
    is quoted from where every search points too, not only from the best single unit."""
    page = _agreed_page(evidence)
    if page is None or any((c.passage.doc_id, c.passage.page) == page for c in chosen):
        return []
    there = [
        c
        for c in found
        if (c.passage.doc_id, c.passage.page) == page
        and c.score >= floor
        and c.features[_OVERLAP] > 0
        and not any(repeats(c.unit.text, x.unit.text) for x in chosen)
    ]
    return [max(there, key=lambda c: c.rank)] if there else []


def _agreed_page(evidence: Sequence[Evidence]) -> tuple[str, int] | None:
    """The page with the highest summed reciprocal rank over the searches of the turn
    (each search counts a page once, at its best-ranked passage); None when two pages
    tie or there was no search."""
    votes: dict[tuple[str, int], float] = {}
    for ev in evidence:
        if ev.reads != "search":
            continue
        best: dict[tuple[str, int], int] = {}
        for p in ev.passages:
            key = (p.doc_id, p.page)
            best[key] = min(best.get(key, p.rank or 99), p.rank or 99)
        for key, rank in best.items():
            votes[key] = votes.get(key, 0.0) + 1.0 / rank
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]


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


def _select(
    found: list[Candidate],
    *,
    floor: float,
    kind_floor: float | None = None,
    open_ask: bool = False,
) -> list[Candidate]:
    """The best unit, then up to two more above ``floor`` that use a question word
    themselves (not only through their section's title: a quote that shares nothing with
    the question supports nothing) and add question words or another page, in reading
    order after it. Two kinds of unit add to the answer without a new question word:

    - one holding the kind of thing asked (a reason for "为什么", a date for "when") when
      no unit chosen holds it, above ``kind_floor`` (the refusal floor): the first-ranked
      sentence often names the subject ("X是……发明的") and the next ones say the asked
      thing of it ("她为了……");
    - for a question asking no kind of thing ("有什么特点", "怎么形成的", "how does …"),
      any unit above ``floor``: such an answer runs over several sentences of the same
      passage, each using the same question words.

    These take only the places the units adding a question word or a page leave free.
    """
    first = found[0]
    chosen = [first]
    covered = set(first.matched)
    pages = {first.passage.page}
    for c in found[1:]:  # first the units adding a question word or a page
        if len(chosen) >= MAX_UNITS:
            break
        if c.score < floor or c.features[_OVERLAP] <= 0:
            continue
        if any(repeats(c.unit.text, x.unit.text) for x in chosen):
            continue
        if not (c.matched - covered) and c.passage.page in pages:
            continue
        chosen.append(c)
        covered |= c.matched
        pages.add(c.passage.page)
    # then, in the places left, the units that add none: they never crowd those out
    for c in found[1:]:
        if len(chosen) >= MAX_UNITS:
            break
        supplies = not any(_holds_asked(x) for x in chosen) and _holds_asked(c)
        least = kind_floor if supplies and kind_floor is not None else floor
        if not (supplies or open_ask) or c.score < least or c.features[_OVERLAP] <= 0:
            continue
        if any(c is x or repeats(c.unit.text, x.unit.text) for x in chosen):
            continue
        chosen.append(c)
    return [first, *sorted(chosen[1:], key=lambda c: c.order)]


_HOLDS = tuple(FEATURES.index(f"holds_{k}") for k in KINDS)


def _holds_asked(c: Candidate) -> bool:
    """The unit holds a kind of thing the question asks for (its ``holds_*`` features)."""
    return any(c.features[i] for i in _HOLDS) if c.features else False


def same_text(a: str, b: str) -> bool:
    """The same words and figures, whatever the spacing, pipes and currency signs."""
    return re.sub(r"[\W_]+", "", a) == re.sub(r"[\W_]+", "", b)


_REPEAT_CHARS = 40


def repeats(a: str, b: str) -> bool:
    """The same text, or one holding the other whole: a sentence two overlapping chunks
    cut at different places ("she oversees …" and "In this role, she oversees …")."""
    x, y = re.sub(r"[\W_]+", "", a), re.sub(r"[\W_]+", "", b)
    short, long = sorted((x, y), key=len)
    return short == long or (len(short) >= _REPEAT_CHARS and short in long)
