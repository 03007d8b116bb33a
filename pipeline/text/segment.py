"""Word segmentation for the lexical index: jieba for Chinese, plain words for the rest.

FTS5's ``unicode61`` tokenizer splits on spaces and punctuation but keeps a run of
Chinese characters as one token, so Chinese text is cut into words by jieba and
the words are joined with spaces before indexing. Queries get the same cut.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

from pipeline.text.script import HAN, HAN_RUN_RE, has_han

log = logging.getLogger(__name__)

# A CJK run, or a run of other letters/digits that stops where CJK begins ("2022年" → 2022, 年).
_TOKEN = re.compile(
    f"[{HAN}]+|(?:(?![{HAN}])[^\\W_])+",
    re.UNICODE,
)
# "U.S.", "U.K.", "N.V.": the tokenizer sees single letters, a question writes "US".
_DOTTED = re.compile(r"(?<![\w.])((?:[A-Z]\.){2,})(?![\w])")
_lock = threading.Lock()
_jieba: Any = None

EN_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "of",
        "on",
        "or",
        "our",
        "ours",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "any",
        "because",
        "before",
        "below",
        "between",
        "both",
        "during",
        "each",
        "few",
        "further",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "just",
        "once",
        "only",
        "other",
        "s",
        "t",
        "don",
        "now",
        "tell",
        "please",
        "give",
        "list",
        "describe",
        "explain",
        "show",
        "find",
        "according",
        "document",
        "documents",
    ]
)
ZH_STOPWORDS = frozenset(
    [
        "的",
        "了",
        "是",
        "在",
        "和",
        "与",
        "及",
        "或",
        "也",
        "就",
        "都",
        "而",
        "及其",
        "这",
        "那",
        "这个",
        "那个",
        "什么",
        "怎么",
        "怎样",
        "如何",
        "为什么",
        "哪些",
        "哪个",
        "哪里",
        "多少",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "么",
        "请",
        "请问",
        "一下",
        "告诉",
        "我",
        "我们",
        "你",
        "你们",
        "他",
        "她",
        "它",
        "他们",
        "有",
        "没有",
        "有没有",
        "中",
        "对",
        "把",
        "被",
        "给",
        "让",
        "从",
        "到",
        "以",
        "之",
        "其",
        "该",
        "为",
        "上",
        "下",
        "个",
        "些",
        "能",
        "可以",
        "会",
        "要",
        "需要",
        "文档",
        "文中",
        "根据",
        "说",
        "讲",
        "提到",
        "介绍",
        "一个",
    ]
)


def _get_jieba() -> Any:
    """Import and initialise jieba once (it builds its dictionary cache on first use)."""
    global _jieba
    if _jieba is None:
        with _lock:
            if _jieba is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                jieba.initialize()
                _jieba = jieba
    return _jieba


def dictionary_word(word: str) -> bool:
    """Is a Chinese word of two characters or more one of jieba's dictionary's ("格力电器",
    "电器"), not characters a cut left together ("假能")?"""
    return len(word) >= 2 and _get_jieba().dt.FREQ.get(word, 0) > 0


_idf: dict[str, float] | None = None
EVERYDAY_IDF = 8.0
"""Below this IDF (jieba's table of general Chinese) a word is everyday vocabulary."""


def everyday_word(word: str) -> bool:
    """Is a Chinese word common in general text ("职务", "特点", "产生")? Such words phrase a
    question; names and domain words ("罗保铭", "西番莲") are what it is about."""
    global _idf
    if _idf is None:
        _get_jieba()
        import jieba.analyse

        _idf = jieba.analyse.default_tfidf.idf_freq
    return _idf.get(word, 99.0) < EVERYDAY_IDF


@lru_cache(maxsize=65536)
def _cut_run(run: str, for_search: bool) -> tuple[str, ...]:
    jb = _get_jieba()
    # Dictionary words only: jieba's HMM invents words ("年假能" → 年/假能) that then match
    # nothing; without it unknown words fall apart into characters, which still match.
    words = jb.cut_for_search(run, HMM=False) if for_search else jb.cut(run, HMM=False)
    return tuple(w for w in words if w.strip())


def cut_words(run: str) -> tuple[str, ...]:
    """A run of Chinese characters cut into its words, in order (no search-mode parts)."""
    return _cut_run(run, False)


def joined_acronyms(text: str) -> str:
    """Each dotted acronym followed by its joined form: "U.S. freight" → "U.S. US freight"."""
    if "." not in text:
        return text
    return _DOTTED.sub(lambda m: f"{m.group(1)} {m.group(1).replace('.', '')}", text)


def segment_for_index(text: str) -> str:
    """Text with Chinese runs cut into words (fine and compound forms) separated by spaces,
    and dotted acronyms joined (``joined_acronyms``)."""
    text = joined_acronyms(text)
    if not has_han(text):
        return text

    def repl(m: re.Match[str]) -> str:
        return " " + " ".join(_cut_run(m.group(0), True)) + " "

    return HAN_RUN_RE.sub(repl, text)


def query_terms(query: str, *, keep_stopwords: bool = False) -> list[str]:
    """The distinct search words of a query, lower-cased, stopwords removed (but not a
    word written in capitals: "US" is the country, "IT" the trade)."""
    return list(_query_terms(query, keep_stopwords))


@lru_cache(maxsize=4096)  # an answer reads the same question and passages' words many times
def _query_terms(query: str, keep_stopwords: bool) -> tuple[str, ...]:
    terms: list[str] = []
    shouted = not any(c.islower() for c in query)  # then capitals name nothing
    for m in _TOKEN.finditer(joined_acronyms(query)):
        tok = m.group(0)
        if HAN_RUN_RE.fullmatch(tok):
            words = list(_cut_run(tok, False))
            # Out-of-vocabulary compounds: also try their search-mode parts.
            if any(len(w) > 3 for w in words):
                words += [w for w in _cut_run(tok, True) if len(w) > 1]
            for w in words:
                if keep_stopwords or w not in ZH_STOPWORDS:
                    terms.append(w)
        else:
            low = tok.lower()
            named = not shouted and len(tok) > 1 and tok.isupper()
            if (
                keep_stopwords
                or named
                or (low not in EN_STOPWORDS and (len(low) > 1 or low.isdigit()))
            ):
                terms.append(low)
    return tuple(dict.fromkeys(terms))


def words(text: str) -> list[str]:
    """All words of ``text`` (jieba for Chinese), lower-cased, stopwords kept."""
    return query_terms(text, keep_stopwords=True)
