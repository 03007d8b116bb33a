"""A table of tick boxes and words, no figures (a policy's checklist, a plan's feature
list), asked about in the chat: found walking the app with a DOCX checklist, where "Is an
insurance certificate required?" was answered "No: “| Insurance certificate | ☐ Yes ☒ No”"
and "The Required ☒ Yes ☐ No for insurance certificate is ☐ Yes ☒ No, the Owner Procurement
is Legal …": the first row of the table's body read as a second header row, so each column
was named with that row's cells, and the tick box quoted with the table's pipes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from agent.models.table_header import stacked_header
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

CHECKS = [
    ("Check", "Required", "Owner", "Review period"),
    ("Credit reference", "☒ Yes ☐ No", "Treasury", "12 months"),
    ("Export licence", "☐ Yes ☒ No", "Compliance desk", "24 months"),
    ("Site survey", "☐", "Field operations", "36 months"),
]


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join([lines[0], "|---|---|---|---|", *lines[1:]])


def test_rows_of_words_under_a_named_header_are_body_rows() -> None:
    text = _table(CHECKS)
    for label, *_ in CHECKS[2:]:
        head = stacked_header(text, text.index(f"| {label}"))
        assert head is not None
        assert head.text == "| Check | Required | Owner | Review period |", head.text


def test_a_tick_box_row_answers_with_its_own_cells_and_no_pipes(
    folio: Folio, tmp_path: Path
) -> None:
    doc = ingest_text(
        folio,
        tmp_path,
        "onboarding.md",
        "# Supplier onboarding\n\n## Checks\n\n" + _table(CHECKS) + "\n",
    )
    a = ChatService(folio).ask("Is an export licence required for new suppliers?", [doc]).answer
    assert not a.refused, a.answer
    first = a.answer.split("\n")[0]
    assert first.startswith("No"), a.answer
    assert "|" not in first, a.answer
    # no cell of another row is read as part of a column's name
    for other in ("Credit reference", "Treasury", "Site survey", "Field operations", "12 months"):
        assert other not in a.answer, (other, a.answer)


def test_a_row_of_periods_under_a_title_still_heads_the_columns() -> None:
    text = "\n".join(
        [
            "| Statement of harbour dues | | |",
            "|---|---|---|",
            "| Year ended | June 30, 2031 | June 30, 2030 |",
            "| Berth fees | 1,240 | 1,180 |",
        ]
    )
    head = stacked_header(text, text.index("| Berth fees"))
    assert head is not None and "June 30, 2031" in head.text, head
