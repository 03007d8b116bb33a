"""Extractive summary: the most representative sentences of each section and one per
top-level section for the whole document, each cited as ``[p12, §3.2]``.

Coverage is checked in code: when the overview represents fewer than 85 % of the
top-level sections, it says which ones it left out (sections of only tables or
figures have no sentence to quote).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from pipeline.knowledge.describe import owner_name, self_description
from pipeline.knowledge.keyphrases import cut_zh
from pipeline.knowledge.models import SectionSummary, Summary, SummarySentence
from pipeline.knowledge.scope import read_only, report_end
from pipeline.knowledge.source import DocText, Sentence
from pipeline.knowledge.title import REGISTRANT
from pipeline.knowledge.wordlists import word_lists
from pipeline.text.boilerplate import heading_kind, is_boilerplate
from pipeline.text.lexicon import pattern
from pipeline.text.normalise import no_spaces
from pipeline.text.script import HAN_SPAN, UNIFIED_RE
from pipeline.text.segment import EN_STOPWORDS, ZH_STOPWORDS

COVERAGE_TARGET = 0.85
_OPENERS = pattern("sentence_openers.leaning", template="^(?:{})", flags=re.I)
_NUMBERS = re.compile(r"\d[\d,.%]*")
# Form boilerplate: check boxes ("☒", "□适用 √不适用" of Chinese periodic reports).
_FORM = re.compile(r"[☐☒☑■□]|indicate by check mark|请在.{0,6}打|√\s*(?:不)?适用", re.I)
_CODE = re.compile(r"[{}<>=|]|->|\bdef\b|\bimport\b|\w\(\)|\w_\w|\.py\b")
# A footnote ("(1) Operating lease obligations do not include…", "1 Non-GAAP financial
# measure; refer to …"), a list item of a
# certification ("a) All significant deficiencies…") or a cross-reference is no prose.
_NOT_PROSE = re.compile(
    r"^(?:\(?\d{1,2}\)|[a-z]\)|\([a-z]\))\s|^\d{1,2}\s+(?=[A-Z])|^注\s*[:：\d]"
    r"|\bincorporated (?:herein )?by reference\b",
    re.I,
)


def _readable(s: Sentence) -> bool:
    if not s.whole:
        return False
    text = s.text
    zh = len(UNIFIED_RE.findall(text))
    size = zh + len(re.findall(r"[A-Za-z]+", text))
    if s.kind != "prose" and size < 12:
        return False
    if not (8 <= size <= 120 if zh else 6 <= size <= 70):
        return False
    if len(_NUMBERS.findall(text)) > max(4, size // 5):
        return False  # a row of figures, not a statement
    if len(_CODE.findall(text)) >= 2 or _FORM.search(text) or _NOT_PROSE.search(text):
        return False  # source code, form boilerplate or footnotes, not prose
    if is_boilerplate(text):
        return False  # a legal notice printed whatever the document is about
    if not zh and text[:1].islower():
        return False  # the rest of a sentence broken by a page or a chunk: a fragment
    if not zh:
        words = re.findall(r"[A-Za-z][\w'’-]*", text)
        lower = sum(1 for w in words if w[0].islower())
        if lower < 0.4 * len(words):
            return False  # a title-case list entry ("101.SCH Inline XBRL Taxonomy…")
    return not text.rstrip().endswith((":", "：", ",", "，"))


def _weights(doc: DocText) -> dict[str, float]:
    """IDF of words over sections: words that mark a section weigh more."""
    df: Counter[str] = Counter()
    for sec in doc.sections:
        df.update(set(w for i in sec.sentences for w in _content(doc.sentences[i].text)))
    n = max(1, len(doc.sections))
    return {w: math.log(1 + n / c) for w, c in df.items()}


_WORD = re.compile(f"[{HAN_SPAN}]+" + r"|[A-Za-z][A-Za-z0-9'-]*")


@lru_cache(maxsize=16384)
def _content(text: str) -> tuple[str, ...]:
    """Content words; Chinese is cut with the same cached jieba pass the terms used."""
    out: list[str] = []
    for m in _WORD.finditer(text):
        tok = m.group(0)
        parts = cut_zh(tok) if tok[0] >= HAN_SPAN[0] else (tok.lower(),)
        out += [w for w in parts if len(w) > 1 and w not in EN_STOPWORDS and w not in ZH_STOPWORDS]
    return tuple(out)


def _score(s: Sentence, rank_in_sec: int, centroid: Counter[str], idf: dict[str, float]) -> float:
    toks = set(_content(s.text))
    if not toks:
        return 0.0
    overlap = math.fsum(centroid[w] * idf.get(w, 1.0) for w in toks) / (len(toks) ** 0.5)
    position = 1.5 if rank_in_sec == 0 else (0.6 if rank_in_sec < 3 else 0.0)
    opener = 1.0 if _OPENERS.match(s.text) else 0.0
    return overlap / (1 + max(centroid.values(), default=1)) + position - opener


def _best(doc: DocText, sentence_ids: list[int], k: int, idf: dict[str, float]) -> list[Sentence]:
    cands = [doc.sentences[i] for i in sentence_ids if _readable(doc.sentences[i])]
    if not cands:
        return []
    centroid: Counter[str] = Counter(w for s in cands for w in set(_content(s.text)))
    scored = sorted(
        ((_score(s, r, centroid, idf), s.idx) for r, s in enumerate(cands)),
        key=lambda x: (-x[0], x[1]),
    )
    chosen = sorted(i for _, i in scored[:k])
    return [doc.sentences[i] for i in chosen]


def _cite(doc: DocText, s: Sentence) -> SummarySentence:
    return SummarySentence(
        text=s.text,
        page=s.page,
        section=doc.sections[s.section].label,
        chunk_id=s.chunk_id,
        section_index=s.section,
    )


def top_ancestor(doc: DocText, sec: int) -> int:
    tops = {s.idx for s in doc.top_sections()}
    while sec not in tops and doc.sections[sec].parent is not None:
        sec = doc.sections[sec].parent or 0
    return sec


def coverage(doc: DocText, sentences: list[SummarySentence]) -> tuple[float, list[str]]:
    """Share of top-level sections cited by these sentences, and the ones left out
    (front and back matter is not expected to be summarised)."""
    skip = front_back_matter(doc)
    # A cover's heading ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION") may hold the
    # front matter after it; nothing there is expected to be summarised.
    end = cover_end(doc)
    top = [t for t in doc.top_sections() if t.idx not in skip and not t.page_start <= end]
    if not top:
        return 1.0, []
    cited = {top_ancestor(doc, s.section_index) for s in sentences}
    left = [_named(t.label, t.title) for t in top if t.idx not in cited]
    return round((len(top) - len(left)) / len(top), 3), left


def _named(label: str, title: str) -> str:
    """A section as a reader names it: its label and title, the label once when the
    title already begins with it ("PART IV", not "PART IV PART IV")."""
    if _squash(title).startswith(_squash(label)):
        return title.strip()
    return f"{label} {title}".strip()


COVER_MIN_PAGES = 10  # a report this long opens with a cover page, not with content


def _squash(text: str) -> str:
    return no_spaces(text).lower()


def cover_end(doc: DocText) -> int:
    """The last page of a report's cover and front matter: the page before the heading its
    body opens with ("PART I", "Item 1.", "第一节"; wordlists.json "body_start"), or the
    first page when it has none; 0 for a document without a cover."""
    if not has_cover(doc):
        return 0
    starts = word_lists().body_start
    for sec in doc.sections[1:]:
        if (sec.title.strip().lower() + " ").startswith(starts):
            return max(1, sec.page_start - 1)
    return 1


def has_cover(doc: DocText) -> bool:
    """A long report opens with a cover page; so does a filing of any length, whose first
    page names the registrant ('(Exact name of registrant as specified in its charter)')."""
    if doc.pages >= COVER_MIN_PAGES:
        return True
    return any(s.page == 1 and REGISTRANT.match(s.text) for s in doc.sentences[:200])


def named_matter(doc: DocText) -> set[int]:
    """Sections whose titles name front or back matter (signatures, certifications,
    exhibit indexes), with everything under them: they say how a document is filed or
    signed, not what it is about (neither the summary nor the terms read them)."""
    out: set[int] = set()
    for sec in doc.sections[1:]:
        if heading_kind(sec.title) is not None:
            out.update(doc.subtree(sec.idx))
    return out


def front_back_matter(doc: DocText) -> set[int]:
    """What the summary passes over: the named matter, the cover page of a report, and a
    heading that only repeats the document's title (Word's Title style)."""
    out = named_matter(doc)
    end, last = cover_end(doc), report_end(doc)
    own_title = _squash(doc.title)
    for sec in doc.sections[1:]:
        on_cover = sec.page_end <= end
        title_page = _squash(sec.title) == own_title and not sec.children
        if on_cover or title_page or sec.page_start > last:  # last: exhibits filed after it
            out.update(doc.subtree(sec.idx))
    return out


def _off_cover(doc: DocText, ids: list[int]) -> list[int]:
    """Sentences not on the cover of a report (registrant, form, check boxes, shares
    outstanding)."""
    end = cover_end(doc)
    return [i for i in ids if doc.sentences[i].page > end]


def build_summary(doc: DocText) -> Summary:
    doc = read_only(doc)  # no boilerplate, no exhibits filed after a report's signatures
    idf = _weights(doc)
    skip = front_back_matter(doc)
    sections: list[SectionSummary] = []
    for sec in doc.sections:
        n = len(sec.sentences)
        if n == 0 or sec.idx in skip:
            continue
        k = 1 if n < 6 else (2 if n < 20 else 3)
        picked = _best(doc, _off_cover(doc, sec.sentences), k, idf)
        if picked:
            sections.append(
                SectionSummary(
                    section=sec.idx,
                    title=sec.title,
                    label=sec.label,
                    level=sec.level,
                    sentences=[_cite(doc, s) for s in picked],
                )
            )
    overview: list[SummarySentence] = []
    top = [sec for sec in doc.top_sections() if sec.idx not in skip]
    cover = has_cover(doc)
    # A heading on a report's cover ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION")
    # holds the front matter after it: not what the report is about (``coverage`` does not
    # expect it either), unless it is all there is
    end = cover_end(doc)
    body = [sec for sec in top if not sec.page_start <= end]
    top = body or top
    # What a report prints before its first heading is its cover, however many pages it
    # takes (a filing's second page: shares outstanding, documents incorporated)
    if not (top and cover):
        intro = _best(doc, _off_cover(doc, doc.sections[0].sentences), 1, idf)
        overview += [_cite(doc, s) for s in intro]
    for sec in top:
        subs = [sub for sub in doc.subtree(sec.idx) if sub not in skip]
        ids = _off_cover(doc, [i for sub in subs for i in doc.sections[sub].sentences])
        picked = _best(doc, ids, 1, idf)
        if picked:
            overview.append(_cite(doc, picked[0]))
    if not top:
        overview = [_cite(doc, s) for s in _spread(doc, idf)]
    described = _described(doc, skip)
    if described is not None:  # what the subject is or does opens the overview
        overview = [_cite(doc, described)] + [s for s in overview if s.text != described.text]
    share, left_out = coverage(doc, overview)
    return Summary(
        title=doc.title, overview=overview, sections=sections, coverage=share, left_out=left_out
    )


def _described(doc: DocText, skip: set[int]) -> Sentence | None:
    """The body's sentence saying what the document's subject is or does."""
    body = [
        doc.sentences[i]
        for i in _off_cover(doc, [s.idx for s in doc.sentences if s.section not in skip])
        if _readable(doc.sentences[i])
    ]
    i = self_description([s.text for s in body], owner_name(doc.title))
    return body[i] if i is not None else None


def _spread(doc: DocText, idf: dict[str, float], parts: int = 6) -> list[Sentence]:
    """No headings: the best sentence of each stretch of the document."""
    ids = doc.sections[0].sentences
    if not ids:
        return []
    size = max(1, math.ceil(len(ids) / parts))
    out: list[Sentence] = []
    for i in range(0, len(ids), size):
        out += _best(doc, ids[i : i + size], 1, idf)
    return out


def summary_markdown(summary: Summary, title: str, *, lang: str = "en") -> str:
    zh = lang == "zh"
    lines = [f"# {title}", "", "## " + ("全文摘要" if zh else "Overview"), ""]
    lines += [f"- {s.text} {s.citation}" for s in summary.overview] or ["-"]
    if summary.left_out:
        note = (
            "摘要未覆盖以下章节（无可引用的正文）：" if zh else ("Not covered (no quotable text): ")
        )
        lines += ["", f"> {note}{'; '.join(summary.left_out)}"]
    lines += ["", "## " + ("分节摘要" if zh else "By section")]
    for sec in summary.sections:
        if sec.section == 0:
            continue
        lines += ["", f"{'#' * min(6, sec.level + 2)} {sec.title}"]
        lines += [f"- {s.text} {s.citation}" for s in sec.sentences]
    return "\n".join(lines) + "\n"
