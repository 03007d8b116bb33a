"""Yes/no questions answered from a form's tick boxes (``agent/models/checkboxes.py``), on
invented forms: found trying the app, where "Is it a shell company?" was answered with the
cover line "… Yes ☐ No ☒ …" and "公司是否需追溯调整…？" with "…□是√否", the reader left
to find the tick."""

from __future__ import annotations

from pathlib import Path

from agent.models.checkboxes import verdict
from agent.service import ChatService
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

COVER = (
    "Indicate by check mark whether the company is a dormant entity (as defined in Rule 9 "
    "of the Code): Yes ☐ No ☒ The company employed 812 people at year end.\n"
    "Indicate by check mark if the company is not obliged to publish quarterly accounts. "
    "Yes ☐ No ☒\n"
    "Indicate by check mark whether the company has audited accounts. Yes ☒ No ☐\n"
    "Large filer ☒ Medium filer ☐ Small filer ☐ New venture ☐"
)


def test_the_ticked_box_after_the_statement_asked_about_answers() -> None:
    dormant = verdict("Is the company a dormant entity?", COVER)
    assert dormant is not None and dormant.answer == "no"
    assert dormant.quote.endswith("Yes ☐ No ☒") and "dormant entity" in dormant.quote
    audited = verdict("Does the company have audited accounts?", COVER)
    assert audited is not None and audited.answer == "yes" and "audited" in audited.quote


def test_a_negated_statement_answers_the_plain_question_the_other_way() -> None:
    # "is not obliged …: No ☒" means it is obliged
    obliged = verdict("Is the company obliged to publish quarterly accounts?", COVER)
    assert obliged is not None and obliged.answer == "yes"
    negated = verdict("Is the company not obliged to publish quarterly accounts?", COVER)
    assert negated is not None and negated.answer == "no"


def test_an_option_named_by_the_question_is_read_from_its_own_box() -> None:
    large = verdict("Is the company a large filer?", COVER)
    assert large is not None and large.answer == "yes"
    venture = verdict("Is it a new venture?", COVER)
    assert venture is not None and venture.answer == "no"


def test_chinese_boxes_before_their_labels() -> None:
    text = "本期是否变更会计估计□是√否\n重大诉讼事项\n√适用□不适用"
    changed = verdict("本期是否变更了会计估计？", text)
    assert changed is not None and changed.answer == "no" and changed.quote.endswith("□是√否")
    lawsuits = verdict("重大诉讼事项是否适用？", text)
    assert lawsuits is not None and lawsuits.answer == "yes"


def test_no_box_no_verdict() -> None:
    assert verdict("Is the company a dormant entity?", "The company is dormant.") is None
    # a box whose statement shares nothing with the question answers nothing
    assert verdict("Does the bridge carry trains?", COVER) is None
    # two ticks in one yes/no group give no single answer
    assert verdict("Is it dormant?", "Is it dormant? Yes ☒ No ☒") is None


def test_the_chat_answers_yes_or_no_first(folio: Folio, tmp_path: Path) -> None:
    doc = ingest_text(folio, tmp_path, "cover.txt", "Annual filing\n\n" + COVER + "\n")
    chat = ChatService(folio)
    a = chat.ask("Is the company a dormant entity?", [doc]).answer
    assert not a.refused and a.answer.startswith("No: “"), a.answer
    zh = ingest_text(
        folio, tmp_path, "季报.txt", "2031年第一季度报告\n\n本期是否变更会计估计□是√否\n"
    )
    b = chat.ask("本期是否变更了会计估计？", [zh]).answer
    assert not b.refused and b.answer.startswith("否："), b.answer
