"""Does a cited text support a sentence? The lexical / numeric floor of the reflection.

A sentence is supported when most of its content words occur in the cited text and every
number it states occurs there too, or can be computed from two cited numbers (a ratio, a
percentage change, a difference, a change of scale) — so "the margin fell to 34.6%" is
supported by the revenue and income it was computed from, and an invented figure is not.
A result the sentence computes in its own working ("= 6,098 ÷ 17,606 = 34.6%") is
supported when the working evaluates to it and its operands are cited (``arith.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from agent.arith import CONSTANTS, checked_results, operands
from agent.scope import stem
from pipeline.text.finance import stated_rule, vocabulary
from pipeline.text.lexicon import pattern
from pipeline.text.script import HAN_RE
from pipeline.text.segment import query_terms

# A figure starts after anything but a Latin letter, digit or point: Chinese runs straight
# into its numbers ("营业收入为4,755,785.11"), and r"\w" would cut that to "755,785.11".
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\(?-?\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?%?")
_META = pattern(
    "answer_sentences.not_an_answer",
    template=r"do(es)? not say|not (?:mention|contain|provide|specify)|没有(?:找到|提到|相关)|"
    r"未(?:提及|找到)|{}",
    flags=re.I,
)
_TITLED = re.compile(r"“[^“”]*”")  # a heading named in quotes
MIN_COVERAGE = 0.5
MIN_COVERAGE_WITH_NUMBERS = 0.2


@dataclass(frozen=True)
class Support:
    supported: bool
    coverage: float
    missing_numbers: tuple[str, ...] = ()
    reason: str = ""


def _negative(text: str, m: re.Match[str]) -> bool:
    """Is the figure written negative ("−93.8%", "-5"), or said as a fall in words right
    before it ("down 16.55%", "下降16.55%": the signed change is −16.55%)?"""
    written = m.group(0)
    if written.startswith(("-", "(-")) or text[max(0, m.start() - 1) : m.start()] == "−":
        return True
    return bool(_fall_before().search(text[max(0, m.start() - _FALL_REACH) : m.start()]))


_FALL_REACH = 16  # characters before a figure its fall word may stand in


@lru_cache(maxsize=1)
def _fall_before() -> re.Pattern[str]:
    """A word saying a fall ("down", "下降"; finance_terms.json moves), just before a figure."""
    words = sorted(vocabulary().moves.get("down", ()), key=len, reverse=True)
    alternation = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<![A-Za-z])(?:{alternation})(?:\s+by)?\s*$", re.I)


def numbers(text: str) -> list[tuple[str, float, int]]:
    """(as written, value, decimals) of every number in ``text`` (years included)."""
    out = []
    for m in _NUMBER.finditer(text):
        whole, frac = m.group(1), m.group(2) or ""
        value = float(whole.replace(",", "") + frac)
        out.append((m.group(0), value, max(0, len(frac) - 1)))
    return out


def _significant(value: float, decimals: int) -> bool:
    """Small whole numbers ("3 segments", "2 reasons") are wording, not figures to check."""
    return decimals > 0 or value >= 10


@lru_cache(maxsize=8192)
def _content(text: str) -> frozenset[str]:
    return frozenset(stem(t) for t in query_terms(text) if not t.replace(".", "").isdigit())


def _bigrams(text: str) -> set[str]:
    cjk = "".join(HAN_RE.findall(text))
    return {cjk[i : i + 2] for i in range(len(cjk) - 1)}


def coverage(sentence: str, cited: str) -> float:
    """Share of the sentence's content words (or Chinese character pairs) found in ``cited``."""
    words = _content(sentence)
    word_cov = len(words & _content(cited)) / len(words) if words else 1.0
    grams = _bigrams(sentence)
    if not grams:
        return word_cov
    gram_cov = len({g for g in grams if g in cited}) / len(grams)
    return max(word_cov, gram_cov)


def is_factual(sentence: str) -> bool:
    """Does the sentence state something that needs a source (not a lead-in or a refusal)?"""
    if _META.search(sentence):
        return False
    nums = [n for n in numbers(sentence) if _significant(n[1], n[2])]
    words = _content(sentence)
    # a lead-in ("The section “Note 13. Borrowings” says:"): a title's figures state nothing
    untitled = [n for n in numbers(_TITLED.sub("", sentence)) if _significant(n[1], n[2])]
    if sentence.rstrip().endswith((":", "：")) and not untitled:
        return False
    return bool(nums) or len(words) >= 2 or len(_bigrams(sentence)) >= 4


def derivable(value: float, decimals: int, cited: list[float]) -> bool:
    """Is ``value`` one of the cited numbers, or computed from two of them?"""
    tol_abs = 0.5 * 10 ** (-decimals) if decimals else 0.5
    targets = [value]

    def close(x: float) -> bool:
        return any(abs(x - t) <= max(tol_abs, abs(t) * 0.005) for t in targets)

    for a in cited:
        if close(a) or close(a / 1000) or close(a * 1000) or close(a / 1e6):
            return True
    pool = cited[:60]
    for a, b in permutations(pool, 2):
        if b and (close(a / b * 100) or close(a / b) or close((a - b) / b * 100)):
            return True
        if close(a - b) or close(a + b):
            return True
    return False


# A Chinese sum said in 亿元 or 万元 ("12.35亿元") read from a table printing 元, 千元,
# 万元 or 百万元: the printed figure over 10^8, 10^5, 10^4, 10^2 or 10^4, 10^1, 1.
_YI_WAN = re.compile(r"\d\s*[亿万](?:美|欧|港)?元")
# ... or a sum of dollars said in 亿 or 万 from a table in thousands, millions or billions
_ZH_DIVISORS = (1e8, 1e5, 1e4, 1e2, 10.0, 0.1)


def in_yi_or_wan(value: float, decimals: int, cited: list[float]) -> bool:
    """Is ``value`` a cited figure restated in 亿元 or 万元 (two decimals at most)?"""
    tol = max(0.5 * 10 ** (-decimals) if decimals else 0.5, abs(value) * 0.005)
    return any(abs(a / d - value) <= tol for a in cited for d in _ZH_DIVISORS)


_ANNOTATION = re.compile(r"\s*⟨[^⟩]*⟩")


def claim_text(sentence: str) -> str:
    """The claim without reading aids (a row's ⟨columns: …⟩ note, quoted separately)."""
    return _ANNOTATION.sub("", sentence)


def _translated(sentence: str, cited: str) -> bool:
    """A Chinese sentence citing a text with no Chinese (an English filing's row said in
    Chinese): its Chinese words are the writer's own; its figures and Latin words are
    checked (a sentence stating no figure is checked as any other)."""
    return bool(HAN_RE.search(sentence)) and not HAN_RE.search(cited)


def check(sentence: str, cited: str) -> Support:
    """Is ``sentence`` supported by ``cited`` (the text of the passages it cites)?"""
    sentence, thresholds = stated_rule(claim_text(sentence))
    translated = _translated(sentence, cited)
    cov = coverage(HAN_RE.sub(" ", sentence), cited) if translated else coverage(sentence, cited)
    cited_values = [v for _, v, _ in numbers(cited)]
    literal = {w.strip("()$%").replace(",", "") for w, _, _ in numbers(cited)}
    missing = []
    checked = 0
    computed = {r.replace(",", "") for r in checked_results(sentence)}
    results = [float(r) for r in computed]
    own = {float(n.replace(",", "")) for n in operands(sentence)} & CONSTANTS
    own |= thresholds
    signs = [_negative(sentence, m) for m in _NUMBER.finditer(sentence)]
    zh_scaled = bool(_YI_WAN.search(sentence))
    for (written, value, decimals), negative in zip(numbers(sentence), signs, strict=True):
        if not _significant(value, decimals):
            continue
        checked += 1
        bare = written.strip("()$%").replace(",", "")
        # a computed result's sign is checked with it ("= −16.55%", "= -16.55%")
        if bare in literal or bare.lstrip("-−") in computed or value in own:
            continue
        # a figure written negative ("a fall of −93.8%") is checked as the signed change
        # it is; one written without a sign as written
        if not (
            derivable(value, decimals, cited_values)
            or (negative and derivable(-value, decimals, cited_values))
            # a result the working computes, restated in 亿元 or 万元 beside it
            or (zh_scaled and in_yi_or_wan(value, decimals, cited_values + results))
        ):
            missing.append(written)
    if missing:
        return Support(False, cov, tuple(missing), "numbers not in the cited text")
    # Verified figures carry the sentence; its wording may then be the writer's own.
    if translated and not checked:  # no figure checked: its words must be the source's
        cov = coverage(sentence, cited)
    if cov < (MIN_COVERAGE_WITH_NUMBERS if checked else MIN_COVERAGE):
        return Support(False, cov, (), "words not in the cited text")
    return Support(True, cov)
