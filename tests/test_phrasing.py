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


def test_the_words_naming_the_period_asked_about_phrase_it() -> None:
    # "first" and "half" are rare in a filing and would outweigh "acquisitions"
    asked = "What acquisitions did Quillfeather complete in the first half of fiscal 2025?"
    assert {"first", "half", "fiscal"} <= phrasing_words(asked)
    assert "acquisition" not in phrasing_words(asked) and "complet" not in phrasing_words(asked)
    assert {"clos", "q2"} <= phrasing_words("What was the ink backlog as of Q2 of FY2025 close?")
    assert {"six", "month"} <= phrasing_words("Sales in the six months ended June 30, 2025?")
    assert "year" in phrasing_words("What were inventories at year end FY2025?")
    # a half or a quarter not naming the period asked is a word of the question
    assert "half" not in phrasing_words("Why did ink sales fall by half?")


def test_the_light_verb_a_question_is_built_with_phrases_it() -> None:
    assert "make" in phrasing_words("What acquisitions did Quillfeather make in 2025?")
    assert "done" in phrasing_words("What has Quillfeather done about its debt?")


def test_a_sentence_in_the_period_asked_does_not_beat_one_about_the_subject() -> None:
    asked = "What acquisitions did Quillfeather complete in the first half of fiscal 2025?"
    period = "During the first half of fiscal 2025, paper prices rose in every market we serve."
    subject = "On August 1, 2024, we completed the acquisition of Inkwell Works, a pen maker."
    df = {"acquisitions": 9, "quillfeather": 40, "complete": 12, "first": 2, "half": 1}
    turn = [
        Evidence(
            tool="search_document",
            query=asked,
            passages=[_passage(3, period, 1), _passage(8, subject, 2)],
            term_df={**df, "fiscal": 30},
            scope_chunks=60,
        )
    ]
    chosen = judge(asked, turn).chosen
    assert chosen and chosen[0].unit.text == subject
