"""Why a figure moved, asked in a question's livelier words ("roughly double", "jump", "in
the second quarter"): those words say the move and the period, never the item; the
company's name run together in the scope is no item word; "attributable to
shareholders" says whose a figure is, not why it moved; "The decrease in the number of
shares was due to …" names its own item and leans on no sentence before it; a leaning
sentence's year is read with the sentence it leans on. Invented texts
(``answering/cause.py``)."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.answering.cause import cause_mark, explained, item_words
from agent.question import parse

MDA = "PART I > Item 2. Management's Discussion and Analysis > Results of Operations"


def _evidence(*texts: str, names: tuple[str, ...] = ()) -> list[Evidence]:
    ps = [
        Passage(chunk_id=f"t#{i}", doc_id="t", page=i + 1, page_end=i + 1, section=MDA, text=t)
        for i, t in enumerate(texts)
    ]
    return [Evidence(tool="search_document", query="q", passages=ps, names=list(names))]


def test_a_lively_move_and_the_period_words_are_no_item() -> None:
    q = parse("Why did Keswick's net income roughly double in the quarter ended March 31, 2031?")
    assert item_words(q, _evidence(names=("keswick",))) == ["net", "income"]
    q = parse("What made the casino revenue of Keswick jump in the second quarter of 2031?")
    assert item_words(q, _evidence(names=("keswick",))) == ["casino", "revenue"]


def test_a_name_stored_run_together_is_no_item_word() -> None:
    q = parse("Why did Keswick Harbour's operating income fall in 2031?")
    assert item_words(q, _evidence(names=("keswickharbour",))) == ["operating", "income"]


def test_attributable_to_an_owner_is_no_cause() -> None:
    text = "Net income attributable to Keswick plc rose 40%, mainly as a result of a land sale."
    mark = cause_mark(text)
    assert mark is not None and mark.group(0) == "as a result"
    owners = "Income attributable to noncontrolling interests was flat."
    assert cause_mark(owners) is None
    assert cause_mark("The rise was attributable to higher room rates.") is not None


def test_the_cause_of_the_item_asked_beats_a_neighbour_naming_it_in_passing() -> None:
    q = parse("Why did Keswick's net income roughly double in the quarter ended March 31, 2031?")
    ev = _evidence(
        "Diluted earnings per share increased 98% in the quarter ended March 31, 2031, with "
        "net income attributable to shareholders increasing 96%. The decrease in the number "
        "of shares outstanding was due to repurchases under the buyback program.",
        "Net income increased 96% in the quarter ended March 31, 2031, mainly as a result "
        "of a gain on the sale of the ferry business.",
        names=("keswick",),
    )
    found = explained(q, ev)
    assert found and "ferry business" in found[0].unit.text, found
    assert all("repurchases" not in f.unit.text for f in found), found


def test_a_leaning_sentence_is_dated_by_the_one_it_leans_on() -> None:
    q = parse("Why did Keswick's operating income fall in the second quarter of 2031?")
    ev = _evidence(
        "Operating income decreased 60% in the three months ended June 30, 2031. The decrease "
        "was due to a gain on a property sale in the prior year quarter, recorded in May 2030.",
        names=("keswick",),
    )
    found = explained(q, ev)
    assert found and "property sale" in found[0].unit.text, found
    assert found[0].dated == 4, found
