"""Query expansion, fusion and chunking rules that retrieval quality rests on."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.chunk import chunk_document
from pipeline.models import Block, Line, Page, ParsedDocument
from pipeline.parse.furniture import mark_furniture
from pipeline.parse.headings import mark_headings
from pipeline.service import Folio
from pipeline.stages.embed import embedding_text
from pipeline.store.fusion import rrf
from pipeline.text.expand import expand_query, normalize_query
from pipeline.text.segment import joined_acronyms, query_terms
from testkit.agentdocs import ingest_text


def test_metric_questions_expand_to_statement_words() -> None:
    assert "current liabilities" in expand_query("Has the quick ratio improved?").text
    assert "gross profit" in expand_query("Does it have an improving gross margin profile?").text
    assert "营业成本" in expand_query("公司的毛利率是多少？").text
    assert not expand_query("Who signed the lease?")
    assert expand_query("Which region grew most?").strength < expand_query("EBITDA?").strength
    assert "2023" in normalize_query("revenue in FY2023") and "2022" in normalize_query("FY22")


def test_weighted_rrf() -> None:
    fused = rrf([(1.0, ["a", "b"]), (0.5, ["b", "c"]), (0.0, ["z"])], k=60)
    assert fused["b"] > fused["a"] > fused["c"] and "z" not in fused


def test_expansion_finds_the_statement_page(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(
        folio,
        tmp_path,
        "report.md",
        "# Management discussion\n\nOur margins are a focus and the quick ratio matters to us; "
        "margin discussions continue.\n\n# Consolidated balance sheets\n\n"
        "Total current assets  5,000  4,800\n\nTotal current liabilities  2,500  2,600\n",
    )
    hits = folio.search("Has the quick ratio improved?", [doc], k=3)
    assert any("balance sheets" in h.section.lower() for h in hits)


def test_the_expanded_query_keeps_the_words_no_rule_matched() -> None:
    e = expand_query("Did overseas revenue growth beat domestic revenue growth?")
    assert "overseas" in e.rest and "domestic" in e.rest and "revenue growth" not in e.rest
    assert e.query.startswith(e.text) and "overseas" in e.query


def test_a_dotted_acronym_is_found_as_the_question_writes_it(folio: Folio, tmp_path: Path) -> None:
    assert (
        joined_acronyms("U.S. and U.K. ports, e.g. here") == "U.S. US and U.K. UK ports, e.g. here"
    )
    assert "it" in query_terms("What did IT spending do?") and "it" not in query_terms("Was it?")
    doc = ingest_text(
        folio,
        tmp_path,
        "regions.md",
        "# Regions\n\nFreight in the U.S. was 5,000 tonnes in the year.\n\n"
        "# Outlook\n\nWe expect freight to grow next year in every market we serve, "
        "and the board told us so at some length.\n",
    )
    (top,) = folio.search("US freight", [doc], k=1)
    assert "U.S." in top.text


def _page(n: int, blocks: list[tuple[str, tuple[float, float, float, float], bool]]) -> Page:
    return Page(
        page=n,
        width=612,
        height=1008,
        blocks=[
            Block(
                page=n,
                text=t,
                box=box,
                bold=bold,
                font_size=10,
                lines=[Line(text=ln, box=box) for ln in t.split("\n")],
            )
            for t, box, bold in blocks
        ],
    )


def test_statement_rows_stay_in_one_chunk_under_their_title() -> None:
    rows = "\n".join(f"Line item {i}  {i},000  {i + 1},000" for i in range(30))
    page = _page(
        1,
        [
            (
                "Prose paragraph about the year that is long enough to be body text here.",
                (50, 40, 560, 60),
                False,
            ),
            ("ACME CORP CONSOLIDATED STATEMENTS OF INCOME", (50, 80, 400, 92), False),
            ("For the years ended June 30,  2023  2022", (50, 95, 400, 107), True),
            (rows, (50, 110, 560, 400), False),
        ],
    )
    parsed = ParsedDocument(kind="pdf", pages=[page])
    mark_headings(parsed.pages, [])
    kinds = [(b.kind, b.text[:20]) for b in page.blocks]
    assert kinds[1][0] == "heading" and kinds[2][0] != "heading"
    chunks = chunk_document("d", parsed, max_tokens=220)
    statement = [c for c in chunks if "Line item 0" in c.text]
    assert len(statement) == 1 and "Line item 29" in statement[0].text
    assert statement[0].section[-1] == "ACME CORP CONSOLIDATED STATEMENTS OF INCOME"


def test_page_numbers_right_under_the_text_are_furniture() -> None:
    pages = [
        _page(
            n,
            [
                ("Body text of the page goes here.", (50, 40, 560, 300), False),
                (str(n + 10), (300, 320, 310, 330), False),
            ],
        )
        for n in range(1, 6)
    ]
    mark_furniture(pages)
    assert all(p.blocks[-1].kind == "footer" for p in pages)
    assert all(p.blocks[0].kind == "paragraph" for p in pages)


def test_embedding_text_drops_numbers_and_caps_length() -> None:
    from pipeline.models import Chunk

    ch = Chunk(
        chunk_id="d#0",
        doc_id="d",
        n=0,
        section=["Income"],
        page_start=1,
        page_end=1,
        text="Net income  $ 1,058  $ 815\n" + "word " * 400,
    )
    text = embedding_text(ch, max_tokens=64)
    assert text.startswith("Income\nNet income")
    assert "1,058" not in text and "$" not in text
    assert len(text.split()) < 70


def test_page_diversity_spreads_the_top_over_pages() -> None:
    from pipeline.store.fusion import diversify

    scores = {"a": 1.0, "b": 0.9, "c": 0.8, "d": 0.6}
    pages = {"a": ("x", 1), "b": ("x", 1), "c": ("x", 1), "d": ("x", 2)}
    out = diversify(scores, pages, 0.5)
    assert sorted(out, key=lambda c: -out[c])[:2] == ["a", "d"]
    assert diversify(scores, pages, 1.0) == scores


def test_a_fiscal_year_question_searches_full_year_columns(folio: Folio, tmp_path: Path) -> None:
    assert normalize_query("growth in FY2025").endswith("full year")
    assert "full year" not in normalize_query("stores at Q2 of FY2025")
    assert "full year" not in normalize_query("stores in the second quarter of FY2025")
    table = "| ($ in millions) {title} | 2025 | 2024 | % Change |\n|---|---|---|---|\n"
    rows = "| Domestic | {a} | 4,800 | 8.3% |\n| Overseas | {b} | 2,200 | (4.5)% |\n"
    doc = ingest_text(
        folio,
        tmp_path,
        "release.md",
        "# Regional sales results\n\n"
        + table.format(title="Q4")
        + rows.format(a="1,300", b="540")
        + "\n\n"
        + table.format(title="Full Year")
        + rows.format(a="5,200", b="2,100")
        + "\n# Outlook\n\nDomestic and overseas sales should both grow next year.\n",
    )
    top = folio.search("How did domestic sales growth compare to overseas in FY2025?", [doc], k=1)
    assert "5,200" in top[0].text


def test_a_quarter_asked_of_a_line_item_searches_the_statements_column_words() -> None:
    assert "three months ended" in expand_query("What were revenues in the second quarter?").text
    assert "three months ended" in expand_query("What was COGS in Q2 2025?").text
    assert "three months ended" not in expand_query("Revenue in the six months ended June?").text
    assert not expand_query("Who joined the board in the second quarter?")  # no line item


@pytest.mark.parametrize(
    "question",
    [
        "How much did the cooperative spend buying back its units?",
        "Did the firm buy back stock last year?",
        "How many shares were bought back in 2030?",
    ],
)
def test_buying_back_shares_in_any_inflection_searches_for_repurchases(question: str) -> None:
    assert "repurchase" in expand_query(question).text
