"""Financial statements printed without their item heading close the discussion before
them: a set of primary statement titles ends an open "Item 7." and opens sections of
their own, the notes after them are their siblings, and a heading of the discussion
that only reads like a title leaves the item alone; a statement of equity is a title of
its own (pipeline/parse/statement_sections.py, pipeline/parse/headings.py)."""

from __future__ import annotations

from pathlib import Path

from pipeline.parse.statement_sections import closable_item, statement_kind
from testkit.pdfgen import Item
from tests.fixture_types import FlowPdf, SectionOf

BODY = (
    "The ferry company keeps its ledgers in the usual way and explains each figure in "
    "plain words for the readers of this report, year after year."
)


def _h(text: str) -> Item:
    return Item(text, bold=True)


DISCUSSION = [
    _h("PART II"),
    _h("Item 7. Management's Discussion and Analysis of Results"),
    Item("Crossings rose in the summer. " + BODY),
    _h("Liquidity and Funding"),
    Item("The ferries were paid for in cash. " + BODY),
]


def test_statements_after_the_discussion_close_its_item(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "ferries.pdf",
        [
            DISCUSSION,
            [_h("Consolidated Statement of Income"), Item("Fares collected were counted. " + BODY)],
            [_h("Consolidated Balance Sheet"), Item("Hulls on hand were valued. " + BODY)],
            [
                _h("Consolidated Statement of Cash Flows (continued)"),
                Item("Cash from fares was received. " + BODY),
            ],
            [
                _h("Note 1 - Basis of Presentation"),
                Item("The ledgers follow the usual rules. " + BODY),
                _h("Note 2 - Leases"),
                Item("Piers are leased from the town. " + BODY),
            ],
            [_h("Item 7A. Market Risk"), Item("Fuel prices move. " + BODY)],
        ],
    )
    assert section_of(parsed, "paid for in cash") == [
        "PART II",
        "Item 7. Management's Discussion and Analysis of Results",
        "Liquidity and Funding",
    ]
    assert section_of(parsed, "Fares collected") == ["PART II", "Consolidated Statement of Income"]
    assert section_of(parsed, "Hulls on hand") == ["PART II", "Consolidated Balance Sheet"]
    assert section_of(parsed, "Cash from fares") == [
        "PART II",
        "Consolidated Statement of Cash Flows (continued)",
    ]
    assert section_of(parsed, "usual rules") == ["PART II", "Note 1 - Basis of Presentation"]
    assert section_of(parsed, "Piers are leased") == ["PART II", "Note 2 - Leases"]
    assert section_of(parsed, "Fuel prices") == ["PART II", "Item 7A. Market Risk"]


def test_a_discussion_heading_that_reads_like_a_title_leaves_the_item_open(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "discussion.pdf",
        [
            DISCUSSION,
            [
                _h("Consolidated Statements of Cash Flows"),
                Item("Cash from fares rose by a tenth. " + BODY),
                _h("Analysis of the Consolidated Statements of Income"),
                Item("Fares rose with the summer crowds. " + BODY),
            ],
        ],
    )
    item = ["PART II", "Item 7. Management's Discussion and Analysis of Results"]
    assert section_of(parsed, "rose by a tenth")[:2] == item
    assert section_of(parsed, "summer crowds")[:2] == item


def test_statements_under_their_own_item_stay_there(
    tmp_path: Path, flow_pdf: FlowPdf, section_of: SectionOf
) -> None:
    parsed = flow_pdf(
        tmp_path / "item8.pdf",
        [
            [
                Item("PART II", size=15, bold=True),
                Item("Item 8. Financial Statements and Supplementary Data", size=13, bold=True),
                Item(BODY),
            ],
            # the statement titles rank with the caps title of their print
            [_h("REPORT OF THE INDEPENDENT AUDITORS"), Item("We audited the ledgers. " + BODY)],
            [_h("Consolidated Statement of Income"), Item("Fares collected were counted. " + BODY)],
            [_h("Consolidated Balance Sheet"), Item("Hulls on hand were valued. " + BODY)],
            [
                _h("Consolidated Statements of Equity"),
                Item("Retained earnings grew. " + BODY),
            ],
        ],
    )
    assert section_of(parsed, "Hulls on hand") == [
        "PART II",
        "Item 8. Financial Statements and Supplementary Data",
        "Consolidated Balance Sheet",
    ]
    # a statement of equity is a statement of its own, not a part of the balance sheet
    assert section_of(parsed, "Retained earnings grew") == [
        "PART II",
        "Item 8. Financial Statements and Supplementary Data",
        "Consolidated Statements of Equity",
    ]


def test_primary_titles_are_told_from_headings_that_mention_one() -> None:
    assert statement_kind("HARBOUR FERRIES INC. CONSOLIDATED BALANCE SHEETS (In millions)") == (
        "balance"
    )
    assert statement_kind("Ferry Holdings plc and Subsidiaries Consolidated Statement of Equity")
    assert statement_kind("Consolidated Statements of Operations and Comprehensive Loss") == (
        "comprehensive"
    )
    assert statement_kind("Analysis of the Consolidated Statements of Income") is None
    assert statement_kind("Condensed Consolidated Balance Sheet of the Guarantors") is None
    assert statement_kind("Balance Sheet for the Obligor Group") is None
    assert statement_kind("Changes in our Consolidated Financial Statements") is None
    assert closable_item("Item 7. Management's Discussion and Analysis")
    assert not closable_item("Item 1. Financial Statements")
    assert not closable_item("Item 15. Exhibits and Schedules")
