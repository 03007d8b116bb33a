"""The fitted selector, the direct answer and the follow-up questions of the offline answerer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.evidence import Evidence, Passage
from agent.models.compose import compose
from agent.models.features import FEATURES, make_ask
from agent.models.follow import follow_ups
from agent.models.judge import judge
from agent.models.selector import DATA, SelectorDataError, from_dict, selector
from agent.models.spans import answer_clause
from agent.service import ChatService
from pipeline.service import Folio
from tests.agentdocs import REPORT_MD, ingest_hr, ingest_text


def _evidence(query: str, *passages: Passage, df: dict[str, int] | None = None) -> Evidence:
    words = df or {}
    return Evidence(
        tool="search_document",
        query=query,
        passages=list(passages),
        term_df=words,
        scope_chunks=40,
        missing=[w for w, n in words.items() if n == 0],
    )


def _passage(n: int, text: str, section: str = "", page: int = 1) -> Passage:
    return Passage(
        chunk_id=f"d#{n}",
        doc_id="d",
        page=page,
        page_end=page,
        section=section,
        text=text,
        rank=n + 1,
        score=1.0 / (n + 1),
    )


def test_the_weights_file_was_fitted_for_these_features() -> None:
    model = selector()
    assert model.features == FEATURES
    assert len(model.coef) == len(FEATURES) == len(model.mean) == len(model.scale)
    assert 0.0 < model.refuse_below < 1.0 and 0.0 < model.keep_ratio <= 1.0
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    assert raw["report"]["train"] and raw["report"]["validation"]  # both splits reported
    raw["features"] = raw["features"][:-1]
    with pytest.raises(SelectorDataError, match="refit"):
        from_dict(raw)


def test_a_heading_alone_is_never_the_answer() -> None:
    section = "Harbour Station"
    text = f"{section}\nThe ferry leaves every hour from the north pier."
    ev = _evidence(
        "Harbour Station",
        _passage(0, text, section=section),
        df={"harbour": 1, "station": 1},
    )
    verdict = judge("Where is Harbour Station?", [ev])
    assert all(c.unit.text.strip() != section for c in verdict.chosen)
    draft = compose("Where is Harbour Station?", [ev], "en")
    assert draft.split("\n")[0].split(" [")[0].strip(" .") != section


def test_the_direct_answer_is_the_clause_that_answers_then_the_quote() -> None:
    text = (
        "The lighthouse on Gull Rock was designed by the engineer Ada Brennan, "
        "it was first lit in 1874, and it still guides ships into the bay."
    )
    ev = _evidence(
        "lighthouse Gull Rock first lit",
        _passage(0, text, section="History"),
        df={"lighthouse": 2, "gull": 1, "rock": 1, "first": 9, "lit": 1},
    )
    q = "When was the lighthouse on Gull Rock first lit?"
    start, end = answer_clause(make_ask(q, [ev]), text)
    assert "1874" in text[start:end] and (start, end) != (0, len(text))
    draft = compose(q, [ev], "en")
    first, *rest = draft.split("\n")
    assert "1874" in first and "[d#0]" in first and "Ada Brennan" not in first
    assert "Supporting quotes:" in rest and any(text in line for line in rest)


def test_follow_ups_come_from_the_neighbourhood_whole_and_not_about_the_question() -> None:
    cited = _passage(
        0,
        "Gull Rock lighthouse was first lit in 1874. Its keeper's cottage now houses "
        "a maritime museum. Storm damage closed the north pier in 1990.",
        section="Lighthouses of the Bay",
    )
    nearby = _passage(1, "Ferry services to Gull Rock run from May to September.", page=2)
    far = _passage(2, "Annual dues for the sailing club are forty dollars.", page=9)
    ev = _evidence("lighthouse", cited, nearby, far)
    qs = follow_ups("When was Gull Rock lighthouse first lit?", [ev], [cited], "en")
    assert 2 <= len(qs) <= 3
    text = " ".join(p.text for p in (cited, nearby))
    for q in qs:
        topic = q.removeprefix("What do the documents say about ").removesuffix("?")
        assert topic != q and topic.lower() in text.lower()  # whole words from the text
        assert "Lighthouses of the Bay" not in q and "sailing" not in q
        assert topic.lower() != "gull rock lighthouse"


def test_chinese_follow_ups_name_a_topic_of_the_next_sentences(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_hr(folio, tmp_path)
    a = ChatService(folio).ask("年假有几天？", [doc]).answer
    assert a.answer.startswith(a.citations[0].quote[:4]) or "十天" in a.answer.split("\n")[0]
    assert 1 <= len(a.follow_up_questions) <= 3
    assert not any("第一章" in q or "第二章" in q for q in a.follow_up_questions)
    for q in a.follow_up_questions:
        topic = q.split("“")[-1].split("”")[0] if "“" in q else q.removesuffix("是多少？")
        assert topic and topic not in "年假有几天"


def test_questions_the_documents_do_not_address_are_refused(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "northwind.md", REPORT_MD)
    chat = ChatService(folio)
    for q in (
        "Who discovered penicillin?",
        "How many moons does Jupiter have?",
        "谁发明了电话？",
        "长城有多长？",
    ):
        a = chat.ask(q, [doc]).answer
        assert a.refused and not a.citations, (q, a.answer)
    answered = chat.ask("How many stores did Northwind Traders operate?", [doc]).answer
    assert not answered.refused and "318" in answered.answer.split("\n")[0]


def test_the_answer_clause_never_splits_inside_brackets() -> None:
    text = "石桥（旧称：北桥，又名：长桥）建于1901年，全长三百米，横跨运河。"
    ev = _evidence("石桥 建于", _passage(0, text), df={"石桥": 1, "建于": 1})
    start, end = answer_clause(make_ask("石桥建于哪一年？", [ev]), text)
    clause = text[start:end]
    assert clause.startswith("石桥（旧称：北桥，又名：长桥）") and "1901年" in clause
    assert "三百米" not in clause


def test_a_table_row_without_figures_is_never_the_answer() -> None:
    text = "| Appliance revenue by product category |\n| Appliances | 1,200 | 1,100 |"
    ev = _evidence(
        "appliance revenue",
        _passage(0, text, section="Revenue"),
        df={"applianc": 2, "revenue": 5, "product": 3, "category": 2},
    )
    verdict = judge("What was appliance revenue by product category?", [ev])
    assert verdict.chosen and all(any(ch.isdigit() for ch in c.unit.text) for c in verdict.chosen)
