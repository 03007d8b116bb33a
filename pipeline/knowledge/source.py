"""A document as the knowledge components read it: a section tree of located sentences.

Built from the stored blocks (clean paragraphs, heading levels, emphasis) and
mapped onto the stored chunks, so every sentence knows its chunk id and page —
the evidence every extracted item must keep.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal

from pipeline.knowledge.title import reader_title
from pipeline.models import Block, Chunk
from pipeline.parse.headings import numbering_level
from pipeline.store.documents import DocumentStore
from pipeline.text.lang import join_lines, script_language, split_sentences
from pipeline.text.normalise import no_spaces, single_spaces
from pipeline.text.script import CJK_SPAN_RE

SentenceKind = Literal["prose", "list"]

_BULLET = re.compile(r"^(?:[-•●○◦▪■□◆◇·‣⁃*]|[①-⑳])\s*")
_MD_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__")
_DOTTED_NUM = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,4})\.?(?=\s|、|[^\d.])")
_NAMED_NUM = re.compile(
    r"^(第[一二三四五六七八九十百零〇0-9]+[章节篇部条编]|"
    r"(?:chapter|part|section|article|item)\s+(?:\d{1,2}(?:\.\d{1,2})+|[0-9ivxlc]+[a-z]?))",
    re.I,
)


@dataclass(slots=True)
class Sentence:
    idx: int
    text: str
    section: int
    page: int
    chunk_id: str
    block: int
    kind: SentenceKind = "prose"
    emphasis: list[str] = field(default_factory=list)
    whole: bool = True  # False when a chunk boundary cuts the sentence: not quotable whole


@dataclass(slots=True)
class Section:
    idx: int
    title: str
    level: int
    label: str
    parent: int | None
    page_start: int
    page_end: int
    chunk_id: str | None = None
    children: list[int] = field(default_factory=list)
    sentences: list[int] = field(default_factory=list)


@dataclass(slots=True)
class TableInfo:
    rows: list[list[str]]
    page: int
    chunk_id: str
    section: int


@dataclass
class DocText:
    doc_id: str
    title: str
    lang: str
    sections: list[Section]
    sentences: list[Sentence]
    tables: list[TableInfo] = field(default_factory=list)
    first_chunk: str = ""

    @property
    def pages(self) -> int:
        return max((s.page for s in self.sentences), default=1)

    def wrapper(self) -> Section | None:
        """A single top heading that holds everything (a Markdown '# Title'), if any."""
        root = self.sections[0]
        if len(root.children) == 1 and len(root.sentences) <= 2:
            only = self.sections[root.children[0]]
            return only if only.children else None
        return None

    def top_sections(self) -> list[Section]:
        """The first level of the heading tree below the title."""
        top = self.wrapper() or self.sections[0]
        return [self.sections[i] for i in top.children]

    def section_text(self, idx: int) -> str:
        return " ".join(self.sentences[i].text for i in self.sections[idx].sentences)

    def subtree(self, idx: int) -> list[int]:
        out = [idx]
        for c in self.sections[idx].children:
            out += self.subtree(c)
        return out


def section_label(title: str) -> str:
    """'§3.2' for '3.2 Scope', '第三章' for '第三章 总则', else a short form of the title."""
    t = title.strip()
    m = _DOTTED_NUM.match(t)
    if m and numbering_level(t) is not None:
        return "§" + m.group(1)
    m = _NAMED_NUM.match(t)
    if m:
        return m.group(1)
    if script_language(t) == "zh":
        return "§" + t[:12]
    words = t.split()
    return "§" + " ".join(words[:5]) + ("…" if len(words) > 5 else "")


def _line_key(page: int, box: object, line_no: int | None) -> tuple[object, ...]:
    return (page, tuple(box) if box is not None else None, line_no)  # type: ignore[arg-type]


def _chunk_lookup(chunks: list[Chunk]) -> dict[tuple[object, ...], list[str]]:
    """Line → the chunks holding it (several when a chunk boundary falls inside the line
    or in the overlap between chunks)."""
    out: dict[tuple[object, ...], list[str]] = {}
    for ch in chunks:
        for ref in ch.lines:
            ids = out.setdefault(_line_key(ref.page, ref.box, ref.line_no), [])
            if ch.chunk_id not in ids:
                ids.append(ch.chunk_id)
    return out


def _strip_markdown(text: str) -> tuple[str, list[str]]:
    found: list[str] = []

    def repl(m: re.Match[str]) -> str:
        inner = m.group(1) or m.group(2)
        found.append(inner)
        return inner

    return _MD_STRONG.sub(repl, text), found


class _Builder:
    def __init__(self, doc_id: str, title: str, chunks: list[Chunk]) -> None:
        self.lookup = _chunk_lookup(chunks)
        self.chunk_text = {ch.chunk_id: no_spaces(ch.text) for ch in chunks}
        self.first_chunk = chunks[0].chunk_id if chunks else f"{doc_id}#0"
        self.last_chunk = self.first_chunk
        root = Section(0, title, 0, "§0", None, 1, 1, self.first_chunk)
        self.doc = DocText(doc_id, title, "unknown", [root], [], first_chunk=self.first_chunk)
        self.stack: list[int] = [0]

    def chunk_of(self, block: Block, first_line: int = 0, sentence: str = "") -> str:
        """The chunk of the first mapped line from ``first_line`` on; when the line is in
        several chunks, the one that holds the sentence."""
        head = no_spaces(sentence)[:80]
        for ln in block.lines[first_line:]:
            ids = self.lookup.get(_line_key(block.page, ln.box, ln.line_no))
            if ids:
                # The chunk after the line's last one: a sentence may start at a line's end.
                doc_id, _, n = ids[-1].rpartition("#")
                after = f"{doc_id}#{int(n) + 1}" if n.isdigit() else ids[-1]
                options = [*ids, after] if after in self.chunk_text else ids
                pick = next((c for c in options if head and head in self.chunk_text[c]), ids[0])
                self.last_chunk = pick
                return pick
        return self.last_chunk

    def heading(self, b: Block) -> None:
        sections = self.doc.sections
        level = max(1, b.level)
        while len(self.stack) > 1 and sections[self.stack[-1]].level >= level:
            self.stack.pop()
        parent = self.stack[-1]
        title = single_spaces(b.text)
        sec = Section(len(sections), title, level, section_label(title), parent, b.page, b.page)
        sec.chunk_id = self.chunk_of(b)
        sections.append(sec)
        sections[parent].children.append(sec.idx)
        self.stack.append(sec.idx)

    def touch(self, page: int) -> None:
        for i in self.stack:
            sec = self.doc.sections[i]
            sec.page_end = max(sec.page_end, page)
            if not sec.sentences and sec.page_start > page:
                sec.page_start = page

    def paragraph(self, b: Block) -> None:
        stripped = [_strip_markdown(ln.text) for ln in b.lines] or [_strip_markdown(b.text)]
        # Joined exactly as the chunker joins them, so evidence sentences match chunk text.
        text, spans = join_lines([t.strip() for t, _ in stripped])
        starts = [a for a, _ in spans]
        emph = [e for _, found in stripped for e in found]
        emph += [e for ln in b.lines for e in ln.emph]
        sec = self.stack[-1]
        kind: SentenceKind = "list" if b.kind == "list_item" else "prose"
        line = 0
        for start, end in split_sentences(text):
            s = _BULLET.sub("", text[start:end]).replace("\n", " ")
            if not s:
                continue
            while line + 1 < len(starts) and starts[line + 1] <= start:
                line += 1
            chunk_id = self.chunk_of(b, line, s)  # a long paragraph may span chunks
            idx = len(self.doc.sentences)
            mine = [e for e in emph if e in s]
            held = self.chunk_text.get(chunk_id)
            whole = held is None or no_spaces(s) in held
            self.doc.sentences.append(
                Sentence(idx, s, sec, b.page, chunk_id, b.n, kind, mine, whole)
            )
            self.doc.sections[sec].sentences.append(idx)
        self.touch(b.page)

    def table(self, b: Block) -> None:
        if b.table is None:
            return
        self.doc.tables.append(TableInfo(b.table.rows, b.page, self.chunk_of(b), self.stack[-1]))
        self.touch(b.page)


def build_doc_text(
    doc_id: str, title: str, lang: str, blocks: list[Block], chunks: list[Chunk]
) -> DocText:
    builder = _Builder(doc_id, title, chunks)
    for b in blocks:
        if b.kind in ("header", "footer", "caption") or not b.text.strip():
            continue
        if b.kind == "heading":
            builder.heading(b)
        elif b.kind == "table":
            builder.table(b)
        else:
            builder.paragraph(b)
    doc = builder.doc
    root = doc.sections[0]
    root.page_start = 1
    root.page_end = max([s.page_end for s in doc.sections] + [doc.pages])
    doc.lang = lang if lang in ("zh", "en") else _guess_lang(doc)
    root.label = "§前言" if doc.lang == "zh" else "§intro"
    return doc


def _guess_lang(doc: DocText) -> str:
    sample = " ".join(s.text for s in doc.sentences[:200])
    lang = script_language(sample)
    return "zh" if lang in ("zh", "mixed") and CJK_SPAN_RE.search(sample) else "en"


_CACHE: OrderedDict[tuple[str, str], DocText] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def load_doc_text(store: DocumentStore, doc_id: str) -> DocText:
    """The document's DocText; consecutive stages of one document share one copy."""
    doc = store.require(doc_id)
    key = (doc_id, f"{doc.content_hash}:{doc.chunks}:{doc.updated_at}")
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    blocks = store.blocks(doc_id)
    title = reader_title(blocks, doc.title, doc.name)
    text = build_doc_text(doc_id, title, doc.language, blocks, store.chunks(doc_id))
    with _CACHE_LOCK:
        _CACHE[key] = text
        while len(_CACHE) > 2:
            _CACHE.popitem(last=False)
    return text
