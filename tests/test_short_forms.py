"""Short forms of Chinese names (``pipeline/text/short_forms.py``): a name's characters kept in
order, some left out. A question writing the full name is matched by a text writing the short
form, and the other way round under a heading. Every name here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.asked_names import missing_names
from agent.models.features import hits, make_ask
from agent.models.short_names import short_names
from agent.models.subject import sibling_of
from pipeline.text.short_forms import (
    shortens,
    spelled_initials,
    subsequence,
    written_long,
    written_short,
)

WORDS = ("新西兰", "帆船", "公开赛", "上", "输给", "了", "谁")


def test_a_short_form_keeps_characters_in_order_and_leaves_some_out() -> None:
    full = "".join(WORDS[:3])
    initials = "".join(w[0] for w in WORDS[:3])
    assert shortens(initials, full) and subsequence(initials, full)
    assert not shortens(initials[::-1], full)  # another order is another word
    for piece in WORDS[:3]:
        assert not shortens(piece, full)  # a piece written whole is a part, not the name
    assert not shortens(full, full)


def test_a_text_writing_the_short_form_covers_the_name_it_shortens() -> None:
    text = "2016年，白沙在新帆半决赛负于青石。"
    found = written_short(WORDS, text)
    assert [(form, first) for form, first, _ in found] == [("新帆", 0)]
    _, _, last = found[0]
    assert set(WORDS[: last + 1]) >= {"新西兰", "帆船", "公开赛"}  # the closing word too
    assert "输给" not in WORDS[: last + 1]


def test_whole_words_side_by_side_are_no_short_form() -> None:
    # "北京男子" of 北京/博览会/男子 sets two words side by side, it shortens nothing
    assert written_short(("北京", "博览会", "男子"), "北京男子组") == []


def test_a_question_naming_in_full_hits_the_sentence_writing_it_short() -> None:
    question = "白沙在2016年新西兰帆船公开赛上输给了谁？"
    short = "2016年，白沙在新帆半决赛负于青石。"
    other = "2015年，白沙在法国帆船公开赛夺冠。"
    passages = [
        Passage(chunk_id=f"q#{i}", doc_id="q", page=1, page_end=1, text=t)
        for i, t in enumerate((short, other))
    ]
    ev = Evidence(
        tool="search_document",
        query=question,
        passages=passages,
        term_df={"白沙": 2, "新西兰": 0, "帆船": 1, "公开赛": 1, "输给": 0},
        missing=["新西兰"],
        scope_chunks=10,
    )
    ask = make_ask(question, [ev])
    assert {"帆船", "公开赛"} <= hits(ask, short)
    assert ask.absent == 0.0  # "新西兰" is written, short
    assert "帆船" in hits(ask, other)


def test_a_name_asked_short_under_its_full_heading_is_no_sibling() -> None:
    text = "本届比赛于2016年举行。冠军为白沙。"
    p = Passage(
        chunk_id="d#1", doc_id="d", page=1, page_end=1, section="甲国（乙城）帆船公开赛", text=text
    )
    unit = units(text)[1]
    assert sibling_of("乙城帆船公开赛", p, unit) == ""  # the heading's own event, short
    assert sibling_of("丙城帆船公开赛", p, unit) == "甲国帆船公开赛"  # another city's


def test_an_everyday_word_across_the_question_is_no_short_form() -> None:
    # "地方" takes 地 of 地理位置 and 方 of 方面, across 的 and 在: no name spans those
    question = "青石港地理位置的重要性体现在哪些方面？"
    text = "这里是渔民最多的地方。"
    p = Passage(chunk_id="q#0", doc_id="q", page=1, page_end=1, text=text)
    ev = Evidence(tool="search_document", query=question, passages=[p], scope_chunks=10)
    assert short_names(question, [ev]) == ()


def test_a_short_form_asked_finds_the_full_names_a_text_writes() -> None:
    # 青帆 asked, 青石/帆船/联赛 written: the reverse of written_short
    cut = ("白沙", "加盟", "青石", "帆船", "联赛", "的", "队伍")
    assert written_long("青帆", cut) == ["青石帆船"]
    assert written_long("青石", cut) == []  # written whole: no full name needed
    assert written_long("帆青", cut) == []  # another order
    # a name the cutter keeps as one word, its short form's characters in order inside
    assert written_long("国院", ("在", "国立海洋学院", "任教")) == ["国立海洋学院"]
    # two whole words side by side shorten nothing
    assert written_long("青帆", ("青", "帆")) == []


def test_an_acronym_is_spelled_by_the_capitals_of_a_name() -> None:
    text = "Velmor OpenSailWorks与Blue Harbour Sailing Club合作"
    assert spelled_initials("OSW", text) == ["OpenSailWorks"]
    assert spelled_initials("BHSC", text) == ["Blue Harbour Sailing Club"]
    assert spelled_initials("VOS", text) == []  # VOSW: the name is longer than the letters


def _evidence(question: str, texts: list[str], df: dict[str, int]) -> Evidence:
    passages = [
        Passage(chunk_id=f"q#{i}", doc_id="q", page=1, page_end=1, text=t)
        for i, t in enumerate(texts)
    ]
    missing = [t for t, n in df.items() if n == 0]
    return Evidence(
        tool="search_document",
        query=question,
        passages=passages,
        term_df=df,
        missing=missing,
        scope_chunks=10,
    )


def test_a_short_form_asked_hits_the_sentence_writing_the_full_name() -> None:
    question = "白沙在青帆效力的是哪支队伍？"
    full = "2031年，白沙加盟青石帆船联赛的蓝湾队。"
    other = "2032年，白沙离开了蓝湾队。"
    ev = _evidence(question, [full, other], {"白沙": 2, "青帆": 0, "效力": 0, "队伍": 1})
    ask = make_ask(question, [ev])
    assert "青帆" in hits(ask, full)
    assert "青帆" not in hits(ask, other)
    # an acronym asked whose name the passages spell is no name the documents never use
    latin = "到2031年，OSW有多少门课程？"
    text = "到2031年，OpenSailWorks共有1,800门课程。"
    ev = _evidence(latin, [text], {"osw": 0, "课程": 1, "门课": 1})
    assert missing_names(latin, [ev]) == []
    assert "osw" in hits(make_ask(latin, [ev]), text)
