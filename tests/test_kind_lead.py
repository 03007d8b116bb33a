"""A factoid answer leads with the sentence holding the thing asked (a firm, a person, a
date, a place, a count) and says it in one sentence. Every document and name here is
invented."""

from __future__ import annotations

from agent.entities import asked_entity, find
from agent.evidence import Evidence, Passage, Unit, units
from agent.models.judge import Candidate
from agent.models.kind_lead import lead_with_asked, phrased

# a report's opening shares the question's words; the firm signs it below, on a line
# of its own that the chunker reads as a heading
REPORT = (
    "To the Shareholders and Board of Directors\n"
    "Quillon Widgets, Inc.:\n"
    "We have audited the accompanying consolidated balance sheets of Quillon Widgets, Inc. "
    "as of March 3, 2041 and the related statements of earnings.\n"
    "The audit also included evaluating the accounting principles used by management.\n"
    "/s/ Harlow & Finch LLP\n"
    "We have served as the Company's auditor since 2019.\n"
    "Tarrow Falls, Nevada\n"
    "April 2, 2041"
)


def _passage(text: str, cid: str = "qw#4") -> Passage:
    return Passage(chunk_id=cid, doc_id="qw", page=5, page_end=5, text=text, rank=1)


def _candidate(p: Passage, unit: Unit, score: float, order: int) -> Candidate:
    return Candidate(p, unit, score, frozenset({"audit"}), order, features=(1.0,))


def test_a_who_question_asks_a_firm_when_it_asks_about_an_auditor() -> None:
    assert asked_entity("Who audits Quillon's financial statements?") == "organisation"
    assert asked_entity("Which accounting firm audited Quillon in 2041?") == "organisation"
    assert asked_entity("On which stock exchange does Quillon trade?") == "organisation"
    assert asked_entity("Who is Quillon's chief executive officer?") == "person"
    assert asked_entity("When was Quillon founded?") == "date"
    assert asked_entity("Where is Quillon headquartered?") == "place"
    assert asked_entity("How many employees does Quillon have?") == "count"
    assert asked_entity("哪家会计师事务所审计了青岚公司？") == "organisation"
    assert asked_entity("青岚公司的董事长是谁？") == "person"
    assert asked_entity("青岚公司成立于何时？") == "date"
    assert asked_entity("青岚公司的总部在哪里？") == "place"
    assert asked_entity("青岚公司有多少名员工？") == "count"
    assert asked_entity("Who are Quillon's executive officers?") is None  # several: a list
    assert asked_entity("Why did Quillon's margin fall?") is None


def test_what_a_report_says_of_a_topic_asks_no_firm_its_words_name() -> None:
    # "exchange", "customers", "banks" name the topic asked about, not a firm asked for
    assert asked_entity("What does Quillon say about its foreign exchange risk?") is None
    assert asked_entity("What does Quillon disclose about its customers?") is None
    assert asked_entity("What did Quillon state regarding its banks?") is None
    assert asked_entity("On which exchange are Quillon's shares listed?") == "organisation"


def _said(kind: str, text: str, question: str) -> str | None:
    from agent.entities import Entity

    k: Entity = kind  # type: ignore[assignment]
    at = find(k, text, question)
    return text[at[0] : at[1]] if at else None


def test_a_sentence_holds_a_firm_a_person_a_date_a_place_or_a_count() -> None:
    q = "Who audits Quillon Widgets?"
    assert _said("organisation", REPORT, q) == "Harlow & Finch LLP"  # not Quillon itself
    assert _said("organisation", "The audit also included evaluating estimates.", q) is None
    who = "Who is Quillon's chief executive officer?"
    text = "Marta J. Vell was appointed our Chief Executive Officer in 2038."
    assert _said("person", text, who) == "Marta J. Vell"
    assert _said("person", "Our Chief Executive Officer signs the report.", who) is None
    when = "When was Quillon founded?"
    assert _said("date", "Founded in 1987, Quillon Widgets makes gears.", when) == "1987"
    assert _said("date", "Quillon may sell gears.", when) is None  # "may" is no month
    where = "Where is Quillon headquartered?"
    said = _said("place", "Our headquarters are in Tarrow Falls, Nevada.", where)
    assert said == "Tarrow Falls, Nevada"
    count = "How many employees does Quillon have?"
    assert _said("count", "We employed approximately 4,210 people.", count) == "4,210 people"
    assert _said("count", "Employees receive 12 weeks of leave in 2041.", count) is None


def test_a_chinese_sentence_holds_a_firm_a_person_a_date_and_a_count() -> None:
    org = "哪家会计师事务所审计了青岚公司？"
    said = _said("organisation", "岳麓明信会计师事务所审计了该公司的财务报表。", org)
    assert said == "岳麓明信会计师事务所"
    assert _said("organisation", "该公司的财务报表已经审计。", org) is None
    when = "青岚公司成立于何时？"
    assert _said("date", "青岚公司成立于1998年3月，总部设在长沙。", when) == "1998年3月"
    assert _said("count", "全公司共有3200名员工。", "青岚公司有多少名员工？") == "3200名"


def test_the_sentence_holding_the_firm_leads_not_the_report_s_opening() -> None:
    p = _passage(REPORT)
    parts = units(p.text)
    opening = next(u for u in parts if "We have audited" in u.text)
    signed = next(u for u in parts if "Harlow" in u.text)
    first = _candidate(p, opening, 0.9, 0)
    second = _candidate(p, signed, 0.2, 1)
    q = "Who audits Quillon Widgets' financial statements?"
    led = lead_with_asked(q, [first, second], [first, second], floor=0.3)
    assert led[0].unit.text == signed.text and led[1].unit.text == opening.text
    # a unit found but below the floor and not chosen does not lead
    kept = lead_with_asked("Who is Quillon's chief executive officer?", [first], [first], 0.3)
    assert kept == [first]


def test_a_firm_is_read_from_the_passage_when_no_candidate_names_one() -> None:
    p = _passage(REPORT)
    opening = next(u for u in units(p.text) if "We have audited" in u.text)
    first = _candidate(p, opening, 0.9, 0)
    led = lead_with_asked("Who audits Quillon Widgets?", [first], [first], floor=0.3)
    assert "Harlow & Finch LLP" in led[0].unit.text and led[1] is first


def test_the_lead_says_the_thing_asked_in_one_sentence() -> None:
    signed = "The 2041 financial statements were audited by Harlow & Finch LLP in Tarrow Falls."
    assert (
        phrased("Who audits Quillon's financial statements?", signed)
        == "Harlow & Finch LLP audits Quillon's financial statements"
    )
    assert (
        phrased("Which accounting firm audited Quillon in 2041?", signed)
        == "Harlow & Finch LLP audited Quillon in 2041"
    )
    ceo = "Marta J. Vell was appointed our Chief Executive Officer in 2038."
    assert (
        phrased("Who is Quillon's chief executive officer?", ceo)
        == "Quillon's chief executive officer is Marta J. Vell"
    )
    hq = "Our headquarters are located in Tarrow Falls, Nevada."
    assert phrased("Where is Quillon headquartered?", hq) == (
        "Quillon is headquartered in Tarrow Falls, Nevada"
    )
    assert phrased("When was Quillon founded?", "Founded in 1987, Quillon makes gears.") == (
        "Quillon was founded in 1987"
    )
    # two places: which one answers is the sentence's to say, not the lead's
    both = "Quillon was incorporated in Oregon in 1987 and reincorporated in Delaware in 2001."
    assert phrased("In which state is Quillon incorporated?", both) is None
    assert phrased("Who audits Quillon?", "The audit included evaluating estimates.") is None
    # a signature alone says nothing of what is asked: it leads as it is written
    assert phrased("Who audits Quillon?", "/s/ Harlow & Finch LLP Tarrow Falls, Nevada") is None
    # a year said of something else in the sentence is not the year asked
    proxy = "Parts of the proxy statement for the 2042 meeting are incorporated by reference."
    assert phrased("When was Quillon incorporated?", proxy) is None
    # the question's own figure is no source: the sentence does not say 2041
    assert (
        phrased("Which accounting firm audited Quillon in 2041?", "Audited by Harlow LLP.") is None
    )


def test_the_offline_answer_leads_with_the_firm(monkeypatch: object) -> None:
    from agent.models.compose import compose

    p = _passage(REPORT)
    ev = Evidence(
        tool="search_document",
        query="audits Quillon financial statements",
        passages=[p],
        term_df={"audit": 3, "quillon": 9, "financi": 20, "statement": 20},
        scope_chunks=40,
    )
    draft = compose("Who audits Quillon Widgets' financial statements?", [ev], "en")
    first = draft.strip().splitlines()[0]
    assert "Harlow & Finch LLP" in first, draft


def test_a_filer_s_defined_term_a_law_or_a_state_is_no_firm() -> None:
    q = "Who audits Quillon Widgets?"
    assert _said("organisation", "In our opinion, the Company maintained control.", q) is None
    assert _said("organisation", "The Company is a Delaware corporation.", q) is None
    assert _said("organisation", "as required by the Securities Exchange Act.", q) is None
    assert _said("organisation", "Changes in domestic and international taxes.", q) is None
    board = "We audit under the standards of the Public Company Accounting Oversight Board."
    assert _said("organisation", board, q) is None
    assert _said("organisation", "/s/ HARLOW & FINCH LLP Tarrow Falls", q) == "HARLOW & FINCH LLP"
    label = "Common Stock Name of Each Exchange on Which Registered"
    assert _said("organisation", label, "On which exchange does Quillon trade?") is None
    listed = "Our stock is traded on the Tarrow Global Market under the symbol QLW."
    assert _said("organisation", listed, "On which exchange does Quillon trade?") == (
        "Tarrow Global Market"
    )


def test_an_answer_holding_nothing_of_the_kind_asked_says_so_first() -> None:
    from agent.models.kind_lead import unheld_note

    opening = "We have audited the consolidated balance sheets of Quillon Widgets."
    note = unheld_note("Who audits Quillon Widgets?", [opening])
    assert note.startswith("The passages found do not specify which firm")
    assert unheld_note("Who audits Quillon Widgets?", [opening, "/s/ Harlow & Finch LLP"]) == ""
    assert unheld_note("When was Quillon founded?", ["Quillon makes gears."]) != ""
    assert unheld_note("What drove Quillon's margin?", ["Quillon makes gears."]) == ""
    assert unheld_note("青岚公司成立于何时？", ["青岚公司生产齿轮。"]) == ""  # English only


def test_a_chinese_answer_leads_with_the_unit_naming_the_person_or_the_date() -> None:
    text = "青岚公司是一家生产齿轮的企业。公司由王建国于1998年在长沙创办。"
    p = _passage(text, "ql#0")
    first, second = (u for u in units(p.text) if u.kind == "sentence")
    a, b = _candidate(p, first, 0.9, 0), _candidate(p, second, 0.5, 1)
    led = lead_with_asked("青岚公司的创始人是谁？", [a, b], [a, b], floor=0.3)
    assert led[0] is b and led[1] is a
    led = lead_with_asked("青岚公司成立于哪一年？", [a, b], [a, b], floor=0.3)
    assert led[0] is b
    # the first unit names the subject only: it stays first for a question of no kind
    assert lead_with_asked("青岚公司生产什么？", [a, b], [a, b], floor=0.3)[0] is a
    assert phrased("青岚公司的创始人是谁？", second.text) is None  # Chinese: the clause


def test_who_holds_a_role_is_answered_by_a_firm_said_in_that_role() -> None:
    from agent.models.kind_lead import unheld_note

    q = "Who acts as paying agent for Quillon's notes?"
    said = "Quillon entered into an indenture with Larkspur Bank, N.A., as paying agent."
    assert unheld_note(q, [said]) == ""
    # a firm named, with its own name again after it, holds no role asked of a person
    other = "Quillon licenses drinks from Orrin Labs Inc. and sells its Orrin brands."
    assert unheld_note("who is the chief executive of orrin labs?", [other])


def test_people_in_a_role_are_counted_as_persons() -> None:
    q = "How many directors were elected at Quillon's annual meeting?"
    said = "(1) The following 9 persons were elected to serve as directors of Quillon:"
    at = find("count", said, q)
    assert at is not None and said[at[0] : at[1]].startswith("9 persons")
    assert find("count", "Quillon held its annual meeting on May 3, 2041.", q) is None
