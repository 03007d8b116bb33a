"""Words that phrase a question ("main", "important", "three", "mentioned in this report")
weigh a fraction of their rarity: a sentence sharing one of them with the question does not
beat the sentence about the question's subject, however rare the word is in the filing."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.focus import focus
from agent.models.judge import judge
from agent.models.phrasing import phrasing_words
from agent.models.planner import plan

QUESTION = "What are the main products of Quillfeather mentioned in this report?"
GENERIC = "The main factors we consider important are mentioned below in this section."
SUBJECT = "Our products are fountain pens, bottled ink and leather notebooks."
# "main" and "mentioned" are rare in the filing; "products" is used on many pages.
DF = {"main": 2, "products": 14, "quillfeather": 40, "mentioned": 1, "report": 30}


def _passage(n: int, text: str, rank: int) -> Passage:
    return Passage(
        chunk_id=f"q#{n}", doc_id="q", page=n, page_end=n, text=text, rank=rank, score=1 / rank
    )


def _turn() -> list[Evidence]:
    return [
        Evidence(
            tool="search_document",
            query=QUESTION,
            passages=[_passage(3, GENERIC, 1), _passage(8, SUBJECT, 2)],
            term_df=DF,
            scope_chunks=60,
        )
    ]


def test_a_sentence_sharing_only_a_phrasing_word_does_not_answer_first() -> None:
    chosen = judge(QUESTION, _turn()).chosen
    assert chosen and chosen[0].unit.text == SUBJECT


def test_phrasing_words_are_not_the_focus_and_stay_out_of_the_keyword_search() -> None:
    asked = "What are three main companies acquired by Quillfeather mentioned in this 10K report?"
    assert {"main", "thre", "mention", "10k", "report"} <= phrasing_words(asked)
    assert "compan" not in phrasing_words(asked) and "acquir" not in phrasing_words(asked)
    assert focus(asked) == "company"
    keyword = [c for c in plan(asked, [], 0, ["search_document"]) if c["args"].get("mode")]
    words = keyword[0]["args"]["query"].split()
    assert "acquired" in words and not {"main", "three", "mentioned"} & set(words)


def test_the_verb_of_asking_whether_the_document_says_something_phrases_it() -> None:
    # "Has X reported any …" asks whether the filing says it: "reported" names nothing;
    # "reported revenue" is what is asked about, and stays a word of the question.
    assert "report" in phrasing_words("Has Quillfeather reported any ongoing lawsuits?")
    assert "disclos" in phrasing_words("Did the company disclose a restatement?")
    assert "report" not in phrasing_words("What was the reported revenue in FY2024?")
    assert "paid" not in phrasing_words("Has Quillfeather paid dividends in FY2024?")
