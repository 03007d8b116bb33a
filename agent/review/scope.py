"""The review's documents, read once: blocks, labels, references and each block's unit.

A *unit* is the smallest stretch of the section or clause tree a block belongs to: a
numbered clause ("第十二条", "Section 3.2") when the block opens one, else the nearest
heading. Coverage is counted in units, citations name them.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Literal

from pipeline.corpus import Corpus
from pipeline.models import Block, Chunk
from pipeline.perceive.models import Labelled, Perception
from pipeline.perceive.references import normalise_key
from pipeline.text import lexicon
from pipeline.text.boilerplate import heading_kind, signs_report
from pipeline.text.lang import cjk_ratio, split_sentences
from pipeline.text.normalise import single_spaces
from pipeline.text.script import HAN_RE, is_han_char

_UNIT_HEAD = re.compile(
    r"^\s*(?:(第\s*[\d一二三四五六七八九十百零〇]+\s*[条章节])|(?:Section|Article|Clause|Item)\s+"
    r"(\d+(?:\.\d+)*[A-Z]?)|§\s*(\d+(?:\.\d+)*)|(\d+(?:\.\d+)+)\s)",
    re.I,
)
_SECTION_CHARS = 24
_ENDS_SENTENCE = re.compile(r"[.!?。！？:：;；)）\]”\"’']\s*$")
_OPENS_LOWER = re.compile(r"^\s*[a-z]")
_LOOK_AHEAD = 12
_SAME_TYPE = 0.6  # points


def unit_label(text: str) -> str | None:
    """'§3.2' / '第十二条' when ``text`` opens a numbered unit, else None."""
    m = _UNIT_HEAD.match(text)
    if not m:
        return None
    if m.group(1):
        return re.sub(r"\s+", "", m.group(1))
    key = m.group(2) or m.group(3) or m.group(4)
    return f"§{normalise_key(key).upper() if key[-1:].isalpha() else key}"


def short_heading(text: str) -> str:
    text = single_spaces(text)
    return text if len(text) <= _SECTION_CHARS else text[: _SECTION_CHARS - 1] + "…"


@dataclass
class DocView:
    doc_id: str
    name: str
    language: str
    blocks: list[Block]
    perception: Perception
    chunks: list[Chunk]
    units: dict[int, str] = field(default_factory=dict)
    _tails: dict[int, str] = field(default_factory=dict, repr=False)

    @cached_property
    def by_n(self) -> dict[int, Block]:
        return {b.n: b for b in self.blocks}

    @cached_property
    def labels(self) -> dict[int, Labelled]:
        return {x.n: x for x in self.perception.labels}

    @cached_property
    def headings(self) -> dict[int, tuple[str, ...]]:
        """Each body block's headings, outermost first (at most the two nearest levels)."""
        out: dict[int, tuple[str, ...]] = {}
        stack: list[tuple[int, str]] = []
        for b in self.body():
            if b.kind == "heading":
                level = b.level or 1
                stack = [(lv, t) for lv, t in stack if lv < level] + [(level, b.text.strip())]
                continue
            out[b.n] = tuple(t for _, t in stack[-2:])
        return out

    @cached_property
    def page_texts(self) -> dict[int, list[str]]:
        """The body blocks' texts of each page (what a short line is read beside)."""
        out: dict[int, list[str]] = {}
        for b in self.body():
            out.setdefault(b.page, []).append(b.text)
        return out

    @cached_property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks if b.kind not in ("header", "footer"))

    @cached_property
    def signed_page(self) -> int:
        """The page a report is signed on, when the documents filed after it are exhibits,
        not the report: the signature page that prints the report's own attestation ("… has
        duly caused this report to be signed"), wherever it falls (a filing may carry
        hundreds of pages of plans and indentures after it); else a signature heading in
        the last third; 0 otherwise."""
        pages = max((b.page for b in self.blocks), default=0)
        signed = [
            b.page
            for b in self.body()
            if b.kind == "heading" and heading_kind(b.text) == "signature" and len(b.text) < 40
        ]
        attested = {b.page for b in self.body() if signs_report(b.text)}
        own = [p for p in signed if p in attested or p + 1 in attested]
        if own:
            return min(own)
        return min((p for p in signed if p >= pages * 2 / 3), default=0)

    @cached_property
    def _statements_by_page(self) -> dict[int, tuple[int, int]]:
        """Per page, (statements, statements that bind a party)."""
        out: dict[int, tuple[int, int]] = {}
        for b in self.body():
            if b.kind in ("heading", "caption") or b.table is not None:
                continue
            for a, z in split_sentences(b.text):
                if _statement(s := b.text[a:z]):
                    n, k = out.get(b.page, (0, 0))
                    out[b.page] = (n + 1, k + (1 if _binds().search(s) else 0))
        return out

    def binding_share(self, page: int, reach: int = 1) -> float:
        """The share of the statements (body sentences of a few words) on ``page`` and the
        ``reach`` pages either side that bind a party — a word of the lexicon's duty
        classes ('shall', 'is required to', '须', '不得'). The clauses of a contract, a
        policy or a rule are made of them, whatever schedules follow; a report's pages
        state what happened and bind in few. What a kept finding needs to count as stated
        depends on it (``curate.stated``)."""
        near = range(page - reach, page + reach + 1)
        counts = [self._statements_by_page.get(p, (0, 0)) for p in near]
        n = sum(c[0] for c in counts)
        return sum(c[1] for c in counts) / n if n else 0.0

    def body(self) -> list[Block]:
        return [b for b in self.blocks if b.kind not in ("header", "footer")]

    @cached_property
    def _next_body(self) -> dict[int, Block]:
        """Each body block's successor in the running text: the next block in reading
        order set in the same type, on its page or the next (footnotes, which read after
        a page's body in smaller type, and headers are passed over)."""
        body = [b for b in self.body() if b.kind not in ("heading", "caption") and not b.table]
        out: dict[int, Block] = {}
        for i, a in enumerate(body):
            for b in body[i + 1 : i + 1 + _LOOK_AHEAD]:
                if b.page > a.page + 1:
                    break
                if abs((a.font_size or 0) - (b.font_size or 0)) <= _SAME_TYPE:
                    out[a.n] = b
                    break
        return out

    @cached_property
    def _prev_body(self) -> dict[int, int]:
        return {b.n: a for a, b in self._next_body.items()}

    def continuation(self, n: int) -> str:
        """The words that finish block ``n``'s last sentence when the layout cut it (a
        column that ends mid-sentence goes on at the top of the next): the next block's
        text up to its first sentence end. '' when block ``n`` ends its sentence."""
        if n in self._tails:
            return self._tails[n]
        block, nxt = self.by_n.get(n), self._next_body.get(n)
        tail = ""
        if block and nxt and _carries_on(block, nxt):
            spans = split_sentences(nxt.text)
            tail = nxt.text[: spans[0][1]].strip() if spans else ""
        self._tails[n] = tail
        return tail

    def running_text(self, n: int) -> str:
        """Block ``n``'s text with the end of a sentence the layout carried over."""
        tail = self.continuation(n)
        return f"{self.by_n[n].text} {tail}" if tail else self.by_n[n].text

    def continues_previous(self, n: int) -> bool:
        """Block ``n`` opens with the end of the previous block's sentence."""
        prev = self._prev_body.get(n)
        return prev is not None and bool(self.continuation(prev))

    def unit_of(self, n: int, quote: str) -> str:
        """The unit ``quote`` of block ``n`` sits in: the last numbered clause a sentence of
        the block opens at or before the quote ("4.2 …" after "4.1 …" in one block the
        layout merged), else the block's own unit."""
        text = self.by_n[n].text
        at = text.find(quote[:40].strip()) if quote else -1
        unit = self.units.get(n, "")
        if at < 0:
            return unit
        for start, _ in split_sentences(text):
            if start > at:
                break
            unit = unit_label(text[start:]) or unit
        return unit

    def chunk_for(self, block: Block, quote: str) -> Chunk | None:
        """The chunk holding ``quote`` from ``block`` (for the click-to-highlight)."""
        probe = quote[:60]
        for ch in self.chunks:
            if ch.page_start <= block.page <= ch.page_end and probe in ch.text:
                return ch
        return None


_STATEMENT_WORDS = 6  # fewer: a label, a heading or a cell read as a sentence
_STATEMENT_HAN = 10


def _statement(sentence: str) -> bool:
    han = sum(1 for c in sentence if is_han_char(c))
    return len(sentence.split()) >= _STATEMENT_WORDS or han >= _STATEMENT_HAN


@cache
def _binds() -> re.Pattern[str]:
    """A word that binds a party: the lexicon's duty classes, English on word boundaries
    (case-insensitive), Chinese anywhere."""
    names = ("duties.obligation.modal", "duties.obligation.said", "duties.prohibition.said")
    words = [w for n in names for w in lexicon.words(n)]
    latin = [lexicon.escape(w) for w in words if not HAN_RE.search(w)]
    han = [lexicon.escape(w) for w in words if HAN_RE.search(w)]
    return re.compile(rf"(?<![A-Za-z])(?:{'|'.join(latin)})(?![A-Za-z])|{'|'.join(han)}", re.I)


def _carries_on(block: Block, nxt: Block) -> bool:
    """Block ``block``'s last sentence goes on in ``nxt``: it has no end mark and the next
    opens in lower case; Chinese has no case, so a paragraph ending in Chinese without an
    end mark goes on in the next paragraph unless that opens a numbered unit of its own
    ("…《数据中心 资源利用" | "第3部分：…》每季度测量…")."""
    if _ENDS_SENTENCE.search(block.text):
        return False
    if _OPENS_LOWER.match(nxt.text):
        return True
    return (
        block.kind == nxt.kind == "paragraph"
        and cjk_ratio(block.text[-20:]) > 0.5
        and cjk_ratio(nxt.text[:20]) > 0.3
        and not unit_label(nxt.text)
    )


def assign_units(blocks: list[Block]) -> dict[int, str]:
    """Each block's unit: the numbered clause it opens or sits in, else its heading."""
    units: dict[int, str] = {}
    heading = ""
    clause = ""
    for b in blocks:
        if b.kind in ("header", "footer"):
            continue
        label = unit_label(b.text)
        if b.kind in ("heading", "caption"):  # a table's caption ('表1 …') heads the table
            heading = label or short_heading(b.text)
            clause = ""
        elif label:
            clause = label
        units[b.n] = clause or heading
    return units


class ReviewScope:
    """The documents of one review. Tools read from here and take no wider scope: the
    ``corpus`` (reads only, of the review's documents only) is all they reach."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.doc_ids = corpus.doc_ids
        self._views: dict[str, DocView] = {}
        self._lock = threading.Lock()

    def view(self, doc_id: str) -> DocView:
        if doc_id not in self.doc_ids:
            raise KeyError(doc_id)
        with self._lock:
            found = self._views.get(doc_id)
            if found is None:
                doc = self.corpus.document(doc_id)
                blocks = self.corpus.blocks(doc_id)
                found = DocView(
                    doc_id=doc_id,
                    name=doc.name,
                    language=doc.language,
                    blocks=blocks,
                    perception=self.corpus.perception(doc_id),
                    chunks=self.corpus.chunks(doc_id),
                    units=assign_units(blocks),
                )
                self._views[doc_id] = found
            return found

    def views(self) -> list[DocView]:
        return [self.view(d) for d in self.doc_ids]


def document_language(scope: ReviewScope) -> Literal["zh", "en"]:
    """The language the documents are written in (a review judges findings in it)."""
    views = scope.views()
    if any(v.language == "zh" for v in views):
        return "zh"
    if all(v.language == "en" for v in views):
        return "en"
    return "zh" if cjk_ratio(views[0].text[:4000]) >= 0.3 else "en"
