"""A count asked in a measure word ("多少匹") of a name is answered by a unit giving a
figure in that measure ("余下870匹"), though it says the count with another verb than
the question; a unit naming the name with no such figure only mentions it. Invented."""

from __future__ import annotations

from agent.models.linked import counted, unlinked

Q = "1975年青岚野驴还剩多少匹？"
WORDS = {"青岚野驴": "青岚野驴", "还剩": "还剩"}


def test_a_figure_in_the_measure_asked_links_the_name_to_the_count() -> None:
    said = "到了1975年，青岚野驴的数量只余下640匹。"
    assert counted(Q, said)
    assert not unlinked(Q, WORDS, {"青岚野驴"}, said)


def test_a_unit_with_the_name_and_no_such_figure_only_mentions_it() -> None:
    said = "青岚野驴多在黄昏觅食，主要吃草。"
    assert not counted(Q, said)
    assert unlinked(Q, WORDS, {"青岚野驴"}, said)
    # "个" counts anything: a figure in it says nothing of the thing counted
    assert not counted("青岚山有多少个湖？", "山下有3个村庄。")


def test_a_figure_of_the_dimension_asked_links_the_name_to_it() -> None:
    q = "青岚杉有多高？"
    words = {"青岚杉": "青岚杉", "多高": "多高"}
    said = "青岚杉\n树高可达40米，树干直径约1米。"
    assert counted(q, said)
    assert not unlinked(q, words, {"青岚杉"}, said)
    # the dimension without a figure, or a figure of another dimension, is no answer
    assert not counted(q, "青岚杉\n它是当地最高大的树种之一。")
    assert unlinked(q, words, {"青岚杉"}, "青岚杉\n树干直径约1米。")


def test_a_count_of_single_things_is_given_in_any_of_their_measure_words() -> None:
    # "几只" asked, "两匹" said: the measure follows the thing counted, not the question
    assert counted("青岚野驴一胎生几只？", "雌驴每胎产两匹幼驴。")
    assert not counted("青岚野驴一胎生几只？", "雌驴多在黄昏觅食。")
    assert not counted("青岚野驴一胎生几只？", "一群约有3个成员。")  # "个" counts anything
