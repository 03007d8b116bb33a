"""Which units support the first-ranked one (``support_units.select_units``): a sentence holding the
kind of thing asked that the first one lacks, and, for a question asking no kind of thing,
the passage's other sentences nearly as likely, though they add no question word."""

from __future__ import annotations

from agent.evidence import Passage, Unit
from agent.models.feature_vector import FEATURES
from agent.models.judge import Candidate
from agent.models.support_units import select_units as _select


def _cand(
    n: int, text: str, score: float, *, holds: str = "", none: bool = False, page: int = 1
) -> Candidate:
    features = [0.0] * len(FEATURES)
    features[FEATURES.index("overlap")] = 0.5
    if holds:
        features[FEATURES.index(f"holds_{holds}")] = 1.0
    if none:
        features[FEATURES.index("holds_none")] = 1.0
    p = Passage(
        chunk_id=f"d#{n}",
        doc_id="d",
        page=page,
        page_end=page,
        section="",
        text=text,
        rank=1,
        score=1.0,
    )
    unit = Unit(0, len(text), text, "sentence")
    return Candidate(p, unit, score, frozenset({"灯塔", "建造"}), n, features=tuple(features))


def test_a_sentence_holding_the_reason_asked_supports_one_that_only_names_the_subject() -> None:
    named = _cand(0, "青屿灯塔是工程师林素梅在1921年主持建造的一座石塔。", 0.9, none=True)
    other = _cand(1, "青屿灯塔的塔身由本地花岗岩砌成。", 0.5, none=True)
    reason = _cand(2, "她为了让渔船在雾中避开暗礁，主持建造了这座灯塔。", 0.5, holds="reason")
    chosen = _select([named, other, reason], floor=0.8, kind_floor=0.4)
    assert [c.unit.text for c in chosen] == [named.unit.text, reason.unit.text]


def test_a_sentence_holding_the_kind_asked_still_needs_the_refusal_floor() -> None:
    named = _cand(0, "青屿灯塔是工程师林素梅主持建造的一座石塔。", 0.9, none=True)
    weak = _cand(1, "她为了让渔船避开暗礁，主持建造了这座灯塔。", 0.3, holds="reason")
    assert _select([named, weak], floor=0.8, kind_floor=0.4) == [named]


def test_an_open_question_keeps_the_passages_next_sentences_with_the_same_words() -> None:
    first = _cand(0, "青屿灯塔建造时先在礁石上打下十二根铁桩。", 0.9)
    then = _cand(1, "随后工人在铁桩之间浇筑石基，灯塔由此建造在海面之上。", 0.8)
    asked = _select([first, then], floor=0.75, open_ask=True)
    assert [c.unit.text for c in asked] == [first.unit.text, then.unit.text]
    # a question asking a kind of thing gets no such quote: the same words add nothing
    assert _select([first, then], floor=0.75, open_ask=False) == [first]


def test_units_adding_no_question_word_never_crowd_out_one_from_another_page() -> None:
    first = _cand(0, "青屿灯塔建造时先在礁石上打下十二根铁桩。", 0.9)
    same = [_cand(i, f"青屿灯塔建造的第{i}道工序在礁石上完成。", 0.88) for i in (1, 2)]
    elsewhere = _cand(3, "另一份记录说灯塔建造用了三年。", 0.8, page=2)
    chosen = _select([first, *same, elsewhere], floor=0.75, open_ask=True)
    assert elsewhere in chosen and len(chosen) == 3
