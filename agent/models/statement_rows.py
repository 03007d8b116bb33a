"""The group's statement before the parent company's: Chinese reports print each statement
twice (合并利润表, then 母公司利润表), US filings sometimes add a registrant's condensed
statements. A row asked of the company (not of its parent company) is the group's: when
the same row (by its printed label) is a candidate in both, the group's comes first,
whatever their scores."""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

from agent.evidence import Passage, Unit
from pipeline.text import lexicon


class Ranked(Protocol):
    """A selector's candidate: a unit of a passage."""

    @property
    def passage(self) -> Passage: ...
    @property
    def unit(self) -> Unit: ...


C = TypeVar("C", bound=Ranked)
_PARENT = lexicon.pattern("table_headings.parent_company", template="(?:{})", flags=re.I)


def _title(p: Passage, u: Unit) -> str:
    """The row's table's title: its header's first cell ("| 4、母公司利润表 (单位：元) 项目
    | 本期发生额 |") and the lines above its table in the passage (two tables of a page
    share a passage), its section's last heading and its header's first cell."""
    above = [ln for ln in p.text[: u.start].splitlines() if ln.strip()]
    head = ""
    while above and above[-1].lstrip().startswith("|"):  # the table's rows above the row
        head = above.pop()
    first = head.strip(" |").split("|")[0]
    return "\n".join([p.section.split(" > ")[-1], p.columns.split("|")[0], first, *above[-2:]])


def _label(u: Unit) -> str:
    return re.sub(r"\s+", "", u.text.strip(" |").split("|")[0])


def group_first(found: list[C], question: str) -> list[C]:
    """The candidates in their order, but each parent-company row after the group's same
    row (moved up to its place), unless the question asks for the parent company's."""
    out = list(found)
    if _PARENT.search(question):
        return out
    for i in range(len(out)):
        c = out[i]
        if c.unit.kind != "row" or not _PARENT.search(_title(c.passage, c.unit)):
            continue
        label = _label(c.unit)
        twin = next(
            (
                j
                for j in range(i + 1, len(out))
                if out[j].unit.kind == "row"
                and _label(out[j].unit) == label
                and out[j].passage.doc_id == c.passage.doc_id
                and not _PARENT.search(_title(out[j].passage, out[j].unit))
            ),
            None,
        )
        if twin is not None:
            out.insert(i, out.pop(twin))
    return out
