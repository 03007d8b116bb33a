"""A question reaches the section about its topic when it says the topic in everyday words
("buy back" for a filing's "repurchases"), says the heading's word among others ("Do orders
rise and fall with the seasons?" of "Seasonality"), or asks what an event of a year touched
("Which companies did it acquire in 2024?"). Invented documents only."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

FILING = """# Pellworth Valves Corp. Annual Report

## Item 1. Business

Pellworth Valves Corp. makes industrial valves for water utilities and chemical plants.

### Seasonality

Our orders are seasonal: utilities place most of them before the summer construction months.
The first quarter is usually our weakest quarter for shipments.

### Acquisitions

In March 2024 we completed the purchase of Tolland Gearworks, a maker of valve actuators.
The purchase added a plant in Ohio and about two hundred employees.
In October 2024 we also took over Ferrant Seals, a supplier of gaskets for chemical valves.

## Item 5. Market for the Registrant's Common Equity

### Share Repurchases

During 2024 we repurchased 2.1 million shares of our common stock.
The board also raised the quarterly dividend twice during the year.

## Item 7A. Interest Rate Risk

Rising interest rates increase the cost of our variable-rate term loan.
"""


@pytest.fixture
def filing(folio: Folio, tmp_path: Path) -> str:
    return ingest_text(folio, tmp_path, "pellworth.md", FILING)


def test_everyday_words_read_as_the_filings_word_for_the_topic() -> None:
    from agent.sections import same_topic_words, topic_terms

    assert same_topic_words("Did they buy back stock?") == "Did they repurchase stock?"
    assert "repurchas" in topic_terms("Has it bought back any shares?")
    assert topic_terms("Is it a party to any lawsuits?") & topic_terms("Litigation")
    # "Best Buy" is a name, not a buy-back
    assert "repurchas" not in topic_terms("Where does Best Buy sell its goods?")


def test_a_statement_in_the_filings_word_decides_an_everyday_yes_no_question() -> None:
    from agent.models.sections import stated_verdict

    said = ["For 2024, cash used in financing was mainly for repurchases of common stock."]
    assert stated_verdict("Did Pellworth buy back any stock in 2024?", [], said) == "yes"
    denied = ["We did not repurchase any of our common stock during 2024."]
    assert stated_verdict("Did Pellworth buy back any stock in 2024?", [], denied) == "no"


def test_a_heading_the_question_says_among_other_words_is_read(folio: Folio, filing: str) -> None:
    q = "Do Pellworth's orders rise and fall with the seasons?"
    a = ChatService(folio).ask(q, [filing]).answer
    assert not a.refused, a.answer
    assert "before the summer construction months" in a.answer, a.answer
    assert "Seasonality" in a.answer, a.answer  # read from the section, not a lone sentence


def test_what_an_event_of_a_year_touched_is_a_topic(folio: Folio, filing: str) -> None:
    q = "Which companies did Pellworth acquire in 2024?"
    a = ChatService(folio).ask(q, [filing]).answer
    assert "Tolland Gearworks" in a.answer and "Ferrant Seals" in a.answer, a.answer


def test_a_heading_not_all_said_by_the_question_is_not_taken(folio: Folio, filing: str) -> None:
    from agent.sections import named_within
    from pipeline.corpus import Corpus

    corpus = Corpus(folio, [filing])
    # "Interest Rate Risk": the question says "interest" and "rates", never "risk"
    assert named_within(corpus, [filing], "Do customers pay interest at higher rates?") is None
    found = named_within(corpus, [filing], "Do orders change with the seasons?")
    assert found is not None and found.title == "Seasonality"


def test_a_heading_the_question_opens_with_is_its_subject_not_its_topic(
    folio: Folio, tmp_path: Path
) -> None:
    """A question opening with an article's heading asks a fact of that subject ("银杏分布在
    什么地区？" of "银杏"): the sentence search answers it, not the section read whole."""
    from agent.sections import named_within
    from pipeline.corpus import Corpus

    article = "# 植物志\n\n## 银杏\n\n银杏是一种落叶乔木。\n\n银杏原产于中国东部的山地。\n"
    doc = ingest_text(folio, tmp_path, "plants.md", article)
    corpus = Corpus(folio, [doc])
    assert named_within(corpus, [doc], "银杏分布在什么地区？") is None
    # a question saying the heading after other words still reads its section
    found = named_within(corpus, [doc], "这种树叫什么，是银杏吗？")
    assert found is not None and found.title == "银杏"


def test_a_fact_asked_of_a_heading_said_inside_the_question_is_no_topic(
    folio: Folio, tmp_path: Path
) -> None:
    """A question saying the heading after other words and asking one fact of its subject
    (a thing of a kind, a place, a person) is answered by a sentence, not the section read
    whole; a list asked of it still reads the section."""
    from agent.sections import named_within
    from pipeline.corpus import Corpus

    article = (
        "# 植物志\n\n## 银杏\n\n银杏是一种落叶乔木，叶呈扇形。\n\n"
        "秋季银杏的叶片变为金黄色。\n\n银杏原产于中国东部的山地。\n"
    )
    doc = ingest_text(folio, tmp_path, "plants.md", article)
    corpus = Corpus(folio, [doc])
    for q in ("秋季的银杏叶片变为什么颜色？", "最早栽培银杏的是谁？", "野生的银杏生长在哪里？"):
        assert named_within(corpus, [doc], q) is None, q
    found = named_within(corpus, [doc], "这种树有哪些用途，是银杏吗？")
    assert found is not None and found.title == "银杏"


def test_a_chinese_question_word_asking_a_thing_asks_a_fact() -> None:
    from agent.answer_kinds import asks_fact

    for q in ("灯塔的光以什么为燃料？", "这位诗人晚年做了什么？", "古镇的石桥属于哪种结构？"):
        assert asks_fact(q), q
    # a list, a definition, a name or a description asked is no one fact
    for q in ("古镇有哪些石桥？", "石桥是什么？", "这座桥叫什么？", "古镇是什么样的？"):
        assert not asks_fact(q), q


def test_a_fact_asked_of_a_heading_the_question_opens_with_reads_no_section(
    folio: Folio, tmp_path: Path
) -> None:
    """ "银杏长到10米时做了什么？": the heading is every topic word the question has, yet it is the
    subject a fact is asked of, not a topic to read whole."""
    from agent.sections import find_section
    from pipeline.corpus import Corpus

    article = "# 植物志\n\n## 银杏\n\n银杏是一种落叶乔木。\n\n银杏在晚秋落叶。\n"
    doc = ingest_text(folio, tmp_path, "plants.md", article)
    corpus = Corpus(folio, [doc])
    assert find_section(corpus, [doc], "银杏长到10米时做了什么？") is None
    found = find_section(corpus, [doc], "银杏有哪些？")
    assert found is not None and found.title == "银杏"


def test_a_season_asked_meets_the_seasonality_heading() -> None:
    from agent.sections import meets, topic_terms

    asked = topic_terms("Do Pellworth's orders vary much by season?")
    assert meets(asked, topic_terms("Seasonality"))


def test_a_figure_deciding_no_verdict_fits_a_yes_no_topic_question_less() -> None:
    from agent.models.answering.candidate import AnswerCandidate
    from agent.models.compose import _undecided
    from agent.question import parse

    q = parse("Do Pellworth's sales vary much by season?")
    amount = AnswerCandidate("figures", "figure", "Sales were $9.4 million in 2024 [p#3].")
    assert _undecided(q, amount)
    decided = AnswerCandidate("figures", "figure", "Yes. Sales rose to $9.4 million [p#3].")
    assert not _undecided(q, decided)
    assert not _undecided(parse("What were Pellworth's sales?"), amount)  # no verdict asked


def test_a_statement_missing_one_of_three_topic_words_decides(folio: Folio, filing: str) -> None:
    q = "Do Pellworth's orders vary much by season?"
    a = ChatService(folio).ask(q, [filing]).answer
    assert a.answer.startswith("Yes"), a.answer
