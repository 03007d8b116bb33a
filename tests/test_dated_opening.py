"""A Chinese sentence opening with a date and then no subject of its own is read with the
sentence before it, which names what it is about. Invented text."""

from __future__ import annotations

from agent.models.dated_opening import after_date
from agent.models.spans import leans_back


def test_the_date_is_read_off_the_opening_in_western_and_era_years() -> None:
    assert after_date("1971年该厂关闭。") == "该厂关闭。"
    assert after_date("2031年5月12日，任青岚县县长。") == "任青岚县县长。"
    assert after_date("青和十年(2031年)，将藏书抵押给票号。") == "将藏书抵押给票号。"
    assert after_date("柯望川于2031年出生。") == ""  # no date opens it


def test_a_dated_sentence_without_a_subject_leans_back_one_with_a_subject_does_not() -> None:
    assert leans_back("青和十年(2031年)，将藏书抵押给票号。")
    assert leans_back("2031年5月，出任青岚县县长。")
    assert leans_back("2032年被授予荣誉市民称号。")
    assert not leans_back("2031年，青岚书院在现址建成。")
    assert not leans_back("2031年夏，柯望川加盟青岚队。")
