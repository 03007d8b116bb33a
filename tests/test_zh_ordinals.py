"""Ordinals written in another numeral form are one question word (agent/numeral_forms.py,
agent/ordinals.py), and an ordinal the passages never reach is refused as absent
(agent/models/absent_ordinal.py)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.absent_ordinal import absent_ordinals
from agent.models.attribute_kind import unheld_attribute
from agent.models.features import hits, make_ask
from agent.ordinals import asked_ordinals, written_ordinals
from agent.rewrite import key_terms


def test_an_ordinal_is_read_in_either_numeral_form_and_times_in_any_measure_word() -> None:
    assert [(o.value, o.counter) for o in asked_ordinals("第八代掌门是谁？")] == [(8, "代")]
    assert [(o.value, o.counter) for o in asked_ordinals("第12任校长是谁？")] == [(12, "任")]
    said = {(o.value, o.counter) for o in written_ordinals("他首度出任，2度连任，再次落选。")}
    assert said == {(1, "次"), (2, "次")}
    # an angle or a lens is no count of times
    assert written_ordinals("近视达450度。") == []


def _evidence(question: str, texts: list[str]) -> Evidence:
    passages = [
        Passage(chunk_id=f"q#{i}", doc_id="q", page=1, page_end=1, text=t, section="人物")
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


def test_an_ordinal_asked_in_digits_is_used_by_text_writing_it_in_characters() -> None:
    question = "吴氏家族第8代掌门是谁？"
    said = "吴氏家族第八代掌门是吴明。"
    other = "吴氏家族第七代掌门是吴亮。"
    ask = make_ask(question, [_evidence(question, [said, other])])
    assert "第8代" in hits(ask, said)
    assert "第8代" not in hits(ask, other)
    # the third time asked, "3度" written
    question = "李平第三次出任市长是在哪一年？"
    said, other = "1990年，李平3度出任市长。", "1985年，李平2度出任市长。"
    ask = make_ask(question, [_evidence(question, [said, other])])
    assert "第三次" in hits(ask, said)
    assert "第三次" not in hits(ask, other)


def test_an_ordinal_the_passages_never_reach_is_absent() -> None:
    texts = ["李平首次出任市长，1985年2度出任市长，1990年3度出任市长。"]
    asked = "李平第四次出任市长是在哪一年？"
    assert absent_ordinals(asked, [_evidence(asked, texts)]) == ["第四次"]
    reached = "李平第三次出任市长是在哪一年？"
    assert absent_ordinals(reached, [_evidence(reached, texts)]) == []
    # other series' ordinals say nothing of this one's: no judgement
    other = "李平第四次当选议员是在哪一年？"
    assert absent_ordinals(other, [_evidence(other, texts)]) == []
    # the first time is often said without its number
    first = "李平第一次当选议员是在哪一年？"
    texts = ["李平曾当选议员，第二次当选议员在1990年。"]
    assert absent_ordinals(first, [_evidence(first, texts)]) == []


def test_an_attributes_owner_named_by_an_ordinal_is_found_in_either_numeral_form() -> None:
    question = "吴氏家族第八代掌门的父亲是谁？"
    # the father is said under the sentence naming the owner with the ordinal in digits
    assert unheld_attribute(question, [("父亲是吴明。", "吴氏家族第8代掌门。")]) == ""
    assert unheld_attribute(question, [("父亲是吴明。", "另一家族的掌门。")]) == "father"
