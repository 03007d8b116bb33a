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
