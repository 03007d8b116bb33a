"""The question read once (``agent.question``): invented wording, every field a strategy
tests, and the readers agent.figures takes from here instead of from agent.models."""

from __future__ import annotations

from agent.question import parse
from agent.question.compare import asks_change, asks_extreme, wants_minimum, what_is_compared


def test_a_metric_question_names_its_metric_period_and_company() -> None:
    q = parse("What was Quillfeather's operating margin in FY2031?")
    assert q.lang == "en"
    assert q.metrics == ("operating_margin",)
    assert q.periods == (2031,)
    assert q.entities == ("Quillfeather",)
    assert q.operation == "ratio"
    assert q.numeric


def test_operations_are_told_apart() -> None:
    assert parse("Average gross margin from FY2030 to FY2032?").operation == "average"
    assert parse("Which division had the lowest sales in 2031?").operation == "extreme"
    assert parse("What was revenue between FY2030 and FY2032?").operation == "between"
    assert parse("How much did revenue grow year over year in 2031?").operation == "growth"
    assert parse("What share of revenue came from Brindle Isles in 2031?").operation == "share"
    assert parse("In 2031, what % of revenue came from Brindle Isles?").operation == "share"
    assert parse("What portion of 2031 revenue came from Brindle Isles?").operation == "share"
    assert parse("What was R&D as a % of revenue in 2031?").operation != "share"
    assert parse("What were total assets in 2031?").operation == "lookup"
    assert parse("2031年营业收入同比增长多少？").operation == "growth"


def test_an_average_over_a_range_and_a_steadiness_question_read_as_their_computation() -> None:
    # "between" names the average's range; whether a figure held steady is its change
    q = parse("What was the average gross margin between FY2030 and FY2032?")
    assert q.operation == "average"
    assert parse("Was Quillfeather's operating margin stable in FY2031?").operation == "change"
    assert parse("How did revenue trend in 2031?").operation == "change"
    assert parse("2031年营业收入增减情况如何？").operation == "change"
    assert parse("2031年净利润波动大吗？").operation == "change"
    # the top line is the revenue line: asked alone it is a level, with a move it is a change
    assert parse("What was Quillfeather's top line in FY2031?").operation == "lookup"
    assert parse("How did Quillfeather's top line grow in FY2031?").operation != "lookup"


def test_answer_kinds_and_flags() -> None:
    assert "yes/no" in parse("Is the Quillfeather business seasonal?").kinds
    assert "person" in parse("Who is the chief executive of Quillfeather?").kinds
    assert parse("Who is the CFO?").entities == ()  # an office's acronym is no name
    assert parse("第7页讲了什么？").page == 7
    assert parse("Summarize this report").overview
    assert parse("2031年净利润是多少？").lang == "zh"


def test_the_comparison_readers_live_below_figures_and_models() -> None:
    assert asks_extreme("Which orchard had the biggest drop in yield?")
    assert wants_minimum("Which orchard had the biggest drop in yield?")
    assert asks_change("Which orchard had the largest increase in yield?")
    assert "biggest" not in what_is_compared("Which orchard had the biggest harvest?")


def test_an_informal_verb_of_a_move_asks_the_change_a_plain_one_asks() -> None:
    # analysts write "jump", "climb", "go up" where a report prints "increased": the
    # question asks the same change as with "rise" or "fall", never a level
    plain = parse("By how much did Quillfeather's backlog rise in FY2031?").operation
    assert plain == "change"
    for verb in ("jump", "climb", "soar", "surge", "go up", "plunge", "slump"):
        q = f"By how much did Quillfeather's backlog {verb} in FY2031?"
        assert parse(q).operation == plain, verb
        assert asks_change(f"Which division's sales {verb} the most?"), verb
    assert not asks_change("Which rivals does Quillfeather go up against?")


def test_how_much_a_figure_went_up_asks_its_amount() -> None:
    from agent.figures.differences import asks_amount_change

    for verb in ("go up", "went up", "jump", "climb", "go down"):
        assert asks_amount_change(f"How much did Quillfeather's net debt {verb} in FY2031?"), verb
    assert not asks_amount_change("How much did Quillfeather's net debt go up in percent?")
