"""The term base: candidates from definitions, aliases, glossaries, emphasis, headings and
keyphrases, merged across variants and languages, counted, ranked, with evidence."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, field

from pipeline.knowledge.definitions import subject_definition
from pipeline.knowledge.keyphrases import en_keyphrases, noun_lemma, zh_keyphrases
from pipeline.knowledge.matcher import TermMatcher, fold
from pipeline.knowledge.models import Evidence, Term, TermSource
from pipeline.knowledge.patterns.en import find_en
from pipeline.knowledge.patterns.glossary import find_glossary
from pipeline.knowledge.patterns.surface import Found, clean_term
from pipeline.knowledge.patterns.zh import find_zh, nominal
from pipeline.knowledge.source import DocText, Sentence, TableInfo
from pipeline.knowledge.summary import has_cover
from pipeline.knowledge.wordlists import word_lists
from pipeline.parse.table_structure import is_statement_title
from pipeline.text.segment import has_cjk

_WEIGHT: dict[TermSource, float] = {
    "definition": 5.0,
    "glossary": 4.5,
    "alias": 3.0,
    "emphasis": 3.0,
    "heading": 2.5,
    "keyphrase": 1.0,
    "llm": 4.0,
}
_GLOSSARY_TITLE = re.compile(
    r"glossary|definitions?|terms and|terminology|key terms|术语|名词解释|定义|释义|词汇", re.I
)
_NOT_TOPIC = re.compile(
    r"^(?:introduction|overview|summary|conclusions?|background|references|bibliography|"
    r"appendix|contents|table of contents|index|exercises|questions|preface|abstract|notes|"
    r"概述|简介|引言|前言|小结|总结|结论|习题|练习|思考题|参考文献|附录|目录|摘要|结语|后记|"
    r"本章小结|问题背景|经验总结)$",
    re.I,
)
_HEADING_NUM = re.compile(
    r"^(?:第[一二三四五六七八九十百零〇0-9]+[章节篇部条编]|(?:chapter|part|section|article|item)"
    r"\s+[0-9ivxlc]+[a-z]?|\d{1,2}(?:\.\d{1,2}){0,4})[.、:：\s]*",
    re.I,
)
_NUMERIC_DEF = re.compile(r"^[\s$€£¥￥%(\-–—+]*\d")
_TITLE_END = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|Messrs|St|No)\.$")


@dataclass(slots=True)
class Candidate:
    surface: str
    kind: TermSource
    sentence: Sentence | None = None
    definition: str = ""
    aliases: list[str] = field(default_factory=list)
    weak: bool = False
    boost: float = 0.0


def norm_key(surface: str) -> str:
    """One key for the variants of a term: case, width, plurals, hyphens, quotes."""
    s = fold(surface).strip().strip("\"'“”‘’「」《》")
    if has_cjk(s):
        return re.sub(r"\s+", "", s)
    s = re.sub(r"[’']s\b", "", s)
    words = re.sub(r"[-_/]", " ", s).split()
    while words and words[0] in ("the", "a", "an"):
        words = words[1:]
    if not words:
        return s
    if words[-1].isalpha() and len(words[-1]) > 3:
        words[-1] = noun_lemma(words[-1])
    return " ".join(words)


# --- candidates --------------------------------------------------------------------------
def _from_found(f: Found, s: Sentence) -> Candidate:
    return Candidate(f.term, f.kind, s, f.definition, list(f.aliases), f.weak)


def pattern_candidates(doc: DocText) -> list[Candidate]:
    out: list[Candidate] = []
    glossary: dict[int, list[Candidate]] = defaultdict(list)
    prev_block = -1
    for s in doc.sentences:
        finder = find_zh if has_cjk(s.text) else find_en
        after_title = s.idx > 0 and _TITLE_END.search(doc.sentences[s.idx - 1].text)
        # "Ms. Lewnes is a board member…" was split after "Ms.": a person, not a term.
        found = [f for f in finder(s.text) if not (after_title and f.kind == "definition")]
        out += [_from_found(f, s) for f in found]
        first_in_block = s.block != prev_block
        prev_block = s.block
        if first_in_block and len(s.text) < 600:
            g = find_glossary(s.text)
            if g is not None and not _NUMERIC_DEF.match(g.definition):
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
        good = [(a, d) for a, d in cleaned if a and len(d) >= 8 and not _NUMERIC_DEF.match(d)]
        if len(good) < 0.7 * len(cleaned):
            continue
        for term, definition in good:
            s = Sentence(-1, f"{term}: {definition}", t.section, t.page, t.chunk_id, -1)
            out.append(Candidate(term, "glossary", s, definition[:400]))
    return out


_NAME = re.compile(r"^(?:[A-Z][a-z'’\-]+|[A-Z]\.)(?:\s+(?:[A-Z][a-z'’\-]+|[A-Z]\.)){1,3}$")
_BIO = re.compile(r"^\s*,?\s*(?:is|was|has|had|joined|serves|served|became)\b")


def _a_person(span: str, sentence: str) -> bool:
    """ "**Corie Barry** was appointed our Chief Financial Officer …": a bold name opening a
    biography is a person, not a term of the document."""
    if not (_NAME.match(span) and sentence.startswith(span)):
        return False
    if not _BIO.match(sentence[len(span) :]):
        return False
    return any(w in word_lists().role_heads for w in re.findall(r"[a-z]+", sentence.lower()))


def emphasis_candidates(doc: DocText) -> list[Candidate]:
    out: list[Candidate] = []
    for s in doc.sentences:
        for span in s.emphasis:
            term = clean_term(span)
            if term and len(span) < 0.8 * len(s.text) and not _a_person(span, s.text):
                out.append(Candidate(term, "emphasis", s))
    return out


def heading_candidates(doc: DocText) -> list[Candidate]:
    out: list[Candidate] = []
    for sec in doc.sections[1:]:
        bare = _HEADING_NUM.sub("", sec.title).strip()
        if not bare or _NOT_TOPIC.match(bare):
            continue
        term = clean_term(bare)
        if term and has_cjk(term) and not nominal(term):
            continue  # "接上真实模型" is a to-do, not a term
        if term and (len(term.split()) <= 4 if not has_cjk(term) else len(term) <= 10):
            out.append(Candidate(term, "heading", None, boost=0.0))
    return out


_NUMERIC_TOKEN = re.compile(r"^[\d,.$%()\-–]+$")


def _wordy(text: str) -> bool:
    """Prose rather than a row of figures or page furniture ('Jkt 250001 PO 00000')."""
    toks = text.split()
    numeric = sum(1 for t in toks if _NUMERIC_TOKEN.match(t) or any(c.isdigit() for c in t))
    return not toks or numeric <= 0.3 * len(toks) or has_cjk(text)


def keyphrase_candidates(doc: DocText) -> list[Candidate]:
    # A filing's cover page is form text ("Indicate by check mark whether …").
    cover = has_cover(doc)
    prose = [s.text for s in doc.sentences if _wordy(s.text) and not (cover and s.page == 1)]
    pages = max(doc.pages, sum(len(t) for t in prose) // 1500)
    # Keyphrases are the least certain source: their share grows slowly with length.
    budget = max(10, min(80, 8 + pages // 3 + len(doc.sections) // 4))
    zh = [t for t in prose if has_cjk(t)]
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


# --- merging -----------------------------------------------------------------------------
_PRIORITY: list[TermSource] = [
    "definition",
    "glossary",
    "emphasis",
    "alias",
    "heading",
    "keyphrase",
    "llm",
]


def _groups(cands: list[Candidate]) -> list[list[Candidate]]:
    parent = list(range(len(cands)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, c in enumerate(cands):
        for key in [norm_key(c.surface), *(norm_key(a) for a in c.aliases)]:
            if key in owner:
                parent[find(i)] = find(owner[key])
            else:
                owner[key] = i
    groups: dict[int, list[Candidate]] = defaultdict(list)
    for i, c in enumerate(cands):
        groups[find(i)].append(c)
    return list(groups.values())


def _head(group: list[Candidate]) -> Candidate:
    def rank(c: Candidate) -> tuple[int, int, int]:
        return (_PRIORITY.index(c.kind), int(c.weak), -sum(x.surface == c.surface for x in group))

    return min(group, key=rank)


def _definer(group: list[Candidate]) -> Candidate | None:
    with_def = [c for c in group if c.definition]
    if not with_def:
        return None
    return min(with_def, key=lambda c: (int(c.weak), _PRIORITY.index(c.kind)))


@dataclass
class _Draft:
    term: str
    aliases: list[str]
    definition: str
    sentence: Sentence | None
    sources: list[TermSource]
    weak: bool
    boost: float
    occurrences: list[int] = field(default_factory=list)


def _draft(group: list[Candidate]) -> _Draft:
    head = _head(group)
    definer = _definer(group)
    key = norm_key(head.surface)
    aliases: dict[str, None] = {}
    for c in group:
        for name in [c.surface, *c.aliases]:
            if norm_key(name) != key and name.lower() != head.surface.lower():
                aliases.setdefault(name, None)
    sources = sorted({c.kind for c in group}, key=_PRIORITY.index)
    with_sentence = [c for c in group if c.sentence is not None]
    sentence = (
        definer.sentence if definer else (with_sentence[0].sentence if with_sentence else None)
    )
    surface = head.surface
    if surface.isupper() and " " in surface:  # an ALL-CAPS heading: prefer the prose form
        surface = next((c.surface for c in group if not c.surface.isupper()), surface)
    return _Draft(
        term=surface,
        aliases=list(aliases)[:8],
        definition=definer.definition if definer else "",
        sentence=sentence,
        sources=list(sources),
        weak=bool(definer and definer.weak),
        boost=max(c.boost for c in group),
    )


def _count(drafts: list[_Draft], doc: DocText) -> None:
    surfaces: dict[str, int] = {}
    for i, d in enumerate(drafts):
        for name in [d.term, *d.aliases]:
            surfaces.setdefault(name, i)
    matcher = TermMatcher(surfaces)
    for s in doc.sentences:
        for _, _, ident in matcher.find(s.text):
            occ = drafts[ident].occurrences
            if not occ or occ[-1] != s.idx:
                occ.append(s.idx)


def _score(d: _Draft) -> float:
    best = max(_WEIGHT[s] for s in d.sources)
    if d.weak and d.sources[0] == "definition":
        best = 3.0
    score = best + 0.7 * math.log1p(len(d.occurrences)) + 0.4 * (len(d.sources) - 1)
    return score + (d.boost if "keyphrase" in d.sources else 0.0)


def _define_from_occurrences(drafts: list[_Draft], doc: DocText) -> None:
    """A term without a definition gets the first sentence that defines it as its subject."""
    for d in drafts:
        if d.definition or not d.occurrences:
            continue
        sentences = [doc.sentences[i] for i in d.occurrences]
        found = subject_definition([d.term, *d.aliases], (s.text for s in sentences))
        if found is None:
            continue
        d.definition, d.sentence = found[0], sentences[found[1]]
        d.sources = sorted({*d.sources, "definition"}, key=_PRIORITY.index)


def table_keys(doc: DocText) -> set[str]:
    """Keys of the text cells of the document's tables (row labels, column headers)."""
    keys: set[str] = set()
    for t in doc.tables:
        for row in t.rows:
            for cell in row:
                text = " ".join(cell.split()).strip(" :：")
                if text and len(text) <= 80 and not _NUMERIC_DEF.match(text):
                    keys.add(norm_key(text))
    return keys


# Sources that name a term outside any table: a row label that is also one of these stays.
_NAMED: frozenset[TermSource] = frozenset({"definition", "alias", "heading", "llm"})


_STATEMENT = re.compile(
    r"^(?:(?:unaudited|condensed|consolidated|interim|combined)\s+)+"
    r"(?:financial\s+)?(?:statements?|balance\s+sheets?)\b",
    re.I,
)


def _statement_name(d: _Draft) -> bool:
    """ "Condensed consolidated financial statements", "Consolidated Balance Sheets": the
    names of a report's statements, not terms (unless the report defines them)."""
    return not d.definition and bool(_STATEMENT.match(d.term) or is_statement_title(d.term))


def _from_table(d: _Draft, cells: set[str]) -> bool:
    """A table's row label or header ('Net earnings', 'Gross profit') is a line item, not a
    defined term: it counts only when the document defines or names it elsewhere."""
    if d.definition or _NAMED & set(d.sources):
        return False
    return any(norm_key(name) in cells for name in [d.term, *d.aliases])


def _keep(d: _Draft) -> bool:
    n = len(d.occurrences)
    if d.sources == ["heading"]:
        # Chinese headings often are the term itself ("3.2 信息熵"); English ones rarely.
        return n >= 2 and has_cjk(d.term)
    if d.sources == ["keyphrase"]:
        return n >= 2
    return n >= 1 or bool(d.definition)


def _evidence(d: _Draft, doc: DocText) -> list[Evidence]:
    out: list[Evidence] = []
    seen: set[str] = set()
    for idx in d.occurrences:
        s = doc.sentences[idx]
        if s.chunk_id in seen:
            continue
        seen.add(s.chunk_id)
        label = doc.sections[s.section].label
        out.append(Evidence(chunk_id=s.chunk_id, page=s.page, sentence=s.text[:240], section=label))
        if len(out) >= 5:
            break
    return out


def extract_terms(doc: DocText, *, max_terms: int = 400) -> list[Term]:
    cands = (
        pattern_candidates(doc)
        + table_candidates(doc.tables, doc)
        + emphasis_candidates(doc)
        + heading_candidates(doc)
        + keyphrase_candidates(doc)
    )
    drafts = [_draft(g) for g in _groups(cands)]
    _count(drafts, doc)
    _define_from_occurrences(drafts, doc)
    cells = table_keys(doc)
    drafts = [
        d for d in drafts if _keep(d) and not _from_table(d, cells) and not _statement_name(d)
    ]
    drafts.sort(key=lambda d: (-_score(d), d.term))
    terms: list[Term] = []
    for d in drafts[:max_terms]:
        first = d.sentence or (doc.sentences[d.occurrences[0]] if d.occurrences else None)
        ev = _evidence(d, doc)
        terms.append(
            Term(
                term=d.term,
                aliases=d.aliases,
                definition=d.definition,
                sentence=first.text if first else "",
                chunk_id=first.chunk_id if first else doc.first_chunk,
                page=first.page if first else 1,
                score=round(_score(d), 3),
                sources=d.sources,
                frequency=len(d.occurrences),
                section=first.section if first else 0,
                evidence=ev,
            )
        )
    return terms
