"""A question's abbreviation ("PPNE", "AGM", "Item 3") meets the form a filing spells out:
search adds the spelled-out words, the answerer counts a passage using them as using the
abbreviation, and an abbreviation the filing only spells out is not a name it never uses."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.compose import compose
from agent.models.corroborate import corroborating
from agent.models.judge import candidates, judge, missing_names
from pipeline.text.expand import normalize_query, spelled_out

MEETING = "Quillfeather Corp. held its 2024 Annual Meeting of Shareholders on April 9, 2024."
PROPOSAL = "| (4) The shareholder proposal on packaging waste was defeated: |  |"
VOTES = "| For | 11,204,733 |"
PLANT_NOTE = "| Property, plant and equipment | $8,412 | $7,930 |"
PLANT_SHEET = "| Property, plant and equipment | 8,412 | 7,930 |"
STAFF = "Our people grow with us through mentoring."
# The filing never writes "AGM" or "PPNE": every search found them missing.
DF = {
    "quillfeather": 30,
    "agm": 0,
    "egm": 0,
    "ppne": 0,
    "annual": 6,
    "general": 9,
    "meeting": 4,
    "shareholders": 5,
    "stockholders": 0,
    "shareholder": 5,
    "proposal": 3,
    "packaging": 2,
    "waste": 2,
    "property": 7,
    "plant": 7,
    "equipment": 7,
    "grow": 20,
}


def _passage(n: int, text: str, *, page: int, rank: int) -> Passage:
    return Passage(chunk_id=f"q#{n}", doc_id="q", page=page, page_end=page, text=text, rank=rank)


def _search(query: str, *passages: Passage) -> Evidence:
    words = {w: n for w, n in DF.items() if w in query.lower()}
    return Evidence(
        tool="search_document",
        query=query,
        passages=list(passages),
        term_df=words,
        scope_chunks=60,
        missing=[w for w, n in words.items() if n == 0],
    )


def test_search_spells_out_an_abbreviation_a_question_uses() -> None:
    assert "property, plant and equipment" in normalize_query("Did it grow its PPNE in FY21?")
    assert "annual meeting of shareholders" in normalize_query("Who chaired the AGM?")
    assert "legal proceedings" in normalize_query("What does Item 3 say?")
    assert "PP&E" in normalize_query("Net PP&E?")  # the question's own words are kept
    # a word that merely starts like one, or a question that spells it out, adds nothing
    assert spelled_out("Is agmatine sold?") == []
    assert spelled_out("What is the item 7a market risk?")[0][0] == "item 7a"
    assert spelled_out("Annual general meeting (AGM) date?") == []


ASK_MEETING = "At the Quillfeather AGM, was the shareholder proposal on packaging waste defeated?"


def _meeting_turn() -> list[Evidence]:
    return [
        _search(
            ASK_MEETING, _passage(5, MEETING, page=3, rank=2), _passage(9, PROPOSAL, page=4, rank=1)
        ),
        _search(
            "quillfeather agm shareholder proposal packaging waste annual general meeting "
            "annual meeting of shareholders annual meeting of stockholders",
            _passage(9, PROPOSAL + "\n" + VOTES, page=4, rank=1),
            _passage(5, MEETING, page=3, rank=2),
        ),
    ]


def test_an_abbreviation_the_filing_spells_out_is_not_a_missing_name() -> None:
    turn = _meeting_turn()
    assert missing_names(ASK_MEETING, turn) == []
    # an abbreviation whose spelled-out forms the searches did not find is still missing
    other = "At the Quillfeather EGM, who voted?"
    assert missing_names(other, [_search("quillfeather egm voted", turn[0].passages[0])]) == ["EGM"]
    assert judge(ASK_MEETING, turn).answerable
    _, found = candidates(ASK_MEETING, turn)
    assert any(c.unit.text == MEETING and "agm" in c.matched for c in found)


def test_a_row_announcing_the_rows_below_keeps_its_citation() -> None:
    draft = compose(ASK_MEETING, _meeting_turn(), "en")
    assert "packaging waste was defeated [q#9]" in draft  # not "defeated: [q#9]"


ASK_PLANT = "Did Quillfeather grow its PPNE between FY23 and FY24?"


def test_the_spelled_out_row_answers_and_its_other_pages_are_quoted() -> None:
    turn = [
        _search(
            "quillfeather grow ppne 2023 2024 property, plant and equipment",
            _passage(1, PLANT_NOTE, page=80, rank=1),
            _passage(2, STAFF, page=12, rank=2),
            _passage(3, PLANT_SHEET, page=52, rank=3),
        )
    ]
    verdict = judge(ASK_PLANT, turn)
    assert verdict.chosen and verdict.chosen[0].unit.text == PLANT_NOTE
    assert "ppne" in verdict.chosen[0].matched
    lines = [f"{PLANT_NOTE.strip('| ')} [q#1]"]
    found = corroborating(ASK_PLANT, lines, turn)
    assert [p.page for p, _ in found] == [52]  # the balance sheet states the same figures


def test_a_spelled_out_form_counts_with_its_words_in_order_and_together() -> None:
    from agent.models.expansions import aliases
    from agent.scope import word_set

    ceo = aliases("Who is Quillfeather's CEO?")[0]
    for text, used in (
        ("Ada Quill, Chairman and Chief Executive Officer", True),
        ("Bo Reed, Chief Supply Officer, Executive Vice President since 2022", False),
    ):
        assert ceo.used_in(text, frozenset(word_set(text))) is used, text
    ppe = aliases("Did Quillfeather grow its PP&E?")[0]
    text = "Property, plant, and equipment, net"
    assert ppe.used_in(text, frozenset(word_set(text)))
