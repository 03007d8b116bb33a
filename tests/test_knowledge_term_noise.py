"""What the term table must not list: the sign of a table column taken for an acronym, a
pronoun taken for one, the end of a longer name, runs of capitals across a title line, the
standard parts of a report. Invented wording."""

from __future__ import annotations

from pipeline.knowledge.definitions import subject_definition
from pipeline.knowledge.keyphrases import en_keyphrases
from pipeline.knowledge.patterns.en import find_en
from pipeline.knowledge.source import DocText, build_doc_text
from pipeline.knowledge.terms import extract_terms
from pipeline.models import Block, Line


def _doc(paragraphs: list[str], title: str = "Garden notes") -> DocText:
    blocks = [Block(page=1, kind="heading", level=1, text="Item 7. Results of Operations")]
    blocks += [Block(page=1, text=p, lines=[Line(text=p)]) for p in paragraphs]
    return build_doc_text("d", title, "en", blocks, [])


def test_a_tables_sign_is_no_acronym_and_an_acronym_keeps_its_case() -> None:
    found = find_en("Location of Lantern Gain (Loss) Recognized in Income on Lanterns")
    assert not any("Loss" in f.aliases or f.term == "Loss" for f in found), found
    found = find_en("Return on garden capital (ROGC) is a measure of lantern returns.")
    assert any(f.term == "Return on garden capital" and "ROGC" in f.aliases for f in found)
    # "IT" is not "It is the policy of …"; "it" spelled out still defines itself.
    said = ["It is the policy of the company to answer every letter within a week."]
    assert subject_definition(["IT"], said) is None
    said = ["IT is the group that runs the lantern factory's computers and networks."]
    assert subject_definition(["IT"], said) is not None


def test_the_end_of_a_longer_name_is_no_keyphrase() -> None:
    sentences = [
        f"The report {n} was filed with the Lantern and Garden Commission in spring."
        for n in ("one", "two", "three", "four")
    ]
    found = {k.text for k in en_keyphrases(sentences, limit=20)}
    assert "Garden Commission" not in found, found
    pairs = [
        f"The net impact of lantern acquisitions and divestitures lowered sales by {n} percent."
        for n in ("four", "five", "six")
    ]
    found = {k.text for k in en_keyphrases(pairs, limit=20)}
    assert not any(k.endswith("lantern acquisitions") for k in found), found
    alone = [f"The Garden Commission met on day {n} of the fair." for n in ("one", "two", "three")]
    assert "Garden Commission" in {k.text for k in en_keyphrases(alone, limit=20)}


def test_title_lines_and_report_parts_give_no_terms() -> None:
    title_line = "Harbour Lantern Works and Subsidiaries Reconciliation of Lantern Measures"
    body = "Lantern measures are counted by the number of lanterns sold in a season."
    parts = "Our results of operations depend on the lantern season."
    doc = _doc([title_line, body, parts, title_line, body, parts, title_line, parts])
    terms = {t.term.lower() for t in extract_terms(doc)}
    # Capitals seen only across a title line make no term.
    assert not any(t.startswith(("subsidiaries", "harbour")) for t in terms), terms
    assert "results of operations" not in terms, terms
    assert {"lantern measures", "lantern season"} <= terms, terms


def test_a_chinese_reports_own_company_and_its_legal_form_are_no_terms() -> None:
    paras = [
        "港湾灯笼股份有限公司（以下简称“港湾灯笼”）主要从事灯笼的设计与制造。",
        "报告期内，港湾灯笼实现营业收入3.2亿元，港湾灯笼的订单同比增长。",
        "公司下属子公司潮汐仪表有限公司（以下简称“潮汐仪表”）负责测量设备的生产。",
        "潮汐仪表本期完成技术改造，港湾灯笼持有潮汐仪表全部股权。",
        "灯笼指数是指以灯笼销量衡量的季节需求指标。",
    ]
    blocks = [Block(page=1, kind="heading", level=1, text="第一节 重要事项")]
    blocks += [Block(page=1, text=p, lines=[Line(text=p)]) for p in paras * 2]
    doc = build_doc_text("d", "港湾灯笼股份有限公司", "zh", blocks, [])
    terms = {t.term for t in extract_terms(doc)}
    # the report's own company, by the start of its name, and its legal form
    assert not terms & {"港湾灯笼", "股份有限公司", "港湾灯笼股份有限公司"}, terms
    # another company it names, and what the report defines, stay
    assert "灯笼指数" in terms and any("潮汐仪表" in t for t in terms), terms


def test_a_heading_run_into_its_sentence_is_the_term_once() -> None:
    found = find_en(
        "Berth fee Berth fee is the excess of the mooring charge over the harbour tariff."
    )
    assert [f.term for f in found] == ["Berth fee"], found


def test_quotes_after_a_company_name_name_the_company_not_the_phrase() -> None:
    """'… a wholly-owned subsidiary of Harbour Lantern plc (the "Company")' names the
    company; the phrase before a quoted name defines it only when the phrase is no name."""
    found = find_en(
        "Lantern Finance, Inc. (the “Issuer”), a wholly-owned subsidiary of Harbour Lantern"
        " plc (the “Company”), entered into an indenture with the trustee."
    )
    assert not any(f.term == "Company" and f.kind == "definition" for f in found), found
    found = find_en("We count the part of lantern fees not expected to be paid (“shortfall”).")
    assert any(f.term == "shortfall" and f.definition.startswith("part of") for f in found)
