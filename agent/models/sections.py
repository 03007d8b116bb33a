"""The offline answer to a question about a topic a section is about, from that section.

The ``read_section`` tool (``agent/sections.py``) hands back the section whose heading the
question's words match. A list-like section is answered with its item headings, each cited
to its own span ("What are the main risk factors?" → the risks the filing prints as bold
sentences); any other with its statements that share the most of the question's words, two
or three, each cited. A yes/no question opens with Yes or No only when a cited statement
holds every topic word of the question and says it (or denies it, by a negation word);
else the statements say what the section shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from agent import prompts
from agent.answer_kinds import FIGURE, asked_kinds, asks_overview, holds
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.models.answerability import before_figures
from agent.models.event_names import event_names
from agent.models.expected_move import move_words
from agent.models.expected_move import verdict as expected_verdict
from agent.models.features import hits, make_ask, share
from agent.models.judge import absent_names
from agent.models.reversal import outcome_met, reverses, without_limits
from agent.models.spans import opens_mid_sentence
from agent.note_pointer import asked_note, only_points
from agent.own_name import own_name_words
from agent.rewrite import page_reference
from agent.sections import meets, section_words, topic_terms
from agent.topic_terms import deciding as deciding_terms
from pipeline.text.periods import PERIOD_MENTION_RE
from pipeline.text.script import HAN_RE

MAX_STATEMENTS = 3
# a statement: its topic words (those beyond the heading's, all), whether it gives the reason
# asked, its share of the question's words, its place in the section, and where it is
_Found = tuple[tuple[int, int], bool, float, int, Passage, Unit]
_MIN_CHARS = 30  # a shorter sentence is a caption or a fragment, not a statement
_NOT_TOPICS = frozenset({"number", "date", "definition"})


@dataclass(frozen=True)
class SectionAnswer:
    body: str
    cited: list[Passage]
    quoted: list[str]
    pointed: bool = False  # read from a note a pointer named, not the topic asked


def topical(question: str) -> bool:
    """Could the question be about a topic rather than a figure, a date or a page?"""
    if FIGURE.search(question) or page_reference(question):
        return False
    if PERIOD_MENTION_RE.search(question) and not _period_event(question):
        return False  # "… in 2019?" asks a figure of the year, unless it asks what a
        # year's event touched ("Which businesses did it acquire in 2019?")
    # "what is X" asks X's definition, a sentence the term lookup and the search find
    return not asks_overview(question) and not asked_kinds(question) & _NOT_TOPICS


@cache
def _event_words() -> frozenset[str]:
    return frozenset(w.lower() for w in section_words()["period_events"])


def _period_event(question: str) -> bool:
    """Does the question ask what an event of a period touched ("Which businesses did it
    acquire in 2019?", "What did it divest in fiscal 2021?"), not an amount?"""
    # a verb of the question's own, not a word of a name ("Best Buy"): names are capitalised
    said = {w for w in re.findall(r"[A-Za-z]+", question) if w.islower()}
    return bool(said & _event_words())  # an amount asked ("how much …") is no topic


def section_answer(
    question: str, evidence: Sequence[Evidence], lang: prompts.Lang
) -> SectionAnswer | None:
    """The answer from the section read for the question, or None (no section matched,
    or the question names a company the documents do not)."""
    if not topical(question):
        return None
    # the section the question names first; a note read by its number ("Note 13"), where a
    # pointer sent the reader, only when none was found (its answer weighs less: ``pointed``)
    reads = [e for e in evidence if e.reads == "section" and e.passages]
    if (
        not reads
        or absent_names(question, evidence)
        or not before_figures(question, evidence).answers
    ):
        return None  # arithmetic, another company or period: refused before any figure
    # a section that only points to a note ("Legal Proceedings: see Note 9") says nothing
    # itself: the note read next answers
    for ev in sorted(reads, key=lambda e: bool(asked_note(e.query))):
        found = _from_section(question, evidence, ev, lang)
        if found is not None:
            return found
    return None


def _from_section(
    question: str, evidence: Sequence[Evidence], ev: Evidence, lang: prompts.Lang
) -> SectionAnswer | None:
    title = clean(ev.note)
    yes_no = _yes_no(question)
    if ev.listed and not yes_no:
        return _items(ev, title, lang)
    asked = topic_terms(question, ignore=[*ev.owner, *ev.names])
    chosen = _statements(question, evidence, ev, asked, title)
    if not chosen:
        return None
    leads = section_words()["leads"][lang]
    verdict = _verdict(chosen, asked, topic_terms(title), question) if yes_no else None
    lead = leads[verdict] if verdict else leads["prose"].format(title=title)
    lines = [lead, *(f"- {_cited(u.text, p)}" for p, u in chosen)]
    pointed = bool(asked_note(ev.query))
    return SectionAnswer(
        "\n".join(lines), [p for p, _ in chosen], [u.text for _, u in chosen], pointed
    )


def _items(ev: Evidence, title: str, lang: prompts.Lang) -> SectionAnswer | None:
    lines = [section_words()["leads"][lang]["list"].format(title=title)]
    cited: list[Passage] = []
    quoted: list[str] = []
    for quote in ev.quotes:
        p = next((p for p in ev.passages if clean(quote) in clean(p.text)), None)
        if p is None:  # an item the passages do not hold is never cited to another
            continue
        lines.append(f"- {_cited(quote, p)}")
        cited.append(p)
        quoted.append(quote)
    if ev.items_total > len(quoted):  # a short list must not read as the whole section
        more = section_words()["leads"][lang]["more"]
        lines.append(more.format(shown=len(quoted), total=ev.items_total, title=title))
    return SectionAnswer("\n".join(lines), cited, quoted) if len(quoted) >= 2 else None


def _statements(
    question: str,
    evidence: Sequence[Evidence],
    ev: Evidence,
    asked: frozenset[str],
    title: str,
) -> list[tuple[Passage, Unit]]:
    """Up to three of the section's own sentences (a chunk may run on into the next
    section), those holding the most of the question's words (its topic's first, then the
    rest it asks), in reading order; with no sentences told, its passages' sentences."""
    ask = make_ask(question, evidence)
    # "Why …?", "What is the nature and purpose of …?": a statement of the section giving
    # the reason or the purpose comes first, before those sharing more of the words (its
    # figures, its dates); the section read is already the one about the topic
    why = "reason" in asked_kinds(question)
    # every statement of the section is about its heading's topic: those saying the words
    # the question asks beyond the heading ("technology" of "its technology strategy" under
    # "Strategy") are the ones answering it
    beyond = asked - meets(asked, topic_terms(title))
    found: list[_Found] = []
    before = ""
    for p, u in _sentences(ev):
        text = clean(u.text)
        before, prior = text, before
        width = len(text) + len(HAN_RE.findall(text))  # a Chinese character says a word
        if u.kind != "sentence" or width < _MIN_CHARS or text == title:
            continue
        if only_points(text) or opens_mid_sentence(text):
            continue  # "See Note 5 for further details …", "or because …": no statement
        if only_points(f"{prior} {text}"):
            continue  # the rest of a pointer the splitter cut at "Item 1."
        terms = topic_terms(text)
        topic = (len(meets(beyond, terms)), len(meets(asked, terms)))
        words = share(ask, hits(ask, u.text))
        cause = why and holds("reason", u.text, question)
        found.append((topic, cause, words, len(found), p, u))
    best = sorted(found, key=lambda f: (not f[1], -f[0][0], -f[0][1], -f[2], f[3]))
    # "Which businesses did it acquire?": a statement naming one acquired first, one a name
    # ("Why did it acquire …?" asks the reason, not the names)
    named = _period_event(question) and not why
    best = _new_names(best) if named else best[:MAX_STATEMENTS]
    return [(p, u) for *_, p, u in sorted(best, key=lambda f: f[3])]


def _new_names(ranked: list[_Found]) -> list[_Found]:
    """Up to ``MAX_STATEMENTS`` statements, first those naming what an event touched
    ("we acquired Rockstar") each naming one not named before, then the best of the rest."""
    chosen: list[_Found] = []
    named: set[str] = set()
    for f in ranked:
        names = event_names(f[5].text)
        if names - named and len(chosen) < MAX_STATEMENTS:
            chosen.append(f)
            named |= names
    rest = [f for f in ranked if f not in chosen]
    return chosen + rest[: MAX_STATEMENTS - len(chosen)]


def _sentences(ev: Evidence) -> list[tuple[Passage, Unit]]:
    """The section's sentences the tool told, as units of the passages holding them; a
    note read by its number, all its sentences (the tool told those of the words "Note 15",
    not of the question's topic)."""
    if not ev.quotes or asked_note(ev.query):
        return [(p, u) for p in ev.passages for u in units(p.text)]
    out: list[tuple[Passage, Unit]] = []
    for quote in ev.quotes:
        for p in ev.passages:
            at = p.text.find(quote)
            if at >= 0:
                out.append((p, Unit(at, at + len(quote), quote, "sentence")))
                break
    return out


def _verdict(
    chosen: Sequence[tuple[Passage, Unit]],
    asked: frozenset[str],
    heading: frozenset[str],
    question: str = "",
) -> str | None:
    """'yes' or 'no' when a statement holds every topic word asked and the statements
    agree on whether it is said or denied; None when the evidence does not decide. A
    statement of what may be ("revenues may not be at similar levels") decides only when
    none says what is. When none holds the words alone, a statement speaking to the question
    (a word of it its own) says what its heading names too ("the sale of the Russian
    business was completed" under "Divestitures", for "Has it sold its Russian business?"),
    and only one saying what is decides."""
    if not asked:
        return None
    asked = deciding_terms(asked)  # a qualifier asked ("one-off") need not be said
    for extra in (frozenset(), heading):
        deciding = [
            u.text
            for _, u in chosen
            if (own := meets(asked, topic_terms(u.text)))
            and _decides(asked, own | meets(asked, extra))
        ]
        firm = [t for t in deciding if not _hedged(t)]
        said = {
            "no" if _denies(t, question) else "yes" for t in (firm or ([] if extra else deciding))
        }
        if said:
            return said.pop() if len(said) == 1 else None
    return None


def _decides(asked: frozenset[str], held: frozenset[str]) -> bool:
    """A statement holding the question's topic words decides it: all of them, or all but
    one of three or more ("sales do not reflect any degree of seasonality" for "Do sales
    vary much by season?")."""
    return len(asked) >= 1 and len(held) >= len(asked) - (1 if len(asked) >= 3 else 0)


_MOSTLY = 0.7  # the share of the question's topic, by rarity, a deciding statement holds


def _mostly(asked: frozenset[str], held: frozenset[str]) -> bool:
    """Does the statement hold most of the topic by rarity, its rarest word among them
    ("the covenants of the bank debt facilities require …" for "Must it meet financial
    covenants under its bank debt facilities?": the question's verbs are common words)?"""
    from agent.models.rarity import information  # wordfreq, loaded on first use

    weights = {a: information(a) for a in asked}
    total = sum(weights.values())
    rarest = max(asked, key=lambda a: (weights[a], a))
    return total > 0 and rarest in held and sum(weights[a] for a in held) >= _MOSTLY * total


def stated_verdict(
    question: str, evidence: Sequence[Evidence], statements: Sequence[str]
) -> str | None:
    """'yes' or 'no' for a yes/no question whose answer's first statement decides it: it
    holds the question's topic words (all but one, of three or more: "exposed to currency
    exchange rates" for "exposed to changes in currency exchange rates") and says it, or
    denies it by a negation word; None when the question asks no yes/no or the statement
    does not decide it (another topic word is missing: a statement near the topic, not on
    it)."""
    if not statements or not _yes_no(question):
        return None
    scope = [w for e in evidence for w in (*e.owner, *e.names)]
    asked = topic_terms(question, ignore=scope) - own_name_words(question, scope)
    # a list of risks or highlights decides by its one item on the topic, not by words
    # its other items happen to hold
    items = _ITEM.split(statements[0])
    need = deciding_terms(asked)  # a qualifier asked ("one-off") need not be said again
    said = max(items, key=lambda t: len(_held(need, t)))
    held = _held(need, said)
    moved = _expected_verdict(question, need, said)
    if moved:
        return moved
    if len(asked) < 2 or not (_decides(need, held) or _mostly(need, held)):
        return None
    if need - held and outcome_met(need, said) - meets(need, topic_terms(said)):
        return None  # an outcome read off another word decides only the matter named in full
    return "no" if _denies(said, question) else "yes"


def _expected_verdict(question: str, need: frozenset[str], said: str) -> str | None:
    """The verdict an outlook sentence on the question's subject gives by the move it
    says is expected ("… to grow at a slower rate" for "expected to accelerate?"); the
    statement need not hold the question's words of a move, only those of its subject."""
    subject = need - topic_terms(" ".join(move_words(question)))
    held = meets(subject, topic_terms(said))
    if not subject or not (_decides(subject, held) or _mostly(subject, held)):
        return None
    return expected_verdict(question, said)


_ITEM = re.compile(r"\s*[•●▪◦]\s+|\n\s*[-–]\s+")  # a list's item marks


def _held(need: frozenset[str], statement: str) -> frozenset[str]:
    """The asked words a statement holds, an asked outcome ("approved") among them when it
    says the matter's outcome in its own word ("was defeated")."""
    return meets(need, topic_terms(statement)) | outcome_met(need, statement)


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = section_words()
    yes_no = "|".join(f"(?:{v})" for v in data["yes_no"].values())
    negation = "|".join(f"(?:{v})" for v in data["negation"].values())
    return re.compile(yes_no, re.I), re.compile(negation, re.I)


def _yes_no(question: str) -> bool:
    return bool(_patterns()[0].search(question))


def asks_yes_no(question: str) -> bool:
    """Does the question ask a verdict ("Is …?", "Do sales …?", "…吗？")?"""
    return _yes_no(question)


def _denies(text: str, question: str) -> bool:
    """A negation word, or a word saying what is asked was turned down or stopped."""
    return bool(_patterns()[1].search(without_limits(text))) or reverses(text, question)


@cache
def _hedges() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{v})" for v in section_words()["hedges"].values()), re.I)


def _hedged(text: str) -> bool:
    return bool(_hedges().search(text))


def _cited(text: str, p: Passage) -> str:
    """The statement with its citation id before its end mark."""
    text = clean(text).rstrip("，,；;：:、 ")
    marker = f" [{p.chunk_id}]"
    return f"{text[:-1]}{marker}{text[-1]}" if text[-1:] in ".。!！?？" else text + marker
