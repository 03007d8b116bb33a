"""The firm asked for is read even from a contents line, and no fragment of a sentence is
offered as an answer or a follow-up. Every document and name here is invented."""

from __future__ import annotations

from agent.entities import find
from agent.evidence import Evidence, Passage, units
from agent.models.judge import Candidate, candidates
from agent.models.kind_lead import lead_with_asked, phrased
from agent.models.spans import opens_mid_sentence

AUDITOR = "Who is the company's independent auditor?"
CONTENTS = (
    "|  | Page No. |\n|---|---|\n"
    "| Consolidated Balance Sheets | 41 |\n"
    "| Notes to Consolidated Financial Statements | 46 |\n"
    "| Report of Independent Registered Public Accounting Firm (Harlow & Finch LLP, "
    "Tarrow Falls, Nevada, Auditor Firm ID: 311) | 77 |"
)
OLD_CONTENTS_ROW = (
    "| Report of Harlow & Finch LLP, Independent Registered Public Accounting Firm | 77 |"
)
OPINION = (
    "We have audited the accompanying balance sheets of Quillon Widgets Inc. and "
    "subsidiaries (the Company) as of March 3, 2041. "
    "A company's internal control over financial reporting is a process designed to "
    "provide reasonable assurance. Quillon Widgets Inc.'s management is responsible for "
    "these consolidated financial statements."
)


def _passage(text: str, cid: str, page: int) -> Passage:
    return Passage(chunk_id=cid, doc_id="qw", page=page, page_end=page, text=text, rank=1)


def _said(text: str, question: str = AUDITOR) -> str | None:
    at = find("organisation", text, question)
    return text[at[0] : at[1]] if at else None


def test_a_contents_line_names_the_firm_and_a_common_noun_or_the_filer_is_none() -> None:
    assert _said(CONTENTS.splitlines()[-1]) == "Harlow & Finch LLP"
    assert _said(OLD_CONTENTS_ROW) == "Harlow & Finch LLP"  # not "Report of Harlow …"
    assert _said("23.1 Consent of Harlow & Finch LLP, independent auditors") == (
        "Harlow & Finch LLP"
    )
    assert _said("A company's internal control over financial reporting is a process.") is None
    # the filer, defined as "the Company", is what the question calls the company
    opening = (
        "We have audited the balance sheets of Quillon Widgets Inc. and subsidiaries (the Company)."
    )
    assert _said(opening, "Who audits the company's financial statements?") is None


def test_a_contents_row_is_phrased_as_the_answer() -> None:
    assert phrased(AUDITOR, OLD_CONTENTS_ROW.strip("| "), rows=True) == (
        "The company's independent auditor is Harlow & Finch LLP"
    )
    # a row is phrased only for a firm or a person: its figures are the row's to say
    assert phrased("When was Quillon founded?", "Founded | 1987", rows=True) is None


def _cand(p: Passage, text: str, score: float, order: int) -> Candidate:
    unit = next(u for u in units(p.text) if text in u.text)
    return Candidate(p, unit, score, frozenset({"auditor"}), order, cover=0.5, features=(1.0,))


def test_a_low_ranked_contents_row_saying_the_firm_leads() -> None:
    report, contents = _passage(OPINION, "qw#90", 80), _passage(CONTENTS, "qw#30", 39)
    process = _cand(report, "A company's internal control", 0.8, 0)
    filer = _cand(report, "management is responsible", 0.6, 1)
    row = _cand(contents, "Harlow", 0.1, 2)
    led = lead_with_asked(AUDITOR, [process, filer], [process, filer, row], floor=0.3)
    assert led[0] is row, [c.unit.text for c in led]
    assert led[1:] == [process, filer]  # nothing chosen is dropped


def test_the_offline_answer_names_the_firm_from_the_contents() -> None:
    from agent.models.compose import compose

    ev = Evidence(
        tool="search_document",
        query="company independent auditor",
        passages=[_passage(OPINION, "qw#90", 80), _passage(CONTENTS, "qw#30", 39)],
        term_df={"compani": 30, "independ": 8, "auditor": 4},
        scope_chunks=400,
    )
    draft = compose(AUDITOR, [ev], "en")
    assert "Harlow & Finch LLP" in draft.strip().splitlines()[0], draft


# a chunk that opens inside a sentence the chunker cut
CUT = (
    "or because Tarrow Mills Trust found the information immaterial to the statements. "
    "The schedules of Quillon Widgets are listed in the notes to the statements."
)


def test_a_unit_starting_mid_sentence_is_no_answer_and_no_follow_up_source() -> None:
    from agent.models.follow import follow_ups

    assert opens_mid_sentence("or because the information required is given in the notes.")
    assert opens_mid_sentence("which was paid in cash.")
    assert not opens_mid_sentence("Or Labs was founded in 1990.")
    assert not opens_mid_sentence("eBay listings rose.")
    p = _passage(CUT, "qw#7", 9)
    assert units(p.text)[0].text.startswith("or because")
    ev = Evidence(
        tool="search_document",
        query="information immaterial statements",
        passages=[p],
        term_df={"inform": 5, "immateri": 3, "statement": 20},
        scope_chunks=40,
    )
    _, found = candidates("Why was the information immaterial to the statements?", [ev])
    assert found and not any(opens_mid_sentence(c.unit.text) for c in found)
    asked = follow_ups("What is in the notes?", [ev], [p], "en", quoted=[units(CUT)[1].text])
    assert not any("Tarrow" in q for q in asked), asked


def test_a_clause_carrying_on_the_one_before_is_not_cut_out_as_the_answer() -> None:
    from agent.models.features import make_ask
    from agent.models.spans import answer_clause

    text = (
        "The schedules were left out since the amounts were small, or because in March "
        "2041 the reporting rules changed."
    )
    ev = Evidence(
        tool="search_document",
        query="reporting rules change",
        passages=[],
        term_df={"report": 5, "rule": 3, "chang": 4, "schedul": 2},
        scope_chunks=40,
    )
    ask = make_ask("When did the reporting rules change?", [ev])
    assert answer_clause(ask, text) == (0, len(text))  # the whole sentence, not "or because …"
