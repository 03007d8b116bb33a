"""The review speaks the interface's language; what it finds stays the document's.

An English notice (invented) reviewed from the Chinese interface: the plan, the steps'
notes, the reasons and the report's lines are Chinese, and the findings are the same
sentences, judged the same way, as a review in English finds.
"""

from __future__ import annotations

import re
from pathlib import Path

from agent.prompts import Lang
from agent.review.models import Report
from agent.review.report import to_markdown
from agent.review.service import run_review
from pipeline.service import Folio
from testkit.agentdocs import ingest_text

NOTICE_MD = """# Copper Creek Ferry Notice

## 1. Risks

1.1 Winter ice is a risk to the ferry landing and could delay the spring timetable.

1.2 A shortage of diesel could adversely affect the cost of the crossings this year.

## 2. Duties

2.1 The operator shall inspect every life raft before the first crossing of each month.

2.2 Crews must report any damage to the landing within 24 hours.
"""
GOAL = "List every obligation and risk"
_LATIN_WORDS = re.compile(r"[A-Za-z]{3,}")


def _review(folio: Folio, doc_id: str, lang: Lang | None) -> Report:
    return run_review(folio, [doc_id], GOAL, refine=False, lang=lang)


def test_the_chinese_interface_gets_a_chinese_plan_and_report_of_an_english_document(
    folio: Folio, tmp_path: Path
) -> None:
    zh = _review(folio, ingest_text(folio, tmp_path, "ferry_notice.md", NOTICE_MD), "zh")
    assert zh.lang == "zh" and zh.plan.lang == "zh"
    for c in zh.plan.candidates:  # titles and reasons: no English words left
        assert not _LATIN_WORDS.search(c.title + c.why), (c.title, c.why)
    for step in zh.plan.steps:
        assert not _LATIN_WORDS.search(step.title + (step.note or "")), step
    assert "审阅：" in to_markdown(zh)


def test_the_findings_do_not_depend_on_the_language_shown(folio: Folio, tmp_path: Path) -> None:
    doc_id = ingest_text(folio, tmp_path, "ferry_notice.md", NOTICE_MD)
    en = _review(folio, doc_id, None)
    assert en.lang == "en"
    zh = _review(folio, doc_id, "zh")
    assert en.findings and [f.text for f in zh.findings] == [f.text for f in en.findings]
    assert [f.score for f in zh.findings] == [f.score for f in en.findings]
