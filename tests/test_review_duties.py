"""What binds a party is a word class, not 'shall' and 'must' alone: a policy that writes
"requires" / "is required to" (or 须 in Chinese) has its obligations planned, asked and
kept; and a finding is cited to the clause it sits in, not to the first clause of the
block the layout merged it into. Every document here is invented for these tests."""

from __future__ import annotations

import re
from pathlib import Path

from agent.review.catalog import by_id
from agent.review.detect import goal_cue_count
from agent.review.service import run_review
from pipeline.service import Folio
from pipeline.text import lexicon

POLICY_MD = """# Remote Working Policy

## 1. Equipment

Employees are required to keep company laptops in a locked room when they are not in use.

The company requires every home router to run the firmware released in the last year.

## 2. Working hours

Staff are required to record their hours in the time sheet by Friday noon each week.

Team meetings are held on Tuesday mornings in the main office or by video call.
"""

POLICY_ZH_MD = """# 实验室访客管理规定

## 第一章 入场

第一条 访客须在入场前一日通过预约系统登记姓名和来访事由。

第二条 访客进入实验区域须佩戴护目镜并由接待人员全程陪同。

第三条 实验楼每日八时开放，二十时关闭。
"""

_TENANT = (
    "4.1 The Tenant shall pay the rent on the first day of each month.",
    "4.2 The Tenant must keep the loading bays clear of pallets at all times.",
    "4.3 The Tenant shall insure the stock stored in the warehouse against fire.",
)
_LANDLORD = (
    "5.1 The Landlord shall repair the roof within 14 days of a written notice.",
    "5.2 The Landlord must maintain the fire alarm system in working order.",
)
# each article's clauses in one paragraph: the layout merged them into one block
LEASE_MD = f"""# Warehouse Lease

## 4. Obligations of the Tenant

{" ".join(_TENANT)}

## 5. Obligations of the Landlord

{" ".join(_LANDLORD)}
"""


def _ingest(folio: Folio, tmp_path: Path, text: str, name: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    doc_id = folio.ingest([path])[0].doc_id
    assert doc_id is not None
    return doc_id


def test_a_goal_asking_what_a_policy_requires_names_the_obligations() -> None:
    kind = by_id("obligations")
    assert kind is not None
    for goal in (
        "What does this policy require staff to do?",
        "Which requirements apply to contractors?",
        "员工须遵守哪些规定？",
    ):
        assert goal_cue_count(kind, goal) >= 1, goal
    # the kinds' words are the lexicon's word classes, not a copy in the catalogue
    said = set(lexicon.words("duties.obligation.said")) | set(
        lexicon.words("duties.obligation.modal")
    )
    assert said <= set(kind.keywords)
    prohibitions = by_id("prohibitions")
    assert prohibitions is not None
    assert set(lexicon.words("duties.prohibition.said")) <= set(prohibitions.keywords)


def test_a_policy_written_in_requires_has_its_obligations_planned_and_kept(
    folio: Folio, tmp_path: Path
) -> None:
    doc_id = _ingest(folio, tmp_path, POLICY_MD, "remote_policy.md")
    report = run_review(folio, [doc_id], "What does this policy require staff to do?", refine=False)
    assert "obligations" in report.plan.chosen
    texts = [" ".join(f.text.split()) for f in report.findings if f.subgoal == "obligations"]
    assert any(t.startswith("Employees are required to keep") for t in texts), texts
    assert any(t.startswith("Staff are required to record") for t in texts), texts
    assert not any("Team meetings" in t for t in texts), texts


def test_a_chinese_duty_written_with_xu_is_kept(folio: Folio, tmp_path: Path) -> None:
    doc_id = _ingest(folio, tmp_path, POLICY_ZH_MD, "visitors_zh.md")
    report = run_review(folio, [doc_id], "列出本规定对访客的要求", refine=False)
    texts = [f.text for f in report.findings if f.subgoal == "obligations"]
    assert any("须在入场前一日" in t for t in texts), texts
    assert any("须佩戴护目镜" in t for t in texts), texts
    assert not any("八时开放" in t for t in texts), texts


_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)+)\s")


def test_a_clause_merged_into_a_block_is_cited_to_its_own_number(
    folio: Folio, tmp_path: Path
) -> None:
    doc_id = _ingest(folio, tmp_path, LEASE_MD, "lease.md")
    report = run_review(folio, [doc_id], "List the obligations of each party", refine=False)
    numbered = [(m.group(1), f) for f in report.findings if (m := _NUMBER.match(f.text))]
    assert len({n for n, _ in numbered}) >= 4, [f.text for f in report.findings]
    for number, f in numbered:
        assert f.citation.section == f"§{number}", (f.text, f.citation.label)
