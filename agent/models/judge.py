"""The offline answerer's judgement: which sentences answer the question, or none.

Every sentence and table row of the passages returned in this turn is scored against the
question: rare question words weigh more (weights from the scope's word statistics), words
of the section heading count half, years and figures from the question count extra, and
the search rank adds a small prior. The best units, verbatim, become the answer with their
citation ids; weak evidence, or a name the documents never mention, becomes a refusal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.evidence import Evidence, Passage, Unit, units
from agent.models.compare import COMPARE_WORDS, promote_extreme
from agent.models.expansions import metrics
from agent.models.spans import with_reasons
from agent.rewrite import content_terms, core_question, key_terms
from agent.scope import stem, word_set
from pipeline.text.segment import everyday_word

REFUSE_BELOW = 0.28
MISSING_SHARE = 0.4
KEEP_RATIO = 0.55
PASSAGE_WEIGHT = 0.25
STATEMENT_BONUS = 0.08
COMPARE_COVER = 0.3
MAX_UNITS = 3
YEARISH = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_SUMMARY = re.compile(
    r"summar|overview|main points|key points|总结|概括|概述|主要内容|讲了什么|要点", re.I
)
_ACRONYMS = (  # metric and period acronyms: not names of anything
    "ebit ebitda ebitdar gaap eps dpo dso dio fcf cogs sg&a roe roa roic roce cagr yoy qoq "
    "ttm ltm capex opex r&d m&a ipo esg kpi nps arpu usd rmb cny eur gbp ceo cfo fy fx ytd "
    "q1 q2 q3 q4 h1 h2"
)
METRIC_ACRONYMS = frozenset(_ACRONYMS.split(" "))
_STATEMENT = re.compile(
    r"statements? of (income|operations|earnings|cash flows?|comprehensive)|balance sheets?|"
    r"利润表|损益表|资产负债表|现金流量表",
    re.I,
)
_SUPERLATIVE_ZH = "(最高|最低|最多|最少|最大|最小|最好|最差|最快|最慢)"
_COMPARE = re.compile(
    r"\b(which|who)\b.*\b(highest|lowest|most|least|best|worst|biggest|largest|"
    r"smallest|greatest|top|fastest|slowest)\b|"
    rf"哪.{{0,10}}{_SUPERLATIVE_ZH}|{_SUPERLATIVE_ZH}的.{{0,8}}(是谁|是哪|是什么)",
    re.I,
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LEAD_IN = re.compile(r"[:：]\s*$")
_HEADER_RULE = re.compile(r"\s*\|?\s*:?-{3,}")
# Latin letters, digits and "&.-": a name runs on into Chinese text without a space
# ("WTA赛事"), and Chinese characters are word characters too.
_LATIN_NAME = re.compile(r"\(?[A-Za-z](?:[^\W\u3000-\u9fff\uff00-\uffef]|[&.-])*(?:['’]s)?\)?")
_QUANTITY = re.compile(
    r"\bhow (much|many)\b|\bwhat (was|is|were|are) the (amount|number|value|total)|"
    r"\bpercent|\bratio\b|\bmargin\b|\bhow (tall|high|long|old|far|big|large|heavy)\b|"
    r"多少|几|比例|金额|比率|增长率|多[高大长重远久宽深厚]",
    re.I,
)
FIGURE = re.compile(
    r"\d[\d,]*(\.\d+)?\s*(%|percent|million|billion|thousand|万|亿|元)|[$¥€£]\s?\d|"
    r"\d{1,3}(,\d{3})+|\d+\.\d+|"
    r"\d\s*(公斤|千克|克|吨|公里|千米|厘米|毫米|平方|米|亩|公顷|倍|岁|歳|小时|分钟|秒|"
    r"kg|km|cm|mm|m|ft|feet|meters|metres|miles|pounds|lbs|years old)(?![A-Za-z])"
)


@dataclass
class Candidate:
    passage: Passage
    unit: Unit
    score: float
    matched: frozenset[str]
    order: int
    cover: float = 0.0  # how much of the question the unit's passage speaks to


@dataclass
class Judgement:
    """What the evidence supports: the chosen units, or why there is no answer."""

    chosen: list[Candidate] = field(default_factory=list)
    best: float = 0.0
    missing_names: list[str] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)

    @property
    def answerable(self) -> bool:
        return bool(self.chosen) and not self.missing_names


def _weights(question: str, evidence: Sequence[Evidence]) -> dict[str, float]:
    """Question words weighted by rarity in the scope; words the scope never uses get a
    middling weight (they cannot tell units apart, but still count against coverage)."""
    df: dict[str, int] = {}
    n = 1
    for ev in evidence:
        n = max(n, ev.scope_chunks)
        for t, d in ev.term_df.items():
            df[stem(t)] = max(df.get(stem(t), 0), d)
    default = math.log(1 + n / 4)
    names = {n for ev in evidence for n in ev.names}
    missing = scope_missing(evidence)
    out: dict[str, float] = {}
    for t in key_terms(question):
        d = df.get(stem(t), 0)
        if not d and re.match(r"[\u4e00-\u9fff]", t) and stem(t) not in missing:
            continue  # a cutting artefact (see tools._straddles): no word to look for
        w = math.log(1 + n / (1 + d)) if d else default
        if not d and stem(t) in missing and re.match(r"[\u4e00-\u9fff]", t):
            w = math.log(1 + n)  # a Chinese word the scope never uses: as rare as can be
        # A year places the question in time and a company name says whose report it is;
        # neither says what the question is about.
        if YEARISH.fullmatch(t) or (d and _names_file(t, names)):
            w *= 0.4
        out[stem(t)] = w
    return out


def _names_file(term: str, names: set[str]) -> bool:
    """Is the word (part of) a word of a document's file name ("ulta" in ULTABEAUTY_…)?"""
    key = stem(term)
    if key in names:
        return True
    return (
        len(term) >= 4
        and term.isalpha()
        and any(term in n for n in names if len(n) > len(term) + 1)
    )


def _proxies(question: str) -> list[tuple[frozenset[str], list[frozenset[str]]]]:
    """For each metric asked about: its words, and the line items that stand in for it."""
    out = []
    for key, items in metrics(question):
        words = frozenset(stem(w) for w in content_terms(key))
        phrases = [frozenset(stem(w) for w in content_terms(i)) for i in items]
        out.append((words, [p for p in phrases if p]))
    return out


def missing_names(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Names in the question that the scope never uses.

    A name is a capitalised word ("Adobe", "JnJ", "AMCOR"); figures
    ("FY2022"), acronyms being defined ("(DPO)") and metric acronyms ("EBITDA") are not
    names: reports often spell those out.
    """
    missing = scope_missing(evidence)
    if not missing:
        return []
    names = []
    prev = ""
    for m in _LATIN_NAME.finditer(question):
        raw, before = m.group(0), prev
        word = re.sub(r"['’]s$", "", raw.strip("()")).strip(".")
        prev = word
        if m.start() == 0 or raw.startswith("(") or any(c.isdigit() for c in word):
            continue
        if word.isupper() and word.lower() in METRIC_ACRONYMS:
            continue
        if before.lower() in ("the", "a", "an") or (before.isupper() and len(before) > 1):
            continue  # "the Highest", "EBITDAR Contribution": emphasis, not a name
        if any(c.isupper() for c in word) and stem(word) in missing:
            names.append(word)
    return list(dict.fromkeys(names))


def _missing_words(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """Chinese words of the question that the scope never uses."""
    missing = scope_missing(evidence)
    return [t for t in key_terms(question) if _HAN.match(t) and stem(t) in missing]


def _everyday(term: str) -> bool:
    return bool(_HAN.match(term)) and everyday_word(term)


def _absent_share(absent: list[str], weights: dict[str, float]) -> float:
    """How much of what the question is about the scope never mentions. Everyday words
    ("担任", "职务", "特点") only phrase a question, and an answer may word them otherwise:
    they count only when the question has nothing rarer to go by."""
    pool = {t: w for t, w in weights.items() if not _everyday(t)}
    if not any(_HAN.match(t) for t in pool):
        pool = weights
    return sum(pool.get(stem(w), 0.0) for w in absent) / (sum(pool.values()) or 1.0)


def _phrasing_weights(weights: dict[str, float], absent: list[str]) -> dict[str, float]:
    """Scoring weights: an everyday word the scope never uses cannot tell units apart; at
    full weight it would sink every candidate. Everyday words it uses count half."""
    gone = {stem(w) for w in absent if _everyday(w)}
    low = min(weights.values(), default=1.0)
    # Everyday words the scope does use still say less than the names ("实际" in
    # "AGG01的实际功效"): rare in a short document is not rare in the language.
    return {
        t: (0.25 * low if t in gone else 0.5 * w if _everyday(t) else w) for t, w in weights.items()
    }


def scope_missing(evidence: Sequence[Evidence]) -> set[str]:
    """Words every search that looked at them found missing (one search may have judged a
    Chinese word in context, as a cutting artefact, where another saw it alone)."""
    seen: dict[str, bool] = {}
    for ev in evidence:
        gone = {stem(t) for t in ev.missing}
        for t in ev.term_df:
            key = stem(t)
            seen[key] = seen.get(key, True) and key in gone
    return {t for t, gone in seen.items() if gone}


def judge(question: str, evidence: Sequence[Evidence]) -> Judgement:
    weights = _weights(question, evidence)
    total = sum(weights.values()) or 1.0
    names = missing_names(question, evidence)
    if names:
        return Judgement(missing_names=names)
    # A metric the report words otherwise ("同比" for "比上年同期增减") is not missing.
    named = {stem(w) for key, _ in metrics(question) for w in content_terms(key)}
    absent = [w for w in _missing_words(question, evidence) if stem(w) not in named]
    if absent and _absent_share(absent, weights) >= MISSING_SHARE:
        return Judgement(missing_names=absent)
    weights = _phrasing_weights(weights, absent)
    total = sum(weights.values()) or 1.0
    ask = _Ask(
        weights=weights,
        total=total,
        proxies=_proxies(question),
        years=set(YEARISH.findall(core_question(question))),
        wants_figure=bool(_QUANTITY.search(question) or metrics(question)),
        compares=bool(_COMPARE.search(question)),
    )
    candidates = _candidates(evidence, ask)
    if not candidates:
        return Judgement(uncovered=list(weights))
    if ask.compares:
        promote_extreme(candidates, question)
    candidates.sort(key=lambda c: -c.score)
    best = candidates[0].score
    covered = set().union(*(c.matched for c in candidates[:8]))
    uncovered = [t for t in weights if t not in covered]
    if best < REFUSE_BELOW:
        return Judgement(best=best, uncovered=uncovered)
    chosen = with_reasons(_select(candidates, question), question)
    return Judgement(chosen=chosen, best=best, uncovered=uncovered)


@dataclass(frozen=True)
class _Ask:
    """What the scoring needs to know about the question."""

    weights: dict[str, float]
    total: float
    proxies: list[tuple[frozenset[str], list[frozenset[str]]]]
    years: set[str]
    wants_figure: bool
    compares: bool

    @property
    def han(self) -> set[str]:
        return {t for t in self.weights if _HAN.match(t)}


def _lead_ins(evidence: Sequence[Evidence]) -> dict[str, str]:
    """Chunk id → the sentence announcing it, when the chunk before it ends with one ("The
    following summarizes revenues by geographic area:"): the table inherits its words."""
    out: dict[str, str] = {}
    for ev in evidence:
        for p in ev.passages:
            doc_id, _, n = p.chunk_id.rpartition("#")
            last = units(p.text)[-1:] if n.isdigit() and _LEAD_IN.search(p.text) else []
            if last:
                out[f"{doc_id}#{int(n) + 1}"] = last[0].text
    return out


def _candidates(evidence: Sequence[Evidence], ask: _Ask) -> list[Candidate]:
    out: list[Candidate] = []
    seen: set[str] = set()
    han = ask.han
    leads = _lead_ins(evidence)
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen:
                continue
            seen.add(p.chunk_id)
            lead = leads.get(p.chunk_id, "")
            cover = _passage_cover(p, ask.weights, ask.total, ask.proxies, han, lead=lead)
            if ask.compares:  # how the rows compare is the table's job, not its words'
                what = {t: w for t, w in ask.weights.items() if t not in COMPARE_WORDS}
                total = sum(what.values()) or 1.0
                cover = max(cover, _passage_cover(p, what, total, ask.proxies, han, lead=lead))
            prior = 0.12 / math.sqrt(p.rank or 1) + PASSAGE_WEIGHT * cover
            if ask.proxies and _STATEMENT.search(p.section):  # metrics come from statements
                prior += STATEMENT_BONUS
            for u in units(p.text):
                c = _score_unit(ask, p, u, prior=prior, cover=cover, han=han)
                if c is not None:
                    c.order = len(out)  # reading order, for the answer's sequence
                    out.append(c)
    return out


def _score_unit(
    ask: _Ask, p: Passage, u: Unit, *, prior: float, cover: float, han: set[str]
) -> Candidate | None:
    if u.kind == "row" and _HEADER_RULE.match(p.text, u.end):
        return None  # a table's header row ("项目 | 期末余额 | 期初余额") names columns only
    if u.kind == "heading" or _is_title(u.text, p.section):
        return None  # a title names a topic; it never answers a question about it
    words = word_set(u.text)
    # Chinese words match as substrings: segmentations of question and text differ.
    hit = {t for t in ask.weights if t in words or (t in han and t in u.text)}
    if u.kind == "row":
        for key, phrases in ask.proxies:  # a line item stands in for the metric
            if any(ph <= words for ph in phrases):
                hit |= {t for t in key if t in ask.weights}
    # A row of a table that speaks to a "which … highest" question is an answer even when
    # it names none of the question's words (a region, a product category).
    inherits = (
        ask.compares and u.kind == "row" and cover >= COMPARE_COVER and not _only_dates(u.text)
    )
    if not inherits and not any(not YEARISH.fullmatch(t) for t in hit):
        return None  # matching only a year is no answer
    section = word_set(p.section)
    in_section = {
        t for t in ask.weights if (t in section or (t in han and t in p.section)) and t not in hit
    }
    lex = sum(ask.weights[t] for t in hit) + 0.5 * sum(ask.weights[t] for t in in_section)
    lex = max(lex / ask.total, 0.7 * cover if inherits else 0.0)
    years = len(ask.years & set(YEARISH.findall(u.text))) / len(ask.years) if ask.years else 0
    score = lex + 0.1 * years + prior - _penalty(u)
    if ask.wants_figure and FIGURE.search(u.text):
        score += 0.06
    return Candidate(p, u, score, frozenset(hit | in_section), 0, cover)


def _passage_cover(
    p: Passage,
    weights: dict[str, float],
    total: float,
    proxies: list[tuple[frozenset[str], list[frozenset[str]]]],
    han: set[str],
    *,
    lead: str = "",
) -> float:
    """How much of the question the whole passage speaks to: a statement that holds both
    line items of a ratio, a paragraph that names the subject and the detail asked."""
    text = f"{lead}\n{p.text}" if lead else p.text
    words = word_set(f"{p.section}\n{text}")
    hit = {t for t in weights if t in words or (t in han and t in text)}
    for key, phrases in proxies:
        found = sum(1 for ph in phrases if ph <= words)
        if found:
            hit |= {t for t in key if t in weights}
        if found >= 2:
            return min(1.0, sum(weights[t] for t in hit) / total + 0.25)
    return sum(weights[t] for t in hit) / total


def _is_title(text: str, section: str) -> bool:
    """Is the unit a heading of its passage ("第62节米泽车站" under that very section)?"""
    bare = re.sub(r"\W+", "", text)
    return bool(bare) and any(bare == re.sub(r"\W+", "", s) for s in section.split(" > "))


def _only_dates(text: str) -> bool:
    # Whole numbers, a comma after them included ("July 2, 2023"), not "1,080" or "3.5".
    nums = [int(n) for n in re.findall(r"(?<![\d.,])\d+(?![\d%]|[.,]\d)", text)]
    dated = all(n <= 31 or 1900 <= n <= 2100 for n in nums)
    return bool(nums) and dated and not re.search(r"\d\s*%", text)  # a bare "%" heads a column


def _penalty(u: Unit) -> float:
    n = len(u.text)
    if u.kind == "sentence" and _LEAD_IN.search(u.text):
        return 0.25  # a sentence announcing what follows answers nothing
    if u.kind == "row" and not re.search(r"[A-Za-z\u4e00-\u9fff]{3,}", u.text):
        return 0.3  # a row of bare figures (a column header of years) answers nothing
    if u.kind == "row" and _only_dates(u.text):
        return 0.2  # a header row: labels and period dates, no figures
    if n < 25 and u.kind != "row":
        return 0.15
    return 0.1 if n > 600 else 0.0


def _select(candidates: list[Candidate], question: str) -> list[Candidate]:
    """The best unit, then strong runners-up: first those on another page that cover
    question words the chosen ones miss, then any on another page, then any adding words.
    The best comes first (the direct answer: the extreme row of a "which … highest")."""
    limit = MAX_UNITS + 1 if _SUMMARY.search(question) else MAX_UNITS
    first = candidates[0]
    strong = [c for c in candidates[1:] if c.score >= first.score * KEEP_RATIO]
    chosen = [first]
    pages = {first.passage.page}
    covered = set(first.matched)
    for new_page, new_words in ((True, True), (True, False), (False, True)):
        for c in strong:
            if len(chosen) >= limit:
                break
            if c in chosen or any(same_text(c.unit.text, x.unit.text) for x in chosen):
                continue
            if (new_page and c.passage.page in pages) or (new_words and not c.matched - covered):
                continue
            chosen.append(c)
            pages.add(c.passage.page)
            covered |= c.matched
    # The direct answer first, then what supports it in reading order.
    return [first, *sorted(chosen[1:], key=lambda c: c.order)]


def same_text(a: str, b: str) -> bool:
    """The same words and figures, whatever the spacing, pipes and currency signs."""
    return re.sub(r"[\W_]+", "", a) == re.sub(r"[\W_]+", "", b)


def page_overview(evidence: Sequence[Evidence], page: int) -> list[Candidate]:
    """The opening units of each passage on a page, for "what is on page N?"."""
    out: list[Candidate] = []
    for ev in evidence:
        if ev.tool != "read_page":
            continue
        for p in ev.passages:
            parts = units(p.text)
            body = [u for u in parts if u.kind != "heading" and len(u.text) > 20]
            if parts and (not body or len(p.text) <= 160):  # a cover: titles, said whole
                end = parts[min(4, len(parts)) - 1].end
                body = [Unit(parts[0].start, end, p.text[parts[0].start : end], "sentence")]
            if body and not any(same_text(body[0].text, c.unit.text) for c in out):
                out.append(Candidate(p, body[0], 1.0, frozenset(), len(out)))
    return out[: MAX_UNITS + 1]
