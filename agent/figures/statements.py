"""Which statement a table is: the income statement, the balance sheet or the cash-flow
statement (titled so, or only mentioning one), the group's primary one or a part's, and
the question's words a table's title may share."""

from __future__ import annotations

import re

from agent.figures.grid import Grid
from agent.figures.table_head import head_line
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import vocabulary

_STATEMENT = {
    "income": re.compile(
        r"statements? of (income|operations|earnings)|income statements?|利润表|损益表", re.I
    ),
    "balance": re.compile(r"balance sheets?|financial position|资产负债表", re.I),
    "cash": re.compile(r"cash flows?|现金流量表", re.I),
}
# A statement's own title ("Consolidated Statements of Cash Flows") over a table that only
# mentions one ("reconciles net cash … as reflected on our cash flow statement"): the
# statement holds every line of it, a reconciliation only some, and questions name it.
TITLED = {
    "income": re.compile(
        r"statements? of (?:consolidated )?(?:income|operations|earnings)|利润表|损益表", re.I
    ),
    "balance": re.compile(r"balance sheets?|statements? of financial position|资产负债表", re.I),
    "cash": re.compile(r"statements? of (?:consolidated )?cash flows?|现金流量表", re.I),
}
# A company-level figure is the primary statement's: "Consolidated Statements of
# Operations" (合并利润表) over a note's table for a part of the business, a condensed
# quarterly table or the parent company's own statement (母公司利润表); failing a title,
# the table whose figures for the item are largest (the whole, not a part), unless the
# question names the part its table is titled by. A year is not read from a quarter's
# column when a table has the year's.
STATEMENT_BONUS = 0.2
TITLE_BONUS = 0.1
OTHER_STATEMENT = 0.3  # a cash-flow "Inventories" row is a change, not the balance
# Exhibits append other entities' statements (an affiliate's, a guarantor's): the
# report's own statement comes first when both hold the row.
_EXHIBIT = re.compile(r"\bexhibits?\b|\bannex\b|附件", re.I)
EXHIBIT_PENALTY = 0.1


def _title(g: Grid) -> str:
    return f"{g.passage.section}\n{g.passage.columns}\n{g.passage.text[:200]}"


def statement_fit(g: Grid, kind: str) -> float:
    """A bonus for a table that is the item's statement (more when it is titled so), a
    penalty for another one."""
    title = _title(g)
    if kind in _STATEMENT and _STATEMENT[kind].search(title):
        return STATEMENT_BONUS + (TITLE_BONUS if titled(g, kind) else 0.0)
    if any(p.search(title) for k, p in _STATEMENT.items() if k != kind):
        return -OTHER_STATEMENT
    return 0.0


def table_fit(g: Grid, kind: str) -> float:
    """How well a table fits an item of statement ``kind``: its statement's bonus or
    another statement's penalty, less for an exhibit's table."""
    exhibit = EXHIBIT_PENALTY if in_exhibit(g) else 0.0
    return statement_fit(g, kind) - exhibit


def in_exhibit(g: Grid) -> bool:
    """Is the table in an exhibit appended to the report (another entity's statements)?"""
    return bool(_EXHIBIT.search(g.passage.section))


# A table titled by one part of the business ("International Segment Performance
# Summary", "Frozen Foods Division"): its "Gross profit" is the part's, not the company's.
# "Operating segment", "by segment", "Segment information" title no one part.
_ONE_PART = re.compile(
    r"\b([A-Z][\w&'.-]*)\s+(?:[Ss]egment|SEGMENT|[Dd]ivision|DIVISION)\b(?![Ss])"
)
_NO_PART = frozenset(
    {"by", "per", "each", "all", "reportable", "operating", "business", "our", "the", "total"}
    | {"other", "consolidated", "geographic", "and"}
)


def one_part(g: Grid) -> str:
    """The part of the business a table's title names it for ("International"), or ""."""
    for m in _ONE_PART.finditer(head_of(g)):
        if m.group(1).lower() not in _NO_PART:
            return m.group(1)
    return ""


def head_of(g: Grid) -> str:
    """The table's title: its section's last heading, its column header, its first line."""
    p = g.passage
    return "\n".join((p.section.split(" > ")[-1], p.columns, head_line(p.text)))


def titled(g: Grid, kind: str) -> bool:
    """The table is headed by the statement's title, not by a note's words saying where its
    amounts go ("the funded status recognized in our consolidated balance sheets")."""
    head = head_of(g)
    return any(not _MENTION.search(head[: m.start()]) for m in TITLED[kind].finditer(head))


# a note's table mentions the statement its amounts are recognized in: no title of it;
# nor is "the accompanying consolidated balance sheet" ("… held for sale in the
# accompanying consolidated balance sheet as of December 31, 2017"), whatever the verb
_MENTION = re.compile(
    r"(?:\b(?:recogni[sz]ed|reported|included|presented|reflected|recorded|classified)\s+"
    r"(?:in|on|within)\s+(?:our|the)\s+|\baccompanying\s+)"
    r"(?:condensed\s+)?(?:consolidated\s+)?$",
    re.I,
)


def primary(title: str) -> bool:
    """Does a statement's title say it is the group's ("Consolidated", 合并)?"""
    low = title.lower()
    return any(w.lower() in low for w in vocabulary().primary_statement)


def title_words(g: Grid) -> frozenset[str]:
    return frozenset(stem(t) for t in content_terms(head_of(g)) if not t.isdigit())


def asked_words(question: str) -> frozenset[str]:
    """The question's words that may name a part of the business a table is titled by:
    its words other than the vocabulary's (line items, metrics) and periods."""
    vocab = vocabulary()
    known = {stem(w) for i in vocab.items.values() for n in i.names for w in content_terms(n)}
    words = {stem(t) for t in content_terms(question) if not re.search(r"\d", t)}
    return frozenset(words - known - {stem(w) for w in vocab.quantity_words})


def named_statements(question: str) -> frozenset[str]:
    """The statements a question tells to use ("… from the cash flow statement")."""
    return frozenset(k for k, p in _STATEMENT.items() if p.search(question))


def is_statement(g: Grid, kind: str) -> bool:
    return kind in _STATEMENT and bool(_STATEMENT[kind].search(_title(g)))
