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

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.models.expansions import metrics
from agent.rewrite import content_terms, core_question, key_terms, page_reference
from agent.scope import stem, word_set
from pipeline.text.lang import script_language

REFUSE_BELOW = 0.28
MISSING_SHARE = 0.4
KEEP_RATIO = 0.66
PASSAGE_WEIGHT = 0.25
STATEMENT_BONUS = 0.08
COMPARE_COVER = 0.3
MAX_UNITS = 3
_YEARISH = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
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
_COMPARE = re.compile(
    r"\bwhich\b.*\b(highest|lowest|most|least|best|worst|biggest|largest|smallest|greatest|"
    r"top|fastest|slowest)\b|哪.{0,10}(最高|最低|最多|最少|最大|最小|最好|最差|最快|最慢)",
    re.I,
)
_HAN = re.compile(r"[\u4e00-\u9fff]")
_QUANTITY = re.compile(
    r"\bhow (much|many)\b|\bwhat (was|is|were|are) the (amount|number|value|total)|"
    r"\bpercent|\bratio\b|\bmargin\b|多少|几|比例|金额|比率|增长率",
    re.I,
)
_FIGURE = re.compile(
    r"\d[\d,]*(\.\d+)?\s*(%|percent|million|billion|thousand|万|亿|元)|[$¥€£]\s?\d|"
    r"\d{1,3}(,\d{3})+|\d+\.\d+"
)
_GENERIC_SECTION = re.compile(r"^(part|item|section|table of contents|目录)\b", re.I)


@dataclass
class Candidate:
    passage: Passage
    unit: Unit
    score: float
    matched: frozenset[str]
    order: int


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
        if _YEARISH.fullmatch(t) or (d and _names_file(t, names)):
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
    for m in re.finditer(r"\(?[A-Za-z][\w&.-]*(?:['’]s)?\)?", question):
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
    absent = _missing_words(question, evidence)
    if absent and sum(weights.get(stem(w), 0.0) for w in absent) >= MISSING_SHARE * total:
        return Judgement(missing_names=absent)
    ask = _Ask(
        weights=weights,
        total=total,
        proxies=_proxies(question),
        years=set(_YEARISH.findall(core_question(question))),
        wants_figure=bool(_QUANTITY.search(question) or metrics(question)),
        compares=bool(_COMPARE.search(question)),
    )
    candidates = _candidates(evidence, ask)
    if not candidates:
        return Judgement(uncovered=list(weights))
    candidates.sort(key=lambda c: -c.score)
    best = candidates[0].score
    covered = set().union(*(c.matched for c in candidates[:8]))
    uncovered = [t for t in weights if t not in covered]
    if best < REFUSE_BELOW:
        return Judgement(best=best, uncovered=uncovered)
    return Judgement(chosen=_select(candidates, question), best=best, uncovered=uncovered)


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


def _candidates(evidence: Sequence[Evidence], ask: _Ask) -> list[Candidate]:
    out: list[Candidate] = []
    seen: set[str] = set()
    han = ask.han
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen:
                continue
            seen.add(p.chunk_id)
            cover = _passage_cover(p, ask.weights, ask.total, ask.proxies, han)
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
    words = word_set(u.text)
    # Chinese words match as substrings: segmentations of question and text differ.
    hit = {t for t in ask.weights if t in words or (t in han and t in u.text)}
    if u.kind == "row":
        for key, phrases in ask.proxies:  # a line item stands in for the metric
            if any(ph <= words for ph in phrases):
                hit |= {t for t in key if t in ask.weights}
    # A row of a table that speaks to a "which … highest" question is an answer even when
    # it names none of the question's words (a region, a product category).
    inherits = ask.compares and u.kind == "row" and cover >= COMPARE_COVER
    if not inherits and not any(not _YEARISH.fullmatch(t) for t in hit):
        return None  # matching only a year is no answer
    section = word_set(p.section)
    in_section = {
        t for t in ask.weights if (t in section or (t in han and t in p.section)) and t not in hit
    }
    lex = sum(ask.weights[t] for t in hit) + 0.5 * sum(ask.weights[t] for t in in_section)
    lex = max(lex / ask.total, 0.7 * cover if inherits else 0.0)
    years = len(ask.years & set(_YEARISH.findall(u.text))) / len(ask.years) if ask.years else 0
    score = lex + 0.1 * years + prior - _penalty(u)
    if ask.wants_figure and _FIGURE.search(u.text):
        score += 0.06
    return Candidate(p, u, score, frozenset(hit | in_section), 0)


def _passage_cover(
    p: Passage,
    weights: dict[str, float],
    total: float,
    proxies: list[tuple[frozenset[str], list[frozenset[str]]]],
    han: set[str],
) -> float:
    """How much of the question the whole passage speaks to: a statement that holds both
    line items of a ratio, a paragraph that names the subject and the detail asked."""
    words = word_set(f"{p.section}\n{p.text}")
    hit = {t for t in weights if t in words or (t in han and t in p.text)}
    for key, phrases in proxies:
        found = sum(1 for ph in phrases if ph <= words)
        if found:
            hit |= {t for t in key if t in weights}
        if found >= 2:
            return min(1.0, sum(weights[t] for t in hit) / total + 0.25)
    return sum(weights[t] for t in hit) / total


def _only_dates(text: str) -> bool:
    nums = [int(n) for n in re.findall(r"(?<![\d.,])\d+(?![\d.,%])", text)]
    return bool(nums) and all(n <= 31 or 1900 <= n <= 2100 for n in nums) and "%" not in text


def _penalty(u: Unit) -> float:
    n = len(u.text)
    if u.kind == "heading":
        return 0.25
    if u.kind == "row" and not re.search(r"[A-Za-z\u4e00-\u9fff]{3,}", u.text):
        return 0.3  # a row of bare figures (a column header of years) answers nothing
    if u.kind == "row" and _only_dates(u.text):
        return 0.2  # a header row: labels and period dates, no figures
    if n < 25 and u.kind != "row":
        return 0.15
    return 0.1 if n > 600 else 0.0


def _select(candidates: list[Candidate], question: str) -> list[Candidate]:
    """The best unit, then strong runners-up: first those on another page that cover
    question words the chosen ones miss, then any on another page, then any adding words."""
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
            if c in chosen or any(_same(c.unit.text, x.unit.text) for x in chosen):
                continue
            if (new_page and c.passage.page in pages) or (new_words and not c.matched - covered):
                continue
            chosen.append(c)
            pages.add(c.passage.page)
            covered |= c.matched
    return sorted(chosen, key=lambda c: c.order)


def _same(a: str, b: str) -> bool:
    """The same words and figures, whatever the spacing, pipes and currency signs."""
    return re.sub(r"[\W_]+", "", a) == re.sub(r"[\W_]+", "", b)


def page_overview(evidence: Sequence[Evidence], page: int) -> list[Candidate]:
    """The opening units of each passage on a page, for "what is on page N?"."""
    out: list[Candidate] = []
    for ev in evidence:
        if ev.tool != "read_page":
            continue
        for p in ev.passages:
            body = [u for u in units(p.text) if u.kind != "heading" and len(u.text) > 20]
            if body and not any(_same(body[0].text, c.unit.text) for c in out):
                out.append(Candidate(p, body[0], 1.0, frozenset(), len(out)))
    return out[: MAX_UNITS + 1]


# --- writing -------------------------------------------------------------------------------


def compose(question: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> str:
    """The offline draft: verbatim units with citation ids, or a plain refusal."""
    page = page_reference(question)
    terms = [t for t in content_terms(question) if not t.isdigit() and t not in ("page", "页")]
    if page is not None and len(terms) <= 2:
        chosen = page_overview(evidence, page)
    else:
        verdict = judge(question, evidence)
        if verdict.missing_names:
            quoted = ", ".join(f"“{n}”" for n in verdict.missing_names[:3])
            return prompts.REFUSAL_MISSING[lang].format(terms=quoted)
        chosen = verdict.chosen
    if not chosen:
        return prompts.REFUSAL[lang]
    body = _render(with_column_headers(chosen), lang)
    follow = follow_ups(question, evidence, [c.passage for c in chosen], lang)
    header = "Follow-up questions:" if lang == "en" else "延伸问题："
    return body + ("\n\n" + header + "\n" + "\n".join(f"- {q}" for q in follow) if follow else "")


def _render(chosen: list[Candidate], lang: prompts.Lang) -> str:
    lines = []
    doc_lang = script_language(" ".join(c.unit.text for c in chosen))
    lead = prompts.CROSS_LANGUAGE_LEAD[lang] if (lang == "zh") != (doc_lang == "zh") else ""
    for c in chosen:
        if c.unit.kind == "row":
            lines.append(f"{row_text(c.unit.text)} [{c.passage.chunk_id}]")
            continue
        text = clean(c.unit.text)
        end = "" if text[-1:] in ".。!！?？;；:" else ("。" if doc_lang == "zh" else ".")
        lines.append(f"{text} [{c.passage.chunk_id}]{end}")
    if len(lines) == 1 and not lead and "|" not in lines[0]:
        return lines[0]
    return (lead + "\n" if lead else "") + "\n".join(f"- {ln}" for ln in lines)


def row_text(text: str) -> str:
    """A table row as it reads in an answer: cells joined by " | ", currency signs kept with
    their figures, empty cells dropped."""
    if "|" not in text:
        return clean(text)
    cells = [clean(c) for c in text.strip().strip("|").split("|")]
    out: list[str] = []
    carry = ""
    for cell in cells:
        if cell in ("$", "€", "£", "¥", "(", "RMB"):
            carry = cell
            continue
        if cell:
            out.append(f"{carry}{cell}" if carry else cell)
        carry = ""
    return " | ".join(out)


def with_column_headers(chosen: list[Candidate]) -> list[Candidate]:
    """Before a chosen table row, the row of its passage that names the columns (the years),
    so figures read with their periods."""
    out: list[Candidate] = []
    shown: set[tuple[str, int]] = set()
    for c in chosen:
        if c.unit.kind == "row":
            head = _column_header(c)
            if head is not None and (head.passage.chunk_id, head.unit.start) not in shown:
                shown.add((head.passage.chunk_id, head.unit.start))
                out.append(head)
        key = (c.passage.chunk_id, c.unit.start)
        if key not in shown:
            shown.add(key)
            out.append(c)
    return out


def _column_header(c: Candidate) -> Candidate | None:
    """The first row of a Markdown table, or the last row above naming two or more years."""
    best = None
    parts = units(c.passage.text)
    first = parts[0] if parts else None
    if first is not None and first.text.lstrip().startswith("|") and first.start < c.unit.start:
        cells = [x for x in first.text.split("|") if x.strip()]
        if len(cells) >= 2 and not _FIGURE.search(first.text) and len(first.text) < 200:
            best = first
    for u in parts:
        if best is not None or u.start >= c.unit.start:
            break
        if len(set(_YEARISH.findall(u.text))) >= 2 and len(u.text) < 200:
            best = u
    if best is None:
        return None
    return Candidate(c.passage, Unit(best.start, best.end, best.text, "row"), 0.0, frozenset(), 0)


def follow_ups(
    question: str, evidence: Sequence[Evidence], cited: Sequence[Passage], lang: prompts.Lang
) -> list[str]:
    """2-3 questions the documents can answer: the sections of other passages found."""
    templates = prompts.FOLLOW_UP[lang]
    used = {p.section for p in cited}
    q_low = question.lower()
    out: list[str] = []
    for ev in evidence:
        for p in ev.passages:
            leaf = p.section.split(" > ")[-1].strip() if p.section else ""
            if p.section in used or not _good_topic(leaf):
                continue
            if leaf.lower() in q_low:
                continue
            used.add(p.section)
            out.append(templates["section"].format(topic=_title(leaf)))
            if len(out) == 3:
                return out
    pages = sorted({p.page for p in cited})
    for page in pages:
        if len(out) >= 2:
            break
        out.append(templates["page"].format(topic=page))
    return out


def _good_topic(leaf: str) -> bool:
    """A heading worth asking about: a few words of text, not a number or a form label."""
    n_words = len(leaf.split()) if leaf.isascii() else len(leaf) // 2
    digits = sum(c.isdigit() for c in leaf)
    return (
        2 <= n_words <= 8
        and len(leaf) <= 60
        and digits <= 4
        and not _GENERIC_SECTION.match(leaf)
        and not leaf.rstrip().endswith(("of", "Of", "the", "and", ":"))
    )


def _title(text: str) -> str:
    return text.title() if text.isupper() and len(text) > 4 else text
