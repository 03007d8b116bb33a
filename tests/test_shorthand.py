"""An analyst's shorthand is written out in the scope's own words before the question is
read (``agent/question/shorthand.py``): abbreviations of amounts ("CFO", "LTD") when the
question asks an amount, cut words ("Ops"), compact periods ("1H23", "Q4'22") and a
company's ticker. Invented questions about an invented company, Quillfeather."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from agent.figures.items import named_item
from agent.figures.periods import asked_periods
from agent.initialisms import capitalised_names, spelled_initials
from agent.question.shorthand import spelled_in_scope
from agent.scope import DocStats, ScopeStats, known_as, trading_symbols

FILING_WORDS = Counter(
    {
        "cash": 40,
        "from": 90,
        "operations": 30,
        "operating": 25,
        "long": 12,
        "term": 12,
        "debt": 20,
        "pharmaceutical": 15,
        "pharma": 1,
        "international": 9,
    }
)


def used(word: str) -> int:
    return FILING_WORDS[word.lower()]


class Filing:
    """A scope using the words it is given (``FILING_WORDS`` unless told), with tickers
    and capitalised names."""

    def __init__(
        self,
        df: Callable[[str], int] = used,
        tickers: dict[str, str] | None = None,
        names: Counter[str] | None = None,
    ) -> None:
        self.df = df
        self.tickers = tickers or {}
        self.names = names or Counter()

    def present(self, term: str) -> bool:
        return self.df(term) > 0

    def ticker_names(self) -> dict[str, str]:
        return self.tickers

    def initials_name(self, letters: str, said: str = "") -> str:
        return spelled_initials(letters, self.names, said)


def spelled(question: str, df: Callable[[str], int] = used, **scope: Any) -> str:
    return spelled_in_scope(question, Filing(df, **scope))


def test_an_abbreviated_amount_is_spelled_out_when_an_amount_is_asked() -> None:
    for q in (
        "What was Quillfeather's CFO in FY19?",
        "By how much did Quillfeather's CFO rise in FY21 vs FY20?",
    ):
        said = spelled(q)
        assert "CFO" not in said and "cash" in said, said
    said = spelled("Did Quillfeather's LTD shrink in FY21?")
    assert "long-term debt" in said and "LTD" not in said


def test_an_abbreviation_naming_a_person_or_closing_a_name_stays() -> None:
    for q in (
        "Who was Quillfeather's CFO in FY21?",
        "When was Quillfeather's CFO appointed?",
        "What is the name of the CFO of Quillfeather Ltd?",
        "What was Quillfeather Ltd's revenue in FY21?",
    ):
        assert spelled(q) == q


def test_nothing_is_written_in_that_the_scope_does_not_use() -> None:
    q = "What was Quillfeather's LTD at YE2021?"
    assert "LTD" in spelled(q, lambda w: 0 if w == "debt" else used(w))
    # a cut word stays when the scope writes it so more often than the whole word
    q = "What were Quillfeather's Pharma sales in FY22?"
    assert "Pharmaceutical sales" in spelled(q)
    assert "Pharma sales" in spelled(q, lambda w: 50 if w == "pharma" else used(w))


def test_a_cut_word_keeps_the_case_it_was_written_in() -> None:
    said = spelled("What was Quillfeather's Regional Ops EBITDAR in FY22?")
    assert "Regional Operations EBITDAR" in said
    said = spelled("How did Quillfeather's MedTech growth compare to Pharma's in FY22?")
    assert said.endswith("to Pharmaceutical's in FY22?")
    assert "intl sales" not in spelled("Quillfeather's intl sales in FY22")


def test_a_cut_word_with_a_plurals_apostrophe_is_written_whole() -> None:
    # "Regional Ops' EBITDAR": the bare apostrophe of a plural's possessive ends the word
    said = spelled("How did the Strip's EBITDAR growth compare with Regional Ops' in FY22?")
    assert said.endswith("Regional Operations' in FY22?")
    assert "Operations'" in spelled("Did Regional Ops' casino revenue fall in FY22?")
    assert "Opsx" in spelled("What was Quillfeather's Opsx count in FY22?")  # no cut word


def test_a_compact_period_is_read_as_its_spelled_out_form() -> None:
    pairs = (
        ("What were Quillfeather's sales in 1H23?", "What were Quillfeather's sales in H1 FY2023?"),
        ("Quillfeather's sales in Q4'22", "Quillfeather's sales in Q4 FY2022"),
        ("Quillfeather's sales in 3Q22", "Quillfeather's sales in the third quarter of 2022"),
        ("Quillfeather's sales in 2H'24", "Quillfeather's sales in the second half of 2024"),
        ("Quillfeather's sales in 9M23", "Quillfeather's sales in the nine months of 2023"),
    )
    for compact, whole in pairs:
        assert asked_periods(compact) != asked_periods(whole), compact  # unread before
        assert asked_periods(spelled(compact)) == asked_periods(whole), compact
    # a figure is no period: "1,234" and "12Q" stay as written
    assert spelled("sales of 1,234 in 12Q") == "sales of 1,234 in 12Q"


def test_a_ticker_is_read_as_the_company_it_names() -> None:
    q = "What was QLFR's CFO in FY21?"
    said = spelled(q, tickers={"QLFR": "Quillfeather"})
    assert said.startswith("What was Quillfeather's ") and "QLFR" not in said
    assert spelled("QLFRX fund flows", tickers={"QLFR": "Quillfeather"}).startswith("QLFRX")


def test_a_cover_read_as_text_states_its_symbol_and_name() -> None:
    cover = (
        "Title of each class  Trading symbol(s)  Name of each exchange on which registered\n"
        "Ordinary Shares, Par Value $0.01 Per Share  QLFR  New York Stock Exchange"
    )
    assert trading_symbols([cover]) == {"QLFR"}
    own = _stats("QLFR", "Quillfeather")
    named = _stats("QUILL", "Quill")  # the symbol is the name itself: nothing to write in
    assert ScopeStats([own, named]).ticker_names() == {"QLFR": "Quillfeather"}


def test_a_registrant_goes_by_its_name_without_its_kind() -> None:
    assert known_as("QUILLFEATHER PLC") == "Quillfeather"
    assert known_as("BARROW & HALE CO., INC.") == "Barrow & Hale"


def _stats(symbol: str, company: str) -> DocStats:
    return DocStats(
        chunks=1, df=Counter(), initials=frozenset(), symbols=frozenset({symbol}), company=company
    )


def test_sga_is_the_row_a_filing_words_with_its_own_middle_word() -> None:
    # pharmaceutical companies print "selling, informational and administrative", medical
    # ones "selling, marketing and administrative": both are the SG&A line
    for label in (
        "Selling, informational and administrative expenses",
        "Selling, marketing and administrative expenses",
        "Selling, general and administrative expenses",
    ):
        assert named_item(label) == "sga", label


SEGMENTS = """Digital Media revenue grew. Digital Marketing revenue grew.
Digital Media ARR rose; Digital Media subscriptions rose. Digital Marketing bookings fell.
Digital Media margins held. Digital Marketing margins fell. Data Management costs rose."""


def test_initials_are_the_name_the_scope_capitalises_most() -> None:
    names = capitalised_names(SEGMENTS.splitlines())
    said = spelled("What was Quillfeather's DM revenue in FY16?", names=names)
    assert "Digital Media revenue" in said
    # the other name is the one a question comparing them already writes out
    q = "How did Quillfeather's DM margin compare to Digital Media's in FY16?"
    assert "Digital Marketing margin" in spelled(q, names=names)
    # a metric's acronym, a name written too seldom, or initials the scope uses stay
    assert spelled("Quillfeather's EPS in FY16", names=names) == "Quillfeather's EPS in FY16"
    names["Other Comprehensive Income"] = 9  # "OCI" is the vocabulary's abbreviation
    assert spelled("Quillfeather's OCI in FY16", names=names) == "Quillfeather's OCI in FY16"
    assert spelled("Quillfeather's DMC in FY16", names=names) == "Quillfeather's DMC in FY16"
    owner = "What was DM's revenue in FY16?"  # another company's, asked of this scope
    assert spelled(owner, names=names) == owner
    kept = spelled("Quillfeather's DM in FY16", lambda w: 4 if w == "DM" else 0, names=names)
    assert kept == "Quillfeather's DM in FY16"
