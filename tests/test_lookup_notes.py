"""Single figures asked of notes' rows and in wordings the statements' items do not
cover: a row the question names by its whole label beyond the item's name ("interest
expense, net of amounts capitalized"), a kind of an item named before it by several
words ("raw materials and supplies inventory"), an amount asked per share (not its
total). Invented documents only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer, figure_candidates
from agent.figures.named_in_full import named_in_full
from agent.figures.per_share_asked import asks_amount_per_share
from pipeline.text.finance import vocabulary


def _evidence(*texts: str, sections: tuple[str, ...] = ()) -> list[Evidence]:
    passages = [
        Passage(
            chunk_id=f"co#{i}",
            doc_id="co",
            page=20 + i,
            page_end=20 + i,
            text=t,
            rank=i + 1,
            section=sections[i] if i < len(sections) else "",
        )
        for i, t in enumerate(texts)
    ]
    df = {"materials": 5, "supplies": 4, "finished": 4, "goods": 6, "inventory": 40}
    return [
        Evidence(tool="search_document", query="q", passages=passages, term_df=df, scope_chunks=900)
    ]


OWN_INCOME = """| CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands) \
| Year Ended December 31, 2024 \
| Year Ended December 31, 2023 |
|---|---|---|
| Total revenues | 9,400,100 | 8,900,200 |
| Operating income | 1,500,300 | 1,300,400 |
| Interest expense, net of amounts capitalized | (612,450) | (598,120) |
| Income before income taxes | 890,000 | 700,000 |"""

OTHER_ENTITY = """| STATEMENTS OF OPERATIONS (In thousands) | Year Ended December 31, 2024 \
| Year Ended December 31, 2023 |
|---|---|---|
| Net revenues | 1,210,000 | 1,150,000 |
| Interest expense, net | (77,310) | (70,020) |
| Net income | 140,000 | 120,000 |"""


def test_a_row_named_by_its_whole_label_beats_the_items_bare_name() -> None:
    ev = _evidence(OTHER_ENTITY, OWN_INCOME)  # the other table ranks first
    q = "How much interest expense, net of amounts capitalized, did Brenmoor incur in 2024?"
    a = figure_answer(q, ev, "en")
    assert a is not None and a.lines, a
    assert "612,450" in a.lines[0] and "77,310" not in a.lines[0], a.lines
    plain = figure_answer("What was Brenmoor's interest expense, net in 2024?", ev, "en")
    assert plain is not None and "77,310" in plain.lines[0], plain  # its own row


def test_named_in_full_needs_the_label_beyond_the_items_name() -> None:
    item = vocabulary().items["depreciation_amortization"]
    q = "How much depreciation expense did Orrin record in 2024?"
    assert named_in_full(q, "Depreciation expense", item)
    assert not named_in_full(q, "Depreciation and amortization", item)
    assert not named_in_full("What was Orrin's depreciation in 2024?", "Depreciation", item)


INVENTORY_NOTE = """| Note 4 — Inventories (in millions) | 2024 | 2023 |
|---|---|---|
| Raw materials and supplies | $ 1,310 | $ 1,275 |
| Work in process | 402 | 388 |
| Finished goods | 2,915 | 2,604 |
| Total inventories | $ 4,627 | $ 4,267 |"""

BALANCE = """| Consolidated Balance Sheets (in millions) | 2024 | 2023 |
|---|---|---|
| Cash and cash equivalents | 2,100 | 1,900 |
| Inventories | 4,627 | 4,267 |
| Total current assets | 9,870 | 9,015 |"""


def _searched(q: str, ev: list[Evidence]) -> list[Evidence]:
    """The turn after the searches the figure asks for ran (finding nothing new)."""
    first = figure_answer(q, ev, "en")
    assert first is not None
    return [*ev, *(Evidence(tool="search_document", query=s, passages=[]) for s in first.searches)]


def test_a_kind_of_an_item_named_before_it_by_several_words_is_its_row() -> None:
    ev = _evidence(BALANCE, INVENTORY_NOTE)
    q = "How much raw materials and supplies inventory did Orrin hold at the end of 2024?"
    a = figure_answer(q, _searched(q, ev), "en")
    assert a is not None and a.lines, a
    assert "1,310" in a.lines[0] and "4,627" not in a.lines[0], a.lines
    q = "How much finished goods inventory did Orrin have in 2024?"
    one = figure_answer(q, _searched(q, ev), "en")
    assert one is not None and "2,915" in one.lines[0], one
    whole = figure_answer("How much inventory did Orrin hold at the end of 2024?", ev, "en")
    assert whole is not None and "4,627" in whole.lines[0], whole


CASH = """| Consolidated Statements of Cash Flows (in millions) | 2024 | 2023 |
|---|---|---|
| Net cash provided by operating activities | 3,310 | 2,980 |
| Dividends paid | (1,610) | (1,575) |"""


def test_an_amount_asked_per_share_is_not_its_totals_cell() -> None:
    assert asks_amount_per_share("What cash dividends did Orrin declare per common share in 2024?")
    assert asks_amount_per_share("What cash dividends per share did ORL pay in 2024?")
    assert not asks_amount_per_share("What were Orrin's diluted earnings per share in 2024?")
    assert not asks_amount_per_share("What cash dividends did Orrin pay in 2024?")
    ev = _evidence(CASH)
    per = figure_candidates("What cash dividends per share did Orrin pay in 2024?", ev, "en")
    assert not any("1,610" in line for fa in per for line in fa.lines), per
    total = figure_answer("What cash dividends did Orrin pay in 2024?", ev, "en")
    assert total is not None and "1,610" in total.lines[0], total


OPEX = """| Operating expenses (in millions) | 2024 | 2023 |
|---|---|---|
| Fulfillment | 14,020 | 12,310 |
| Technology and content | 9,840 | 8,770 |
| Total operating expenses | 23,860 | 21,080 |"""

# a chunk continuing a "Percent of net sales" block: its heading stayed in the chunk before
OPEX_SHARES = """| (in millions) | 2024 | 2023 |
|---|---|---|
| Technology and content | 12.8 | 12.4 |
| Marketing | 6.7 | 5.9 |"""


def test_a_row_asked_by_its_own_name_is_its_amount_not_its_share() -> None:
    ev = _evidence(OPEX_SHARES, OPEX)  # the shares' chunk ranks first
    a = figure_answer("What was Orrin's technology and content spending in 2024?", ev, "en")
    assert a is not None and a.lines, a
    assert "9,840" in a.lines[0] and "12.8" not in a.lines[0], a.lines


def test_an_amount_asked_by_wording_alone_wants_a_figure() -> None:
    from agent.models.answering.scoring import wants_figure
    from agent.question.parsed import parse

    for q in (
        "What was Orrin's technology and content spending in 2024?",
        "What was ORL's stock-based compensation expense for 2024?",
        "What did Orrin record as stock-based compensation in FY2024?",
    ):
        assert wants_figure(parse(q)), q
    for q in ("What was Orrin's strategy in 2024?", "What were Orrin's main risks in 2024?"):
        assert not wants_figure(parse(q)), q


EQUITY_THOUSANDS = """| CONSOLIDATED BALANCE SHEETS (In thousands, except par value) \
| November 29, 2024 \
| December 1, 2023 |
|---|---|---|
| Total liabilities | 6,075,687 | 5,272,411 |
| Common stock, $0.0001 par value; 900,000 shares authorized; 600,834 shares issued; \
488,117 and 493,020 shares outstanding, respectively | 61 | 61 |
| Retained earnings | 9,573,870 | 8,114,517 |"""

EQUITY_BROKEN = """| CONSOLIDATED BALANCE SHEETS (In thousands, except share data) | June 30, 2024 \
| December 31, 2023 |
|---|---|---|
| Stockholders' equity |  |  |
| Common stock, $0.01 par value: authorized 1,000,000,000 shares, issued and outstanding \
341,220,118 and |  |  |
| 366,004,250 shares | 3,412 | 3,660 |
| Retained earnings | 4,382,588 | 4,794,239 |"""


def test_shares_outstanding_a_label_states_are_read_by_column() -> None:
    a = figure_answer(
        "How many Orrin shares were outstanding at the end of fiscal 2024?",
        _evidence(EQUITY_THOUSANDS),
        "en",
    )
    assert a is not None and a.lines, a
    assert a.lines[0].startswith("488,117 thousand shares") and "2024" in a.lines[0], a.lines
    prior = figure_answer(
        "How many shares of Orrin were outstanding as of December 1, 2023?",
        _evidence(EQUITY_THOUSANDS),
        "en",
    )
    assert prior is not None and prior.lines[0].startswith("493,020 thousand"), prior
    # a label the page broke over two lines; a table whose share data is not in thousands
    b = figure_answer(
        "How many Orrin shares were issued and outstanding as of June 30, 2024?",
        _evidence(EQUITY_BROKEN),
        "en",
    )
    assert b is not None and b.lines[0].startswith("341,220,118 shares were"), b


# the parse repeats a year's header over the blank column a percentage line uses
MDNA_EXPENSES = """| (MILLIONS) | Year Ended December 31, 2024 | Year Ended December 31, 2023 \
| Year Ended December 31, 2023 | Year Ended December 31, 2022 | % Change 21/20 |
|---|---|---|---|---|---|
| Cost of sales | $9,120 | $8,450 |  | $8,054 | 8 |
| Percentage of Revenues | 37.9 % |  | 20.4 % |  |  |
| Selling, marketing and medical affairs expenses | 6,210 | 5,980 |  | 5,870 | 4 |"""


def test_a_header_repeated_over_an_empty_column_leaves_the_row_dated() -> None:
    ev = _evidence(MDNA_EXPENSES)
    q = "What were Orrin's selling, marketing and medical affairs expenses in 2024?"
    a = figure_answer(q, ev, "en")
    assert a is not None and a.lines, a
    assert "6,210" in a.lines[0] and "5,980" in a.lines[0], a.lines
