"""Table rows in answers and source cards are drawn as rows: no raw pipes, no ⟨columns⟩ note.

Invented figures of an invented company; pure functions, no browser.
"""

from __future__ import annotations

import re
from pathlib import Path

from agent.schemas import Answer, Citation
from ui.messages import answer_markdown, citation_cards_html
from ui.rows import answer_body, quote_html, row_html

ROW = "Ferry fares | $7,120 | $6,480 | $5,905 ⟨columns: ($ in thousands) | 2031 | 2030 | 2029⟩ [2]"


def visible(html: str) -> str:
    """What a reader sees: the text without tags."""
    return re.sub(r"<[^>]+>", " ", html)


def test_a_quoted_row_shows_each_figure_under_its_period_and_the_unit_after() -> None:
    html = answer_body("Fares rose [1].\nSupporting quotes:\n- " + ROW)
    assert "|" not in html and "⟨" not in html and "columns:" not in html
    cells = re.findall(
        r'<span class="folio-qcell"><span class="folio-qcell-head">(\d{4})</span>([^<]+)</span>',
        html,
    )
    assert cells == [("2031", "$7,120"), ("2030", "$6,480"), ("2029", "$5,905")]
    assert '<span class="folio-qrow-note">($ in thousands)</span>' in html
    assert '<span class="folio-qrow-label">Ferry fares</span>' in html
    # the bullet and the citation marker stay text for the Markdown renderer and the badges
    last = html.split("\n")[-1]
    assert last.startswith('- <span class="folio-qrow">') and last.endswith("&#91;2&#93;")


def test_a_chinese_row_under_its_header_and_a_row_without_one() -> None:
    zh = row_html("渡轮票价 | 7,120 | 6,480 ⟨列: 项目 | 2031年 | 2030年⟩")
    assert zh is not None and "2031年" in zh and "⟨" not in zh and "列:" not in zh
    bare = answer_body("Harbour Lantern | 280 | 90 [1]")
    assert "|" not in bare and visible(bare).split() == [
        "Harbour",
        "Lantern",
        "280",
        "90",
        "&#91;1&#93;",
    ]


def test_a_header_of_another_width_is_a_note_not_misplaced_periods() -> None:
    html = row_html("Ferry fares | 7,120 | 6,480 ⟨columns: 2031 | 2030 | 2029 | 2028⟩")
    assert html is not None and "folio-qcell-head" not in html
    assert "2031 · 2030 · 2029 · 2028" in html


def test_prose_and_markup_stay_text() -> None:
    assert row_html("Fares rose; see the table | below") is None  # no figure: not a row
    assert answer_body("A <b>bold</b> claim [1].") == "A &lt;b&gt;bold&lt;/b&gt; claim &#91;1&#93;."
    hostile = answer_body("<img src=x> | 5 | 6 [1]")
    assert "<img" not in hostile and "&lt;img src=x&gt;" in hostile


def test_answers_and_cards_draw_the_row() -> None:
    cite = Citation(
        marker=2,
        chunk_id="doc#2",
        doc_id="doc",
        page=40,
        section="Statements of Earnings",
        quote="Ferry fares | $7,120 | $6,480 | $5,905",
    )
    a = Answer(answer="Fares were $7,120 thousand in 2031 [2].\n- " + ROW, citations=[cite])
    shown = answer_markdown(a, "en")
    assert "|" not in shown and 'class="folio-qrow"' in shown
    assert 'class="folio-cite" data-marker="2"' in shown  # the marker after the row links
    card = citation_cards_html(a, "en")
    assert "|" not in visible(card) and card.count('class="folio-qcell"') == 3
    assert "“" not in card  # a drawn row is not set in quote marks
    words = citation_cards_html(
        a.model_copy(update={"citations": [cite.model_copy(update={"quote": "Fares rose."})]}), "en"
    )
    assert "“Fares rose.”" in words


def test_a_card_of_several_rows_draws_each() -> None:
    html = quote_html("Ferry fares | 7,120 | 6,480\nBus fares | 1,005 | 990")
    assert html.count('class="folio-qrow"') == 2 and "<br>" in html


def test_the_drawn_row_s_classes_style_nothing_else() -> None:
    """The library's and the term table's <tr> are "folio-row": a quoted row's class of the
    same name made them inline and broke both tables."""
    drawn = row_html("Ferry fares | 7,120 | 6,480 ⟨columns: ($) | 2031 | 2030⟩") or ""
    classes = set(re.findall(r'class="([^"]+)"', drawn))
    assert classes
    ui = Path(__file__).resolve().parent.parent / "ui"
    for path in ui.glob("*.py"):
        if path.name == "rows.py":
            continue
        used = set(re.findall(r"folio-[\w-]+", path.read_text(encoding="utf-8")))
        assert not classes & used, (path.name, classes & used)
    css = (ui / "folio.css").read_text(encoding="utf-8")
    for cls in classes:  # each styled by one rule of its own
        assert len(re.findall(rf"\.{cls}\b(?![\w-])", css)) == 1, cls


def test_a_schedule_row_shows_its_headings_and_no_label_column_name() -> None:
    html = answer_body(
        "- Tide gauges | Station warden | Dock store ⟨columns: Item | Approved by | Kept at⟩ [3]"
    )
    assert "|" not in html and "⟨" not in html
    cells = re.findall(
        r'<span class="folio-qcell"><span class="folio-qcell-head">([^<]+)</span>([^<]+)</span>',
        html,
    )
    assert cells == [("Approved by", "Station warden"), ("Kept at", "Dock store")]
    # "Item" names the labels' column: it is no title to print after the row
    assert "folio-qrow-note" not in html and "Item" not in visible(html)


def test_a_card_s_headings_drop_footnote_marks_and_keep_names_with_numbers() -> None:
    # marks glued to the label, the column heads and the breadcrumb's headings
    quote = "Adjusted fares (Diluted)3,4 | $7.10 | 6.2"
    cite = Citation(
        marker=1,
        chunk_id="d#4",
        doc_id="d",
        page=9,
        section="Harbour Results > Q2 Fares by Route1 > COVID-19 Sailings",
        quote=quote,
    )
    head = "($ in Millions) | Q2 2031 | % Change Operational1,2"
    shown = visible(
        citation_cards_html(Answer(answer="x [1]", citations=[cite]), "en", heads={1: head})
    )
    assert not re.search(r"[a-z)]\d", shown), shown  # no mark left on a word
    assert "Adjusted fares (Diluted)" in shown and "% Change Operational" in shown
    assert "Q2 2031" in shown and "COVID-19 Sailings" in shown and "Route" in shown
