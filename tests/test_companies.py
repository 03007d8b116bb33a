"""A question naming one company of a scope holding several companies' reports is asked of
that company's documents; a question naming none, or naming every one, of all of them;
never of a document outside the scope. Invented companies only."""

from __future__ import annotations

from collections import Counter

from agent.companies import company_groups, named_documents, names_a_company
from agent.scope import DocStats

DOCS = ("kestrel-10q", "orrin-release", "orrin-10k")
NAMES = ("KESTRELVANE_2025Q2_10Q.pdf", "ORRIN_LABS_2025Q4_EARNINGS.pdf", "ORRIN_LABS_2025_10K.pdf")
STATS = [
    DocStats(chunks=1, df=Counter(), initials=frozenset({"KQ", "K"})),
    DocStats(chunks=1, df=Counter(), initials=frozenset({"OL", "OLE"})),
    DocStats(chunks=1, df=Counter(), initials=frozenset({"OL"})),
]


def _named(question: str) -> tuple[str, ...]:
    return named_documents(question, DOCS, NAMES, STATS)


def test_a_company_named_by_the_start_of_its_file_name_or_its_initials() -> None:
    assert _named("Which segment grew fastest at Kestrel in 2025?") == ("kestrel-10q",)
    assert _named("What were Orrin's Q4 sales?") == ("orrin-release", "orrin-10k")
    assert _named("How did O&L's margins move?") == ("orrin-release", "orrin-10k")


def test_no_company_or_every_company_named_leaves_the_scope_whole() -> None:
    assert _named("Which segment had the weakest top line in 2025?") == DOCS
    assert _named("Compare Kestrel and Orrin revenue growth.") == DOCS
    # the first word, words every filing's name has, and short or plain words name nobody
    assert _named("Kestrel: what were the earnings?") == DOCS
    assert _named("KESTREL's revenue in 2025?") == ("kestrel-10q",)  # no sentence's capital
    assert _named("What do the Earnings releases say about Labs?") == ("orrin-release", "orrin-10k")
    assert _named("Did EBITDA or Q4 EPS rise?") == DOCS


def test_one_document_in_scope_is_never_narrowed() -> None:
    assert named_documents("Kestrel?", DOCS[1:2], NAMES[1:2], STATS[1:2]) == DOCS[1:2]


def test_documents_are_grouped_by_the_company_their_names_or_covers_name() -> None:
    names = [*NAMES, "ORRINLABS_2024_10K.pdf", "report.pdf"]
    stats = [*STATS, DocStats(chunks=1, df=Counter(), initials=frozenset()), STATS[0]]
    groups = company_groups(names, stats)
    assert groups[1] == groups[2] == groups[3] != groups[0]  # "orrinlabs" starts with "orrin"
    assert groups[4] not in groups[:4]  # a name saying no company: a company of its own
    # a cover's registrant joins a file named otherwise ("Orrin Laboratories Inc.")
    covered = DocStats(chunks=1, df=Counter(), initials=frozenset(), lead="orrin")
    assert company_groups(["annual.pdf", NAMES[1]], [covered, STATS[1]]) == [0, 0]


def test_a_question_names_a_company_or_none() -> None:
    assert names_a_company("What were Orrin's Q4 sales?", NAMES, STATS)
    assert not names_a_company("Which segment had the weakest top line in 2025?", NAMES, STATS)
