"""The offline answerer's search plan: which tools to call with which words.

First round: the question as asked, its search words plus the line items a metric implies
and the connectives a kind asked is told with (a cause: "due", "driven" …),
a term lookup for "what is X", and the page for "what is on page N". A second round only
when the first left important question words unmatched: it searches for those words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.answer_kinds import (
    asks_about_subject,
    count_search,
    holds,
    search_words,
)
from agent.cover_field import asked_field
from agent.cross_reading import read_as
from agent.evidence import Evidence, Passage, Unit, units
from agent.figures.answer import FigureAnswer, figure_answer
from agent.models.answering.cause_leads import held_back_words
from agent.models.corroborate import statement_place, statement_search
from agent.models.expansions import expansions
from agent.models.guidance_plan import guidance_calls
from agent.models.judge import judge
from agent.models.phrasing import phrasing_words
from agent.models.places_lead import asks_places, region_search
from agent.models.sections import topical
from agent.models.selector import selector
from agent.note_pointer import asked_note, note_topic, only_points, pointed_note
from agent.question.kinds import asks_overview
from agent.question.units import without_unit
from agent.question.unusual import asks_unusual, unusual_search
from agent.rewrite import content_terms, core_question, defined_term, key_terms, page_reference
from agent.scope import stem
from pipeline.text.finance import vocabulary
from pipeline.text.script import HAN_RE

MAX_WORDS = 12
MAX_OVERVIEW = 6  # overview sentences per document

Call = dict[str, Any]


def plan(
    question: str, evidence: Sequence[Evidence], done_rounds: int, available: Sequence[str]
) -> list[Call]:
    calls = _first_round(question) if done_rounds == 0 else _next_round(question, evidence)
    calls += _read_in_english(question, evidence, done_rounds, calls)
    # a page read of one document is no read of another's page of that number
    asked = {(e.tool, e.query, "") for e in evidence} | {
        (e.tool, e.query, p.doc_id) for e in evidence if e.reads == "page" for p in e.passages
    }
    out = [
        c
        for c in calls
        if c["name"] in available
        and (c["name"], _arg(c), c["args"].get("document", "")) not in asked
    ]
    for i, c in enumerate(out):
        c["id"] = f"offline_{done_rounds}_{i}"
        c["type"] = "tool_call"
    return out


def _operand_calls(
    figures: FigureAnswer, asked: set[str], read: set[str], lang: str = "en"
) -> list[Call]:
    """Read the missing operands' statement and search for their rows in the same round:
    the page read may be the wrong statement, and a search may find only another chunk
    of the right one."""
    pages = [p for p in figures.pages if str(p) not in read]
    calls: list[Call] = [{"name": "read_page", "args": {"page": pages[0]}}] if pages else []
    # an operand a formula sums ("total_debt + total_equity"): each of its items is a row
    parts = [(i.strip(), y) for item, y in figures.wanted for i in item.split(" + ")]
    known = [(i, y) for i, y in parts if i in vocabulary().items]
    operands = [_operand_search(*w, asked=asked, lang=lang) for w in known]
    if not figures.pages:  # no table of the turn is their statement: search its title
        operands += _statement_searches(figures, lang)
    calls += [c for c in operands if c["args"]["query"] not in asked]
    return calls or operands[:1]


def _statement_searches(figures: FigureAnswer, lang: str) -> list[Call]:
    """A keyword search for the title of each missing operand's statement, alone: the
    short statement page ranks below the sentences repeating an operand's names when the
    search holds them ("cost of sales" in every paragraph of a results discussion)."""
    vocab = vocabulary()
    kinds = dict.fromkeys(vocab.items[k].statement for k, _ in figures.wanted if k in vocab.items)
    titles = [vocab.statement_titles.get(kind, "") for kind in kinds]
    return [
        {
            "name": "search_document",
            "args": {
                "query": " ".join(names_in_language(t.split(), lang)),
                "top_k": 6,
                "mode": "keyword",
            },
        }
        for t in titles
        if t
    ]


def _unread(figures: FigureAnswer, evidence: Sequence[Evidence]) -> list[int]:
    """The pages the figures ask to read that the turn has not read (of their document,
    when they name one: page 8 of one report is not page 8 of another)."""
    pages = [e for e in evidence if e.reads == "page"]
    if figures.read_doc:
        done = {(e.query, p.doc_id) for e in pages for p in e.passages}
        return [p for p in figures.read if (str(p), figures.read_doc) not in done]
    return [p for p in figures.read if str(p) not in {e.query for e in pages}]


def names_in_language(names: Sequence[str], lang: str) -> list[str]:
    """A line item's names, those in ``lang`` (Chinese: holding Han) first, each side in
    the vocabulary's order."""
    zh = [n for n in names if HAN_RE.search(n)]
    en = [n for n in names if not HAN_RE.search(n)]
    return zh + en if lang == "zh" else en + zh


# names of a line item searched for at once: more would let its commonest words ("sales")
# find other statements' rows ("Sales of investments")
_NAMES_AT_ONCE = 3


def _operand_search(
    item: str,
    year: int | None,
    asked: set[str] | frozenset[str] = frozenset(),
    lang: str = "en",
) -> Call:
    """A keyword search for an operand's row: its first names, then, once that search was
    made and the operand is still missing, its next names (a filing may call operating
    income "Operating Profit", the item's fourth name). The names in the question's
    language come first: a Chinese question's report names its rows in Chinese, and its
    first round spent on "total revenue net revenue" finds nothing."""
    vocab = vocabulary()
    line = vocab.items[item]
    names = names_in_language(line.names, lang)
    call: Call | None = None
    for i in range(0, len(names), _NAMES_AT_ONCE):
        words = " ".join(names[i : i + _NAMES_AT_ONCE]) + (f" {year}" if year else "")
        if line.statement:  # the statement's words, in the question's language too
            words += " " + " ".join(
                names_in_language(vocab.statements[line.statement].split(), lang)
            )
        call = {"name": "search_document", "args": {"query": words, "top_k": 6, "mode": "keyword"}}
        if words not in asked:
            return call
    assert call is not None  # every line item has a name
    return call


def _counted(question: str, evidence: Sequence[Evidence]) -> bool:
    """Does a unit of the turn give a number of the thing a "how many" question counts?"""
    return any(
        holds("number", u.text, question)
        for ev in evidence
        for p in ev.passages
        for u in units(p.text)
    )


_POINTER_WORDS = 2  # question words (beyond the company's name) a pointer speaks of
_POINTER_RANKS = 3  # a search's passages looked through for a pointer


def _pointed(question: str, evidence: Sequence[Evidence]) -> str:
    """The note ("Note 13", "附注7") a sentence of a search's first passages only points to,
    speaking of the question ("For the terms of the loom financing, see Note 13." for a
    question about the loom financing: two of its words, or the sentence before it does);
    "" when none does, or it was read already."""
    owner = {stem(w) for e in evidence for w in (*e.owner, *e.names)}
    asked = {stem(t) for t in key_terms(question)} - owner
    read = {e.query for e in evidence if e.tool == "read_section"}
    for ev in evidence:
        # a section read for the question's topic that points to a note ("Legal
        # Proceedings: see Note 9") speaks of the topic by its heading
        topic_read = ev.reads == "section" and not asked_note(ev.query)
        searched = ev.passages[:_POINTER_RANKS] if ev.reads == "search" else []
        for p in ev.passages if topic_read else searched:
            for u in units(p.text):
                if not only_points(u.text) or not (topic_read or _speaks(asked, p, u)):
                    continue
                topic = note_topic(pointed_note(u.text), bool(HAN_RE.search(u.text)))
                if topic not in read:
                    return topic
    return ""


def _speaks(asked: set[str], p: Passage, u: Unit) -> bool:
    """Does the pointer, or the sentence before it in its passage ("Our credit facility …
    matures in 2043. See Note 13."), use two of the question's words and half of them?"""
    before = units(p.text[: u.start])[-1:]
    least = max(_POINTER_WORDS, (len(asked) + 1) // 2)  # and half of them, at least
    return any(len(asked & {stem(t) for t in key_terms(x.text)}) >= least for x in [u, *before])


def _read_in_english(
    question: str, evidence: Sequence[Evidence], done_rounds: int, calls: list[Call]
) -> list[Call]:
    """The calls a Chinese question's English reading plans once the first round's
    passages are English (``cross_reading.py``): its first round's words as keywords (an
    English filing's rows and headings share no word with the question), then its next
    rounds once the question's own are done. A Chinese report's turn plans none."""
    reading = read_as(question, evidence) if done_rounds else ""
    if not reading:
        return []
    asked = {e.query for e in evidence}
    fresh = [_keyword(c) for c in _first_round(reading)]
    fresh = [c for c in fresh if _arg(c) not in asked and c not in calls]
    if fresh:
        return fresh
    return _next_round(reading, evidence) if not calls else []


def _keyword(call: Call) -> Call:
    """A search call as a keyword search (a meaning search of the reading would bring a
    Chinese report's chunks nearest to English words)."""
    if call["name"] != "search_document":
        return call
    return {**call, "args": {**call["args"], "mode": "keyword"}}


def _arg(call: Call) -> str:
    return str(next(iter(call["args"].values())))


def _first_round(question: str) -> list[Call]:
    calls: list[Call] = []
    # the whole document, or what its subject is or does ("What does Acme do?", which
    # shares only the subject's name with any passage): its summary, a search beside it
    if asks_overview(question) or asks_about_subject(question):
        calls.append({"name": "document_overview", "args": {"top_k": MAX_OVERVIEW}})
    page = page_reference(question)
    # a cover field asked ("where is it incorporated?"): the cover states it, no section
    # is about it (``agent/cover_field.py``)
    on_cover = page is None and asked_field(question) is not None
    if page is not None or on_cover:
        calls.append({"name": "read_page", "args": {"page": page or 1}})
    term = defined_term(question)
    if term:
        calls.append({"name": "lookup_term", "args": {"term": term}})
    asked = without_unit(core_question(question))  # a unit asked is no word to search for
    # the section a topic's heading names, read whole
    if page is None and not on_cover and topical(asked):
        calls.append({"name": "read_section", "args": {"topic": asked}})
    calls.append({"name": "search_document", "args": {"query": asked, "top_k": 8}})
    phrasing = phrasing_words(asked)
    words = [w for w in key_terms(asked) if stem(w) not in phrasing] or key_terms(asked)
    # what held a figure back is said as what offset its move ("partially offset by …")
    extra = expansions(question) + search_words(asked) + held_back_words(question)
    keywords = " ".join(dict.fromkeys(words[:MAX_WORDS] + extra))
    if keywords.strip():  # exact words catch table rows that the meaning search ranks low
        calls.append(
            {"name": "search_document", "args": {"query": keywords, "top_k": 12, "mode": "keyword"}}
        )
    if asks_unusual(question):  # the events behind a result are said in their own words
        calls.append(_keyword_search(unusual_search(question), top_k=12))
    if asks_places(asked):  # where it operates is said by naming the places, not the ask
        calls.append(
            {
                "name": "search_document",
                "args": {"query": region_search(), "top_k": 8, "mode": "keyword"},
            }
        )
    return calls


def _next_round(question: str, evidence: Sequence[Evidence]) -> list[Call]:
    guided = guidance_calls(question, evidence)  # the forecast asked, not the period's rows
    if guided:
        return guided
    figures = figure_answer(question, evidence, "en")
    lang = "zh" if HAN_RE.search(question) else "en"
    asked = {e.query for e in evidence}
    searches = [q for q in figures.searches if q not in asked] if figures is not None else []
    read = {e.query for e in evidence if e.reads == "page"}
    if searches and figures is not None:  # a row no table of the turn holds
        calls: list[Call] = [
            {
                "name": "search_document",
                "args": {"query": q, "top_k": figures.search_k, "mode": "keyword"},
            }
            for q in (searches if figures.alternatives else searches[:1])
        ]
        # with an operand missing too (a part's share of the whole), both in one round
        return [*calls, *(_operand_calls(figures, asked, read, lang) if figures.wanted else [])]
    beside = _unread(figures, evidence) if figures is not None else []
    if beside and figures is not None:  # the page of a value not in the turn
        doc = {"document": figures.read_doc} if figures.read_doc else {}
        return [{"name": "read_page", "args": {"page": beside[0], **doc}}]
    if figures is not None and figures.wanted:  # a formula's operand
        return _operand_calls(figures, asked, read, lang)
    if figures is not None and (found := _places(question, figures.lines, evidence, asked)):
        return found
    counting = count_search(question)
    if counting and counting not in asked and not _counted(question, evidence):
        # "how many employees": no passage gives a number of them yet
        return [
            {"name": "search_document", "args": {"query": counting, "top_k": 8, "mode": "keyword"}}
        ]
    verdict = judge(question, evidence)
    if verdict.missing_names:
        return []
    note = _pointed(question, evidence)
    if note:  # what is found points to a note for the question's words: read it
        return [{"name": "read_section", "args": {"topic": note}}]
    if verdict.answerable and verdict.best >= selector().confident:
        # a table row chosen: its figure's other places, as for a figure's draft
        lead = verdict.written[0] if verdict.written else verdict.chosen[0]
        if lead.unit.kind != "row":
            return []
        return _places(question, [f"{lead.unit.text} [{lead.passage.chunk_id}]"], evidence, asked)
    present = {t for e in evidence for t, df in e.term_df.items() if df > 0}
    phrasing = phrasing_words(question)
    wanted = [t for t in verdict.uncovered if t in present and stem(t) not in phrasing]
    if not wanted:
        return []
    anchor = [t for t in content_terms(question) if t not in wanted][:2]
    query = " ".join(wanted + anchor)
    return [{"name": "search_document", "args": {"query": query, "top_k": 6, "mode": "keyword"}}]


def _places(
    question: str, lines: Sequence[str], evidence: Sequence[Evidence], asked: set[str]
) -> list[Call]:
    """One round of calls for the other places stating the draft's figure: a search for
    the sentence saying it in prose, and a read of its statement's page or a search for
    the statement's row (``corroborate.statement_place``)."""
    calls: list[Call] = []
    stated = statement_search(question, lines, evidence)
    if stated and stated not in asked:
        calls.append(_keyword_search(stated))
    where = statement_place(lines, evidence)
    if where.page:
        calls.append({"name": "read_page", "args": {"page": where.page, "document": where.doc_id}})
    elif where.query and where.query not in asked:
        calls.append(_keyword_search(where.query))
    return calls


def _keyword_search(query: str, top_k: int = 6) -> Call:
    return {"name": "search_document", "args": {"query": query, "top_k": top_k, "mode": "keyword"}}
