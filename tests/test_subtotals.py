"""Members that are headings closed by their own total rows (a segment note: "Harbour
Resorts / Casino / Rooms / <unlabelled total>"), read across the chunks a long table is
cut into, each member cited to the chunks printing its heading and its total; a table cut
inside a heading's rows sends the planner to its page first. Invented companies only."""

from __future__ import annotations

from agent.evidence import Evidence, Passage
from agent.figures.answer import figure_answer
from agent.support import check

HEAD = "| (In thousands) | 2025 | 2024 |\n|---|---|---|\n"
FIRST = HEAD + (
    "| Net revenues |  |  |\n"
    "| Harbour Resorts (1) |  |  |\n"
    "| Casino | $400 | $380 |\n"
    "| Rooms | 300 | 200 |\n"
    "|  | 700 | 580 |\n"
    "| Inland Operations |  |  |\n"
    "| Casino | 500 | 520 |"
)
SECOND = HEAD + (
    "| Rooms | 90 | 100 |\n"
    "|  | 590 | 620 |\n"
    "| Coastal Macau excluding Ferry 2 (1, 2) |  |  |\n"
    "| Casino | 150 | 100 |\n"
    "|  | 150 | 100 |\n"
    "| Reportable segment net revenues | 1,440 | 1,300 |\n"
    "| Adjusted EBITDAR |  |  |\n"
    "| Harbour Resorts | 90 | 60 |\n"
    "| Reportable segment Adjusted EBITDAR | 90 | 60 |"
)
Q = "Which segment had the worst top line performance in 2025?"


def _answer(*texts: str, read: bool = False) -> tuple[list[str], list[int]]:
    passages = [
        Passage(chunk_id=f"kv#{40 + i}", doc_id="kv", page=12, page_end=12, text=t, rank=i + 1)
        for i, t in enumerate(texts)
    ]
    ev = [Evidence(tool="search_document", query="q", passages=passages)]
    if read:
        ev.append(Evidence(tool="read_page", reads="page", query="12", passages=passages))
    a = figure_answer(Q, ev, "en")
    assert a is not None, Q
    return a.lines, a.read


def test_headings_closed_by_their_totals_across_chunks_are_the_members() -> None:
    lines, _ = _answer(FIRST, SECOND)
    assert lines[0].startswith("Inland Operations had the lowest net revenues growth"), lines
    assert "Inland Operations = (590 − 620) ÷ 620 = −4.8% [kv#40][kv#41]." in lines[0], lines
    # a heading with a note mark and digits is still one; the EBITDAR section is not
    assert "Harbour Resorts = (700 − 580) ÷ 580 = 20.7%" in lines[1], lines
    assert "Coastal Macau excluding Ferry 2 = (150 − 100) ÷ 100 = 50.0%" in lines[1], lines
    assert "Adjusted" not in " ".join(lines), lines
    both = FIRST + "\n" + SECOND
    for line in lines:
        assert check(line.split("[")[0], both).supported, line


def test_a_table_cut_inside_a_headings_rows_is_read_on_first() -> None:
    lines, read = _answer(FIRST)
    assert not lines and read == [12], (lines, read)
    # once the page is read and the rest is still missing, the next page
    lines, read = _answer(FIRST, read=True)
    assert not lines and read == [13], (lines, read)


def test_the_page_read_on_is_the_tables_own_documents() -> None:
    from agent.models.planner import plan

    # another report of the scope has a page 12 too: reading it does not continue the table
    mine = Passage(chunk_id="kv#40", doc_id="kv", page=12, page_end=12, text=FIRST, rank=1)
    other = Passage(chunk_id="zz#7", doc_id="zz", page=12, page_end=12, text="Notes.", rank=1)
    ev = [
        Evidence(tool="search_document", query="q", passages=[mine]),
        Evidence(tool="read_page", reads="page", query="12", passages=[other]),
    ]
    calls = plan(Q, ev, 2, ["search_document", "read_page"])
    assert [(c["name"], c["args"]) for c in calls] == [
        ("read_page", {"page": 12, "document": "kv"})
    ], calls
