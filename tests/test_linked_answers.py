"""A unit that only mentions the name asked of does not answer what is asked of it: the
other company appears buying a brand, its headquarters are nowhere. A Chinese question's
year is the year its answer is of: the article's race of another year does not answer
it. A "when" or "who" question none of whose units holds a date or a person is refused
(what they say nearest is quoted, not given as the answer). The company whose
headquarters the article gives, the race of the year asked, the founding year the report
gives are still answered. Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.models.linked import unlinked
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

ARTICLES = """# 岚川纺织公司

岚川纺织公司成立于1987年，主要生产棉布和毛巾。现在岚川纺织的总部设于宁波，员工约三千人。
2016年，泰和食品公司斥资12亿元收购岚川纺织旗下的毛巾品牌。

# 青石湖马拉松

青石湖马拉松每年十月举行。2015年的青石湖马拉松由选手韩博文以2小时11分夺冠。
赛道在2019年改为环湖路线。
"""


@pytest.fixture
def chat_doc(folio: Folio, tmp_path: Path) -> tuple[ChatService, str]:
    return ChatService(folio), ingest_text(folio, tmp_path, "articles.md", ARTICLES)


def test_a_name_mentioned_or_a_year_not_covered_is_refused(
    chat_doc: tuple[ChatService, str],
) -> None:
    chat, doc = chat_doc
    for q in ("泰和食品公司的总部设在哪里？", "2019年的青石湖马拉松冠军是谁？"):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)


def test_the_name_and_year_the_articles_cover_are_answered(
    chat_doc: tuple[ChatService, str],
) -> None:
    chat, doc = chat_doc
    for q, said in (
        ("岚川纺织公司的总部设在哪里？", "宁波"),
        ("2015年的青石湖马拉松冠军是谁？", "韩博文"),
        ("泰和食品公司斥资多少收购岚川纺织旗下的毛巾品牌？", "12亿元"),
    ):
        a = chat.ask(q, [doc]).answer
        assert not a.refused and said in a.answer, (q, a.answer)


FILING = """# Annual Report of Quillon Gearworks

## Business

Quillon Gearworks was founded in 1987 and makes industrial gears. Our common stock trades
on the Harbor Stock Exchange under the symbol QGW. Our governor assemblies are sold to
utilities in Ohio and Indiana.

## Securities

Common Stock, $0.01 par value per share | QGW | Harbor Stock Exchange American
"""


def test_a_who_or_when_question_no_unit_holds_the_answer_of_is_refused(
    folio: Folio, tmp_path: Path
) -> None:
    chat = ChatService(folio)
    doc = ingest_text(folio, tmp_path, "quillon.md", FILING)
    for q in ("When was common stock first issued?", "When was the Harbor Stock Exchange founded?"):
        a = chat.ask(q, [doc]).answer
        assert a.refused, (q, a.answer)
    a = chat.ask("When was Quillon Gearworks founded?", [doc]).answer
    assert not a.refused and "1987" in a.answer, a.answer


def test_a_chinese_word_glued_to_the_name_by_the_segmenter_still_links_the_unit() -> None:
    """ "战役发生于" (the name's last character glued to the verb) is written apart in the
    unit ("之战，…发生于"): the unit says the thing asked, a date of the name."""
    question = "甲乙之战发生于什么时候？"
    text = "甲乙之战\n甲乙之战，又名丙丁之战，发生于某年（1575年）。"
    words = {"甲乙": "甲乙", "战发生于": "战发生于"}
    assert not unlinked(question, words, {"甲乙"}, text)
    # the unit that only names it, saying nothing of what is asked, stays unlinked
    assert unlinked(question, words, {"甲乙"}, "甲乙之战\n甲乙之战，又名丙丁之战，位于河畔。")


def test_a_question_word_the_text_writes_right_after_the_name_is_not_the_name() -> None:
    """The name ends where the question's segmentation ends it (a verb after it), not
    where the text happens to go on the same way: "林墨生于" is the person and the
    relation asked, and the unit saying it answers a where-question of that person."""
    question = "林墨生于哪个城市？"
    words = {"林墨": "林墨", "生于": "生于", "城市": "城市"}
    assert not unlinked(question, words, {"林墨"}, "林墨\n林墨生于温州，自幼学画。")
    # the unit naming the person and nothing of the relation asked stays unlinked
    assert unlinked(question, words, {"林墨"}, "林墨\n林墨的画作多次参展。")


def test_the_nouns_the_question_writes_with_the_name_are_the_name() -> None:
    """ "泰和" of "泰和食品公司的总部": the company's whole name runs up to the particle, so its
    "公司" is no word of the relation asked, which another company's name holds too."""
    question = "泰和食品公司的总部设在哪里？"
    words = {"泰和": "泰和", "食品": "食品", "公司": "公司", "总部": "总部", "设在": "设在"}
    text = "岚川纺织公司\n2016年，泰和食品公司斥资12亿元收购岚川纺织旗下的毛巾品牌。"
    assert unlinked(question, words, {"泰和"}, text)
    assert not unlinked(question, words, {"泰和"}, "泰和食品公司的总部设于宁波。")


def test_the_name_ends_at_a_word_edge_of_the_question() -> None:
    """ "…杂志发行量" asked, "…杂志发行" written: the text's "发行" is a piece of the word
    asked, not more of the name, and it links the unit."""
    question = "青禾出版社杂志发行量是多少？"
    words = {"青禾": "青禾", "出版社": "出版社", "杂志": "杂志", "发行量": "发行量"}
    text = "青禾出版社杂志发行12万份，以地方读者为主。"
    assert not unlinked(question, words, {"青禾"}, text)
    assert unlinked(question, words, {"青禾"}, "青禾出版社杂志创刊于1950年。")


def test_a_short_form_asked_is_used_by_the_unit_writing_the_full_name() -> None:
    """ "青院" asked, "青石海洋学院" written: the unit says the thing asked of the name, in full;
    a unit naming the place alone still says nothing of it."""
    question = "东岚青院的老校区在哪里？"
    words = {"东岚": "东岚", "青院": "青院", "校区": "校区"}
    text = "东岚\n北岸校区为东岚青石海洋学院老校区，位于海滨路45号。"
    assert not unlinked(question, words, {"东岚", "校区"}, text)
    assert unlinked(question, words, {"东岚", "校区"}, "东岚\n东岚北岸校区今年扩建。")
