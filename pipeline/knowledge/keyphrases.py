"""Statistical keyphrases: jieba TF-IDF over nouns and noun compounds for Chinese,
dictionary-tagged noun phrases (LemmInflect's lexicon) scored by C-value for English.

Both favour phrases that recur and are specific: a Chinese word must be rarer than
everyday vocabulary (jieba's IDF table), an English single word only counts when
it is an acronym or a proper noun — common single words are terms only when the
document defines or emphasises them, which the pattern finders catch.
"""

from __future__ import annotations

import logging
import math
import re
import threading
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from pipeline.knowledge.wordlists import word_lists
from pipeline.text.script import HAN_SPAN_RUN_RE
from pipeline.text.segment import EN_STOPWORDS, ZH_STOPWORDS, _get_jieba

log = logging.getLogger(__name__)

_lock = threading.Lock()
_tables: tuple[dict[str, float], dict[str, str], float] | None = None

_NOUNISH = ("n", "vn", "nz", "nt", "nr", "ns", "j", "g", "eng", "x", "an")
_EN_TOKEN = re.compile(r"[A-Za-z_][\w'’\-.]*[A-Za-z0-9_]|[A-Za-z]|[^\sA-Za-z]")
_CODE_TOKEN = re.compile(r"_|[A-Za-z]\.[A-Za-z]|[a-z][A-Z]")
_CODE = re.compile(r"\b[a-z]+[A-Z]\w*|_")
_DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ian|ish|ese)$")


def _zh_tables() -> tuple[dict[str, float], dict[str, str], float]:
    """jieba's IDF table and dictionary POS tags, loaded once."""
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                _get_jieba()
                import jieba.analyse
                import jieba.posseg

                tfidf = jieba.analyse.default_tfidf
                _tables = (tfidf.idf_freq, jieba.posseg.dt.word_tag_tab, tfidf.median_idf)
    return _tables


def zh_tags() -> dict[str, str]:
    return _zh_tables()[1]


@dataclass(slots=True)
class Keyphrase:
    text: str
    score: float
    count: int


def _zh_units(sentence: str, tags: dict[str, str]) -> list[list[str]]:
    """Runs of adjacent noun-like words (compound candidates) of one sentence."""
    runs: list[list[str]] = []
    for m in HAN_SPAN_RUN_RE.finditer(sentence):
        current: list[str] = []
        for w in cut_zh(m.group(0)):
            tag = tags.get(w, "x")
            nounish = tag.startswith(_NOUNISH) and not (
                tag == "x" and len(w) == 2 and w not in tags
            )
            if nounish and w not in ZH_STOPWORDS and not (len(w) == 1 and not current):
                current.append(w)
            else:
                if current:
                    runs.append(current)
                current = []
        if current:
            runs.append(current)
    return runs


@lru_cache(maxsize=65536)
def cut_zh(run: str) -> tuple[str, ...]:
    """jieba's precise cut of a run of Chinese characters (cached: stages share it)."""
    return tuple(_get_jieba().cut(run, HMM=True))


def zh_keyphrases(sentences: Iterable[str], *, limit: int, headings: str = "") -> list[Keyphrase]:
    """Noun words and compounds scored by how much more often the document uses them than
    everyday Chinese does (jieba's dictionary counts), times how often they recur."""
    idf, tags, median = _zh_tables()
    freq, total_freq = _get_jieba().dt.FREQ, _get_jieba().dt.total
    counts: Counter[str] = Counter()
    parts_of: dict[str, tuple[str, ...]] = {}
    words = 0
    sentences = list(sentences)
    for s in sentences:
        for run in _zh_units(s, tags):
            words += len(run)
            for n in (1, 2, 3):
                for i in range(len(run) - n + 1):
                    gram = tuple(run[i : i + n])
                    text = "".join(gram)
                    if (n == 1 and len(text) < 2) or len(text) > 10:
                        continue
                    counts[text] += 1
                    parts_of.setdefault(text, gram)
    words = max(words, 1)
    singles: list[Keyphrase] = []
    compounds: list[Keyphrase] = []
    wl = word_lists()
    for text, c in counts.items():
        gram = parts_of[text]
        if c < 3 or text in wl.generic_zh or text in wl.document_nouns_zh:
            continue
        if any(ch.isdigit() for ch in text):
            continue
        if len(gram) > 1 and (
            gram[0] in ZH_STOPWORDS or gram[0] in wl.generic_zh or gram[-1] in wl.generic_head_zh
        ):
            continue  # "宽泛问题", "检索结果": the head word is generic
        verb_head = len(gram) > 1 and tags.get(gram[-1], "x").startswith("v")
        if verb_head and _mostly_predicate(text, sentences, c):
            continue  # "模型检索了 2 轮": a subject and its verb, not a compound noun
        general = freq.get(text, 0) if len(gram) == 1 else 0
        expected = max(general, 1) / total_freq * words
        if len(gram) == 1 and idf.get(text, median) < 9.0 and text not in headings:
            # A common single word is a term when the headings name it ("细胞的结构");
            # otherwise only rare words ("熵", "检索") count.
            continue
        score = c * math.log(c / expected) * (1 + 0.1 * (len(text) - 2))
        (singles if len(gram) == 1 else compounds).append(Keyphrase(text, score, c))
    singles = _prune_nested(singles, max(2, limit // 6))
    return _prune_nested(compounds + singles, limit)


_ASPECT = re.compile(r"\s*[了过着]")


def _mostly_predicate(text: str, sentences: list[str], count: int) -> bool:
    """Whether a noun + verb compound is mostly a clause: the verb takes an aspect
    particle ("模型检索了") where a compound noun ("工具调用的次数") cannot."""
    verbal = 0
    for s in sentences:
        start = s.find(text)
        while start >= 0:
            verbal += _ASPECT.match(s, start + len(text)) is not None
            start = s.find(text, start + 1)
    return verbal * 2 >= count


def _prune_nested(items: list[Keyphrase], limit: int) -> list[Keyphrase]:
    """Drop a phrase that (almost) only occurs inside a longer kept phrase."""
    items.sort(key=lambda k: -k.score)
    kept: list[Keyphrase] = []
    for k in items:
        inside = sum(o.count for o in kept if k.text in o.text and o.text != k.text)
        if inside >= 0.7 * k.count:
            continue
        kept.append(k)
        if len(kept) >= limit:
            break
    return kept


# --- English ----------------------------------------------------------------------------
def _lexicon(word: str) -> dict[str, tuple[str, ...]]:
    return _pos(word.lower())


@lru_cache(maxsize=65536)
def _pos(word: str) -> dict[str, tuple[str, ...]]:
    try:
        import lemminflect
    except ImportError:  # the lexicon is optional: treat every word as a noun
        return {"NOUN": (word,)}
    result: dict[str, tuple[str, ...]] = lemminflect.getAllLemmas(word)
    return result


@lru_cache(maxsize=65536)
def noun_lemma(word: str) -> str:
    low = word.lower()
    lemmas = _pos(low)
    if "NOUN" in lemmas:
        return lemmas["NOUN"][0]
    return low


@lru_cache(maxsize=65536)
def _role(token: str) -> str:
    """'N' noun-able head, 'M' modifier only, 'X' breaks a phrase."""
    if not token[0].isalpha() or _CODE_TOKEN.search(token) or re.search(r"[’'](?:s|l)$", token):
        return "X"  # numbers, punctuation, identifiers (book_id, ctx.deps), possessives
    low = token.lower()
    if low in EN_STOPWORDS or len(low) < 2:
        return "X"
    if token.isupper() and len(token) >= 2:
        # An acronym — unless it is an ordinary word in capitals ("ADDRESSES").
        return "X" if len(token) > 4 and _pos(low) else "N"
    pos = _lexicon(token)
    if not pos:
        # Out of vocabulary: names and jargon, but not adverbs ("ratably").
        return "X" if low.endswith("ly") and token.islower() else "N"
    if "NOUN" in pos or "PROPN" in pos:
        return "N"
    if "ADJ" in pos or (low.endswith(("ing", "ed")) and "VERB" in pos):
        return "M"
    return "X"


# "SG&A", "R&D", "P&L": an acronym joined by '&' is one token, not "SG" and "A".
_LATIN_TOKEN = re.compile(r"[A-Z]{1,4}&[A-Z]{1,4}\b|[A-Za-z_][\w'’\-.]*[A-Za-z0-9_]|[A-Za-z]")
_GAP = re.compile(r"\s*")


def _en_phrases(sentence: str) -> list[list[str]]:
    """Runs of modifiers and nouns; 'of' joins two nouns ("angle of attack"). Anything
    but spaces between two words (punctuation, digits, Chinese) ends a run."""
    phrases: list[list[str]] = []
    current: list[str] = []
    matches = list(_LATIN_TOKEN.finditer(sentence))
    for i, m in enumerate(matches):
        tok = m.group(0)
        if current and not _GAP.fullmatch(sentence, matches[i - 1].end(), m.start()):
            phrases.append(current)
            current = []
        role = _role(tok)
        nxt = matches[i + 1] if i + 1 < len(matches) else None
        joins = (
            tok == "of"
            and bool(current)
            and _role(current[-1]) == "N"
            and nxt is not None
            and _GAP.fullmatch(sentence, m.end(), nxt.start()) is not None
            and _role(nxt.group(0)) != "X"
        )
        if role == "X" and not joins:
            if current:
                phrases.append(current)
            current = []
        else:
            current.append(tok)
    if current:
        phrases.append(current)
    return phrases


_NAME_HEAD = re.compile(r"[A-Z][\w'’.-]*\s+(?:and|&)\s+$")


def _name_tail(sentence: str, run: list[str]) -> bool:
    """A capitalised run right after "Capitalised and": the end of a longer name
    ("Securities and Exchange Commission"), not a phrase of its own."""
    if not run or not run[0][:1].isupper():
        return False
    at = sentence.find(" ".join(run))
    return at > 0 and _NAME_HEAD.search(sentence[:at]) is not None


Key = tuple[str, ...]


@dataclass
class _Grams:
    counts: Counter[Key] = field(default_factory=Counter)
    embedded: Counter[Key] = field(default_factory=Counter)  # inside Chinese prose
    tails: Counter[Key] = field(default_factory=Counter)  # ending a longer name
    heads: Counter[Key] = field(default_factory=Counter)  # before "and …" of a pair
    surface: dict[Key, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))


def _grams(sentences: Iterable[str]) -> _Grams:
    g = _Grams()
    for s in sentences:
        in_chinese = HAN_SPAN_RUN_RE.search(s) is not None
        for run in _en_phrases(s):
            tail, head = _name_tail(s, run), _pair_head(s, run)
            for n in (1, 2, 3, 4, 5):
                for i in range(len(run) - n + 1):
                    gram = run[i : i + n]
                    if _role(gram[-1]) != "N" or _role(gram[0]) == "X":
                        continue  # also keeps 'of' from starting or ending a phrase
                    key = (*(w.lower() for w in gram[:-1]), noun_lemma(gram[-1]))
                    g.counts[key] += 1
                    g.tails[key] += tail and i == 0
                    g.heads[key] += head and i + n == len(run)
                    g.embedded[key] += in_chinese
                    g.surface[key][" ".join(gram)] += 1
    return g


_PAIR_TAIL = re.compile(r"^\s+(?:and|or|&)\s+[A-Za-z]")


def _pair_head(sentence: str, run: list[str]) -> bool:
    """A run right before "and …": the first half of a pair named as one ("acquisitions
    and divestitures"), cut off when counted alone."""
    joined = " ".join(run)
    at = sentence.find(joined)
    return at >= 0 and _PAIR_TAIL.match(sentence[at + len(joined) :]) is not None


def en_keyphrases(sentences: Iterable[str], *, limit: int) -> list[Keyphrase]:
    g = _grams(sentences)
    counts, embedded, surface, tails = g.counts, g.embedded, g.surface, g.tails
    out: list[Keyphrase] = []
    longer: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for key, c in counts.items():
        for n in range(1, len(key)):
            for i in range(len(key) - n + 1):
                longer[key[i : i + n]].append(c)
    for key, c in counts.items():
        text = _display(surface[key])
        # Two capitals seen twice are as often initials or codes as terms.
        least = 3 if len(key) == 1 and len(text) <= 2 else 2
        if c < least or not _en_ok(key, text, latin_in_chinese=embedded[key] >= 0.5 * c):
            continue
        if max(tails[key], g.heads[key]) >= 0.8 * c:
            # "Exchange Commission" of "Securities and Exchange Commission", "impact of
            # acquisitions" of "impact of acquisitions and divestitures"
            continue
        nested = longer.get(key, [])
        if nested and max(nested) >= 0.8 * c and not text.isupper():
            continue  # only ever part of a longer phrase ("Attention Service")
        cval = math.log2(len(key) + 1) * (c - (sum(nested) / len(nested) if nested else 0))
        if cval <= 0:
            continue
        out.append(Keyphrase(text, cval * (1.4 if text.isupper() else 1.0), c))
    return _prune_nested(out, limit)


def _display(forms: Counter[str]) -> str:
    quiet = Counter({f: c for f, c in forms.items() if not (f.isupper() and " " in f)})
    forms = quiet or forms  # "PROPOSED ACQUISITION" is a heading's shout
    best = forms.most_common(1)[0][0]
    lower = [f for f in forms if f == f.lower()]
    # Prefer the lower-case form unless the phrase is (nearly) always capitalised.
    if lower and forms[lower[0]] >= 0.3 * sum(forms.values()):
        return lower[0]
    return best


def _en_ok(key: tuple[str, ...], text: str, *, latin_in_chinese: bool) -> bool:
    """Single words count when acronyms or proper nouns — or capitalised Latin words in
    Chinese prose, which are nearly always names and technical terms."""
    wl = word_lists()
    if key[0] in wl.not_first or any(w in wl.time or w in wl.not_first for w in key[-1:]):
        return False
    first = key[0]
    verb_only = set(_pos(first)) <= {"VERB"}
    if len(key) > 1 and first.endswith("ing") and first not in wl.ing_nouns and verb_only:
        return False  # "seeking unspecified damages" is a clause, "operating lease" a term
    if any(w in wl.time for w in key) or key[-1] in wl.role_heads:
        return False
    words = text.split()
    if len(words) >= 2 and text.isupper() and len(text) > 12:
        return False  # a shouted heading, not a term
    if len(key) == 1 and re.search(r"[’']s$", text):
        return False  # "Adobe’s": a possessive, the name itself is counted separately
    if len(key) == 1 and _DEMONYM.match(text):
        return False  # "Canadian", "Japanese": where something is from, not a term
    if len(key) == 1 and latin_in_chinese:
        ok = len(text) >= 2 and text[0].isupper() and not _CODE.search(text)
        return ok and key[0] not in wl.generic_en
    if len(key) == 1:
        word = text
        acronym = word.isupper() and 2 <= len(word) <= 8
        proper = word[:1].isupper() and not _lexicon(word) and not _CODE.search(word)
        return (acronym or proper) and key[0] not in wl.generic_en
    if key[-1] in wl.generic_en and len(key) == 2:
        return False
    return not any(ch.isdigit() for ch in text) and not _CODE.search(text)
