"""Questions answered by an explanation or a list, not a figure: what a reason or a list
question asks, which unit holds it, and the follow-ups report sentences give (invented
documents)."""

from __future__ import annotations

from agent.answer_kinds import asked_kinds, enumerates, holds
from agent.evidence import Evidence, Passage, units
from agent.figures.answer import figure_answer
from agent.models.compose import compose
from agent.models.follow import follow_ups
from agent.models.judge import Candidate
from agent.models.spans import with_reasons

STATEMENT = """HARLOW FOODS INC.
CONSOLIDATED STATEMENTS OF OPERATIONS (in millions)
Year Ended December 31,
2022  2023  2024
Net sales  900  1,000  1,100
Cost of sales  500  560  680
Gross profit  400  440  420"""

CAUSE = (
    "Cost of sales increased as a percent of net sales in 2024, reflecting higher cocoa "
    "prices and the start-up costs of the Tilbury bakery. Gross margin was 38.2% in 2024 "
    "compared with 44.0% in 2023."
)


def _passage(cid: str, text: str, *, page: int, rank: int, section: str = "") -> Passage:
    return Passage(
        chunk_id=cid,
        doc_id=cid.partition("#")[0],
        page=page,
        page_end=page,
        section=section,
        text=text,
        rank=rank,
        score=1.0 / rank,
    )


def _turn(*passages: Passage, df: dict[str, int]) -> list[Evidence]:
    return [
        Evidence(
            tool="search_document",
            query="q",
            passages=list(passages),
            term_df=df,
            scope_chunks=60,
        )
    ]


def test_questions_asking_for_a_cause_ask_for_a_reason_alone() -> None:
    for q in (
        "What drove the gross margin change in 2024?",
        "What contributed to the increase in freight costs?",
        "What explains the decline in same-store sales?",
        "Why did Harlow raise its full-year guidance?",
        "什么导致了毛利率下降？",
        "毛利率受哪些因素影响？",
    ):
        assert asked_kinds(q) == {"reason"}, q
    # instructions after the question ask nothing ("… explain why")
    assert "reason" not in asked_kinds("What is the quick ratio? If it is not useful, explain why.")
    assert "reason" not in asked_kinds("这种鱼称为什么？")
    # "变为" + "什么颜色": a verb ending in 为, then a thing of a kind asked, not "why"
    assert "reason" not in asked_kinds("秋天叶片变为什么颜色？")
    assert asked_kinds("叶片为什么变黄？") == {"reason"}


def test_report_sentences_giving_a_cause_hold_a_reason() -> None:
    for text in (
        "Net sales rose 4%, reflecting higher prices.",
        "We raised our outlook, given our strong start to the year.",
        "Operating expenses fell, driven primarily by lower freight costs.",
        "毛利率下降主要系原材料价格上涨所致。",
        "营业收入受汇率波动影响有所下降。",
    ):
        assert holds("reason", text, ""), text
    assert not holds("reason", "The given name of the founder was Ada.", "")


def test_list_questions_and_units_that_enumerate_members() -> None:
    for q in (
        "What are the geographies Harlow operates in?",
        "Which markets does Harlow sell in?",
        "What are the three main companies acquired by Harlow?",
        "该公司有哪些子公司？",
    ):
        assert "list" in asked_kinds(q), q
    assert "list" not in asked_kinds("What are the total net sales in 2024?")
    # "哪几位" asks which people, several of them: no count
    assert asked_kinds("青岚队的教练是哪几位？") == {"person", "list"}
    assert asked_kinds("全市有哪几所高中？") == {"list"}
    assert asked_kinds("全市共有几所高中？") == {"number"}
    assert enumerates("We sell in 1) Northern Europe; 2) the Americas; and 3) Asia Pacific.")
    assert enumerates("Our brands include Tilbury (TB), Marrow Bakes, Kestrel and Fenn.")
    assert enumerates("• Higher cocoa prices\n• Start-up costs\n• Currency")
    assert enumerates("公司在北京、上海和广州设有分部。")
    # amounts and clauses between commas are no members
    assert not enumerates("Net sales were $1.1 billion, $1.0 billion and $0.9 billion.")
    assert not enumerates("Revenue was $5 million, up 3%, as expected.")


def test_a_reason_asked_of_a_margin_is_answered_by_its_cause_not_the_margin() -> None:
    question = "What contributed to the gross margin change in 2024 at Harlow Foods?"
    turn = _turn(
        _passage("hf#40", STATEMENT, page=40, rank=1),
        _passage("hf#12", CAUSE, page=12, rank=2, section="Results of Operations"),
        df={"contributed": 3, "gross": 8, "margin": 6, "change": 20},
    )
    # the margin could be computed from the table; it is not what is asked
    assert figure_answer(question, turn, "en") is None
    draft = compose(question, turn, "en")
    first = draft.splitlines()[0]
    assert "reflecting higher cocoa prices" in first and "[hf#12]" in first
    # the figure the cause explains, stated by the next sentence, is quoted with it
    assert "38.2%" in draft
    assert "=" not in first and "hf#40" not in first


def test_a_cause_without_a_figure_is_quoted_with_the_next_sentence_stating_it() -> None:
    p = _passage("hf#12", CAUSE, page=12, rank=1)
    unit = units(CAUSE)[0]
    [c] = with_reasons([Candidate(p, unit, 1.0, frozenset(), 0)], "Why did gross margin fall?")
    assert c.unit.text == CAUSE  # one span of the chunk: cause, then the margin it explains
    # asked for something else, the cause stands alone
    [d] = with_reasons([Candidate(p, unit, 1.0, frozenset(), 0)], "Where is the bakery?")
    assert d.unit.text == unit.text


def test_report_sentences_give_follow_ups_in_their_own_words() -> None:
    cited = _passage("hf#30", "Harlow's net sales were $1.1 billion in 2024.", page=30, rank=1)
    text = (
        "On July 30, 2023, we acquired all of the outstanding shares of Fenn Bakeries. "
        "Selling expenses for fiscal 2024 increased 6% to $212 million."
    )
    near = _passage("hf#31", text, page=30, rank=2)
    rows = "| | 2024 | 2023 |\n| Net cash provided by operating activities | 310 | 280 |"
    table = _passage("hf#32", rows, page=31, rank=3)
    turn = _turn(cited, near, table, df={})
    qs = follow_ups("What were Harlow's net sales?", turn, [cited], "en", quoted=[cited.text])
    # "What happened on July 30, 2023?" names no one (the document's "we" has no name here):
    # clicked in the app it was refused, so it is not offered (test_follow_whole_names)
    assert not [q for q in qs if q.startswith("What happened on")], qs
    assert "Why did selling expenses increase?" in qs
    assert "What was net cash provided by operating activities?" in qs


def test_first_person_report_passages_ask_about_the_documents_own_company() -> None:
    cited = _passage(
        "kestrel-foods-2024-10k-a1b2c3#7", "Kestrel Foods sold 12 brands.", page=9, rank=1
    )
    text = (
        "See also “Item 1A. Risk Factors”. In many markets where our products are sold, "
        "Halden Mills is our main competitor. The change in Other Adjustments was small."
    )
    near = _passage("kestrel-foods-2024-10k-a1b2c3#8", text, page=9, rank=2)
    qs = follow_ups(
        "How many brands did Kestrel sell?",
        _turn(cited, near, df={}),
        [cited],
        "en",
        quoted=[cited.text],
    )
    # "we" and "our" are the company the document is named after, as the passages write it
    assert qs == ["How is Halden Mills related to Kestrel Foods?"]


def test_an_attribute_follow_up_is_asked_with_the_sentences_own_verb() -> None:
    cited = _passage("hf#50", "Harlow's net sales were $1.1 billion.", page=50, rank=1)
    near = _passage("hf#51", "Liabilities assumed were approximately $81 million.", page=50, rank=2)
    qs = follow_ups("What were net sales?", _turn(cited, near, df={}), [cited], "en", quoted=[])
    assert qs == ["What were the liabilities assumed?"]  # not "What is the liabilities …"


def test_a_chinese_time_without_a_year_holds_the_date_asked() -> None:
    """ "什么时候" is answered by a season ("冬季") or a reign's year ("宣和元年") as well as
    by a year written in figures; a sentence with no time at all holds none."""
    from agent.answer_kinds import holds

    q = "渡口什么时候停航？"
    for said in ("渡口只在冬季结冰的时候停航。", "渡口于宣和三年停航。"):
        assert holds("date", said, q), said
    assert not holds("date", "渡口由县里的船队经营。", q)
