"""The term base: candidates (``term_candidates.py``) merged across variants and
languages, counted, ranked, with evidence."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, field

from pipeline.knowledge.definitions import subject_definition
from pipeline.knowledge.keyphrases import noun_lemma
from pipeline.knowledge.matcher import TermMatcher
from pipeline.knowledge.models import Evidence, Term, TermSource
from pipeline.knowledge.scope import read_only
from pipeline.knowledge.source import DocText, Sentence
from pipeline.knowledge.summary import named_matter
from pipeline.knowledge.term_candidates import (
    NUMERIC_DEF,
    Candidate,
    a_person,
    emphasis_candidates,
    heading_candidates,
    keyphrase_candidates,
    pattern_candidates,
    table_candidates,
)
from pipeline.knowledge.title_filing import titled_registrant
from pipeline.knowledge.wordlists import word_lists
from pipeline.parse.table_structure import is_statement_title
from pipeline.text.normalise import fold, single_spaces
from pipeline.text.script import HAN, has_han

_WEIGHT: dict[TermSource, float] = {
    "definition": 5.0,
    "glossary": 4.5,
    "alias": 3.0,
    "emphasis": 3.0,
    "heading": 2.5,
    "keyphrase": 1.0,
    "llm": 4.0,
}


def norm_key(surface: str) -> str:
    """One key for the variants of a term: case, width, plurals, hyphens, quotes."""
    s = fold(surface).strip().strip("\"'“”‘’「」《》")
    if has_han(s):
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
                text = single_spaces(cell).strip(" :：")
                if text and len(text) <= 80 and not NUMERIC_DEF.match(text):
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


def _person(d: _Draft, doc: DocText) -> bool:
    """A recurring name that opens a biography somewhere ("Jane Roe is our Chief Executive
    Officer") is a person, not a concept of the document, unless the text defines it."""
    if d.definition or _NAMED & set(d.sources):
        return False
    return any(a_person(d.term, doc.sentences[i].text) for i in d.occurrences)


_NAME_WORD = re.compile(r"[a-z0-9]+")


def _owner_words(doc: DocText) -> frozenset[str]:
    """The words of the company a filing or release is about ("harbour", "lantern",
    "works" of "Harbour Lantern Works, Inc. — Form 10-K, …")."""
    generic = word_lists().generic_en
    name = fold(titled_registrant(doc.title))
    return frozenset(w for w in _NAME_WORD.findall(name) if w not in generic)


def _names_owner(d: _Draft, owner: frozenset[str], owner_zh: str = "") -> bool:
    """ "Lantern Works", "LANTERN WORKS PLC", "Lantern": the reporting company itself, which
    every page names; no reader looks it up among the report's terms. A Chinese report's
    company ("东北电气发展股份有限公司") is named by the start of its name ("东北电气"), and
    the end of it is its legal form ("股份有限公司"), no concept of the report either."""
    if owner_zh and has_han(d.term) and len(d.term) >= 2:
        return owner_zh.startswith(d.term) or owner_zh.endswith(d.term)
    words = [w for w in _NAME_WORD.findall(fold(d.term)) if w not in word_lists().generic_en]
    return bool(owner) and bool(words) and all(w in owner for w in words)


# A Chinese report's title that is its company's name ("东北电气发展股份有限公司…").
_ZH_COMPANY = re.compile(rf"^\s*([{HAN}（）()]{{2,30}}?(?:公司|集团))")


def _owner_zh(doc: DocText) -> str:
    m = _ZH_COMPANY.match(doc.title)
    return m.group(1) if m else ""


def _report_part(d: _Draft) -> bool:
    """ "Results of Operations", "Risk Factors", "accompanying notes": a standard part of
    any report, not a term of this one."""
    key = " ".join(fold(d.term).replace("’", "'").split())
    return key in word_lists().report_parts_en


def _keep(d: _Draft) -> bool:
    n = len(d.occurrences)
    if d.sources == ["heading"]:
        # Chinese headings often are the term itself ("3.2 信息熵"); English ones rarely.
        return n >= 2 and has_han(d.term)
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
    doc = read_only(doc)  # no boilerplate, no exhibits filed after a report's signatures
    # By their titles only: a report's first page may be its cover or (a short release)
    # its highlights, and a heading that repeats the title may hold the whole text.
    matter = named_matter(doc)
    cands = (
        pattern_candidates(doc)
        + table_candidates(doc.tables, doc)
        + emphasis_candidates(doc, matter)
        + heading_candidates(doc, matter)
        + keyphrase_candidates(doc, matter)
    )
    drafts = [_draft(g) for g in _groups(cands)]
    _count(drafts, doc)
    _define_from_occurrences(drafts, doc)
    cells, owner, owner_zh = table_keys(doc), _owner_words(doc), _owner_zh(doc)
    drafts = [
        d
        for d in drafts
        if _keep(d)
        and not _from_table(d, cells)
        and not _statement_name(d)
        and not _person(d, doc)
        and not _names_owner(d, owner, owner_zh)
        and not _report_part(d)
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
