"""General features of a candidate answer unit (a sentence or a table row) for a question.

Nothing here is about one document or one question: how much of the question's rare
vocabulary the unit, its section and its passage use (weights from the scope's word
statistics), Chinese character pairs shared with the question, what the unit adds to the
question, whether it holds the kind of thing asked for (``kinds.py``), the search rank
and score of its passage, its place in the passage, its length and shape. The selector
(``selector.py``) weighs them with weights fitted on the training split. This module reads
the question (``Ask``: its words weighed by rarity, its kinds, years, names) and where a
text uses its words; ``feature_vector.py`` makes a unit's vector from them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.evidence import Evidence, Passage
from agent.models.expansions import Alias, aliases, kin, metrics, operands
from agent.models.focus import focus, owner_named
from agent.models.focus import names as question_names
from agent.models.phrasing import WEIGHT as PHRASING
from agent.models.phrasing import phrasing_words
from agent.models.short_names import long_names, short_names
from agent.numeral_forms import one_count
from agent.question.kinds import Kind, asked_kinds
from agent.rewrite import content_terms, core_question, key_terms
from agent.scope import stem, word_set
from pipeline.text.finance import vocabulary
from pipeline.text.periods import LONE_YEAR_RE
from pipeline.text.script import HAN_RE, HAN_RUN_RE
from pipeline.text.segment import everyday_word, words
from pipeline.text.variants import fold, has_variants, word_forms

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
    gone = scope_missing(evidence)
    # a short form asked that the documents write in full ("荷甲" of "荷兰足球甲级联赛")
    longer = long_names(question, evidence, gone)
    named = {t for covered, _ in longer for t in covered}
    shortened = short_names(question, evidence) + longer
    # a word of a name the documents write short ("澳大利亚" of "澳网") is not missing
    missing = gone - {t for covered, _ in shortened for t in covered}
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
        d = df.get(key, 0) or (1 if key in named else 0)  # a name: as rare as can be
        if not d and key in missing:
            key, d = _used_piece(key, df)  # "重要性" asked, "重要" written
        language[key] = PHRASING if key in phrasing else _language_rarity(key if d else t)
        if not d:
            # A word the scope never uses tells no unit from another: it counts in
            # ``absent`` (or, Chinese and not missing, is a cutting artefact: see
            # tools._straddles); a Chinese phrasing word ("体现", "哪些方面") or one the
            # cutter glued to a question word ("由谁来") does not: it asks, it names
            # nothing (English phrasing keeps its share: the refusal model was fitted so)
            if key not in missing or _asks(key, phrasing):
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
        synonyms=_synonyms(question, weights) + counts + _used(shortened, weights),
        # "what are the geographies …" is answered by the passage listing its regions
        kin=kin(asked) if "list" in kinds and asked in weights else frozenset(),
        common=_lower_words(evidence) if kinds & {"person", "place", "list"} else frozenset(),
    )


_INTERROGATIVE = re.compile("谁|什么|哪|几|多少|何")


def _asks(key: str, phrasing: frozenset[str]) -> bool:
    """A Chinese word that phrases the question: listed, or holding a question word."""
    return bool(HAN_RE.match(key)) and (key in phrasing or bool(_INTERROGATIVE.search(key)))


def _used_piece(word: str, df: dict[str, int]) -> tuple[str, int]:
    """A Chinese word of three characters or more that the scope never writes, read as
    the longest word inside it that the scope does write ("重要" of "重要性", "出生" of
    "出生地"): a suffix or a second noun narrows what is asked, it does not change it,
    and a scope without the whole word still speaks of it. The word itself when none."""
    if len(word) < 3 or not HAN_RUN_RE.fullmatch(word):
        return word, 0
    pieces = [p for p, d in df.items() if d and 2 <= len(p) < len(word) and p in word]
    if not pieces:
        return word, 0
    best = max(pieces, key=lambda p: (len(p), -df[p]))
    return best, df[best]


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


def _used(
    covered: tuple[tuple[frozenset[str], re.Pattern[str]], ...], weights: dict[str, float]
) -> tuple[tuple[frozenset[str], re.Pattern[str]], ...]:
    """The covered question words that weigh, for each entry that has any."""
    out = ((frozenset(c & weights.keys()), p) for c, p in covered)
    return tuple((c, p) for c, p in out if c)


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
    """Question words a text uses; Chinese words as substrings (segmentations differ) in any
    form of their variant characters or any wording of their word groups
    (``pipeline/text/variants.py``), an
    abbreviation as written or spelled out, the member noun a list asks for as a word of
    its kind ("regions" for "geographies"), words a synonym rule covers as any of its
    wordings ("separation" for "spin off")."""
    found = word_set(text)
    han = ask.han
    out = {t for t in ask.weights if t in found or (t in han and t in text)}
    if any(has_variants(t) for t in han - out):  # "快炮" asked, "快砲" written
        folded = fold(text)
        out |= {t for t in han - out if fold(t) in folded}
    # "二战" asked, "第二次世界大战" written; "打败" asked, "战胜" written
    out |= {t for t in han - out if any(f in text for f in word_forms(t))}
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
