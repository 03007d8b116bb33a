"""Word statistics of the documents in a conversation's scope.

The offline answerer weighs question words by how rare they are in the scope and notices
words the scope never uses (a question about another company, a name the documents do not
mention). Statistics are built from the stored chunks once per document version and kept
for the life of the service; they never look outside the scope they are asked about.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from agent.initialisms import capitalised_names, spelled_initials
from pipeline.corpus import Corpus
from pipeline.models import Chunk, Document
from pipeline.text.bilingual import company_names
from pipeline.text.periods import LONG_DATE
from pipeline.text.script import HAN_RE
from pipeline.text.segment import words
from pipeline.text.variants import fold, has_variants, word_forms


@lru_cache(maxsize=1 << 16)  # a document's statistics stem each of its words: most repeat
def stem(word: str) -> str:
    """A light English stemmer (plurals, -ing, -ed, -ly) so 'operates' meets 'operating'
    and 'revenues' meets 'revenue'."""
    w = word.lower()
    if not w.isascii() or len(w) <= 3 or not w.isalpha():
        return w
    return _drop_e(_strip_suffix(w))


def _strip_suffix(w: str) -> str:
    if w.endswith(("ss", "us", "is")):
        return w  # "process", "status", "basis" are not plurals
    for suffix in ("ations", "ation", "ings", "ing", "edly", "ed", "ies", "es", "ly", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            base = w[: -len(suffix)]
            if suffix == "ies":
                return base + "y"
            if suffix == "es" and not base.endswith(("x", "z", "ch", "sh", "ss")):
                return w[:-1]  # "revenues" → "revenue"; "taxes" → "tax"
            doubled = len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz"
            if suffix in ("ing", "ings", "ed") and doubled:
                return base[:-1]  # spinning → spin, stopped → stop
            return base
    return w


def _drop_e(w: str) -> str:
    """ "increase", "increased" and "increasing" all become "increas"."""
    return w[:-1] if len(w) >= 5 and w.endswith("e") else w


def word_set(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(text))


@dataclass
class DocStats:
    chunks: int
    df: Counter[str]
    initials: frozenset[str]
    texts: tuple[str, ...] = ()
    names: frozenset[str] = frozenset()
    # the company its cover names (``_registrant``) and the trading symbol it states
    owner: frozenset[str] = frozenset()
    symbols: frozenset[str] = frozenset()  # "ADBE", "BBY": its stock's symbols as printed
    lead: str = ""  # the first word of that name ("mgm" of MGM Resorts International)
    doc_id: str = ""
    # the opening of its first page: a Chinese report's cover names its period there once
    # ("2018 年第一季度报告"), its tables saying only 本报告期 / 上年同期
    cover: str = ""
    title: str = ""  # the title the library shows ("东北电气发展股份有限公司")
    company: str = ""  # the registrant's name without its kind ("Amcor" of "AMCOR PLC")
    # the names it capitalises, counted ("Digital Media": 53), for initials asked ("DM")
    capitalised: Counter[str] = field(default_factory=Counter)

    def count(self, term: str) -> int:
        """Chunks using a word; Chinese words by substring, since segmentations differ, and
        in any form of their variant characters ("快炮" of a text writing "快砲") or any
        wording of their word groups ("二战" of a text writing "第二次世界大战")."""
        n = self.df.get(stem(term), 0)
        if n == 0 and HAN_RE.search(term):
            n = sum(1 for t in self.texts if term in t)
            if n == 0 and has_variants(term):
                folded = fold(term)
                n = sum(1 for t in self.texts if folded in fold(t))
            forms = word_forms(term) if n == 0 else []  # "二战" of "第二次世界大战"
            if forms:
                n = sum(1 for t in self.texts if any(f in t for f in forms))
        return n


@dataclass
class ScopeStats:
    docs: list[DocStats]

    @property
    def name_words(self) -> set[str]:
        return {w for d in self.docs for w in d.names}

    @property
    def owner_words(self) -> set[str]:
        return {w for d in self.docs for w in d.owner}

    @property
    def chunks(self) -> int:
        return sum(d.chunks for d in self.docs)

    @property
    def covers(self) -> dict[str, str]:
        """Each document's cover opening (``DocStats.cover``), by its id."""
        return {d.doc_id: d.cover for d in self.docs if d.cover}

    def df(self, term: str) -> int:
        return sum(d.count(term) for d in self.docs)

    def initials_name(self, letters: str, said: str = "") -> str:
        """The name the scope capitalises that the initials stand for ("Digital Media" of
        "DM"), not one ``said`` writes out; "" when none (``initialisms``)."""
        names: Counter[str] = Counter()
        for d in self.docs:
            names.update(d.capitalised)
        return spelled_initials(letters, names, said)

    def ticker_names(self) -> dict[str, str]:
        """Each trading symbol a document states ("AMCR"), with the name its registrant
        goes by ("Amcor"); not a symbol that is a word of the name itself ("MGM")."""
        return {
            symbol: d.company
            for d in self.docs
            if d.company
            for symbol in d.symbols
            if stem(symbol.lower()) not in {stem(w.lower()) for w in d.company.split()}
        }

    def idf(self, term: str) -> float:
        n = max(1, self.chunks)
        return math.log(1 + n / (1 + self.df(term)))

    def present(self, term: str) -> bool:
        """True when the scope uses the word, it abbreviates the document's name ("JnJ"
        for JOHNSON_JOHNSON_8K.pdf), or it is the Chinese name of its company ("强生")."""
        if self.df(term) > 0 or (HAN_RE.search(term) and self.names_own(term)):
            return True
        caps = "".join(c for c in term if c.isupper()) if any(c.isupper() for c in term) else ""
        letters = (caps or term).upper()
        return len(letters) >= 2 and any(letters in d.initials for d in self.docs)

    def names_own(self, term: str) -> bool:
        """Is a Chinese word the Chinese name of a document's own company ("百事" of
        PepsiCo's 10-K, which prints only "PepsiCo")? A company's name and a word of its
        kind after it ("百事公司") are the word; a longer word only holds the name."""
        return any(
            names_company(english, d.owner, d.names)
            for zh, english in company_names(term)
            if len(term) - len(zh) <= _KIND_CHARS
            for d in self.docs
        )


_KIND_CHARS = 2  # "公司", "集团" after a company's name
MIN_PREFIX = 3  # letters: "mgm" opens "mgmresorts"; two letters open too many


def names_company(english: str, owner: Iterable[str], names: Iterable[str]) -> bool:
    """Does a company's English name ("Johnson & Johnson", "Best Buy", "MGM") name the
    report whose registrant's and file name's words (stems) these are: each of its words
    one of them, or its words run together opening one ("bestbuy", "mgm" of "mgmresorts")?"""
    said = [w for w in re.findall(r"[A-Za-z]+", english) if w.lower() not in _suffixes()]
    own = {*owner, *names}
    if not said:
        return False
    if all(stem(w) in own for w in said):
        return True
    joined = "".join(said).lower()
    opens = {joined, stem(joined)}  # "McDonald's": "mcdonalds", stemmed as a file word is
    return len(joined) >= MIN_PREFIX and any(w.startswith(j) for j in opens for w in own)


class StatsCache:
    """Per-document statistics keyed by document version; safe to share between threads."""

    def __init__(self) -> None:
        self._data: dict[tuple[str, str], DocStats] = {}
        self._lock = threading.Lock()

    def scope(self, corpus: Corpus) -> ScopeStats:
        """The statistics of the corpus's documents, in its order."""
        return ScopeStats([self._doc(corpus, corpus.document(d)) for d in corpus.doc_ids])

    def _doc(self, corpus: Corpus, doc: Document) -> DocStats:
        key = (doc.doc_id, f"{doc.content_hash}:{doc.chunks}:{doc.updated_at}")
        with self._lock:
            hit = self._data.get(key)
        if hit is not None:
            return hit
        stats = build_stats(doc, corpus.chunks(doc.doc_id))
        with self._lock:
            for k in [k for k in self._data if k[0] == doc.doc_id]:
                del self._data[k]
            self._data[key] = stats
        return stats


def build_stats(doc: Document, chunks: Sequence[Chunk]) -> DocStats:
    df: Counter[str] = Counter()
    texts = []
    for ch in chunks:
        text = f"{ch.section_path}\n{ch.text}"
        df.update(word_set(text))
        texts.append(text)
    file_words = re.findall(r"[A-Za-z]+", doc.name.rsplit(".", 1)[0])
    name_words = re.findall(r"[A-Za-z]+", f"{doc.name.rsplit('.', 1)[0]} {doc.title}")
    df.update({stem(w) for w in name_words})
    initials: set[str] = set()
    title_caps = [w for w in name_words if w[:1].isalpha() and len(w) > 1 and not w.isdigit()]
    initials.add("".join(w[0].upper() for w in title_caps[:3]))
    initials.add("".join(w[0].upper() for w in title_caps[:2]))
    keep = tuple(texts) if any(HAN_RE.search(t) for t in texts[:50]) else ()
    # the registrant's words, not its suffixes ("Inc", "plc", "com")
    named = re.findall(r"[A-Za-z]+", _registrant(chunks))
    owner = [w for w in named if w.lower() not in _suffixes()]
    symbols = trading_symbols(ch.text for ch in chunks)
    return DocStats(
        chunks=len(chunks),
        df=df,
        initials=frozenset(i for i in initials if i),
        texts=keep,
        names=frozenset(stem(w) for w in file_words if len(w) > 2),
        owner=frozenset(stem(w) for w in [*owner, *symbols]),
        symbols=symbols,
        lead=owner[0].lower() if owner else "",
        doc_id=doc.doc_id,
        cover=_cover(chunks),
        title=doc.title,
        company=known_as(_registrant(chunks)),
        capitalised=capitalised_names(texts),
    )


def known_as(registrant: str) -> str:
    """A registrant's name as a reader writes it, without its kind: "AMCOR PLC" as
    "Amcor", "JOHNSON & JOHNSON" as "Johnson & Johnson"."""
    said = [w for w in re.findall(r"[A-Za-z]+|&", registrant) if w.lower() not in _suffixes()]
    while said and said[-1] == "&":
        said.pop()
    return " ".join(w.capitalize() if w.isupper() and len(w) > 2 else w for w in said)


COVER_CHARS = 200  # a cover's title, company and date; not the notice that may follow
# the period an English filing's cover reports, often past its opening's characters
_REPORTED = re.compile(rf"for the (?:fiscal year|quarterly period) ended\s+{LONG_DATE}", re.I)


def _cover(chunks: Sequence[Chunk]) -> str:
    """The opening of the document's first page (its first chunks there), and the line
    naming the period it reports when the opening stops before it."""
    first = "\n".join(ch.text for ch in chunks[:3] if ch.page_start == 1)
    opening = first[:COVER_CHARS]
    reported = _REPORTED.search(" ".join(first.split()))
    if reported is None or reported.group(0) in " ".join(opening.split()):
        return opening
    return f"{opening}\n{reported.group(0)}"


# "Our common stock is traded … under the symbol “ADBE.”", "ticker symbol BBY", "Stock
# Trading Symbol – PEP": the filer's own stock is named just before ("Viatris … is traded
# under the symbol “VTRS”" in Pfizer's report is another company's)
_SYMBOL_SAID = re.compile(r"(?i:\b(?:ticker |trading )?symbol)\W{0,4}([A-Z]{2,5})\b")
_OWN_STOCK = re.compile(r"common\s+(?:stock|equity)|ordinary\s+shares|registrant", re.I)
_OWN_REACH = 160  # characters before the symbol its stock is named within
# the cover's table: "Title of each class | Trading Symbol(s) | Name of each exchange" and
# below it the class's row, whose symbol is a cell of its own ("Common Stock | MGM | NYSE")
_SYMBOL_HEAD = re.compile(r"trading symbols?(?:\(s\))?", re.I)
# (a cover read as text sets its cells apart by runs of spaces: "Per Share  AMCR  New York")
_SYMBOL_CELL = re.compile(r"(?:^|[|\n]| {2,})\s*([A-Z]{2,5})\s*(?=[|\n]| {2,}|$)")
_SYMBOL_REACH = 300  # characters after the header the first class's row is within


def trading_symbols(texts: Iterable[str]) -> frozenset[str]:
    """The stock symbols a filing states for its registrant: a question may name the
    company by its ticker ("What was ADBE's revenue?"), which no other word of the
    filing spells."""
    out: set[str] = set()
    for text in texts:
        if "ymbol" not in text and "YMBOL" not in text:
            continue
        for m in _SYMBOL_SAID.finditer(text):
            if _OWN_STOCK.search(text[max(0, m.start() - _OWN_REACH) : m.start()]):
                out.add(m.group(1))
        for head in _SYMBOL_HEAD.finditer(text):
            cell = _SYMBOL_CELL.search(text[head.end() : head.end() + _SYMBOL_REACH])
            if cell is not None:
                out.add(cell.group(1))
    return frozenset(out)


@cache
def _suffixes() -> frozenset[str]:
    raw = json.loads(_SUFFIXES.read_text(encoding="utf-8"))
    return frozenset(str(w) for w in raw["words"])


def company_suffixes() -> frozenset[str]:
    """The words of a company's legal name that say its kind, not which ("company", "inc")."""
    return _suffixes()


_SUFFIXES = Path(__file__).with_name("data") / "company_suffixes.json"
_REGISTRANT = re.compile(r"^\(?\s*exact name of (?:the\s+)?registrant", re.I | re.M)


def _registrant(chunks: Sequence[Chunk]) -> str:
    """The company a filing's cover names: the line above "(Exact name of registrant as
    specified in its charter)" ("PFIZER INC."), whatever the file is called; "" when the
    document has no such cover."""
    for ch in chunks[:12]:
        m = _REGISTRANT.search(ch.text) if ch.page_start <= 2 else None
        if m is not None:
            above = [x.strip() for x in ch.text[: m.start()].splitlines() if x.strip()]
            return above[-1] if above else ""
    return ""
