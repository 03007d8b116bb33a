"""A question's focus and names (``agent/models/focus.py``) and the selector features read
from them: a unit naming a country in a list of offices lacks the focus of a question
about that country's capital; a passage about another country's capital lacks its name."""

from __future__ import annotations

import pytest

from agent.evidence import Evidence, Passage
from agent.models.feature_vector import FEATURES
from agent.models.focus import focus, names
from agent.models.judge import candidates
from agent.rewrite import key_terms
from agent.scope import word_set


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("What is the capital of Norway?", "capital"),
        ("What was Zorvan's FY2021 gross margin?", "gross"),  # the name and year are context
        ("Who founded the Oslo Harbour Trust?", "found"),
        ("How many ships did the fleet have in 2020?", "ship"),
        ("Does Zorvan pay a dividend?", ""),  # yes/no: no one thing is asked for
        ("智利的首都是哪里？", "首都"),
        ("公司2020年的营业收入是多少？", "收入"),
        ("一周有多少个工作日？", "工作日"),
    ],
)
def test_the_focus_is_the_thing_asked_for(question: str, asked: str) -> None:
    assert focus(question) == asked


def test_chinese_names_are_the_places_and_people_asked_of() -> None:
    assert "智利" in names("智利的首都是哪里？")
    assert names("What is the capital of Chile?") == frozenset()  # English: capitals mark metrics


def _evidence(question: str, *texts: str) -> list[Evidence]:
    passages = [
        Passage(chunk_id=f"d#{i}", doc_id="d", page=i + 1, page_end=i + 1, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    words = {w for t in texts for w in word_set(t)}
    df = {t: sum(t in word_set(x) for x in texts) for t in key_terms(question) if t in words}
    return [
        Evidence(
            tool="search_document",
            query=question,
            passages=passages,
            term_df=df,
            scope_chunks=40,
        )
    ]


def _features(question: str, *texts: str) -> dict[str, list[float]]:
    _, found = candidates(question, _evidence(question, *texts))
    col = {f: FEATURES.index(f) for f in ("focus", "names_kept")}
    return {c.unit.text: [c.features[col["focus"]], c.features[col["names_kept"]]] for c in found}


def test_a_unit_that_names_the_place_but_not_what_is_asked_lacks_the_focus() -> None:
    offices = "Zorvan serves customers through field offices in Chile, Kenya and Norway."
    capital = "Nairobi is the capital of Kenya and its largest city."
    got = _features("What is the capital of Kenya?", offices, capital)
    assert got[offices][0] == 0.0 and got[capital][0] == 1.0


def test_a_passage_about_another_place_does_not_keep_the_name_asked_of() -> None:
    other = "圣地亚哥是智利的首都，位于中部谷地。"
    asked = "奥斯陆是挪威的首都和最大城市。"
    got = _features("挪威的首都是哪里？", other, asked)
    assert got[other][1] == 0.0 and got[asked][1] == 1.0
