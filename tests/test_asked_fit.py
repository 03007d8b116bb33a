"""A figure asked of a thing no line item names is refused as the documents' lack only
when they never write its word: a word of the same root in the passages found ("were
elected" above the vote table, "re-election" asked) says they have it. Invented text."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.asked_fit import misfit
from agent.question import parse

TABLE = "Nominee | For | Against\nCorvin Hale | 912,400,118 | 61,207,330"
ABOVE = "(1) The following 12 persons were elected to serve as directors of Quillon:"
ASKED = "How many votes were cast against Corvin Hale's re-election at Quillon's 2023 AGM?"


def _passage(n: int, text: str) -> Passage:
    return Passage(chunk_id=f"q#{n}", doc_id="q", page=3, page_end=3, text=text, section="")


def _evidence(*texts: str) -> list[Evidence]:
    return [
        Evidence(
            tool="search",
            query=ASKED,
            passages=[_passage(n, t) for n, t in enumerate(texts)],
            term_df={"election": 0, "votes": 2, "against": 2},
            missing=["election"],
            scope_chunks=4,
        )
    ]


def test_a_word_of_the_same_root_in_the_passages_found_is_no_lack() -> None:
    cited = [_passage(0, TABLE)]
    said = "The against for Corvin Hale is 61,207,330."
    assert misfit(parse(ASKED), said, cited, _evidence(TABLE, ABOVE)) == ""


def test_a_word_the_passages_never_write_is_the_documents_lack() -> None:
    cited = [_passage(0, TABLE)]
    said = "The against for Corvin Hale is 61,207,330."
    assert "election" in misfit(parse(ASKED), said, cited, _evidence(TABLE))


ARR = "Total Design ARR grew to $2.41 billion at the end of fiscal 2017, up from $1.9 billion."


def test_a_sentence_saying_another_year_is_no_answer_to_the_year_asked() -> None:
    # a thing no line item names, asked of FY19: the sentence says fiscal 2017, however
    # its passage or the supporting quotes name 2019 of something else
    cited = [_passage(0, ARR + " The program runs through the end of fiscal 2019.")]
    asked = parse("What was Quillon's Design ARR at the end of FY19?")
    assert misfit(asked, ARR, cited, _evidence(ARR)) == "it is not of 2019"
    quoted = f"{ARR}\nSupporting quotes:\n- The program runs through fiscal 2019."
    assert misfit(asked, quoted, cited, _evidence(ARR)) == "it is not of 2019"
    # the year asked, or the year beside it, is an answer of that year
    same = parse("What was Quillon's Design ARR at the end of FY18?")
    assert misfit(same, ARR, cited, _evidence(ARR)) == ""
    # an answer naming no year is the gate's to judge
    bare = "Design ARR grew on subscriptions."
    assert misfit(asked, bare, [_passage(0, bare)], _evidence(bare)) == ""
