"""The summary's note on the sections its overview leaves out, in each interface language."""

from __future__ import annotations

from ui.summary_view import summary_html

DATA = {"title": "渡轮公司", "overview": [], "sections": [], "left_out": ["港口灯笼", "渡轮票价"]}


def test_the_left_out_sections_are_listed_as_each_language_lists() -> None:
    zh = summary_html(DATA, "zh")
    assert "全文摘要未涉及：港口灯笼、渡轮票价" in zh and ";" not in zh.split("未涉及")[1][:20]
    en = summary_html(DATA, "en")
    assert "The overview leaves out: 港口灯笼; 渡轮票价" in en
    assert "no quotable text" not in en  # they have text; the overview's points are capped


def test_a_summary_with_nothing_to_quote_says_why_in_each_language() -> None:
    # A 10-K excerpt of statements only showed an "Overview" heading over nothing.
    from pipeline.knowledge.models import Summary
    from pipeline.knowledge.summary import summary_markdown

    empty = {"title": "Statements", "overview": [], "sections": [], "left_out": []}
    en, zh = summary_html(empty, "en"), summary_html(empty, "zh")
    assert "No sentence of prose was found to quote" in en and "ask about its figures" in en
    assert "没有找到可以摘录为摘要的叙述句" in zh
    assert "No sentence of prose" not in summary_html(DATA, "en")  # it has sections to name
    md = summary_markdown(Summary(), "Statements")
    assert "No sentence of prose was found to quote" in md
    assert "\n-\n" not in md and "By section" not in md
    assert "没有找到可以摘录" in summary_markdown(Summary(), "报表", lang="zh")
