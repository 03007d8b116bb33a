"""The section a question is about, read from the heading tree.

"What are the main risk factors?" shares its words with the section's heading ("ITEM 1A.
RISK FACTORS"), not with the risks themselves, and a search ranks the section's boilerplate
opening first. Here the question's content words are matched against the headings of the
documents in scope (words that never name a topic, "main", "item", "company", left out:
``agent/data/sections.json``); the best heading's section is read whole. A section is
list-like when it is made of item headings: its own sub-headings, or paragraphs printed in
bold (a 10-K prints each risk factor as a bold sentence). Built from the document's
section tree (``pipeline/knowledge/source.py``), so each item keeps the chunk it is cited by.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from agent.answer_kinds import asks_fact
from agent.column_heads import column_heads
from agent.heading_synonyms import asks_beyond, named_headings, naming
from agent.note_pointer import heads_note
from agent.question.compare import asks_extreme
from agent.scope import stem
from agent.topic_match import (
    MAX_WORDS,
    Sections,
    Thresholds,
    accepted,
    nearest,
    opening,
    rarest,
    topic_words,
)
from agent.topic_terms import (  # noqa: F401  (read here by the section answers)
    generic,
    meets,
    same_topic_words,
    section_words,
    topic_terms,
)
from pipeline.corpus import Corpus
from pipeline.errors import EmbeddingError
from pipeline.knowledge.source import DocText
from pipeline.text.lang import cjk_ratio

log = logging.getLogger(__name__)

MAX_ITEMS = 6
_ITEM_CHARS = 400  # a bold paragraph longer than this is emphasised prose, not an item
_BOLD_SHARE = 0.9  # emphasis covering this much of a sentence makes it a bold sentence
_ENDS = ".。!！?？"


@dataclass(frozen=True)
class Item:
    text: str
    chunk_id: str


@dataclass(frozen=True)
class SectionRead:
    doc_id: str
    title: str
    chunk_ids: tuple[str, ...]  # in reading order, the sub-sections' included
    items: tuple[Item, ...]  # its item headings; empty for a section of prose
    sentences: tuple[Item, ...]  # its own whole sentences, the sub-sections' included
    terms: frozenset[str]


def find_section(
    corpus: Corpus, doc_ids: Sequence[str], topic: str, ignore: Iterable[str] = ()
) -> SectionRead | None:
    """The section of the scope whose heading the topic's words match best, or None when
    no heading holds every one of them and most of its words besides: a question asking
    more than its topic ("the capital of China" of "Capital Resources", "who starred in"
    of a drama's article) asks a fact in it, which the sentence search finds.
    ``ignore``: the words naming the scope's documents and companies."""
    asked = topic_terms(topic, ignore)
    if not asked:
        return None
    best: tuple[tuple[float, float, int], SectionRead] | None = None
    for doc_id in doc_ids:
        for sec in _sections(corpus, doc_id):
            met = meets(asked, sec.terms)
            if met != asked or 2 * len(met) < len(sec.terms):
                continue
            key = (len(met) / len(asked), len(met) / len(sec.terms), min(len(sec.chunk_ids), 50))
            if best is None or key > best[0]:
                best = (key, sec)
    if best is None:  # no heading uses the topic's words: one may name it in others
        return by_meaning(corpus, doc_ids, topic, ignore) or named_within(
            corpus, doc_ids, topic, ignore
        )
    return None if _fact_of_subject(topic, best[1]) else best[1]


def _fact_of_subject(topic: str, sec: SectionRead) -> bool:
    """A Chinese question opening with the heading and asking one fact of it ("银杏以什么
    为食？" of the article "银杏", its other words all question words): the heading is the
    subject the fact is asked of, which the sentence search finds."""
    opens = topic.lstrip().lower().startswith(sec.title.strip().lower())
    return opens and cjk_ratio(topic) > 0 and asks_fact(topic)


def named_within(
    corpus: Corpus, doc_ids: Sequence[str], topic: str, ignore: Iterable[str] = ()
) -> SectionRead | None:
    """The section whose whole heading the question says, its rarest word included, when
    the question says more besides ("Do sales rise and fall with the seasons?":
    "Seasonality"; "Which business did it acquire?": "Acquisitions"): the heading names
    the topic, the other words what the question asks of it. The longest such heading
    (the most specific), then the longest section; None when none, or the question names
    something the section never mentions (``_asks_more``), or asks which row is highest
    ("Which geographic area had the biggest drop?": a row of its table, the figures'), or
    opens with the heading ("银杏分布在什么地区？" of the article "银杏": a fact
    asked of the heading's subject, which the sentence search finds), or is Chinese and
    asks one fact wherever it says the heading (a person, a place, a date, a figure, a
    cause, "什么反应": ``asks_fact``). An English who/where question says the topic a
    heading names ("Who does it compete with?": "Competition"), not a subject's name. An
    everyday word for what a heading is about names it as its own words do ("Which
    buildings …?": "Properties"; ``heading_synonyms.py``)."""
    if asks_extreme(topic) or (cjk_ratio(topic) > 0 and asks_fact(topic)):
        return None
    asked = topic_terms(topic, ignore)
    from agent.models.phrasing import phrasing_words  # agent.models imports this module

    skip = frozenset(stem(w) for w in ignore) | phrasing_words(topic)
    words = topic_words(same_topic_words(topic), generic(), skip)
    if not asked or not words:
        return None
    # the heading the question's rarest word names; else one an everyday word for what a
    # heading is about names ("buildings" of "Properties": heading_synonyms.json)
    rare = meets(frozenset({stem(rarest(words))}), asked)
    said = _said_whole(corpus, doc_ids, topic, ignore, asked=asked, rares=[rare] if rare else [])
    if said is not None:
        return said
    named = asked | named_headings(topic)
    found = _said_whole(corpus, doc_ids, topic, ignore, asked=named, rares=naming(topic))
    text = " ".join([found.title, *(i.text for i in found.sentences)]) if found else ""
    return None if found is None or asks_beyond(words, text) else found


def _said_whole(
    corpus: Corpus,
    doc_ids: Sequence[str],
    topic: str,
    ignore: Iterable[str],
    *,
    asked: frozenset[str],
    rares: Sequence[frozenset[str]],
) -> SectionRead | None:
    """The longest heading (then section) whose words the question says whole, one of
    ``rares`` among them (``named_within``)."""
    opening = topic.lstrip().lower()
    best: tuple[tuple[int, int], SectionRead] | None = None
    for doc_id in doc_ids if rares else ():
        for sec in _sections(corpus, doc_id):
            if meets(sec.terms, asked) != sec.terms:
                continue
            if not any(meets(rare, sec.terms) == rare for rare in rares):
                continue
            if opening.startswith(sec.title.strip().lower()):
                continue  # the heading is the question's subject: it asks a fact of it
            key = (len(sec.terms), min(len(sec.chunk_ids), 50))
            if (best is None or key > best[0]) and not _asks_more(topic, ignore, sec):
                best = (key, sec)
    return best[1] if best else None


def find_note(corpus: Corpus, doc_ids: Sequence[str], key: str) -> SectionRead | None:
    """The note of the financial statements numbered ``key`` ("NOTE 13. DEBT", "附注十三、
    借款"): where a sentence pointing to "Note 13" sends the reader. The first document
    of the scope holding one."""
    for doc_id in doc_ids:
        for sec in _sections(corpus, doc_id):
            if heads_note(sec.title, key):
                return sec
    return None


def by_meaning(
    corpus: Corpus,
    doc_ids: Sequence[str],
    topic: str,
    ignore: Iterable[str] = (),
    limits: Thresholds | None = None,
) -> SectionRead | None:
    """The section that is about what the topic says, in other words ("Is anyone suing
    them?": "Legal Proceedings"; ``topic_match.py``); None without a dense model or when
    no section is near enough."""
    embedder = corpus.embedder()
    from agent.models.phrasing import phrasing_words  # agent.models imports this module

    skip = frozenset(stem(w) for w in ignore) | phrasing_words(topic)
    asked = topic_words(topic, generic(), skip)
    # the thresholds are fitted on English headings: Chinese phrases sit higher on the
    # model's scale (an unrelated pair near 0.9), so a Chinese topic matches words only
    if embedder is None or not asked or len(asked) > MAX_WORDS or cjk_ratio(topic) > 0:
        return None
    found: tuple[float, SectionRead] | None = None
    for doc_id in doc_ids:
        secs = meaning_sections(corpus, doc_id)
        if secs is None:
            continue
        reads, sections = secs
        try:
            m = accepted(nearest(embedder, topic, asked, sections), limits)
        except EmbeddingError:  # the answer goes on without it: search finds the sentences
            log.warning("sections of %s not compared by meaning", doc_id, exc_info=True)
            return None
        if m is None or _asks_more(topic, ignore, reads[m.index]):
            continue
        if found is None or m.score > found[0]:
            found = (m.score, reads[m.index])
    return found[1] if found else None


def _asks_more(topic: str, ignore: Iterable[str], sec: SectionRead) -> bool:
    """Does the topic name something (a capitalised word within it) that the section's
    heading and opening never mention? Then it asks about that ("What currency does Japan
    use?" of "Foreign Currency"), not about the section's topic."""
    skip = {stem(w) for w in ignore}
    names = {stem(w.lower()) for w in _NAME.findall(topic)} - skip
    said = sec.terms | {stem(w.lower()) for w in _WORD.findall(_opening_text(sec))}
    return bool(names - said)


def _opening_text(sec: SectionRead) -> str:
    return " ".join(i.text for i in sec.sentences[:2])


_NAME = re.compile(r"(?<=\s)[A-Z][a-z]+")  # capitalised after the first word: a name
_WORD = re.compile(r"\w+")


def meaning_sections(corpus: Corpus, doc_id: str) -> tuple[list[SectionRead], Sections] | None:
    """The document's sections with English headings naming a topic, as the match by
    meaning reads them; None when the document or the dense model is gone."""
    embedder = corpus.embedder()
    version = _version(corpus, doc_id)
    if embedder is None or version is None:
        return None
    secs = [(sec, topic_words(sec.title, generic())) for sec in _sections(corpus, doc_id)]
    secs = [(sec, words) for sec, words in secs if words and not cjk_ratio(sec.title)]
    heads = [words for _, words in secs]
    openings = [opening(w, [_opening_text(sec)]) for sec, w in secs]
    key = (*version, getattr(embedder, "name", ""))
    return [sec for sec, _ in secs], Sections(key, heads, openings)


def _version(corpus: Corpus, doc_id: str) -> tuple[str, str, str] | None:
    """What keys a document's sections: its workspace, id and stored version."""
    try:
        doc = corpus.document(doc_id)
    except Exception:  # a document gone from the store has no sections to read
        log.warning("no sections for %s", doc_id, exc_info=True)
        return None
    return (corpus.workspace, doc_id, f"{doc.content_hash}:{doc.chunks}:{doc.updated_at}")


def _sections(corpus: Corpus, doc_id: str) -> tuple[SectionRead, ...]:
    key = _version(corpus, doc_id)
    if key is None:
        return ()
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is None:
        hit = _indexed(corpus, doc_id)
        with _LOCK:
            _CACHE[key] = hit  # the version keys it: a re-ingested document is read again
            while len(_CACHE) > _CACHED:
                _CACHE.popitem(last=False)
    return hit


_CACHED = 8
_CACHE: OrderedDict[tuple[str, str, str], tuple[SectionRead, ...]] = OrderedDict()
_LOCK = threading.Lock()


def _indexed(corpus: Corpus, doc_id: str) -> tuple[SectionRead, ...]:
    """Each heading of the document with its section's chunks and item headings."""
    text = corpus.doc_text(doc_id)
    blocks = corpus.blocks(doc_id)
    cells = column_heads(blocks)  # "Three Months Ended …" beside "Six Months Ended …"
    bold = {b.n for b in blocks if b.bold} - cells
    out: list[SectionRead] = []
    for sec in text.sections[1:]:
        tree = text.subtree(sec.idx)
        held = [i for s in tree for i in text.sections[s].sentences]
        said = [text.sentences[i] for i in sorted(held)]
        chunks = tuple(dict.fromkeys(s.chunk_id for s in said))
        if not chunks:  # a heading of the contents page: nothing under it
            continue
        terms = topic_terms(sec.title)
        if terms:
            items = tuple(_items(text, sec.idx, bold, cells))
            own = tuple(Item(s.text, s.chunk_id) for s in said if s.whole)
            out.append(SectionRead(doc_id, sec.title, chunks, items, own, terms))
    return tuple(out)


def _items(
    text: DocText, idx: int, bold: set[int], cells: frozenset[int] = frozenset()
) -> list[Item]:
    """The section's sub-headings with something under them; else its bold paragraphs,
    the short title-like ones ("Risks Related to Our Operations") when there are several,
    else the bold sentences."""
    sec = text.sections[idx]
    subs = [
        Item(text.sections[c].title, text.sections[c].chunk_id or "")
        for c in sec.children
        if text.sections[c].sentences or text.sections[c].children
    ]
    if len(subs) >= 2:
        return [i for i in subs if i.chunk_id]
    paragraphs: dict[int, list[int]] = {}
    for s in text.subtree(idx):
        for i in text.sections[s].sentences:
            paragraphs.setdefault(text.sentences[i].block, []).append(i)
    found: list[Item] = []
    for block, ids in paragraphs.items():
        said = " ".join(text.sentences[i].text for i in ids)
        if len(said) > _ITEM_CHARS or not all(text.sentences[i].whole for i in ids):
            continue
        if _CELLS.search(said):  # a table's header row set in columns, not a heading
            continue
        if block in bold or (block not in cells and all(_emphasised(text, i) for i in ids)):
            found.append(Item(said, text.sentences[ids[0]].chunk_id))
    titles = [i for i in found if i.text[-1:] not in _ENDS]
    items = titles if len(titles) >= 2 else [i for i in found if i.text[-1:] in _ENDS]
    return items if len(items) >= 2 else []


# words two or more spaces apart: cells of a row, as a table the parser did not take for one
# prints its (bold) header ("Location  Square Feet  Use")
_CELLS = re.compile(r"\S {2,}\S")


def _emphasised(text: DocText, i: int) -> bool:
    s = text.sentences[i]
    return sum(len(e) for e in s.emphasis) >= _BOLD_SHARE * len(s.text.rstrip(_ENDS))
