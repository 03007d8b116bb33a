"""A Chinese question read as the English question it is, for an English document.

The figure and section layers read a question's line items, periods, operation and topic
in English words ("revenue", "fiscal 2019", "as a percentage of", "risk factors"); a
Chinese question of an English 10-K names them in Chinese, and a mixed one
("2019财年 dividends paid是多少？") in both. :func:`english_reading` rewrites the question
with the bilingual vocabulary (``data/bilingual.json``, and the finance vocabulary's own
Chinese names of line items): each Chinese word it knows becomes the report's English
word, the interrogative becomes the English question's head ("多少名" → "How many"), a
year's 财年 becomes "fiscal <year>". Words it does not know are dropped and counted: the
reading is trusted only when it read most of the question's Chinese content, so that a
general-knowledge question ("中国的首都是哪里？") reads as nothing and stays refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pipeline.text.finance import vocabulary
from pipeline.text.periods import YEAR
from pipeline.text.script import HAN, HAN_RE, han_count

DATA = Path(__file__).with_name("data") / "bilingual.json"
# the share of a question's Chinese content (its Han characters beside function words and
# the interrogative) the vocabulary must read for the reading to stand for the question
MIN_READ = 0.75
_KINDS = ("items", "periods", "operations", "sections", "names", "words")


class BilingualError(ValueError):
    """The bilingual vocabulary's data file cannot be read."""


@dataclass(frozen=True, slots=True)
class Reading:
    text: str  # the English reading ("What was fiscal 2019 revenue?")
    read: float  # the share of the question's Chinese content it read (1.0: all)

    @property
    def trusted(self) -> bool:
        return self.read >= MIN_READ and bool(re.search(r"[A-Za-z]", self.text))


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    terms: re.Pattern[str]  # every Chinese word, longest first
    english: dict[str, str]
    names: frozenset[str]  # the Chinese names of companies
    companies: re.Pattern[str]  # the Chinese names of companies, longest first
    have: tuple[str, ...]  # words of possession before a count
    towards: tuple[str, ...]  # words before a company that is an object
    asking: tuple[tuple[re.Pattern[str], str], ...]
    function: re.Pattern[str]


@cache
def _vocabulary() -> _Vocabulary:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise BilingualError(f"cannot read {DATA}: restore or fix that file") from e
    english: dict[str, str] = {}
    # the finance vocabulary's Chinese names read as the item's first English name
    for item in vocabulary().items.values():
        latin = [n for n in item.names if not HAN_RE.search(n)]
        for n in item.names:
            if HAN_RE.search(n) and latin and not re.search(r"[A-Za-z]", n):
                english.setdefault(n, latin[0])
    for kind in _KINDS:  # the bilingual file's words win over the item names' defaults
        english.update({zh: en for zh, en in raw[kind]})
    words = sorted(english, key=len, reverse=True)
    function = sorted(raw["function"], key=len, reverse=True)
    return _Vocabulary(
        terms=re.compile("|".join(map(re.escape, words))),
        english=english,
        names=frozenset(zh for zh, _ in raw["names"]),
        companies=re.compile(
            "|".join(re.escape(zh) for zh, _ in sorted(raw["names"], key=lambda p: -len(p[0])))
        ),
        have=tuple(raw["have"]),
        towards=tuple(raw["towards"]),
        asking=tuple((re.compile(p), head) for p, head in raw["asking"]),
        function=re.compile("|".join(map(re.escape, function))),
    )


_FISCAL = re.compile(rf"({YEAR})\s*财年|财年\s*({YEAR})")
_YEAR = re.compile(rf"({YEAR})\s*年(?![度底末初])")
_YEAR_END = re.compile(rf"({YEAR})\s*(?:财?年)?\s*[底末]")
_YEAR_START = re.compile(rf"({YEAR})\s*(?:财?年)?\s*初")
_PUNCT = str.maketrans(
    {"？": "?", "，": ",", "、": ",", "。": ".", "：": ":", "（": "(", "）": ")"}
)


@cache
def english_reading(question: str) -> Reading:
    """The question in the report's English words, and how much of it was read."""
    vocab = _vocabulary()
    text = _YEAR_END.sub(r" the end of \1 ", question)
    text = _YEAR_START.sub(r" the beginning of \1 ", text)
    text = _FISCAL.sub(lambda m: f" fiscal {m.group(1) or m.group(2)} ", text)
    text = _YEAR.sub(r" \1 ", text)
    head, before, after = "", text, ""
    for pattern, said in vocab.asking:
        m = pattern.search(text)
        if m:
            head, before, after = said, text[: m.start()], text[m.end() :]
            break
    (first, read1, unread1), (then, read2, unread2) = _said(before), _said(after)
    read, unread = read1 + read2, unread1 + unread2
    if head == _COUNTED:
        # "公司有多少名员工" counts what follows the interrogative: "How many employees did
        # the company have", the form an English count question takes
        had = " did the company have" if any(w in before for w in vocab.have) else ""
        body = f"{then}{had} {first}"
    else:
        body = f"{first} {then}"
    body = re.sub(r"\s+", " ", re.sub(r"\s*([?,.:])", r"\1", body)).strip(" ?,.")
    reading = f"{head} {body}?".strip() if head else f"{body}?"
    share = read / (read + unread) if read + unread else 1.0
    return Reading(re.sub(r"\s+", " ", reading), share)


_COUNTED = "How many"


def _said(text: str) -> tuple[str, int, int]:
    """A stretch of the question in English words, with the Han characters the vocabulary
    read and those it did not (function words are neither)."""
    vocab = _vocabulary()
    read = 0

    def said(m: re.Match[str]) -> str:
        nonlocal read
        read += han_count(m.group(0))
        english = vocab.english[m.group(0)]
        if m.group(0) not in vocab.names:
            return f" {english} "
        # a company named is the subject whose figure is asked: "<Name>'s" as an English
        # question writes it, which the company checks read; one sold to ("对沃尔玛的销售额")
        # is the object of a preposition
        to = any(m.string[: m.start()].endswith(w) for w in vocab.towards)
        return f" to {english} " if to else f" {english}'s "

    text = vocab.function.sub(" ", vocab.terms.sub(said, text))
    unread = han_count(text)
    said_text = re.sub(rf"[{HAN}]+", " ", text).translate(_PUNCT).replace("?", " ")
    return said_text, read, unread


@cache
def _chinese() -> tuple[re.Pattern[str], dict[str, str]]:
    """Each English word of the vocabulary with the first Chinese word read as it."""
    zh: dict[str, str] = {}
    for chinese, english in _vocabulary().english.items():
        if english and not HAN_RE.search(english):
            zh.setdefault(english.lower(), chinese)
    words = sorted(zh, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.I), zh


_SHARE_OF = re.compile(r"^(.+?)\s+as a percentage of\s+(.+)$", re.I)


def chinese_name(english: str) -> str:
    """What an English reading names ("Cost of sales as a percentage of revenue"), in the
    vocabulary's Chinese words ("销售成本占营业收入的比例"), for an answer said in Chinese;
    the English as given when a word of it has no Chinese reading."""
    share = _SHARE_OF.match(english.strip())
    if share:
        parts = [chinese_name(p) for p in share.groups()]
        return english if any(p.isascii() for p in parts) else f"{parts[0]}占{parts[1]}的比例"
    pattern, zh = _chinese()
    said = pattern.sub(lambda m: zh[m.group(0).lower()], english)
    return english if re.search(r"[A-Za-z]", said) else re.sub(r"\s+", "", said)


def known_subjects(english: str) -> list[str]:
    """The companies the vocabulary knows by a Chinese name that an English text writes as
    its subject ("What was Coca-Cola's revenue?" → ["Coca-Cola"]), as a Chinese question's
    reading writes the company it asks about; one sold to ("to Walmart") is no subject."""
    vocab = _vocabulary()
    names = sorted({vocab.english[zh] for zh in vocab.names}, key=len, reverse=True)
    said = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")['’]s\b", re.I)
    return [m.group(1) for m in said.finditer(english)]


def company_names(text: str) -> list[tuple[str, str]]:
    """The companies a Chinese text asks about by a Chinese name the vocabulary knows, each
    as (that name, its English name), in the text's order: "百事2022年的净收入" →
    [("百事", "PepsiCo")]. A company whose English report a Chinese question asks about
    is named so, never as the report prints it. One the question sells to or buys from
    ("对沃尔玛的销售额") is the object of its figure, not whose report answers."""
    vocab = _vocabulary()
    return [
        (m.group(0), vocab.english[m.group(0)])
        for m in vocab.companies.finditer(text)
        if not any(text[: m.start()].endswith(w) for w in vocab.towards)
    ]
