"""Chinese question words the answer gate reads: an office answers a who-question, a
one-character subject is a word asked, a Latin name with digits is a name, not a figure;
a description runs on over the sentences that go on about its subject, and a sentence is
quoted with the one before when it is timed from it or goes on with its topic words. Invented
questions and sentences."""

from __future__ import annotations

from agent.answer_kinds import holds
from agent.evidence import Passage, units
from agent.models.judge import Candidate
from agent.models.question_words import question_words
from agent.models.spans import with_reasons
from agent.question.kinds import asked_kinds
from agent.rewrite import key_terms


def test_an_office_answers_who_as_a_name_does() -> None:
    text = "按照惯例，首相负责签署每一项法令。"
    assert holds("person", text, "按照惯例，谁负责签署法令？")
    # the office the question names itself answers nothing
    assert not holds("person", text, "谁是首相？")
    # nor does a sentence naming no one
    assert not holds("person", "法令须在公布后生效。", "谁负责签署法令？")


def test_a_one_character_subject_is_a_word_asked() -> None:
    assert "铀" in key_terms("铀的熔点是多少？")
    terms = key_terms("锶所形成的化合物有哪些？")
    assert "锶" in terms and "锶所" not in terms  # the particle is no part of the name
    assert not any(t.startswith("他") for t in key_terms("他的父亲是谁？"))


def test_a_latin_name_with_digits_is_asked_not_a_figure() -> None:
    words = question_words("A380什么时候首飞？", [])
    assert "a380" in {w.lower() for w in words.values()}
    assert not any(c.isdigit() for w in question_words("2005年谁首飞？", []).values() for c in w)


def test_a_description_runs_on_over_sentences_about_its_subject() -> None:
    text = "灰岩鼠与褐岩鼠有些不同。它们的毛色较浅。它们的耳朵较长。湖边建有一座公园。"
    p = Passage(chunk_id="rat#2", doc_id="rat", page=1, page_end=1, text=text, rank=1)
    c = Candidate(p, units(text)[0], 0.9, frozenset(), 0)
    (wide,) = with_reasons([c], "灰岩鼠与褐岩鼠的不同之处是什么？")
    said = "灰岩鼠与褐岩鼠有些不同。它们的毛色较浅。它们的耳朵较长。"
    assert wide.unit.text == said, wide.unit.text
    # a figure asked is one sentence's
    (one,) = with_reasons([c], "灰岩鼠有多重？")
    assert one.unit.text == "灰岩鼠与褐岩鼠有些不同。"


def test_a_sentence_timed_from_the_one_before_is_quoted_with_it() -> None:
    text = "2031年，柯望川第三次参加全运会，三次试举全部失败。赛后，柯望川正式退役。湖边有公园。"
    p = Passage(chunk_id="ath#2", doc_id="ath", page=1, page_end=1, text=text, rank=1)
    c = Candidate(p, units(text)[1], 0.9, frozenset(), 1)
    (wide,) = with_reasons([c], "柯望川是在什么情况下退役的？")
    assert wide.unit.text.startswith("2031年，柯望川第三次参加全运会"), wide.unit.text
    assert wide.unit.text.endswith("柯望川正式退役。")


def test_a_name_asked_for_is_no_reason_and_a_thing_in_which_no_place() -> None:
    assert "reason" not in asked_kinds("江南地区将青岚草称之为什么？")
    assert "reason" in asked_kinds("青岚草为什么在秋季开花？")
    assert "place" not in asked_kinds("剧中的歌曲收录在哪张专辑？")
    assert "place" in asked_kinds("柯望川出生在哪？")
    assert "place" in asked_kinds("总部设在哪个地方？")


def test_a_proportion_asked_is_held_by_a_ratio() -> None:
    q = "青岚中学男女生比例是多少？"
    assert holds("number", "目前青岚中学男女生比例约为1：7（男：女）。", q)
    assert not holds("number", "青岚中学男女生兼收。", q)


def test_a_verb_after_a_name_is_not_glued_to_it() -> None:
    words = question_words("1842年，柯望川做了什么事情？", [])
    assert "柯望川" in words.values() and "柯望川做" not in words.values()


def test_a_sentence_going_on_with_the_topic_words_of_the_one_before_is_quoted_with_it() -> None:
    text = (
        "青岚虫主要寄生于鱼类。"
        "虫卵存活在宿主体外的水中，尤其在浅滩。"
        "虫卵很容易被高温杀死，在宿主体外只能存活几周。"
    )
    p = Passage(chunk_id="worm#2", doc_id="worm", page=1, page_end=1, section="青岚虫", text=text)
    c = Candidate(p, units(text)[2], 0.9, frozenset(), 2)
    (wide,) = with_reasons([c], "青岚虫的虫卵在宿主体外能存活多久？")
    assert wide.unit.text.startswith("虫卵存活在宿主体外的水中"), wide.unit.text
    # a sentence before naming only the subject is not taken
    c = Candidate(p, units(text)[1], 0.9, frozenset(), 1)
    (one,) = with_reasons([c], "青岚虫的虫卵在宿主体外能存活多久？")
    assert one.unit.text.startswith("虫卵存活"), one.unit.text
