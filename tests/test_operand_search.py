"""A missing operand is searched for by its line item's first names, then, once that search
was made and the operand is still missing, by its next names: a filing calling operating
income 'Operating Profit' (the vocabulary's fourth name) was never found when the search
took the first three names only, and all names at once let a common word ('sales') find
another statement's row ('Sales of investments')."""

from __future__ import annotations

from agent.models.planner import _operand_search
from pipeline.text.finance import vocabulary


def _query(key: str, asked: set[str]) -> str:
    return str(_operand_search(key, 2031, asked=asked)["args"]["query"])


def test_an_operand_search_widens_to_every_name_of_its_item_round_by_round() -> None:
    items = vocabulary().items
    assert len(items["operating_income"].names) > 3  # the case that failed
    for key, line in items.items():
        asked: set[str] = set()
        searched = ""
        for _ in range(0, len(line.names), 3):  # a new search each round
            query = _query(key, asked)
            assert "2031" in query and query not in asked, key
            asked.add(query)
            searched += " " + query
        assert all(name in searched for name in line.names), key


def test_the_first_search_names_only_the_first_names() -> None:
    names = vocabulary().items["revenue"].names
    first = _query("revenue", set())
    assert names[0] in first and names[-1] not in first


def test_a_chinese_questions_operand_search_tries_the_chinese_names_first() -> None:
    # a Chinese report names its rows in Chinese: its first search must not be spent on
    # "total revenue total revenues total net revenue"
    for key in ("revenue", "total_assets", "cost_of_revenue"):
        names = vocabulary().items[key].names
        zh = [n for n in names if any("\u4e00" <= ch <= "\u9fff" for ch in n)]
        first = str(_operand_search(key, None, lang="zh")["args"]["query"])
        assert first.split()[: len(zh[:3])] == zh[:3], (key, first)
        # and every name is still reached, round by round
        asked: set[str] = set()
        searched = ""
        for _ in range(0, len(names), 3):
            query = str(_operand_search(key, None, asked=asked, lang="zh")["args"]["query"])
            asked.add(query)
            searched += " " + query
        assert all(name in searched for name in names), key
    # an English question keeps the vocabulary's order
    assert vocabulary().items["revenue"].names[0] in _query("revenue", set())


def test_an_operand_a_formula_sums_searches_each_of_its_items() -> None:
    # a ratio's denominator wanted as "total_debt + total_equity" (invested capital) is two
    # rows, not one key: asking the vocabulary for the sum had crashed the planner
    from agent.figures.candidate import FigureAnswer
    from agent.models.planner import _operand_calls

    items = vocabulary().items
    calls = _operand_calls(FigureAnswer(wanted=[("total_debt + total_equity", 2031)]), set(), set())
    queries = " ".join(str(c["args"]["query"]) for c in calls)
    assert items["total_debt"].names[0] in queries and items["total_equity"].names[0] in queries
