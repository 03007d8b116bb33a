"""What an answer quotes around its best sentence, what a refusal reads of the evidence,
and the follow-ups English report passages give (invented texts)."""

from __future__ import annotations

from pathlib import Path

from agent.evidence import Evidence, Passage, units
from agent.models.features import make_ask, missed, passage_hits
from agent.models.follow import follow_ups
from agent.models.judge import Candidate
from agent.models.spans import announces, leans_back, with_reasons
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text


def _passage(n: int, text: str, section: str = "", page: int = 1) -> Passage:
    return Passage(
        chunk_id=f"d#{n}", doc_id="d", page=page, page_end=page, section=section, text=text
    )


def _scoped(text: str, query: str, df: dict[str, int]) -> Evidence:
    """One passage found by a search, in a scope of 120 chunks using its words so often."""
    p = Passage(chunk_id="lm#5", doc_id="lm", page=7, page_end=7, text=text, rank=1)
    return Evidence(tool="search_document", query=query, passages=[p], term_df=df, scope_chunks=120)


def _quoted(text: str, starts: str, question: str) -> Candidate:
    p = _passage(0, text)
    unit = next(u for u in units(text) if u.text.startswith(starts))
    [c] = with_reasons([Candidate(p, unit, 1.0, frozenset(), 0)], question)
    assert c.unit.text == text[c.unit.start : c.unit.end]  # still one span of the chunk
    return c


def test_a_sentence_opening_with_a_pronoun_is_quoted_with_the_one_naming_it() -> None:
    text = "青石塔建于明代，高四十米。它在地震中倒塌过两次。塔下有一口古井。"
    c = _quoted(text, "它在", "青石塔倒塌过几次？")
    assert c.unit.text == "青石塔建于明代，高四十米。它在地震中倒塌过两次。"
    english = "The Varnel Bridge opened in 1931. It was closed for repairs in 1987. Tolls ended."
    assert _quoted(english, "It was", "When was it closed?").unit.text.startswith("The Varnel")
    # a sentence naming its own subject stands alone
    assert _quoted(text, "塔下", "塔下有什么？").unit.text == "塔下有一口古井。"


def test_a_sentence_announcing_what_follows_is_quoted_with_it() -> None:
    text = "合约分为两类，分别如下。一类按月结算，另一类按年结算。违约金另计。"
    c = _quoted(text, "合约", "合约分为哪两类？")
    assert c.unit.text == "合约分为两类，分别如下。一类按月结算，另一类按年结算。"
    assert announces("The fees are as follows.") and announces("费用包括：")
    # "以下简称" names an abbreviation inside the sentence; it announces nothing
    assert not announces("蓝河公司（以下简称蓝河），成立于二〇〇一年。")
    assert leans_back("他后来去了北方。") and not leans_back("Italy borders France.")
    assert leans_back("例如蓝河公司。") and leans_back("For example, the north gate.")
    assert not leans_back("Thesis defences are public.")


def test_a_passage_that_leaves_out_a_rare_question_word_is_marked() -> None:
    both = _passage(0, "Port Veldra exports copper ore through its harbour.")
    one = _passage(1, "The harbour fee rose in spring.")
    ev = Evidence(
        tool="search_document",
        query="Port Veldra copper",
        passages=[both, one],
        term_df={"veldra": 1, "copper": 2, "harbour": 9},
        scope_chunks=40,
    )
    ask = make_ask("Which harbour exports Veldra copper?", [ev])
    assert missed(ask, passage_hits(ask, both)) == 0.0
    # the passage uses only the common word: the rarest one it leaves out weighs as much
    assert missed(ask, passage_hits(ask, one)) == 1.0


def test_english_report_passages_give_follow_ups_without_a_named_subject() -> None:
    text = (
        "Ticket income was $4.1 million in the quarter. Operating expenses decreased 3% "
        "compared with the prior year, primarily due to lower freight costs."
    )
    cited = _passage(0, text, section="Results of Operations")
    table = _passage(
        1,
        "| Item | 2024 | 2023 |\n| Cost of goods sold | 2,310 | 2,250 |\n"
        "| Net sales | 9,100 | 8,800 |",
        page=1,
    )
    ev = Evidence(tool="search_document", query="ticket income", passages=[cited, table])
    quote = "Ticket income was $4.1 million in the quarter."
    qs = follow_ups("What was ticket income in the quarter?", [ev], [cited], "en", quoted=[quote])
    assert "Why did operating expenses decrease?" in qs
    assert "What was cost of goods sold?" in qs
    assert "What were net sales?" in qs, qs  # the verb agrees with the item's head noun


def test_a_table_row_without_a_line_item_asks_no_follow_up() -> None:
    cited = _passage(0, "Ticket income was $4.1 million in the quarter.", section="Results")
    rows = (
        "| Item | 2024 | 2023 |\n| Diluted | 6.68 | 5.41 |\n| (MILLIONS) (MILLIONS) | 12 | 10 |\n"
        "| Gross profit (a) | 912 | 870 |"
    )
    ev = Evidence(
        tool="search_document", query="ticket income", passages=[cited, _passage(1, rows)]
    )
    quote = "Ticket income was $4.1 million in the quarter."
    qs = follow_ups("What was ticket income in the quarter?", [ev], [cited], "en", quoted=[quote])
    assert "What was gross profit?" in qs, qs  # its footnote mark is no part of the item
    assert not any(q.rstrip("?").endswith((" ", "was", "is")) for q in qs), qs  # "What was ?"
    assert not any("MILLIONS" in q for q in qs), qs  # a unit in brackets names no item


def test_a_sentence_holding_nothing_asked_is_quoted_with_the_next_that_goes_on() -> None:
    text = "白鹭夫人生于一八〇二年。是北国第三代国王赵衡的王妃。她擅长书法。"
    c = _quoted(text, "白鹭夫人", "白鹭夫人是谁的王妃？")
    assert c.unit.text == "白鹭夫人生于一八〇二年。是北国第三代国王赵衡的王妃。"
    # asked when she was born, the first sentence holds it and stands alone
    assert _quoted(text, "白鹭夫人", "白鹭夫人生于哪一年？").unit.text == "白鹭夫人生于一八〇二年。"


def test_each_sentence_of_a_widened_quote_keeps_its_citation(folio: Folio, tmp_path: Path) -> None:
    text = (
        "# 青石塔\n\n青石塔建于明代，高四十米，是城中最高的建筑。"
        "它在地震中倒塌过两次，每次都按原样重建。\n"
    )
    doc = ingest_text(folio, tmp_path, "tower.md", text)
    a = ChatService(folio).ask("青石塔在地震中倒塌过几次？", [doc]).answer
    assert not a.refused and "两次" in a.answer
    assert "青石塔建于明代" in a.answer and "已删去" not in a.answer


def test_a_clause_that_is_most_of_its_sentence_is_the_sentence_said_once() -> None:
    from agent.models.compose import compose

    text = (
        "Kamala Reyes leads human resources for the group. In this role, she oversees the "
        "training and well-being of the more than 4,200 Larkspur employees worldwide."
    )
    ev = _scoped(text, "employees", {"employees": 3, "larkspur": 40})
    draft = compose("How many employees does Larkspur have?", [ev], "en")
    # not "she oversees …" (a fragment), then the same sentence again as its quote
    assert draft.startswith("In this role, she oversees"), draft
    assert draft.count("4,200 Larkspur employees") == 1, draft


def test_how_many_asks_for_a_number_of_the_thing_counted() -> None:
    from agent.answer_kinds import holds

    q = "How many stores does Larkspur operate?"
    assert holds("number", "At year end we operated 1,138 stores in North America.", q)
    assert holds("number", "We have more than 412 Larkspur Outlet stores.", q)
    # a year, a count of something else, a figure the question gives: no count of stores
    assert not holds("number", "He joined Larkspur as a store manager in 2005.", q)
    assert not holds("number", "Larkspur employs 90,000 people across its stores.", q)
    assert holds("number", "Revenue was 4,200 million.", "How much revenue did it make?")
    staff = "How many employees does Larkspur have?"
    # a code's number and a defined term in capitals count no staff
    assert not holds("number", "Public Law 93-406, the Employee Retirement Act, applies.", staff)
    assert not holds("number", "If there are less than 200 Specified Employees, …", staff)
    assert holds("number", "We had approximately 4,100 employees worldwide.", staff)


def test_a_unit_giving_the_count_asked_answers_before_units_sharing_its_words() -> None:
    from agent.models.judge import judge

    text = (
        "Employees of the company may join the savings plan, and the company matches "
        "employee contributions. The company reviews employee benefits every year. "
        "At year end we employed 4,100 people, most of them in Europe."
    )
    ev = _scoped(text, "employees company", {"employees": 6, "company": 90})
    chosen = judge("How many employees does the company have?", [ev]).chosen
    # it shares no word with the question: it gives the number asked, as reports word it
    assert chosen and "4,100 people" in chosen[0].unit.text, chosen


def test_an_english_name_is_no_title_and_no_word_the_passages_write_in_lower_case() -> None:
    from agent.answer_kinds import holds

    q = "Who is the chief financial officer?"
    common = frozenset({"certification", "pursuant", "our", "officer", "executive"})
    assert holds("person", "Dana Quillfeather 50 Chief Financial Officer", q, common)
    assert not holds(
        "person",
        "31 Certification of our Chief Executive Officer pursuant to Section 302",
        q,
        common,
    )


def test_a_clause_read_out_of_its_sentence_opens_with_a_capital() -> None:
    from agent.models.compose import compose

    text = (
        "As of June 30, 2026, we had approximately 4,100 employees, including part-time and "
        "temporary workers, worldwide, with about a third located in Europe, a third in "
        "Asia and the rest in North and South America and in Africa and Oceania."
    )
    ev = _scoped(text, "employees", {"employees": 3})
    draft = compose("How many employees does the company have?", [ev], "en")
    assert draft.startswith("We had approximately 4,100 employees"), draft


def test_a_chinese_row_label_wrapped_over_lines_is_one_name() -> None:
    from agent.models.follow import _row_label

    assert (
        _row_label("青石投资 管理有限公 司 | 境内法人 | 9.33% | 81,494,850")
        == "青石投资管理有限公司"
    )


def test_a_long_title_case_heading_line_is_no_part_of_the_sentence_after_it() -> None:
    text = (
        "Risks Related to the Planned Separation of our Cider and Perry Business\n"
        "The planned separation of the Cider business may not be completed on the terms "
        "currently contemplated, if at all."
    )
    parts = units(text)
    assert [u.kind for u in parts] == ["heading", "sentence"]
    assert parts[1].text.startswith("The planned separation")
    # a wrapped line of prose is no heading, however many names it holds
    prose = (
        "In fiscal 2024, we acquired Pearl Valley Farms Ltd. and Copper Creek Cider, a maker of\n"
        "Perry and Cider, for net cash consideration of $79 million."
    )
    assert [u.kind for u in units(prose)] == ["sentence"]


def test_follow_ups_ask_of_names_and_figures_not_of_offices_headings_or_ages() -> None:
    cited = _passage(0, "Ada Quill has led Quillfeather since 2019.", section="Officers")
    around = _passage(
        1,
        "Legal Proceedings.\n"
        "Quillfeather Pens sells fountain pens in Europe.\n"
        "Bo Reed  56  Chief Supply Officer, Executive Vice President since January 2022\n"
        "The Quillfeather Leadership Team met with the Chief Operating Officer in May.\n"
        "The board works closely with Inkwell Partners on pricing.",
        section="Officers",
    )
    ev = Evidence(tool="search_document", query="ceo", passages=[cited, around])
    quote = "Ada Quill has led Quillfeather since 2019."
    qs = follow_ups("Who leads Quillfeather?", [ev], [cited], "en", quoted=[quote])
    said = " ".join(qs)
    assert "Bo Reed?" not in said  # a line of words is no row of figures
    for junk in ("Proceedings", "Operating Officer", "Leadership Team"):
        assert junk not in said, qs
    assert any("Inkwell Partners" in q for q in qs), qs


def test_a_numbered_heading_stands_apart_from_its_paragraph() -> None:
    # "1. Eligibility⏎Employees who …" was read as "1." and "Eligibility Employees who …":
    # the answer opened with the heading glued to its sentence (found in the app on a DOCX).
    text = (
        "1. Parking\nStaff who drive to work may park in level B for a monthly fee of 40 "
        "euros. Visitors park free.\n2.3. Bicycles\nBicycles go in the courtyard racks."
    )
    got = [(u.kind, u.text) for u in units(text)]
    assert ("heading", "1. Parking") in got and ("heading", "2.3. Bicycles") in got
    assert got[1] == (
        "sentence",
        "Staff who drive to work may park in level B for a monthly fee of 40 euros.",
    )
    # a numbered sentence keeps its number with it, and no line's number stands alone
    listed = [u.text for u in units("Rules:\n1. Badges stay visible at all times.")]
    assert listed[-1] == "1. Badges stay visible at all times."
    assert not any(u.text.strip() in ("1.", "2.3.") for u in units(text))


def test_a_numbered_heading_is_not_said_in_the_answer(folio: Folio, tmp_path: Path) -> None:
    text = (
        "Parking rules\n\n1. Parking\nStaff who drive to work may park in level B for a "
        "monthly fee of 40 euros.\n\n2. Bicycles\nBicycles go in the courtyard racks.\n"
    )
    doc = ingest_text(folio, tmp_path, "parking.txt", text)
    a = ChatService(folio).ask("How much is the monthly parking fee?", [doc]).answer
    assert not a.refused and "40 euros" in a.answer
    assert "Parking Staff" not in a.answer and a.answer.startswith("Staff who drive")


def test_a_clause_answer_keeps_the_condition_that_limits_it(folio: Folio, tmp_path: Path) -> None:
    # "… up to three days per week, subject to manager approval" was cut to "… up to three
    # days per week": the answer allowed more than the policy does (found in the app).
    text = (
        "Relocation\n\n1. Support\nStaff who have served a notice period of 30 days may "
        "claim relocation support up to two times per year, subject to director approval."
        "\n\n2. Travel\nTrain tickets are booked by the office.\n"
    )
    doc = ingest_text(folio, tmp_path, "relocation.txt", text)
    a = ChatService(folio).ask("How many days of notice before relocation support?", [doc])
    assert not a.answer.refused and "30 days" in a.answer.answer
    first = a.answer.answer.splitlines()[0]
    assert "subject to director approval" in first


def test_a_question_of_two_names_takes_the_next_sentence_holding_the_others() -> None:
    text = (
        "1987年起，青岚国的酒若含有超过10ppm的硫剂，都必须标明。"
        "白溪联盟类似的规定开始于2005年11月。酒多为红色。"
    )
    both = "青岚国和白溪联盟分别从什么时候起要求标明酒里的硫剂？"
    c = _quoted(text, "1987年", both)
    assert c.unit.text.endswith("开始于2005年11月。")
    # asked of one name alone, the sentence stands alone
    one = _quoted(text, "1987年", "青岚国从什么时候起要求标明酒里的硫剂？")
    assert one.unit.text.endswith("都必须标明。")


def test_a_description_goes_on_over_the_sentence_whose_subject_the_one_before_introduced() -> None:
    text = (
        "格字游戏一般给出一个矩形的表格。这个表格被分割为若干个方格，方格的颜色有白色与黑色两种。"
        "白色的方格组成一些交叉的行与列，行列的长度不等。玩家根据题目填入答案。"
    )
    c = _quoted(text, "这个表格", "格字游戏的表格是怎样的？")
    assert "行列的长度不等。" in c.unit.text
    assert "玩家根据" not in c.unit.text  # its subject is new: the description ends
