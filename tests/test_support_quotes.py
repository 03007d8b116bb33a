"""What stands under an answer as its supporting quotes (invented report). Found in the app:
"Who is the chief executive officer?" was supported by "Officer) ." and by the title of
the section the passage is filed under; "Who is the chief financial officer?" by the
certification the officer signs and its exhibit index row. The lead is never changed."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, Unit
from agent.models.features import make_ask
from agent.models.judge import Candidate
from agent.models.support_quotes import supports
from agent.models.writing import render

QUESTION = "Who is the chief executive officer?"
LEAD = "Ms. Ada Quill has been our Chief Executive Officer since May 2029."
TENURE = "Ms. Quill previously led the company's paper division for eleven years."
FRAGMENT = "Officer) ."
TITLE = "Directors, Executive Officers and Corporate Governance"
CERTIFIED = (
    "I, Ada Quill, certify that I have reviewed this Annual Report on Form 10-K of "
    "Quillfeather Pens, Inc."
)
SIGNED = "/s/ Ada Quill  Chief Executive Officer (Principal Executive Officer)"


def _candidate(n: int, text: str, section: str = "Item 1. Business") -> Candidate:
    p = Passage(
        chunk_id=f"qf#{n}", doc_id="qf", page=n, page_end=n, section=section, text=text, rank=n
    )
    return Candidate(p, Unit(0, len(text), text, "sentence"), 1.0, frozenset(), n)


def _rendered(*quotes: Candidate) -> str:
    first = _candidate(1, LEAD)
    ev = Evidence(tool="search_document", query="ceo", passages=[c.passage for c in quotes])
    chosen: list[tuple[Candidate, Candidate | None]] = [(first, None), *((c, None) for c in quotes)]
    return render(chosen, make_ask(QUESTION, [ev]), "en")


def test_fragments_section_titles_and_back_matter_support_no_answer() -> None:
    said = _rendered(
        _candidate(2, FRAGMENT),
        _candidate(3, TITLE, section="PART III > Item 10. " + TITLE),
        _candidate(4, CERTIFIED, section="Exhibit 31.1"),
        _candidate(5, TENURE),
    )
    assert said.splitlines()[0] == "The chief executive officer is Ada Quill [qf#1]."  # the lead
    assert TENURE in said
    for junk in (FRAGMENT, TITLE, "certify"):
        assert junk not in said, said


def test_back_matter_supports_an_answer_read_from_back_matter() -> None:
    signed = _candidate(6, SIGNED, section="Signatures")
    assert supports(_candidate(7, CERTIFIED), signed)
    assert not supports(_candidate(7, CERTIFIED), _candidate(1, LEAD))


def test_a_short_chinese_sentence_is_no_fragment() -> None:
    lead = _candidate(1, "法定代表人：苏江华")
    assert supports(_candidate(8, "公司主营输变电设备。"), lead)
    assert not supports(_candidate(9, "元"), lead)


def test_the_leads_line_printed_again_on_another_page_is_no_support() -> None:
    lead = _candidate(16, "法定代表人：苏江华")
    again = _candidate(
        12, "法定代表人：苏江华 主管会计工作负责人：肖寻 2、母公司资产负债表 单位：元"
    )
    assert not supports(again, lead)
    assert supports(_candidate(12, "苏江华自2016年起担任公司董事长。"), lead)


def test_a_short_chinese_sentence_with_a_figure_is_no_fragment() -> None:
    lead = _candidate(1, "柯望川，青岚人，曾任青岚书院山长。")
    assert supports(_candidate(2, "享年73岁。"), lead)
    assert supports(_candidate(3, "后辽亡。"), lead)  # a whole sentence, closed by its mark
    assert not supports(_candidate(4, "卒。"), lead)
    assert not supports(_candidate(5, "2022年"), lead)


def test_a_line_opening_like_the_lead_stays_when_it_goes_on_to_say_what_is_asked() -> None:
    lead = _candidate(3, "青岚市立现代美术馆位于中山路。")
    again = _candidate(4, "青岚市立现代美术馆2031年开馆。")
    assert not supports(again, lead)  # no question: read as the lead's line printed again
    assert supports(again, lead, "青岚市立现代美术馆是哪一年开馆的？")
    assert not supports(again, lead, "青岚市立现代美术馆位于哪里？")  # adds nothing asked
    footer = _candidate(
        12, "法定代表人：苏江华 主管会计工作负责人：肖寻 2、母公司资产负债表 单位：元"
    )
    assert not supports(footer, _candidate(16, "法定代表人：苏江华"), "公司的法定代表人是谁？")
