"""Chinese question words the answer gate reads: an office answers a who-question, a
one-character subject is a word asked, a Latin name with digits is a name, not a figure;
a description runs on over the sentences that go on about its subject. Invented
questions and sentences."""

from __future__ import annotations

from agent.answer_kinds import holds
from agent.evidence import Passage, units
from agent.models.answerability import _question_words
from agent.models.judge import Candidate
from agent.models.spans import with_reasons
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
    words = _question_words("A380什么时候首飞？", [])
    assert "a380" in {w.lower() for w in words.values()}
    assert not any(c.isdigit() for w in _question_words("2005年谁首飞？", []).values() for c in w)


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
