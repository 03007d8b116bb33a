"""How a ranking of a group's members reads: the extreme member with its working first,
then every other member's, each cited to the chunk printing it ("EMEA had the lowest net
sales growth in FY2025 against FY2024: EMEA = (4,100 − 4,300) ÷ 4,300 = −4.7% [id]. Others:
…"). The members are found by ``ranking.py``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agent.figures.grid import Row
from agent.figures.headings import Group
from agent.figures.numerals import ZH_UNITS
from agent.figures.part_periods import part_column
from agent.figures.periods import months_of
from agent.figures.render import number, scale_word
from pipeline.text.periods import DATED_RE
from pipeline.text.script import HAN_RE

# "level": the figure itself ("Which segment had the highest operating income?"), shown
# with its share of the group's total when the total is positive
Mode = Literal["growth", "share", "level"]
_NOTE = re.compile(r"\s*\((?:\d|[a-z])\)")
_PAREN = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class Member:
    row: Row
    now: float
    then: float | None  # the comparable prior period's figure (growth)
    value: float  # what members are ranked by: a growth or a share, in percent
    working: str  # "(4,100 − 4,300) ÷ 4,300 = −4.7%"


@dataclass(frozen=True)
class Found:
    group: Group
    name: str  # the measure as the table names it ("net sales")
    col: int
    before: int
    members: tuple[Member, ...] = ()
    # the chunks printing each group member, when the group runs over several
    sources: tuple[tuple[str, ...], ...] = ()


def pct(value: float) -> str:
    return f"{value:.1f}%".replace("-", "−")


def _period(text: str, year: int | None) -> str:
    """A column as a sentence names it: "FY2025", "the three months ended July 29, 2023"."""
    text = _PAREN.sub("", text).strip()
    if HAN_RE.search(text):  # "2025年", "本期": as the table prints it
        return text
    dated = DATED_RE.search(text)
    if year and (text == str(year) or not dated):
        # a quarter's or a half's column ("Q2 2023") is no fiscal year
        return part_column(text) if months_of(text) in (3, 6, 9) else f"FY{year}"
    return f"the {text[: dated.start()].lower()}{dated.group(0)}" if dated else text


def _label(r: Row) -> str:
    """A member's label without its footnote marks ("Online stores (1)", "PBNA (b)")."""
    return _NOTE.sub("", r.label).strip() or r.label


def _cites(found: Found, best: Member, others: list[Member]) -> tuple[str, str]:
    """The best member's citation and the others': each member's own chunk when the
    table runs over several, else the table's."""
    own = {id(r): s for r, s in zip(found.group.members, found.sources, strict=False)}
    first = found.group.grid.passage.chunk_id

    def of(m: Member) -> str:
        return "".join(f"[{c}]" for c in own.get(id(m.row), (first,)))

    return of(best), "".join(dict.fromkeys(of(m) for m in others)) or f"[{first}]"


def lines(
    found: Found, best: Member, others: list[Member], mode: Mode, *, low: bool, lang: str
) -> list[str]:
    g = found.group.grid
    cid, rest_cid = _cites(found, best, others)
    years_ = g.years()
    now = _period(g.columns[found.col].text, years_[found.col])
    then = _period(g.columns[found.before].text, years_[found.before])
    rest = ("；" if lang == "zh" else "; ").join(f"{_label(m.row)} = {m.working}" for m in others)
    if mode == "level":
        return _level_lines(found, best, others, low=low, lang=lang, now=now)
    if lang == "zh":
        what = "占比" if mode == "share" else "增长"
        word = "最低" if low else "最高"
        lead = f"{_label(best.row)}的{found.name}{what}{word}（{now}）"
        return [
            f"{lead}：{_label(best.row)} = {best.working} {cid}。",
            f"其他：{rest} {rest_cid}。",
        ]
    word = "lowest" if low else "highest"
    if mode == "share":
        lead = f"{_label(best.row)} had the {word} share of {found.name} in {now}"
    else:
        lead = f"{_label(best.row)} had the {word} {found.name} growth in {now} against {then}"
    return [f"{lead}: {_label(best.row)} = {best.working} {cid}.", f"Others: {rest} {rest_cid}."]


def _level_lines(
    found: Found, best: Member, others: list[Member], *, low: bool, lang: str, now: str
) -> list[str]:
    """ "Outdoor had the highest revenue in FY2025: $6,000 million; its share of the total
    = 6,000 ÷ 15,200 = 39.5% [id]." and every other member's figure."""
    g = found.group.grid
    cid, rest_cid = _cites(found, best, others)
    unit = g.scale if g.scale in ZH_UNITS else scale_word(g.scale, "zh" if lang == "zh" else "en")
    money = "$" if g.currency == "$" and lang != "zh" else ""
    shares = "÷" in best.working

    sep = "；" if lang == "zh" else "; "

    def said(v: float) -> str:
        return f"{'−' if v < 0 else ''}{money}{number(abs(v))}{unit}"

    rest = sep.join(f"{_label(m.row)} = {said(m.now)}" for m in others)
    if lang == "zh":
        word = "最低" if low else "最高"
        share = f"，占合计的 {best.working}" if shares else ""
        lead = f"{_label(best.row)}的{found.name}{word}（{now}）：{said(best.now)}{share}"
        return [f"{lead} {cid}。", f"其他：{rest} {rest_cid}。"]
    word = "lowest" if low else "highest"
    share = f"; its share of the total = {best.working}" if shares else ""
    lead = f"{_label(best.row)} had the {word} {found.name} in {now}: {said(best.now)}"
    return [f"{lead}{share} {cid}.", f"Others: {rest} {rest_cid}."]
