"""A current report (Form 8-K) is about the items it is filed under: asked what it is about,
or which items it holds, the answer is each item's heading and its opening sentences, read
from the heading tree and quoted from the chunks (``agent/report_items.py``), never the
cover page or the exhibits behind it."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.overview import overview_sentences
from agent.question.kinds import asks_overview
from agent.report_items import ITEM_HEADING, in_order, report_items, wanted_chunks
from pipeline.knowledge.source import DocText, Section, Sentence
from pipeline.models import Chunk

EVENT = (
    "On March 3, 2031, Velmor Systems entered into a new revolving credit agreement with its banks."
)
EXHIBIT = "10.1  Credit Agreement, dated as of March 3, 2031, among Velmor and the lenders."
LASTS = "The agreement replaces the facility signed in 2026 and lasts five years."
TERMS = "As used in this Agreement, the following terms shall have these meanings."

# chunk id -> text, as the chunker stored it: the first item's heading atop its chunk; the
# second item's heading left out, its chunk opening with the sub-heading "(d) Exhibits"
CHUNKS = {
    "v#0": "FORM 8-K\nCURRENT REPORT\n(Exact name of registrant as specified in its charter)",
    "v#1": f"Item 1.01. Entry into a Material Definitive Agreement.\n{EVENT}\n{LASTS}",
    "v#2": f"(d) Exhibits\n{EXHIBIT}",
    "v#3": f"CREDIT AGREEMENT\nARTICLE I DEFINITIONS\n{TERMS}",
}


def _doc() -> DocText:
    # (title, parent, chunk of its heading, [(sentence, chunk)])
    heads: list[tuple[str, int, str | None, list[tuple[str, str]]]] = [
        ("FORM 8-K", 0, "v#0", [("(Exact name of registrant as specified in its charter)", "v#0")]),
        (
            "Item 1.01. Entry into a Material Definitive Agreement.",
            0,
            "v#1",
            [
                (EVENT, "v#1"),
                (LASTS, "v#1"),
            ],
        ),
        ("Item 9.01. Financial Statements and Exhibits.", 0, None, []),
        ("(d) Exhibits", 3, "v#2", [(EXHIBIT, "v#2")]),
        ("CREDIT AGREEMENT", 3, "v#3", [(TERMS, "v#3")]),
    ]
    sections = [Section(0, "Velmor Systems — Form 8-K", 0, "", None, 1, 9)]
    sentences: list[Sentence] = []
    for title, parent, chunk, said in heads:
        sec = Section(len(sections), title, 1, title, parent, 1, 1, chunk_id=chunk)
        sections[parent].children.append(sec.idx)
        for text, where in said:
            sec.sentences.append(len(sentences))
            sentences.append(Sentence(len(sentences), text, sec.idx, 1, where, 0))
        sections.append(sec)
    return DocText("v", "Velmor Systems — Form 8-K", "en", sections, sentences)


def test_each_item_is_its_heading_as_printed_and_its_opening_sentences() -> None:
    items = report_items(_doc(), CHUNKS)
    assert [i.heading.text for i in items] == [
        "Item 1.01. Entry into a Material Definitive Agreement.",
        "(d) Exhibits",  # the heading the chunk prints for an item whose own it left out
    ]
    assert items[0].sentences[0].text == EVENT and items[1].sentences[0].text == EXHIBIT
    for item in items:  # every quote is verbatim in the chunk it cites
        for q in (item.heading, *item.sentences):
            assert q.text in CHUNKS[q.chunk_id]
    assert {"v#1", "v#2"} <= wanted_chunks(_doc()) and "v#0" not in wanted_chunks(_doc())


def test_every_heading_comes_before_any_second_sentence() -> None:
    quotes = in_order(report_items(_doc(), CHUNKS), 4)
    texts = [q.text for q in quotes]
    assert any(t.startswith("Item 1.01") for t in texts) and "(d) Exhibits" in texts
    assert texts.index(EVENT) < texts.index("(d) Exhibits")  # reading order kept


def test_an_annual_reports_items_are_not_a_current_reports() -> None:
    for title in (
        "Item 7. Management's Discussion and Analysis",
        "ITEM 1A. RISK FACTORS",
        "Item 8",
    ):
        assert not ITEM_HEADING.match(title)
    assert ITEM_HEADING.match("ITEM 5.07 Submission of Matters to a Vote of Security Holders")


@dataclass
class _Status:
    state: str = "missing"


@dataclass
class _Corpus:
    """What ``overview_sentences`` reads of a corpus."""

    doc: DocText
    texts: dict[str, str] = field(default_factory=lambda: CHUNKS)

    def doc_text(self, doc_id: str) -> DocText:
        return self.doc

    def status(self, doc_id: str, component: str) -> _Status:
        return _Status()

    def get_chunks(self, ids: object) -> dict[str, Chunk]:
        return {
            k: Chunk(chunk_id=k, doc_id="v", n=int(k[2:]), text=t, page_start=1, page_end=1)
            for k, t in self.texts.items()
            if k in set(ids)  # type: ignore[call-overload]
        }


def test_a_current_reports_overview_is_its_items() -> None:
    said = [s.text for s in overview_sentences(_Corpus(_doc()), ["v"])]  # type: ignore[arg-type]
    assert said[0].startswith("Item 1.01") and EVENT in said and "(d) Exhibits" in said
    assert not any("registrant" in s or "ARTICLE" in s for s in said)


def test_asking_which_items_a_current_report_holds_asks_what_it_reports() -> None:
    assert asks_overview("Which Form 8-K items does Velmor's current report of March 5 include?")
    assert asks_overview("Under which Item of Form 8-K did Velmor file its report dated May 5?")
    assert not asks_overview("Which item of the 10-K covers the risk factors?")
