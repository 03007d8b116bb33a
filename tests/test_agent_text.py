"""Pure helpers of the agent: language, small talk, follow-ups, support checks, quotes."""

from __future__ import annotations

import pytest

from agent.citations import (
    locate_quote,
    locate_quotes,
    parse_claims,
    reflect,
    row_focus,
    split_follow_ups,
)
from agent.evidence import Passage, units
from agent.language import detect_language, reply_language
from agent.rewrite import core_question, defined_term, page_reference, resolve_followup, small_talk
from agent.support import check, is_factual


@pytest.mark.parametrize(
    ("text", "lang", "reply"),
    [
        ("年假有几天？", "zh", "zh"),
        ("What was revenue in 2023?", "en", "en"),
        ("Adobe 的 operating margin 是多少", "mixed", "zh"),
        ("What does 年假 mean in this policy document about leave?", "mixed", "en"),
        # English names in Chinese grammar: no English function word, so Chinese
        ("Contoso StoreNet Platform指什么？", "mixed", "zh"),
    ],
)
def test_language_detection(text: str, lang: str, reply: str) -> None:
    assert detect_language(text) == lang
    assert reply_language(detect_language(text), text) == reply


def test_small_talk_only_when_nothing_else_is_asked() -> None:
    assert small_talk("你好") == "greeting" and small_talk("Thanks!") == "thanks"
    assert small_talk("你好，年假有几天？") is None and small_talk("what is revenue") is None


def test_two_pleasantries_in_one_message_are_small_talk_answered_by_the_later() -> None:
    # A visitor's "hi, thanks!" was searched for in the documents and refused.
    assert small_talk("hi, thanks!") == "thanks"
    assert small_talk("Hello! Thank you so much.") == "thanks"
    assert small_talk("ok thanks, bye") == "bye"
    assert small_talk("你好，谢谢！") == "thanks" and small_talk("谢谢再见") == "bye"
    # Only when every part is small talk: a greeting before a question stays a question.
    for asked in ("hi, what was revenue?", "thanks, and the net margin?", "你好，营收呢？"):
        assert small_talk(asked) is None, asked


def test_asking_after_the_assistant_is_small_talk_in_any_case_and_punctuation() -> None:
    for said in (
        "hello, how are you?",
        "Hi there! How are you doing today?",
        "HEY, how’s it going?!",
        "Good evening Folio, how have you been?",
        "how do you do.",
        "你好，最近怎么样？",
        "您好吗",
    ):
        assert small_talk(said) == "wellbeing", said
    # A greeting before a real question about the documents is not small talk.
    for asked in (
        "hello, how are sales this year?",
        "Hi, how are the store leases accounted for?",
        "hello, what was the net income?",
        "hey, how are you calculating margin here?",
        "你好，最近的营收怎么样？",
    ):
        assert small_talk(asked) is None, asked


def test_elliptical_follow_ups_take_the_topic_from_history() -> None:
    assert resolve_followup("能顺延吗？", ["年假有几天？"]) == "年假 能顺延吗？"
    assert resolve_followup("and in 2022?", ["What was Adobe revenue in FY2021?"]) == (
        "What was Adobe revenue in 2022?"
    )
    assert (
        resolve_followup("那2022年呢？", ["2021年的营业收入是多少？"]) == "2022年的营业收入是多少？"
    )
    # A new topic is left alone.
    assert resolve_followup("出差住宿呢？", ["年假有几天？"]) == "出差住宿呢？"
    assert resolve_followup("What is the revenue of Amcor?", ["What was Adobe revenue?"]) == (
        "What is the revenue of Amcor?"
    )


def test_question_shapes() -> None:
    assert (
        defined_term("什么是信息熵？") == "信息熵" and defined_term("What is EBITDA?") == "EBITDA"
    )
    assert defined_term("What was revenue growth in fiscal 2023 compared to 2022?") is None
    assert page_reference("第5页讲了什么") == 5 and page_reference("what is on page 12?") == 12
    long_q = (
        "What is Amazon's year-over-year change in revenue (in units of percents and round to "
        "one decimal place)? Calculate what was asked by utilizing the line items."
    )
    assert core_question(long_q) == "What is Amazon's year-over-year change in revenue  ?"


def test_support_needs_the_words_and_the_numbers() -> None:
    cited = "Total revenue  17,606  15,785\nOperating income  6,098  5,802"
    assert check("Operating income was 6,098 million.", cited).supported
    assert not check("Operating income was 7,777 million.", cited).supported
    # A ratio computed from two cited figures is supported; an invented one is not.
    assert check("The operating margin fell from 36.8% to 34.6%.", cited).supported
    assert not check("The operating margin fell from 66.8% to 14.6%.", cited).supported
    assert check("员工入职满一年后享有带薪年假十天", "员工入职满一年后享有带薪年假十天。").supported
    assert not check("年假可以顺延到明年六月", "年假应在当年度内休完。").supported
    assert not is_factual("The documents do not say.") and is_factual("Revenue grew 10%.")


def test_reflection_drops_ids_not_returned_this_turn() -> None:
    p = Passage(chunk_id="a#1", doc_id="a", page=2, page_end=2, text="Revenue was 10 million.")
    verdict = reflect("Revenue was 10 million [a#1]. Profit was 3 million [b#7].", {"a#1": p})
    first, second = verdict.claims
    assert first.supported and first.ids == ["a#1"]
    assert not second.supported and second.invalid_ids == ["b#7"] and second.ids == []


def test_follow_ups_and_claims_are_parsed_from_a_draft() -> None:
    body, follow = split_follow_ups(
        "- A grew [x#1].\n- B fell [x#2].\n\n"
        "Follow-up questions:\n1. Why did A grow?\n- What about C?"
    )
    assert follow == ["Why did A grow?", "What about C?"]
    claims = parse_claims(body)
    assert [c.ids for c in claims] == [["x#1"], ["x#2"]] and all(c.bullet for c in claims)


def test_a_rows_column_note_ending_a_sentence_keeps_the_row_whole_and_cited() -> None:
    # the header quoted in the note ends a sentence of its own; the row is still one claim
    row = "- Units shipped | 410 | 388 ⟨columns: sold in the region. Year | 2024 | 2023⟩ [t#4]"
    p = Passage(
        chunk_id="t#4", doc_id="t", page=3, page_end=3, text="Units shipped 410 388", kind="table"
    )
    claims = reflect(f"Units shipped were 410 [t#4].\nSupporting quotes:\n{row}", {"t#4": p}).claims
    rows = [c for c in claims if "410 | 388" in c.text]
    assert len(rows) == 1 and rows[0].ids == ["t#4"] and rows[0].supported
    assert all(c.supported for c in claims if c.factual)


def test_quotes_are_exact_spans_even_across_line_breaks() -> None:
    text = (
        "年假制度\n当年未休完的年假经部门负责人批准可以顺\n延至次年三月三十一日。其他规定见附件。"
    )
    start, end = locate_quote("当年未休完的年假经部门负责人批准可以顺延至次年三月三十一日。", text)
    assert text[start:end].startswith("当年未休完") and text[start:end].endswith("三十一日")
    rows = units("Total revenue  17,606  15,785\nOperating income  6,098  5,802")
    assert [u.kind for u in rows] == ["row", "row"]
    # A Chinese sentence full of dates is prose, not a table row.
    dated = units("他于1601年（庆长6年）3月2日回到江户。\n1605年4月16日，他辞去职务。")
    assert [u.kind for u in dated] == ["sentence", "sentence"]


def test_stems_meet_across_plurals_and_tenses() -> None:
    from agent.scope import stem

    for a, b in [
        ("revenue", "revenues"),
        ("expense", "expenses"),
        ("process", "processes"),
        ("increase", "increasing"),
        ("increased", "increase"),
        ("tax", "taxes"),
        ("company", "companies"),
    ]:
        assert stem(a) == stem(b), (a, b)
    assert stem("business") == "business" and stem("status") == "status"


def test_rows_compare_by_change_then_level() -> None:
    from agent.models.compare import row_value
    from agent.question.compare import asks_change, wants_minimum

    assert row_value("Developed Rest of World  1,305  5,034  (74)  3,778  8,320  (55)") == -74
    assert row_value("| Developed Europe | 2,100 | 2,500 | (16%) |") == -16
    assert row_value("Total revenues  12,734  27,742") is None  # the sum of the others
    assert row_value("Las Vegas Strip Resorts  $ 2,000  $ 1,500") == 2000
    assert row_value("MGM China  174,720  314,717", change=True) == pytest.approx(-44.48, 0.01)
    assert wants_minimum("Which region had the biggest drop?") and not wants_minimum("highest?")
    # a decline is read from its signed figure: its least is the highest figure
    assert wants_minimum("Which unit had the largest net loss?")
    assert not wants_minimum("Which unit lost the smallest sum?")
    assert not wants_minimum("Which district saw the smallest decline in fares?")
    assert wants_minimum("Which unit performed worst?") and wants_minimum("哪个地区亏损最多？")
    assert wants_minimum("Which line had the lowest margin?") and wants_minimum(
        "销量下降的是哪个？"
    )
    assert asks_change("worst topline performance") and not asks_change("highest EBITDAR")


def test_why_answers_quote_the_reason_before_the_consequence() -> None:
    from agent.models.judge import Candidate
    from agent.models.spans import with_reasons

    text = "猴面包树果实的维生素C含量是橙子的三倍。因此它有时也被称为笨蛋水果。它原产于非洲。"
    p = Passage(chunk_id="d#0", doc_id="d", page=1, page_end=1, text=text)
    consequence = next(u for u in units(text) if u.text.startswith("因此"))
    c = Candidate(p, consequence, 1.0, frozenset(), 0)
    [why] = with_reasons([c], "为什么称猴面包树为笨蛋水果？")
    assert why.unit.text == text[why.unit.start : why.unit.end]
    assert why.unit.text.startswith("猴面包树果实") and why.unit.text.endswith("笨蛋水果。")
    [what] = with_reasons([c], "猴面包树又被称为什么？")
    assert what.unit.text.startswith("因此")
    # a consequence opening with 故 alone ("故许多人……") is read with its reason too
    text = "青岚颜料干后不再溶于水，且不易褪色。故许多人用青岚颜料制作自画衫。"
    p = Passage(chunk_id="d#1", doc_id="d", page=1, page_end=1, text=text)
    c = Candidate(p, units(text)[1], 1.0, frozenset(), 0)
    [why] = with_reasons([c], "为什么很多人用青岚颜料画自画衫？")
    assert why.unit.text == text


def test_only_questions_about_the_document_itself_read_its_cover() -> None:
    from agent.rewrite import asks_whose_document

    for q in ("这份报告是哪家公司的？", "这是哪家公司的年报？", "Which company filed this report?"):
        assert asks_whose_document(q), q
    for q in (
        "这份报告中哪家公司收购了X？",
        "Which company did Adobe agree to acquire according to the report?",
    ):
        assert not asks_whose_document(q), q


def test_a_change_between_two_dates_is_quoted_from_its_row_not_the_header_of_dates() -> None:
    """The header shares the sentence's years and days; the row shares its figures."""
    table = (
        "| Balance Sheets | As of December 31, 2021 | As of December 31, 2020 |\n"
        "|---|---|---|\n| Cash and cash equivalents | 1,944 | 1,786 |\n"
        "| Property, plant and equipment | 14,882 | 13,745 |"
    )
    sentence = (
        "Yes, property, plant and equipment rose from $13,745 million at December 31, 2020 "
        "to $14,882 million at December 31, 2021, an increase of $1,137 million."
    )
    start, end = locate_quote(sentence, table)
    assert table[start:end].strip(" |").startswith("Property, plant and equipment"), table[
        start:end
    ]


def test_a_sentence_giving_two_rows_figures_cites_each_row() -> None:
    table = (
        "| ($ in Millions) Full Year | 2025 | 2024 | % Change |\n|---|---|---|---|\n"
        "| U.K. | $5,200 | $4,800 | 8.3% |\n| Nordics | 2,100 | 2,200 | (4.6)% |\n"
        "| Total | $7,300 | $7,000 | 4.3% |"
    )
    sentence = (
        "U.K. growth 2025: 8.3% (5,200 against 4,800, as printed); "
        "Nordics: −4.6% (2,100 against 2,200, as printed)."
    )
    spans = locate_quotes(sentence, table)
    quoted = [table[s:e].strip(" |") for s, e in spans]
    assert len(quoted) == 2 and quoted[0].startswith("U.K.") and quoted[1].startswith("Nordics")
    # each citation marks its own row's cells
    assert row_focus(table[spans[1][0] : spans[1][1]], sentence)[0] == "Nordics"
    # a quote of one row (a supporting quote) stays that one row
    row = "U.K. | $5,200 | $4,800 | 8.3%"
    assert [table[s:e].strip(" |") for s, e in locate_quotes(row, table)] == [row]


def test_a_figure_with_its_currency_sign_is_quoted_from_the_row_printing_it() -> None:
    text = (
        "| (in millions) | 2018 | 2019 |\n|---|---|---|\n| Net sales: |  |  |\n"
        "| Cloud | 25,655 | 35,026 |\n| Growth: |  |  |\n| Cloud | 47 | 37 |"
    )
    # "$35,026" is the cell 35,026, not a shorter row of other figures with the same label
    s, e = locate_quote("Cloud revenue was $35,026 million in FY2019 [x].", text)
    assert text[s:e] == "Cloud | 25,655 | 35,026", text[s:e]
    s, e = locate_quote("Cloud growth was −37 points [x].", text)
    assert text[s:e] == "Cloud | 47 | 37", text[s:e]
