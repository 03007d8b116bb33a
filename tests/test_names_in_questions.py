"""Names in a question: the company whose report it is, superlatives inside a name, and
a list of things answered by a sentence naming them.

"Best Orchard" is a name, not a superlative; the report's own company named in the
question says whose report, not what about; "which companies did X acquire" is answered
by the sentence naming the companies acquired.
"""

from __future__ import annotations

from agent.answer_kinds import asked_kinds, holds
from agent.evidence import Evidence, Passage
from agent.models.features import hits, make_ask
from agent.models.focus import owner_named
from agent.models.judge import judge
from agent.question.compare import asks_extreme, wants_minimum, what_is_compared
from agent.scope import build_stats
from pipeline.models import Chunk, Document


def _passage(n: int, text: str, rank: int) -> Passage:
    return Passage(
        chunk_id=f"b#{n}", doc_id="b", page=n, page_end=n, text=text, rank=rank, score=1 / rank
    )


def _searched(asked: str, texts: list[str], df: dict[str, int]) -> list[Evidence]:
    """One search of Best Orchard's report that returned ``texts`` in their order."""
    passages = [_passage(4 + i, t, 1 + i) for i, t in enumerate(texts)]
    return [
        Evidence(
            tool="search_document",
            query=asked,
            passages=passages,
            term_df=df,
            scope_chunks=80,
            owner=["best", "orchard"],
        )
    ]


def test_a_capitalised_superlative_before_a_name_word_is_part_of_the_name() -> None:
    assert not asks_extreme("Which acquisitions has Best Orchard made since 2020?")
    assert asked_kinds("What are the acquisitions Best Orchard made in FY2024?") == {"list"}
    assert what_is_compared("Which region had the highest sales at Top Harbor?") == (
        "Which region had the sales at Top Harbor?"
    )
    assert not wants_minimum("Which region of Best Orchard had the most stores?")


def test_a_capitalised_superlative_before_a_measure_is_emphasis() -> None:
    assert asks_extreme("Which region had the Highest EBIT Margin for Orrin?")
    assert asks_extreme("Which Region had the Lowest Revenue Growth in 2024?")
    assert wants_minimum("Which Region had the Lowest Revenue Growth in 2024?")


def test_the_company_named_as_the_report_names_it_is_no_word_of_the_question() -> None:
    owner = {"best", "orchard", "resort"}
    assert owner_named("What acquisitions has Best Orchard made?", owner) == {"best", "orchard"}
    # a name word alone within another name is that name's ("Lakeside Resorts" segment)
    asked = "What were Lakeside Resorts revenues for Best Orchard Resorts?"
    assert owner_named(asked, owner) == {"best", "orchard"}
    evidence = [
        Evidence(
            tool="search_document",
            query="acquisitions",
            term_df={"acquisitions": 5, "best": 30, "orchard": 30},
            scope_chunks=80,
            owner=sorted(owner),
        )
    ]
    assert set(make_ask("What acquisitions has Best Orchard made?", evidence).weights) == {
        "acquisition"
    }


def test_the_registrant_s_name_words_are_kept_but_its_legal_suffixes() -> None:
    cover = "BEST ORCHARD CO., INC.\n(Exact name of registrant as specified in its charter)"
    chunk = Chunk(chunk_id="b#0", doc_id="b", n=0, text=cover, page_start=1, page_end=1)
    doc = Document(doc_id="b", name="report.pdf", kind="pdf", size=1, content_hash="x")
    assert build_stats(doc, [chunk]).owner == {"best", "orchard"}


def test_a_sentence_naming_two_things_holds_a_list() -> None:
    asked = "What are the acquisitions of Best Orchard?"
    two = "In fiscal 2024, we acquired Pearl Valley Farms Ltd. and Copper Creek Cider."
    one = "The acquired assets included $35 million of goodwill assigned to Pearl Valley."
    assert holds("list", two, asked) and not holds("list", one, asked)


def test_a_list_of_acquisitions_is_answered_by_the_sentence_naming_them() -> None:
    asked = "What are the major acquisitions that Best Orchard has done in 2024?"
    goodwill = (
        "The acquired assets included $35 million of goodwill that was assigned to our "
        "Best Orchard Cider reporting unit."
    )
    named = "In fiscal 2024, we acquired Pearl Valley Farms Ltd. and Copper Creek Cider."
    evidence = _searched(
        asked,
        [goodwill, named],
        {"major": 3, "acquisitions": 6, "best": 40, "orchard": 40, "done": 2},
    )
    chosen = judge(asked, evidence).chosen
    assert chosen and chosen[0].unit.text == named


def test_a_sentence_saying_the_question_in_other_words_uses_them() -> None:
    # "spin off" is said "separation" in a filing; "off" alone is in "paid time off"
    asked = "Is Best Orchard planning to spin off any of its businesses?"
    benefits = "Our benefits include retirement plans, health plans and paid time off."
    separation = (
        "In May 2024, we announced our plan to separate the Cider business (the separation)."
    )
    evidence = _searched(
        asked, [benefits, separation], {"planning": 20, "spin": 1, "off": 2, "businesses": 30}
    )
    assert set(hits(make_ask(asked, evidence), separation)) >= {"spin", "off"}
    chosen = judge(asked, evidence).chosen
    assert chosen and chosen[0].unit.text == separation


def test_how_much_is_held_by_an_amount_not_by_a_date() -> None:
    asked = "How much cash did Best Orchard receive from the sale of its cider business?"
    dated = "On December 23, 2024, we completed the sale of the cider business."
    amount = "The total net cash consideration received was $365 million."
    assert not holds("number", dated, asked) and holds("number", amount, asked)
    # a count or a year asked is held by any number the question does not give
    assert holds("number", "It opened in 1998.", "How long has the mill been open?")


def test_a_sentence_that_only_points_elsewhere_never_answers() -> None:
    asked = "What are the main risks facing Best Orchard?"
    pointer = "For a more complete discussion of the material risks facing our business, see below."
    risk = "The risks facing our business include spring frost, which could ruin a season's fruit."
    evidence = _searched(
        asked, [pointer, risk], {"main": 3, "risks": 20, "facing": 2, "best": 40, "orchard": 40}
    )
    chosen = judge(asked, evidence).chosen
    assert chosen and all(c.unit.text != pointer for c in chosen), chosen


def test_a_line_naming_only_a_period_never_answers_and_rules_are_no_words() -> None:
    from agent.evidence import clean

    asked = "How much cash did Best Orchard pay in dividends in the six months ended June 30?"
    period = "Six Months Ended June 30,"
    paid = "In the six months ended June 30, we paid dividends of $4 million in cash."
    evidence = _searched(asked, [period, paid], {"cash": 20, "dividends": 3, "six": 9, "june": 9})
    chosen = judge(asked, evidence).chosen
    assert chosen and all(c.unit.text != period for c in chosen), chosen
    assert clean("________________ • Sales rose 4% -------- in 2024") == "• Sales rose 4% in 2024"
