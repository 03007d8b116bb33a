"""A ranking's members are of the kind and the level asked: a row that is the sum of the
others is their total, not a member; a parent row's children are another level; one
product's "US / Intl / WW" rows are no products; a region's finest split is read over a
table cut into chunks. Invented companies only (``figures/member_levels.py``,
``figures/ranking.py``, ``figures/joined_rows.py``)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.figures.member_levels import is_place, members_of
from tests.test_figure_ranking import _lines

SPLIT = """| Product sales (in millions) | 2025 | 2024 |
|---|---|---|
| ORVANT net sales: |  |  |
| US | 300 | 320 |
| Intl | 200 | 260 |
| WW | 500 | 580 |"""

FRANCHISES = """| Franchise sales (in millions) | 2025 | 2024 |
|---|---|---|
| Surgery | 900 | 1,000 |
| Advanced | 400 | 450 |
| General | 500 | 550 |
| Vision | 540 | 400 |
| Contact Lenses | 300 | 250 |
| Surgical | 240 | 150 |
| Robotics | 300 | 200 |
| Total franchise sales | 1,740 | 1,600 |"""

HEAD = "| Sales by geographic area (in millions) | 2025 | 2024 |\n|---|---|---|\n"
FIRST = HEAD + "| U.S. | 1,300 | 1,200 |\n| Asia-Pacific | 430 | 400 |"
SECOND = (
    HEAD
    + "| Europe | 580 | 600 |\n| International | 1,010 | 1,000 |\n| Worldwide | 2,310 | 2,200 |"
)


def _answer(question: str, *texts: str) -> list[str]:
    passages = [
        Passage(chunk_id=f"kv#{i}", doc_id="kv", page=7, page_end=7, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    a = figure_answer(
        question, [Evidence(tool="search_document", query="q", passages=passages)], "en"
    )
    return a.lines if a is not None else []


def test_one_products_split_by_place_ranks_no_products() -> None:
    said = " ".join(_answer("Which product's sales fell the most in FY2025?", SPLIT))
    assert "Intl had" not in said and "US had" not in said, said


def test_a_franchise_is_ranked_among_the_top_level() -> None:
    lines = _lines("Which franchise grew fastest in FY2025?", FRANCHISES)
    assert lines[0].startswith("Robotics had the highest"), lines
    said = " ".join(lines)
    assert "Surgery" in said and "Vision" in said, lines
    assert "Surgical =" not in said and "Advanced =" not in said, lines


def test_a_named_parent_asks_for_its_children() -> None:
    lines = _lines("Which Vision product grew fastest in FY2025?", FRANCHISES)
    assert lines[0].startswith("Surgical had the highest"), lines
    assert "Robotics" not in " ".join(lines), lines


def test_a_regions_finest_split_over_the_tables_chunks() -> None:
    lines = _lines("Which region's sales fell in FY2025?", FIRST, SECOND)
    assert lines[0].startswith("Europe had the lowest"), lines
    said = " ".join(lines)
    assert "U.S." in said and "Asia-Pacific" in said, lines
    assert "International" not in said and "Worldwide" not in said, lines


def test_totals_parents_and_places() -> None:
    from agent.figures.grid import Row

    def row(label: str, v: float) -> Row:
        return Row(label, (v,), (str(v),), 0, 0)

    split = [row("US", 300), row("Intl", 200), row("Total", 500)]
    kept = members_of(split, 0, "which product")
    assert [r.label for r in kept.rows] == ["US", "Intl"] and kept.totalled
    assert is_place("Western Hemisphere excluding U.S.") and is_place("Intl")
    assert not is_place("North") and not is_place("MGM China")
