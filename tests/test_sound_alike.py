"""Foreign names spelled with other characters of their sound (pipeline/text/sound_alike.py)
are the names the documents write: not missing, hit by the sentence writing them."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.absent_subject import absent_subject
from agent.models.features import hits, make_ask
from agent.models.short_names import long_names
from agent.models.zh_person import missing_person
from agent.rewrite import key_terms
from pipeline.text.sound_alike import (
    given_alike,
    name_stretches,
    sounds_alike,
    spelled_in,
    written_alike,
)


def test_spellings_of_one_sound_are_alike_and_other_names_are_not() -> None:
    assert sounds_alike("塞维特罗", "塞维泰罗")  # te / tai
    assert sounds_alike("马尔茨", "马尔兹")  # ci / zi
    assert sounds_alike("许拜维", "苏佩维")  # xu / su, bai / pei
    assert not sounds_alike("巴黎", "巴西")  # li / xi: another initial
    assert not sounds_alike("马尔茨", "马尔茨")  # the same spelling is no other one
    assert not sounds_alike("马尔茨", "马尔兹克")  # another length, another name
    # every syllable's final another: a name sounds otherwise
    assert not sounds_alike("卡特兰", "卡提里")


def test_a_name_ends_where_a_character_no_name_is_written_with_stands() -> None:
    assert name_stretches("马尔茨是哪一年在巴黎去世的") == ["马尔茨", "巴黎"]
    assert written_alike("马尔茨", "1980年，马尔兹在柏林去世。") == {"马尔兹"}
    assert written_alike("马尔茨", "1980年，马尔茨在柏林去世。") == set()


def test_a_given_name_before_the_surname_asked_need_only_open_alike() -> None:
    text = "琴娜·韦斯特是一位作家，生于1950年。"
    assert given_alike("珍妮", "韦斯特", text) == {"琴娜"}
    assert spelled_in("珍妮·韦斯特", text)
    assert not spelled_in("安妮·韦斯特", text)  # an: another initial than qin
    # a Chinese name is no transliteration: characters read alike are another person
    assert not spelled_in("王娜", "王纳是一位作家。")


def _evidence(question: str, texts: list[str], df: dict[str, int]) -> Evidence:
    passages = [
        Passage(chunk_id=f"q#{i}", doc_id="q", page=1, page_end=1, text=t, section="车手")
        for i, t in enumerate(texts)
    ]
    return Evidence(
        tool="search_document",
        query=question,
        passages=passages,
        term_df=df,
        missing=[t for t, n in df.items() if n == 0],
        scope_chunks=10,
    )


def test_a_name_asked_in_other_characters_is_the_one_the_passages_write() -> None:
    question = "博纳特罗在2031年的比赛中获得第几名？"
    said = "在2031年的比赛中，博纳泰罗获得第3名。"
    other = "在2031年的比赛中，另一位车手获得第5名。"
    # the words of the name the cutter makes, those no passage writes missing
    name = [t for t in key_terms(question) if t in "博纳特罗"]
    df = {t: int(t in said) for t in name} | {"比赛": 2, "获得": 2}
    gone = {t for t in name if t not in said}
    ev = _evidence(question, [said, other], df)
    assert gone and gone <= {t for c, _ in long_names(question, [ev], gone) for t in c}
    ask = make_ask(question, [ev])
    assert gone <= hits(ask, said)
    assert not gone & hits(ask, other)
    assert absent_subject(question, [ev]) == ""


def test_a_person_spelled_otherwise_is_no_person_the_documents_never_mention() -> None:
    question = "马尔茨是哪一年出生的？"
    ev = _evidence(question, ["马尔兹（1950年生）是一位德国作家。"], {"马尔茨": 0, "出生": 0})
    assert missing_person(question, [ev]) == ""
    # one the passages write in no spelling stays missing
    ev = _evidence(question, ["韦斯特（1950年生）是一位德国作家。"], {"马尔茨": 0, "出生": 0})
    assert missing_person(question, [ev]) == "马尔茨"
