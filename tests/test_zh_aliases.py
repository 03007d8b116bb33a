"""Names an article gives one thing besides its main one (pipeline/text/aliases.py) link a
question asking by one of them to text writing another (agent/models/alias_links.py)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.alias_links import alias_rules
from agent.models.features import hits, make_ask
from agent.rewrite import key_terms
from pipeline.text.aliases import alias_groups


def test_a_definition_gives_its_clause_subject_and_each_listed_name() -> None:
    text = "青纹石斑，又称蓝点鲈，俗名海豹斑，为鲈形目的一种。本鱼体长可达60公分。"
    assert frozenset({"青纹石斑", "蓝点鲈"}) in alias_groups(text)
    assert frozenset({"青纹石斑", "海豹斑"}) in alias_groups(text)
    listed = alias_groups("白角莲，别称山铃子、野荷叶及石灯盏，为多年生草本。")
    assert listed == [frozenset({"白角莲", "山铃子", "野荷叶", "石灯盏"})]


def test_a_marker_inside_a_clause_renames_the_words_before_it() -> None:
    groups = alias_groups("赵大本名赵岩、赵二本名赵峰，兄弟二人皆善骑射。")
    assert frozenset({"赵大", "赵岩"}) in groups
    assert frozenset({"赵二", "赵峰"}) in groups
    # a name in brackets kept ("中国（北京）…"), an annotation in brackets cut
    said = alias_groups("中国（北京）围棋名人赛（Beijing Go Masters）原名中国（北京）围棋邀请赛，")
    assert said == [frozenset({"中国（北京）围棋名人赛", "中国（北京）围棋邀请赛"})]


def test_a_style_name_is_a_clause_of_its_own_and_connectives_are_no_names() -> None:
    groups = alias_groups("周文远（），字子明，号青峰、石樵，浙江人。")
    assert frozenset({"周文远", "子明"}) in groups
    assert frozenset({"周文远", "青峰", "石樵"}) in groups
    assert alias_groups("他号召邻县、各乡起兵。") == []  # 号召: no style name
    # the words before the marker are no name: only the names after it are given
    assert alias_groups("至1999年，此赛事升级，所以又被称为东湖超级赛。") == [
        frozenset({"东湖超级赛"})
    ]
    assert alias_groups("成公亮，表字不详，金城人。") == []


def _evidence(question: str, texts: list[str], section: str) -> Evidence:
    passages = [
        Passage(chunk_id=f"q#{i}", doc_id="q", page=1, page_end=1, text=t, section=section)
        for i, t in enumerate(texts)
    ]
    df = {t: sum(t in x for x in texts) for t in key_terms(question)}
    return Evidence(
        tool="search_document",
        query=question,
        passages=passages,
        term_df=df,
        missing=[t for t, n in df.items() if n == 0],
        scope_chunks=10,
    )


def test_a_name_asked_is_used_by_text_writing_the_things_other_name() -> None:
    question = "海豹斑的体长可达多少？"
    defining = "青纹石斑，又称蓝点鲈，俗名海豹斑，为鲈形目的一种。"
    said = "青纹石斑体长可达60公分，栖息在岩礁附近。"
    other = "红点鲷体长可达40公分。"
    ev = _evidence(question, [defining + said, other], "青纹石斑")
    name = {t for t in key_terms(question) if t in "海豹斑"}
    assert name and any(name <= covered for covered, _ in alias_rules(question, [ev]))
    ask = make_ask(question, [ev])
    assert name <= hits(ask, said)
    assert not name & hits(ask, other)


def test_the_heading_names_the_thing_when_the_sentence_does_not() -> None:
    question = "东湖超级赛从哪一年起改在新体育馆举行？"
    text = "至1999年，此赛事升级，所以又被称为东湖超级赛。2011年起改以新体育馆作为主场馆。"
    ev = _evidence(question, [text], "东湖公开赛")
    rules = alias_rules(question, [ev])
    assert rules and all(p.search("东湖公开赛") for _, p in rules)
    assert not any(p.search("所以") for _, p in rules)
