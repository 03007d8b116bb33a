"""A lone 一 before a measure word is the Chinese indefinite article ("是……属的一种",
"其中一个"), not a figure or a count; "两个", "十一个", "一百个" are counts, and 一 before a
unit of time or measure ("一年", "一米") is still a quantity. Invented sentences."""

from __future__ import annotations

from agent.answer_kinds import count_span, holds


def test_a_kind_of_is_no_figure() -> None:
    asked = "灰背鼩有多长？"
    assert not holds("number", "灰背鼩是鼩鼱科的一种。", asked)
    assert not holds("number", "它是其中一个亚种。", asked)
    assert holds("number", "成体长约12厘米。", asked)
    assert holds("number", "尾巴可长达一米。", asked)
    assert holds("number", "已知有十一种。", asked)


def test_a_count_keeps_its_numeral() -> None:
    asked = "这所学校有几个校区？"
    assert count_span("学校是当地的一所名校。", asked) is None
    text = "学校有两个校区。"
    span = count_span(text, asked)
    assert span is not None and text[span[0] : span[1]] == "两个"
    span = count_span("该校共有十一个社团。", asked)
    assert span is not None
    span = count_span("他用了一年完成。", "他用了几年完成？")
    assert span is not None
