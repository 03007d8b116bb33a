"""Cross-references ("见表4-2", "如第3.2条所述", "see Table 4-2", "Section 3.2", "Appendix B",
"Note 7") found in block text and resolved to the block they point to.

A target is a block that *opens* with the label (a caption "Table 4-2 …", a heading
"3.2 Scope", a clause "第十二条 …", "Appendix B"); a reference is any other mention.
Keys are normalised (Chinese numerals to digits, full-width dashes, case) so "第十二条"
finds "第12条" and "table 4–2" finds "Table 4-2".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.models import Block
from pipeline.perceive.models import Reference, RefKind
from pipeline.text import lexicon

_NUM = r"\d+(?:\s*[-－–.]\s*\d+)*[A-Za-z]?"
_CN = r"[\d一二三四五六七八九十百零〇]+(?:\.\d+)*"
_APPENDIX_EN = lexicon.alternation("filings.appendix_en")
_APPENDIX_ZH = lexicon.alternation("filings.appendix_zh")
_LETTER = r"(?:[A-Z]|\d+|[一二三四五六七八九十]+)(?![A-Za-z])"

# (kind, pattern); group "key" is the id. Used both to find mentions and to spot targets.
PATTERNS: tuple[tuple[RefKind, re.Pattern[str]], ...] = (
    ("table", re.compile(rf"(?:\bTables?|表)\s*(?P<key>{_NUM})", re.I)),
    ("figure", re.compile(rf"(?:\bFig(?:ure|\.)?s?|图)\s*(?P<key>{_NUM})", re.I)),
    ("clause", re.compile(rf"第\s*(?P<key>{_CN})\s*[条款]")),
    ("section", re.compile(rf"第\s*(?P<key>{_CN})\s*[章节]")),
    ("section", re.compile(rf"(?:\bSections?|\bSec\.|§+)\s*(?P<key>{_NUM})", re.I)),
    ("clause", re.compile(rf"\b(?:Articles?|Clauses?)\s+(?P<key>{_NUM})", re.I)),
    (
        "appendix",
        re.compile(
            rf"(?:\b(?:{_APPENDIX_EN})|{_APPENDIX_ZH})\s*(?P<key>{_LETTER})",
            re.I,
        ),
    ),
    ("note", re.compile(r"(?:\bNotes?|注)\s*(?P<key>\d+)(?![\d.])", re.I)),
    ("item", re.compile(r"\bItems?\s+(?P<key>\d+[A-Z]?)\b", re.I)),
)
# A heading that opens with a bare number ("3.2 Scope", "4. Fees") is that section.
_BARE_SECTION = re.compile(r"^\s*(?P<key>\d+(?:\.\d+)+|\d+)[.、)]?\s+\S")
_SAME_FAMILY: dict[RefKind, tuple[RefKind, ...]] = {
    "section": ("section", "clause", "item"),
    "clause": ("clause", "section"),
    "item": ("item", "section"),
}
_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def cn_to_int(text: str) -> int | None:
    """'十二' → 12, '一百零五' → 105; None when it is not a Chinese numeral."""
    if not text or any(c not in _CN_DIGITS and c not in "十百" for c in text):
        return None
    total, current = 0, 0
    for c in text:
        if c == "百":
            total += (current or 1) * 100
            current = 0
        elif c == "十":
            total += (current or 1) * 10
            current = 0
        else:
            current = current * 10 + _CN_DIGITS[c] if current else _CN_DIGITS[c]
    return total + current


def normalise_key(key: str) -> str:
    key = re.sub(r"\s+", "", key).replace("－", "-").replace("–", "-").rstrip(".").lower()
    value = cn_to_int(key)
    return str(value) if value is not None else key


def _mentions(text: str) -> list[tuple[RefKind, int, int, str]]:
    """(kind, start, end, key) of every mention, earliest pattern winning an overlap."""
    found: list[tuple[RefKind, int, int, str]] = []
    for kind, pattern in PATTERNS:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for _, s, e, _ in found):
                continue
            found.append((kind, m.start(), m.end(), normalise_key(m.group("key"))))
    return sorted(found, key=lambda f: f[1])


def _target_keys(block: Block) -> list[tuple[RefKind, str]]:
    """The labels a block opens with, so it is the target of references to them."""
    head = block.text.lstrip()[:60]
    keys: list[tuple[RefKind, str]] = []
    for kind, start, _, key in _mentions(head):
        if start <= 2:
            keys.append((kind, key))
    m = _BARE_SECTION.match(head)
    # A heading "4. Fees" opens section 4; a paragraph needs a dotted number ("3.2 Late …")
    # so a sentence that starts with a count ("5 days …") is not a section.
    if m and (block.kind == "heading" or "." in m.group("key")):
        keys.append(("section", normalise_key(m.group("key"))))
    return keys


def _target_index(blocks: Sequence[Block]) -> dict[tuple[RefKind, str], Block]:
    index: dict[tuple[RefKind, str], Block] = {}
    for i, b in enumerate(blocks):
        if b.kind in ("header", "footer"):
            continue
        for kind, key in _target_keys(b):
            target = b
            if kind == "table" and b.table is None:  # a caption: the table follows it
                target = next((x for x in blocks[i + 1 : i + 3] if x.table is not None), b)
            index.setdefault((kind, key), target)
    return index


def resolve(kind: RefKind, key: str, index: dict[tuple[RefKind, str], Block]) -> Block | None:
    for k in _SAME_FAMILY.get(kind, (kind,)):
        hit = index.get((k, key))
        if hit is not None:
            return hit
    return None


def find_references(blocks: Sequence[Block]) -> list[Reference]:
    """Every cross-reference in ``blocks`` with its target (None when nothing matches)."""
    index = _target_index(blocks)
    refs: list[Reference] = []
    for b in blocks:
        if b.kind in ("header", "footer"):
            continue
        own = set(_target_keys(b))
        for kind, start, end, key in _mentions(b.text):
            if start <= 2 and (kind, key) in own:
                continue  # the block's own label, not a reference
            target = resolve(kind, key, index)
            if target is not None and target.n == b.n:
                target = None
            refs.append(
                Reference(
                    n=b.n,
                    page=b.page,
                    start=start,
                    end=end,
                    text=b.text[start:end],
                    kind=kind,
                    key=key,
                    target_n=target.n if target else None,
                    target_page=target.page if target else None,
                    target_text=target.text[:80] if target else "",
                )
            )
    return refs
