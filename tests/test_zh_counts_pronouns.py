"""Chinese questions: a count or an age in either numeral form ("23岁", "二十三岁") matches
the other, and a pronoun subject ("他", "其") is never read as the name asked about.
Every name and sentence here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.features import hits, make_ask
from agent.numeral_forms import other_forms, to_chinese
from agent.rewrite import _unknown_names, key_terms

ARABIC = "柯明远31岁时做了什么？"
HAN_FORM = "柯明远三十一岁时做了什么？"
SAID_HAN = "退伍以后，三十一岁经朋友介绍，进入青岚公司担任信差。"
SAID_ARABIC = "退伍以后，31岁经朋友介绍，进入青岚公司担任信差。"
DATED = "柯明远于2009年12月31日成立了青岚基金会。"


def _ask(question: str, text: str, df: dict[str, int]) -> set[str]:
    p = Passage(chunk_id="km#2", doc_id="km", page=3, page_end=3, text=text, rank=1)
    ev = Evidence(tool="search_document", query="q", passages=[p], term_df=df, scope_chunks=80)
    return hits(make_ask(question, [ev]), text)


def test_a_count_is_paired_with_its_other_numeral_form() -> None:
    assert [to_chinese(n) for n in (7, 10, 16, 31, 100, 105, 240)] == [
        "七", "十", "十六", "三十一", "一百", "一百零五", "二百四十"
    ]  # fmt: skip
    assert other_forms(ARABIC) == [("31", "三十一", "岁")]
    assert other_forms(HAN_FORM) == [("三十一", "31", "岁")]
    assert other_forms("2041年的收入是多少？") == []  # a year is no count
    assert "三十一" in key_terms(ARABIC) and "31" in key_terms(HAN_FORM)  # both searched


def test_an_age_asked_in_one_form_matches_a_sentence_in_the_other() -> None:
    # the scope writes the age in Chinese numerals only: "31" alone is nowhere
    df = {"明远": 3, "三十一": 2, "三十一岁": 1}
    assert "31岁" in _ask(ARABIC, SAID_HAN, df)
    assert "31岁" not in _ask(ARABIC, DATED, {**df, "31": 4})  # a day, not an age
    df = {"明远": 3, "31": 2}
    assert "三十一岁" in _ask(HAN_FORM, SAID_ARABIC, df)


def test_a_pronoun_or_a_counter_is_never_part_of_a_name() -> None:
    assert _unknown_names("他曾在哪里任教？") == []  # not "他曾"
    assert _unknown_names("柯明远31岁时做了什么？") == []  # not "岁时做"
    assert "他曾" not in key_terms("他曾在哪里任教？")
    assert _unknown_names("乍都节是什么节日？") == ["乍都节"]  # a name cut into characters
