"""Which member of a group did best or worst: "Which region had the worst topline
performance in FY2025?", "Which segment had the biggest drop in revenue (on a percentage
basis)?", "Which category had the highest contribution to net sales?".

The extremes of ``groups.py`` ranked by what the question measures rather than by the
figure itself: performance by top line is revenue growth over the comparable prior period
(each member's worked from its two cells), a contribution is a member's share of the
group's total. The group is a table's rows under a heading naming the measure ("Net
sales:"), or the rows of a table titled by it ("Revenue by geographic area"); a table
titled by the kind of member the question asks for ("which region": a geographic table)
is read before another. Every member's working is shown and cited: "EMEA had the lowest
net sales growth in FY2025 against FY2024: EMEA = (4,100 − 4,300) ÷ 4,300 = −4.7% [id].
Others: Americas = (9,000 − 8,500) ÷ 8,500 = 5.9%; … [id]." The words (top line,
contribution, region …) are in ``finance_terms.json``'s "rankings".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from agent import prompts
from agent.evidence import Evidence
from agent.figures.grid import SCALES, Grid, Row
from agent.figures.groups import Group, groups
from agent.figures.items import asked_items, norm, years
from agent.figures.lookup import grids
from agent.figures.partitions import adds_up, closed, headed, is_item, whole
from agent.figures.periods import into_year, months_of
from agent.figures.render import ZH_UNITS, number, scale_word
from agent.figures.versus import same_length
from agent.rewrite import content_terms
from agent.scope import stem
from pipeline.text.finance import LineItem, vocabulary

# "level": the figure itself ("Which segment had the highest operating income?"), shown
# with its share of the group's total when the total is positive
Mode = Literal["growth", "share", "level"]
_TOTAL = re.compile(r"^\W*(total|worldwide|consolidated|all\b|合计|总计|总额|全部)", re.I)
_PAREN = re.compile(r"\([^)]*\)")
_NOTE = re.compile(r"\s*\((?:\d|[a-z])\)")
_DATED = re.compile(r"[A-Z][a-z]+ \d{1,2}, \d{4}")
_HAN = re.compile(r"[\u4e00-\u9fff]")
MIN_MEMBERS = 2
_KIND_WORDS = 4  # words of the kind of member a search for their table names


@dataclass(frozen=True)
class _Member:
    row: Row
    now: float
    then: float | None  # the comparable prior period's figure (growth)
    value: float  # what members are ranked by: a growth or a share, in percent
    working: str  # "(4,100 − 4,300) ÷ 4,300 = −4.7%"


@dataclass(frozen=True)
class _Found:
    group: Group
    name: str  # the measure as the table names it ("net sales")
    col: int
    before: int
    members: tuple[_Member, ...] = ()


@dataclass
class Ranked:
    lines: list[str] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)  # for the table of the kind asked
    read: list[int] = field(default_factory=list)  # pages of a table cut off its members


def ranked_answer(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> Ranked | None:
    """The member with the extreme growth or share, and every member's working, with a
    search for a table of the kind of member asked when none of the turn is one; None
    when the question ranks no members by a change or a share."""
    from agent.models.compare import asks_extreme, wants_minimum  # agent.models imports us

    mode = _mode(question)
    measure = _measure(question)
    if mode is None or measure is None or not asks_extreme(question):
        return None
    found, titled, partial = _group(question, evidence, measure, mode)
    # no table titled by the kind asked ("which region"): search for one, answering
    # meanwhile from the group found (a table of segments that are regions)
    search = [] if titled else [_search(question, measure)]
    if found is None:
        return Ranked(searches=search, read=partial) if grids(evidence) else None
    members = list(found.members)
    low = wants_minimum(question)
    best = (min if low else max)(members, key=lambda m: m.value)
    others = [m for m in members if m is not best]
    return Ranked(_lines(found, best, others, mode, low=low, lang=lang), search)


def _search(question: str, measure: LineItem) -> str:
    """Keywords for the table of the kind of member asked, by the measure: "sales by
    region 2025"."""
    groups = vocabulary().member_kinds
    m = _WHICH.search(question)
    said = [w.lower() for w in (m.groups() if m else ()) if w]
    asked = [w for w in said if any(w in words for words in groups.values())][:1]
    # and the kind's other words: a "segment" may be titled a "division"
    kin = next((words for words in groups.values() if asked and asked[0] in words), ())
    stems = {stem(w): w for w in reversed([*asked, *(w for w in kin if w.isascii())])}
    asked = list(dict.fromkeys([*asked, *list(reversed(stems.values()))]))[:_KIND_WORDS]
    # tables are titled "<measure> by <kind>" ("Net revenue by division"), by the
    # measure's shortest names
    names = sorted((n for n in measure.names if n.isascii()), key=len)[:2] or [measure.key]
    ys = years(question)
    kind = " ".join(dict.fromkeys(asked))
    return " ".join(x for x in (*names, "by" if kind else "", kind, *map(str, ys[-1:])) if x)


def _said(question: str, words: Sequence[str]) -> bool:
    low = question.lower()
    # Chinese words have no spaces around them: a Chinese word is said wherever it is
    return any(
        w in low if _HAN.search(w) else re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low)
        for w in words
    )


def _mode(question: str) -> Mode | None:
    from agent.models.compare import asks_change

    vocab = vocabulary()
    if _said(question, vocab.share_words):
        return "share"
    if asks_change(question) or _said(question, vocab.top_line):
        return "growth"
    if kind_words(question) and asked_items(question):  # "which segment … most revenue"
        return "level"
    return None


def _measure(question: str) -> LineItem | None:
    """What members are measured by: the one line item the question names; revenue when
    it names none (the top line; a contribution or a growth of a business unnamed)."""
    items = {a.item.key: a.item for a in asked_items(question)}
    if len(items) > 1:
        return None
    return next(iter(items.values())) if items else vocabulary().items.get("revenue")


_WHICH = re.compile(
    r"\bwhich\s+(?:of\s+(?:the|its|their)\s+)?([\w-]+)(?:\s+([\w-]+))?|哪(?:个|一个|些|类|一)?(..)",
    re.I,
)


def kind_words(question: str) -> frozenset[str]:
    """Stems a table names the kind of member asked by: the noun after "which" ("which
    region": geographic, area …)."""
    m = _WHICH.search(question)
    asked = {stem(w.lower()) for w in (m.groups() if m else ()) if w}
    out: set[str] = set()
    for words in vocabulary().member_kinds.values():
        stems = {stem(w) for w in words}
        if stems & asked:
            out |= stems
    return frozenset(out)


def _named(text: str, measure: LineItem) -> str:
    """The measure's name as ``text`` says it ("net sales"), or "" when it does not."""
    low = norm(text)
    for a in asked_items(text):
        if a.item.key == measure.key:
            return low[a.start : a.end]
    return ""


def _group(
    question: str, evidence: Sequence[Evidence], measure: LineItem, mode: Mode
) -> tuple[_Found | None, bool, list[int]]:
    """The group ranked (a table titled by the kind of member the question asks for
    first), whether its table is so titled (or the question names no kind), and the
    pages of tables naming the measure whose members are in another chunk (a table cut
    after its first rows)."""
    kinds = kind_words(question)
    ys = years(question)
    year = max(ys) if ys else None
    months = months_of(question)
    into = into_year(question, months)
    best: tuple[tuple[int, int, int, float, int], _Found] | None = None
    partial: list[int] = []
    for g in grids(evidence):
        if months in (None, 12) and not same_length(g, months):
            continue  # a table titled by a quarter ("Q4 …") answers no year
        if len({c.text for c in g.columns}) < len(g.columns):
            continue  # a period printed over several columns: they are things (segments)
        col = _of_measure(g, g.column_for(year, months=months, into=into), measure)
        before = _of_measure(g, g.column_for(year, offset=1, months=months, into=into), measure)
        if col is None or (mode == "growth" and before is None):
            continue
        p = g.passage
        # the table's title and the headings it sits under, its rows' labels ("Total
        # division")
        title = f"{p.section} {p.columns} {p.text.lstrip().split(chr(10))[0]}"
        rows = " ".join(r.label for r in g.rows)
        context = {stem(t) for t in content_terms(f"{title} {rows}")}
        for grp in (groups(g) or [whole(g)]) + closed(g, measure) + headed(g, measure):
            if any(is_item(r.label) for r in grp.members):
                continue  # line items ("Net sales", "Operating expenses") are no members
            # the measure named by the group's heading (the table's title for a table
            # without headings) or by its column; members named twice are nested rows
            # ("Oral Care: U.S. / International"), no partition
            name = _named(grp.heading, measure) or _named(g.columns[col].text, measure)
            labels = [norm(r.label) for r in grp.members]
            if not name or len(set(labels)) < len(labels):
                continue
            found = _Found(grp, name, col, before if before is not None else col)
            members = _members(found, mode)
            if len(members) < MIN_MEMBERS:
                partial.append(p.page)
                continue
            kind = 1 if kinds & (context | {stem(t) for t in content_terms(grp.heading)}) else 0
            # a table whose columns are of the length asked (a quarter's) before one
            # whose columns name no length
            length = int(months is None or g.columns[col].months == months)
            # then members adding up to their group's total (a partition, not rows of
            # several levels: "Health / Primary Care / Vaccine X"), then the whole's
            # partition (the largest total) over a part's
            size = sum(m.now for m in members) * SCALES.get(g.scale, 1.0)
            score = (kind, length, adds_up(grp, col), size, -(p.rank or 0))
            if best is None or score > best[0]:
                best = (score, replace(found, members=tuple(members)))
    if best is None:
        return None, not kinds, list(dict.fromkeys(partial))
    return best[1], best[0][0] == 1 or not kinds, []


def _of_measure(g: Grid, col: int | None, measure: LineItem) -> int | None:
    """The column of the same period that is the measure's, when columns name line items
    ("Net Revenue 2025 | … | Operating Profit 2025"); None when none of them is."""
    if col is None:
        return None

    def named(i: int) -> set[str]:
        return {a.item.key for a in asked_items(g.columns[i].text)}

    if not named(col) or measure.key in named(col):
        return col
    year = g.columns[col].year
    same = [i for i, c in enumerate(g.columns) if c.year == year and measure.key in named(i)]
    return same[0] if same else None


def _members(found: _Found, mode: Mode) -> list[_Member]:
    col, before = found.col, found.before
    rows = [
        r
        for r in found.group.members
        if not _TOTAL.match(r.label)
        and max(col, before) < len(r.values)
        and r.values[col] is not None
        and not r.raws[col].strip().endswith("%")
    ]
    if mode == "growth":
        out = []
        for r in rows:
            now, then = r.values[col] or 0.0, r.values[before]
            if then:
                pct = (now - then) / abs(then) * 100
                working = f"({number(now)} − {number(then)}) ÷ {number(then)} = {_pct(pct)}"
                out.append(_Member(r, now, then, pct, working))
        return out
    total_row = found.group.total
    total = total_row.values[col] if total_row and col < len(total_row.values) else None
    nows = [r.values[col] or 0.0 for r in rows]
    entire = total if total else sum(nows)
    shown = number(entire) if total else "(" + " + ".join(number(v) for v in nows) + ")"
    if mode == "level" and (entire <= 0 or min(nows) < 0):  # a loss has no share: the figures
        return [_Member(r, v, None, v, number(v)) for r, v in zip(rows, nows, strict=True)]
    if entire <= 0:
        return []
    return [
        _Member(
            r,
            v,
            None,
            v if mode == "level" else v / entire * 100,
            f"{number(v)} ÷ {shown} = {_pct(v / entire * 100)}",
        )
        for r, v in zip(rows, nows, strict=True)
    ]


def _pct(value: float) -> str:
    return f"{value:.1f}%".replace("-", "−")


def _period(text: str, year: int | None) -> str:
    """A column as a sentence names it: "FY2025", "the three months ended July 29, 2023"."""
    text = _PAREN.sub("", text).strip()
    if _HAN.search(text):  # "2025年", "本期": as the table prints it
        return text
    dated = _DATED.search(text)
    if year and (text == str(year) or not dated):
        return f"FY{year}"
    return f"the {text[: dated.start()].lower()}{dated.group(0)}" if dated else text


def _label(r: Row) -> str:
    """A member's label without its footnote marks ("Online stores (1)", "PBNA (b)")."""
    return _NOTE.sub("", r.label).strip() or r.label


def _lines(
    found: _Found, best: _Member, others: list[_Member], mode: Mode, *, low: bool, lang: str
) -> list[str]:
    g = found.group.grid
    cid = f"[{g.passage.chunk_id}]"
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
        return [f"{lead}：{_label(best.row)} = {best.working} {cid}。", f"其他：{rest} {cid}。"]
    word = "lowest" if low else "highest"
    if mode == "share":
        lead = f"{_label(best.row)} had the {word} share of {found.name} in {now}"
    else:
        lead = f"{_label(best.row)} had the {word} {found.name} growth in {now} against {then}"
    return [f"{lead}: {_label(best.row)} = {best.working} {cid}.", f"Others: {rest} {cid}."]


def _level_lines(
    found: _Found, best: _Member, others: list[_Member], *, low: bool, lang: str, now: str
) -> list[str]:
    """ "Outdoor had the highest revenue in FY2025: $6,000 million; its share of the total
    = 6,000 ÷ 15,200 = 39.5% [id]." and every other member's figure."""
    g = found.group.grid
    cid = f"[{g.passage.chunk_id}]"
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
        return [f"{lead} {cid}。", f"其他：{rest} {cid}。"]
    word = "lowest" if low else "highest"
    share = f"; its share of the total = {best.working}" if shares else ""
    lead = f"{_label(best.row)} had the {word} {found.name} in {now}: {said(best.now)}"
    return [f"{lead}{share} {cid}.", f"Others: {rest} {cid}."]
