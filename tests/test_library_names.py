"""A file name in the Library breaks between its words on a phone, never inside one, and a
size keeps its unit (found trying the app at 390 px: 'BestBuy_Annual_R' / 'eport_FY2023',
'239.0' / 'KB')."""

from __future__ import annotations

import re

from pipeline.models import ComponentStatus, Document
from ui.library_view import status_table_html
from ui.safe import esc_name


def _doc(name: str, title: str = "") -> Document:
    ready = ComponentStatus(component="parse", state="ready")
    return Document(
        doc_id="d1",
        name=name,
        kind="pdf",
        size=244_736,
        content_hash="h",
        title=title,
        status={"parse": ready},
    )


def test_a_file_name_may_break_only_after_its_separators() -> None:
    html = esc_name("Harbour_Lantern_Annual-Report.FY2031.pdf")
    assert html.split("<wbr>") == ["Harbour_", "Lantern_", "Annual-", "Report.FY2031.pdf"]
    assert esc_name("<b>_x.pdf") == "&lt;b&gt;_<wbr>x.pdf"  # still escaped


def test_the_library_row_offers_breaks_between_words_and_keeps_size_and_unit() -> None:
    untitled = status_table_html([_doc("Quarterly_Board_Minutes.pdf")], "en")
    assert "Quarterly_<wbr>Board_<wbr>Minutes.pdf" in untitled
    titled = status_table_html([_doc("q_minutes.pdf", "Harbour Lantern — minutes")], "en")
    assert "q_<wbr>minutes.pdf" in titled
    assert re.search(r"239\.0\u00a0KB", titled)
