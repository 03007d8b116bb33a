"""Follow-up questions a reader would ask next to an answer about a person or a report's
sentences (invented company and people). Found in the app: after "Who is the chief
executive officer?" a 10-K's board table, read as sentences, gave "How is Senior Advisor
related to Judith A?"; a 10-K's places and product lists gave "How is United States related
to …?"."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.models.follow import follow_ups
from agent.models.follow_offices import offices

OFFICERS = (
    "Name  Age  Position\n"
    "Ada Quill  52  President and Chief Executive Officer\n"
    "Bo R. Reed  49  Executive Vice President and Chief Financial Officer\n"
    "Cy Marsh  44  Senior Vice President, Controller and Chief Accounting Officer\n"
)
BOARD = (
    "Dee Q. Ambler  61  Senior Advisor, Lantern Capital LLC\n"
    "Eli Park  58  Chief Executive Officer, Harbour Mills Inc.\n"
    "/s/ Dee Q. Ambler  Director\n"
    "/s/ Eli Park  Director\n"
)


def _p(n: int, text: str) -> Passage:
    return Passage(
        chunk_id=f"q#{n}",
        doc_id="quillfeather-2031-10k",
        page=5,
        page_end=5,
        section="Officers",
        text=text,
    )


def _ask(question: str, cited_text: str, quote: str, *around: str, lang: str = "en") -> list[str]:
    cited = _p(0, cited_text)
    near = [_p(i, t) for i, t in enumerate(around, 1)]
    ev = Evidence(tool="search_document", query="officer", passages=[cited, *near])
    return follow_ups(question, [ev], [cited], lang, quoted=[quote])  # type: ignore[arg-type]


def test_a_table_of_officers_asks_who_holds_the_other_offices() -> None:
    quote = "Bo R. Reed  49  Executive Vice President and Chief Financial Officer"
    qs = _ask("Who is the chief financial officer?", OFFICERS, quote, BOARD)
    assert qs[:2] == [
        "Who is the Chief Executive Officer?",
        "Who is the Chief Accounting Officer?",
    ], qs
    said = " ".join(qs)
    assert "related to" not in said, qs  # the table's lines are no sentences
    assert "Director" not in said, qs  # every board member is one: nobody in particular
    assert "Chief Financial Officer" not in said, qs  # what was asked


def test_another_firms_office_or_a_line_without_a_person_gives_none() -> None:
    assert offices("Eli Park  58  Chief Executive Officer, Harbour Mills Inc.") == []
    assert offices("Name  Age  Position") == []
    assert offices("Cy Marsh  44  Controller and Chief Accounting Officer") == [
        "Controller",
        "Chief Accounting Officer",
    ]


def test_a_chinese_question_gets_no_office_worded_in_english() -> None:
    quote = "Bo R. Reed  49  Executive Vice President and Chief Financial Officer"
    qs = _ask("首席财务官是谁？", OFFICERS, quote, lang="zh")
    assert not any("Officer" in q for q in qs), qs


def test_a_place_or_one_of_a_list_of_names_is_no_relation_to_ask() -> None:
    quote = "We employed 4,200 people as of December 31, 2031."
    text = (
        f"{quote} Customers reach us through our websites, mobile apps, Quillpad, devices "
        "and our stores. Most of our employees work in the United States and Canada. "
        "The board works closely with Inkwell Partners on pricing."
    )
    qs = _ask("How many people did Quillfeather employ?", text, quote)
    said = " ".join(qs)
    for named in ("Quillpad", "United States", "Canada"):
        assert named not in said, qs
    assert any("Inkwell Partners" in q for q in qs), qs  # a party the sentence tells of
