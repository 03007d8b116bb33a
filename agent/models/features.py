"""General features of a candidate answer unit (a sentence or a table row) for a question.

Nothing here is about one document or one question: how much of the question's rare
vocabulary the unit, its section and its passage use (weights from the scope's word
statistics), Chinese character pairs shared with the question, what the unit adds to the
question, whether it holds the kind of thing asked for (``kinds.py``), the search rank
and score of its passage, its place in the passage, its length and shape. The selector
(``selector.py``) weighs them with weights fitted on the training split.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.answer_kinds import holds
from agent.evidence import Evidence, Passage, Unit
from agent.models.expansions import Alias, aliases, kin, metrics, operands
from agent.models.focus import focus, owner_named
from agent.models.focus import names as question_names
from agent.models.phrasing import WEIGHT as PHRASING
from agent.models.phrasing import phrasing_words
from agent.numeral_forms import one_count
from agent.question.kinds import KINDS, Kind, asked_kinds
from agent.rewrite import content_terms, core_question, key_terms
from agent.scope import stem, word_set
from pipeline.text.finance import vocabulary
from pipeline.text.periods import LONE_YEAR_RE
from pipeline.text.script import HAN, HAN_RE, HAN_RUN_RE
from pipeline.text.segment import everyday_word, words

FEATURES: tuple[str, ...] = (
    "overlap",  # share of the question's rarity weight the unit's words carry
    "overlap_rel",  # its overlap over the best overlap of any candidate
    "bigrams_rel",  # its Chinese pairs share over the best of any candidate
    "rarest",  # the unit uses the question's rarest word
    "section",  # share carried by its section heading only
    "cover",  # share its whole passage carries
    "bigrams",  # share of the question's Chinese character pairs in the unit
    "context",  # share carried by the units next to it
    "novelty",  # share of the unit that the question does not already say
    "rank",  # 1 / sqrt(search rank of its passage)
    "retrieval",  # its passage's search score over the best score of the turn
    "first",  # the first unit of its passage
    "position",  # how far into its passage it starts (0 … 1)
    "length",  # log of its length in characters
    "short",  # fewer than 25 characters
    "row",  # a table row
    "table",  # its passage is a table and the question names a metric
    "years",  # share of the question's years it names
    *(f"holds_{k}" for k in KINDS),  # asks for that kind and holds one
    "holds_none",  # asks for a kind and holds none of those asked
    "proxy",  # a row naming a line item that stands in for the metric asked
    "lead_in",  # a sentence announcing what follows (ends with a colon)
    "dates_only",  # a row of labels and dates: a column header
    "absent",  # share of the question (by rarity in the language) the scope never uses
    "lead",  # the first sentence under a heading: where an article says what its topic is
    "opens",  # a question word within the unit's opening: the sentence is about it
    "chars",  # share of the question's Chinese characters in the unit ("有毒" / "毒性")
    "spread",  # how far apart the question words it uses lie (share of its length)
    "titled",  # share of the question its section title names: the passage is about it
    "focus",  # the unit uses the word the question asks for (``focus.py``; 1 when none)
    "names_kept",  # its passage uses every name the question is asked of (``focus.py``)
)
_LEAD_IN = re.compile(r"[:：]\s*$")
_LETTERS = re.compile(r"[A-Za-z" + HAN + r"]{3,}")
_UNKNOWN_IDF = 12.0  # jieba's weight for a word outside its dictionary is about this


_LOWER = re.compile(r"(?<![\w'’-])[a-z][a-z]+(?![\w'’-])")


@dataclass(frozen=True)
class Ask:
    """What the features need to know about the question."""

    question: str
    weights: dict[str, float]  # stemmed question word → rarity weight in the scope
    years: frozenset[str]
    kinds: frozenset[Kind]
    grams: frozenset[str]  # Chinese character pairs of the question's words
    proxies: tuple[tuple[frozenset[str], tuple[frozenset[str], ...]], ...]
    absent: float
    best_score: float
    chars: frozenset[str] = frozenset()  # Chinese characters of the question's content words
    focus: str = ""  # the stemmed word asked for, when the scope uses it
    names: frozenset[str] = frozenset()  # stemmed names asked of, that the scope uses
    aliases: tuple[Alias, ...] = ()  # abbreviations weighed as words (``Alias.key``)
    # question words a synonym rule covers, and the rule: a text saying it in other words
    # ("separation" for "spin off") uses them
    synonyms: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = ()
    kin: frozenset[str] = frozenset()  # for a list asked: words naming the focus's kind
    common: frozenset[str] = frozenset()  # words the passages write in lower case

    @property
    def total(self) -> float:
        return sum(self.weights.values()) or 1.0

    @property
    def han(self) -> frozenset[str]:
        return frozenset(t for t in self.weights if HAN_RE.match(t))


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


def make_ask(question: str, evidence: Sequence[Evidence]) -> Ask:
    df: dict[str, int] = {}
    n = 1
    for ev in evidence:
        n = max(n, ev.scope_chunks)
        for t, d in ev.term_df.items():
            df[stem(t)] = max(df.get(stem(t), 0), d)
    missing = scope_missing(evidence)
    names = {w for ev in evidence for w in ev.names}
    names |= owner_named(question, {w for ev in evidence for w in ev.owner})
    weights: dict[str, float] = {}
    language: dict[str, float] = {}
    years: set[str] = set()
    aka = aliases(question)
    phrasing = phrasing_words(question)
    cut = {f for a in aka for f in a.fragments}  # weighed as the abbreviation, below
    for t in key_terms(question):
        key = stem(t)
        if key in cut:
            continue
        if LONE_YEAR_RE.fullmatch(t):
            years.add(t)
            continue
        if key in names:
            continue  # the document's own name says whose report, not what about
        d = df.get(key, 0)
        language[key] = PHRASING if key in phrasing else _language_rarity(t)
        if not d:
            # A word the scope never uses tells no unit from another: it counts in
            # ``absent`` (or, Chinese and not missing, is a cutting artefact: see
            # tools._straddles).
            if key not in missing:
                del language[key]
            continue
        weights[key] = math.log(1 + n / (1 + d)) * (PHRASING if key in phrasing else 1.0)
    counts = one_count(question, weights, language)
    for a in aka:
        d = _alias_df(a, df)
        if d:
            weights[a.key] = math.log(1 + n / (1 + d))
        elif a.fragments & missing:
            language[a.key] = 1.0
    absent = sum(w for t, w in language.items() if t in missing) / (sum(language.values()) or 1)
    core = core_question(question)
    kinds = asked_kinds(core)
    grams = {
        r[i : i + 2]
        for t in content_terms(core)
        for r in HAN_RUN_RE.findall(t)
        for i in range(len(r) - 1)
    }
    return Ask(
        question=question,
        weights=weights,
        years=frozenset(years),
        kinds=kinds,
        grams=frozenset(grams),
        proxies=_proxies(question, reason="reason" in kinds),
        absent=absent,
        best_score=max((p.score for ev in evidence for p in ev.passages), default=0.0),
        chars=frozenset(c for t in content_terms(core) for c in HAN_RE.findall(t)),
        focus=asked if (asked := focus(question)) in weights else "",
        names=frozenset(n for n in question_names(question) if n in weights),
        aliases=tuple(a for a in aka if a.key in weights),
        synonyms=_synonyms(question, weights) + counts,
        # "what are the geographies …" is answered by the passage listing its regions
        kin=kin(asked) if "list" in kinds and asked in weights else frozenset(),
        common=_lower_words(evidence) if kinds & {"person", "place", "list"} else frozenset(),
    )


def _lower_words(evidence: Sequence[Evidence]) -> frozenset[str]:
    """Words the passages write in lower case: English names are not (only) made of them."""
    return frozenset(w for ev in evidence for p in ev.passages for w in _LOWER.findall(p.text))


def _synonyms(
    question: str, weights: dict[str, float]
) -> tuple[tuple[frozenset[str], re.Pattern[str]], ...]:
    """For each synonym rule the question uses (``finance_terms.json`` "synonyms"), the
    question words its wording covers ("spin", "off" of "spin off")."""
    out = []
    for pattern, _ in vocabulary().synonyms:
        said = {stem(w) for m in pattern.finditer(question) for w in words(m.group(0))}
        covered = frozenset(w for w in said if w in weights)
        if covered:
            out.append((covered, pattern))
    return tuple(out)


def _alias_df(a: Alias, df: dict[str, int]) -> int:
    """Chunks using an abbreviation, as the most used of its spelled-out forms (each as
    used as its rarest word) or, written as one word ("PPNE"), as written."""
    spelled = [min(df.get(w, 0) for w in p) for p in a.phrases]
    own = [df.get(f, 0) for f in a.fragments] if len(a.fragments) == 1 else []
    return max([*spelled, *own], default=0)


def _language_rarity(term: str) -> float:
    """How much a word says in general text: everyday Chinese words phrase a question."""
    if HAN_RE.match(term):
        return 0.3 if everyday_word(term) else 1.0
    return 1.0


def _proxies(
    question: str, *, reason: bool
) -> tuple[tuple[frozenset[str], tuple[frozenset[str], ...]], ...]:
    """For each metric asked about: its words, and the line items that stand in for it;
    when its cause is asked, also the items it is computed from (named in two words or
    more: "sales" alone is in every other sentence)."""
    out = []
    found = metrics(question) + (operands(question) if reason else [])
    for key, items in found:
        words = frozenset(stem(w) for w in content_terms(key))
        phrases = tuple(p for i in items if (p := frozenset(stem(w) for w in content_terms(i))))
        if reason:
            phrases = tuple(p for p in phrases if len(p) >= 2)
        out.append((words, phrases))
    return tuple(out)


def hits(ask: Ask, text: str) -> set[str]:
    """Question words a text uses; Chinese words as substrings (segmentations differ), an
    abbreviation as written or spelled out, the member noun a list asks for as a word of
    its kind ("regions" for "geographies"), words a synonym rule covers as any of its
    wordings ("separation" for "spin off")."""
    found = word_set(text)
    han = ask.han
    out = {t for t in ask.weights if t in found or (t in han and t in text)}
    if ask.kin & found:  # a list's members named by another word of their kind
        out.add(ask.focus)
    for covered, pattern in ask.synonyms:  # "separation" says "spin off"
        if pattern.search(text):
            out |= covered
    return out | {a.key for a in ask.aliases if a.used_in(text, found)}


def share(ask: Ask, words: set[str]) -> float:
    return sum(ask.weights[t] for t in words) / ask.total


def passage_hits(ask: Ask, p: Passage, lead: str = "") -> set[str]:
    """The question words the whole passage uses (its section and lead-in included)."""
    text = f"{p.section}\n{lead}\n{p.text}"
    found = hits(ask, text)
    words = word_set(text)
    for key, phrases in ask.proxies:
        if any(ph <= words for ph in phrases):
            found |= {t for t in key if t in ask.weights}
    return found


def missed(ask: Ask, found: set[str]) -> float:
    """How rare the rarest question word is that a passage leaves out, over the rarest
    word's weight (0 when it uses them all). A question of general knowledge asked of a
    document shares words with it one at a time ("harbour" in one passage, "copper" in
    another): the best passage still leaves out a word as rare as the one it uses. A
    passage that answers leaves out at most the question's common words."""
    if not ask.weights:
        return 0.0
    top = max(ask.weights.values())
    left = [w for t, w in ask.weights.items() if t not in found]
    return max(left, default=0.0) / top


def unit_features(
    ask: Ask, p: Passage, parts: Sequence[Unit], i: int, *, cover: float, names_kept: bool = True
) -> tuple[list[float], set[str]]:
    """The feature vector of ``parts[i]`` (in ``FEATURES`` order) and the words it matched;
    ``cover`` and ``names_kept`` are its passage's (``share`` and ``Ask.names`` of
    ``passage_hits``)."""
    u = parts[i]
    hit = hits(ask, u.text)
    words = word_set(u.text)
    proxy = 0.0
    # a row names the line item standing in for a metric; a sentence giving a cause tells
    # it of the items the metric is computed from
    if u.kind == "row" or "reason" in ask.kinds:
        for key, phrases in ask.proxies:
            if any(ph <= words for ph in phrases):
                proxy = 1.0 if u.kind == "row" else proxy  # the feature reads rows only
                hit |= {t for t in key if t in ask.weights}
    in_section = hits(ask, p.section) - hit
    around = " ".join(parts[j].text for j in (i - 1, i + 1) if 0 <= j < len(parts))
    rarest = max(ask.weights, key=lambda t: ask.weights[t]) if ask.weights else ""
    unit_grams = _grams(u.text)
    kinds = [
        1.0 if k in ask.kinds and holds(k, u.text, ask.question, ask.common) else 0.0 for k in KINDS
    ]
    n = len(u.text)
    values = [
        share(ask, hit),
        0.0,  # relative features: set by ``relative`` once every candidate is known
        0.0,
        1.0 if rarest and rarest in hit else 0.0,
        share(ask, in_section),
        cover,
        len(ask.grams & unit_grams) / len(ask.grams) if ask.grams else 0.0,
        share(ask, hits(ask, around) - hit) if around else 0.0,
        _novelty(ask, u.text, unit_grams),
        1.0 / math.sqrt(p.rank or 1),
        p.score / ask.best_score if ask.best_score > 0 else 0.0,
        1.0 if i == 0 else 0.0,
        u.start / max(1, len(p.text)),
        math.log(1 + n),
        1.0 if n < 25 else 0.0,
        1.0 if u.kind == "row" else 0.0,
        1.0 if p.kind == "table" and ask.proxies else 0.0,
        len(ask.years & set(LONE_YEAR_RE.findall(u.text))) / len(ask.years) if ask.years else 0.0,
        *kinds,
        1.0 if ask.kinds and not any(kinds) else 0.0,
        proxy,
        1.0 if u.kind == "sentence" and _LEAD_IN.search(u.text) else 0.0,
        1.0 if u.kind == "row" and (_only_dates(u.text) or not _LETTERS.search(u.text)) else 0.0,
        ask.absent,
        1.0 if i > 0 and parts[i - 1].kind == "heading" else 0.0,
        1.0 if _opens(u.text, hit) else 0.0,
        # without Chinese, the question's characters are its words: the same scale
        len(ask.chars & set(u.text)) / len(ask.chars) if ask.chars else share(ask, hit),
        _spread(u.text, hit),
        share(ask, hits(ask, p.section)),
        1.0 if not ask.focus or ask.focus in hit else 0.0,
        1.0 if names_kept else 0.0,
    ]
    return values, hit | in_section


def _where(text: str, hit: set[str]) -> list[tuple[int, int]]:
    """Where each question word the unit uses first occurs in it (start, end)."""
    low = text.lower()
    out = []
    for t in hit:
        at = low.find(t)
        if at >= 0:
            out.append((at, at + len(t)))
    return out


def _opens(text: str, hit: set[str]) -> bool:
    """A question word starts within the unit's first quarter (at least its first 12
    characters): "X是……", "X (born …) was …" — the unit says what X is or did."""
    limit = max(12, len(text) // 4)
    return any(s < limit for s, _ in _where(text, hit))


def _spread(text: str, hit: set[str]) -> float:
    """The span from the first to the last question word, over the unit's length (0 for
    one word): words asked together are said together in the sentence that answers."""
    at = _where(text, hit)
    if len(at) < 2 or not text:
        return 0.0
    return (max(e for _, e in at) - min(s for s, _ in at)) / len(text)


def _grams(text: str) -> set[str]:
    return {r[i : i + 2] for r in HAN_RUN_RE.findall(text) for i in range(len(r) - 1)}


def _novelty(ask: Ask, text: str, grams: set[str]) -> float:
    """The share of the unit the question does not already say: a sentence that only
    restates the question answers nothing."""
    if grams:
        return len(grams - ask.grams) / len(grams)
    words = word_set(text)
    return len(words - set(ask.weights)) / len(words) if words else 0.0


def _only_dates(text: str) -> bool:
    # Whole numbers, a comma after them included ("July 2, 2023"), not "1,080" or "3.5".
    nums = [int(n) for n in re.findall(r"(?<![\d.,])\d+(?![\d%]|[.,]\d)", text)]
    dated = all(n <= 31 or 1900 <= n <= 2100 for n in nums)
    return bool(nums) and dated and not re.search(r"\d\s*%", text)  # a bare "%" heads a column


_OVERLAP, _OVERLAP_REL = FEATURES.index("overlap"), FEATURES.index("overlap_rel")
_BIGRAMS, _BIGRAMS_REL = FEATURES.index("bigrams"), FEATURES.index("bigrams_rel")


def relative(rows: list[list[float]]) -> None:
    """Fill in each candidate's overlap and character pairs relative to the best one's."""
    for col, rel in ((_OVERLAP, _OVERLAP_REL), (_BIGRAMS, _BIGRAMS_REL)):
        top = max((r[col] for r in rows), default=0.0)
        for r in rows:
            r[rel] = r[col] / top if top > 0 else 0.0
