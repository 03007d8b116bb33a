"""Where term candidates come from: definitional and alias patterns, glossary lines and
tables, bold or italic spans, section headings and statistical keyphrases. Each source says
what it found; ``terms.py`` merges and ranks them."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from pipeline.knowledge.keyphrases import en_keyphrases, zh_keyphrases
from pipeline.knowledge.models import TermSource
from pipeline.knowledge.patterns.en import find_en
from pipeline.knowledge.patterns.glossary import find_glossary
from pipeline.knowledge.patterns.surface import Found, clean_term
from pipeline.knowledge.patterns.zh import find_zh, nominal
from pipeline.knowledge.source import DocText, Sentence, TableInfo
from pipeline.knowledge.summary import has_cover
from pipeline.knowledge.wordlists import word_lists
from pipeline.text.lexicon import pattern
from pipeline.text.script import has_han

_GLOSSARY_TITLE = pattern("term_candidates.glossary_titles", template="{}", flags=re.I)
_NOT_TOPIC = pattern("term_candidates.not_topics", template="^(?:{})$", flags=re.I)
_HEADING_NUM = re.compile(
    r"^(?:第[一二三四五六七八九十百零〇0-9]+[章节篇部条编]|(?:chapter|part|section|article|item)"
    r"\s+[0-9ivxlc]+[a-z]?|\d{1,2}(?:\.\d{1,2}){0,4})[.、:：\s]*",
    re.I,
)
NUMERIC_DEF = re.compile(r"^[\s$€£¥￥%(\-–—+]*\d")
_TITLE_END = pattern("term_candidates.honorifics", template=r"\b(?:{})\.$")


@dataclass(slots=True)
class Candidate:
    surface: str
    kind: TermSource
    sentence: Sentence | None = None
    definition: str = ""
    aliases: list[str] = field(default_factory=list)
    weak: bool = False
    boost: float = 0.0


def _from_found(f: Found, s: Sentence) -> Candidate:
    return Candidate(f.term, f.kind, s, f.definition, list(f.aliases), f.weak)


def pattern_candidates(doc: DocText) -> list[Candidate]:
    out: list[Candidate] = []
    glossary: dict[int, list[Candidate]] = defaultdict(list)
    prev_block = -1
    for s in doc.sentences:
        finder = find_zh if has_han(s.text) else find_en
        after_title = s.idx > 0 and _TITLE_END.search(doc.sentences[s.idx - 1].text)
        # "Ms. Lewnes is a board member…" was split after "Ms.": a person, not a term.
        found = [f for f in finder(s.text) if not (after_title and f.kind == "definition")]
        out += [_from_found(f, s) for f in found]
        first_in_block = s.block != prev_block
        prev_block = s.block
        if first_in_block and len(s.text) < 600:
            g = find_glossary(s.text)
            if g is not None and not NUMERIC_DEF.match(g.definition):
                glossary[s.section].append(_from_found(g, s))
    for sec, hits in glossary.items():
        titled = bool(_GLOSSARY_TITLE.search(doc.sections[sec].title))
        if titled or len(hits) >= 3:
            out += hits
    return out


def table_candidates(tables: list[TableInfo], doc: DocText) -> list[Candidate]:
    """Two-column tables of short terms and longer explanations are glossaries."""
    out: list[Candidate] = []
    for t in tables:
        rows = [r for r in t.rows if len(r) >= 2 and r[0].strip() and r[1].strip()]
        if len(rows) < 3 or max(len(r) for r in rows) > 3:
            continue
        cleaned = [(clean_term(r[0]), r[1].strip()) for r in rows[1:]]
        good = [(a, d) for a, d in cleaned if a and len(d) >= 8 and not NUMERIC_DEF.match(d)]
        if len(good) < 0.7 * len(cleaned):
            continue
        for term, definition in good:
            s = Sentence(-1, f"{term}: {definition}", t.section, t.page, t.chunk_id, -1)
            out.append(Candidate(term, "glossary", s, definition[:400]))
    return out


_NAME = re.compile(r"^(?:[A-Z][a-z'’\-]+|[A-Z]\.)(?:\s+(?:[A-Z][a-z'’\-]+|[A-Z]\.)){1,3}$")
_BIO = pattern("term_candidates.biography_verbs", template=r"^\s*,?\s*(?:{})\b")


def a_person(span: str, sentence: str) -> bool:
    """ "**Corie Barry** was appointed our Chief Financial Officer …": a bold name opening a
    biography is a person, not a term of the document."""
    if not (_NAME.match(span) and sentence.startswith(span)):
        return False
    if not _BIO.match(sentence[len(span) :]):
        return False
    return any(w in word_lists().role_heads for w in re.findall(r"[a-z]+", sentence.lower()))


def emphasis_candidates(doc: DocText, skip: set[int]) -> list[Candidate]:
    """Bold or italic spans, outside the sections in ``skip`` (front and back matter)."""
    out: list[Candidate] = []
    for s in doc.sentences:
        if s.section in skip:
            continue
        for span in s.emphasis:
            term = clean_term(span)
            if term and len(span) < 0.8 * len(s.text) and not a_person(span, s.text):
                out.append(Candidate(term, "emphasis", s))
    return out


def heading_candidates(doc: DocText, skip: set[int]) -> list[Candidate]:
    out: list[Candidate] = []
    for sec in doc.sections[1:]:
        if sec.idx in skip:
            continue
        bare = _HEADING_NUM.sub("", sec.title).strip()
        if not bare or _NOT_TOPIC.match(bare):
            continue
        term = clean_term(bare)
        if term and has_han(term) and not nominal(term):
            continue  # "接上真实模型" is a to-do, not a term
        if term and (len(term.split()) <= 4 if not has_han(term) else len(term) <= 10):
            out.append(Candidate(term, "heading", None, boost=0.0))
    return out


_NUMERIC_TOKEN = re.compile(r"^[\d,.$%()\-–]+$")


def _wordy(text: str) -> bool:
    """Prose rather than a row of figures or page furniture ('Jkt 250001 PO 00000')."""
    toks = text.split()
    numeric = sum(1 for t in toks if _NUMERIC_TOKEN.match(t) or any(c.isdigit() for c in t))
    return not toks or numeric <= 0.3 * len(toks) or has_han(text)


_EN_WORDS = re.compile(r"[A-Za-z][\w'’-]*")


def _title_case(text: str) -> bool:
    """A line in Title Case ("Johnson & Johnson and Subsidiaries Reconciliation of Non-GAAP
    Financial Measures") titles a table or a page: its runs of capitals cross names."""
    words = _EN_WORDS.findall(text)
    return len(words) >= 4 and sum(w[0].islower() for w in words) < 0.3 * len(words)


def keyphrase_candidates(doc: DocText, skip: set[int]) -> list[Candidate]:
    """Recurring noun phrases of the body: a filing's cover page is form text ("Indicate by
    check mark whether …"), and its signatures, certifications and exhibit index (``skip``)
    repeat officers' names and exhibit titles ("Form of … Award Agreement")."""
    cover = has_cover(doc)
    prose = [
        s.text
        for s in doc.sentences
        if _wordy(s.text)
        and not _title_case(s.text)
        and not (cover and s.page == 1)
        and s.section not in skip
    ]
    pages = max(doc.pages, sum(len(t) for t in prose) // 1500)
    # Keyphrases are the least certain source: their share grows slowly with length.
    budget = max(10, min(80, 8 + pages // 3 + len(doc.sections) // 4))
    zh = [t for t in prose if has_han(t)]
    zh_share = len(zh) / max(1, len(prose))
    out: list[Candidate] = []
    if zh:
        headings = " ".join(sec.title for sec in doc.sections[1:])
        for k in zh_keyphrases(zh, limit=max(4, round(budget * zh_share)), headings=headings):
            out.append(Candidate(k.text, "keyphrase", boost=k.score))
    en_limit = max(4, round(budget * (1 - zh_share))) if zh_share < 0.9 else 6
    for k in en_keyphrases(prose, limit=en_limit):
        out.append(Candidate(k.text, "keyphrase", boost=k.score))
    out = [c for c in out if clean_term(c.surface) is not None]
    top = max((c.boost for c in out), default=1.0) or 1.0
    for c in out:
        c.boost = 2.0 * c.boost / top
    return out
