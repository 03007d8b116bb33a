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

from pipeline.knowledge.cover import COVER_MIN_PAGES, cover_end, has_cover, named_matter
from pipeline.knowledge.describe import about_subject, owner_name, self_description
from pipeline.knowledge.keyphrases import cut_zh
from pipeline.knowledge.models import SectionSummary, Summary, SummarySentence
from pipeline.knowledge.outline import OutlineNode, in_parts, main_sections, reader_outline
from pipeline.knowledge.scope import read_only, report_end
from pipeline.knowledge.source import DocText, Sentence
from pipeline.text.boilerplate import is_boilerplate
from pipeline.text.lexicon import pattern
from pipeline.text.normalise import no_spaces
from pipeline.text.script import HAN_SPAN, UNIFIED_RE
from pipeline.text.segment import EN_STOPWORDS, ZH_STOPWORDS

__all__ = ["COVER_MIN_PAGES", "build_summary", "cover_end", "has_cover", "named_matter"]

COVERAGE_TARGET = 0.85
MAX_POINTS = 8  # main points of the overview after its opening: one screen, not one a section
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


def _best(
    doc: DocText, sentence_ids: list[int], k: int, idf: dict[str, float], owner: str | None = None
) -> list[Sentence]:
    """The ``k`` most representative readable sentences, in reading order; with ``owner``
    (the overview) only whole statements about the document's own subject ("We …",
    "公司…") when there are any, else whole statements (no "1、…" caption), so that the
    points read as one account of one subject."""
    cands = [doc.sentences[i] for i in sentence_ids if _readable(doc.sentences[i])]
    if not cands:
        return []
    centroid: Counter[str] = Counter(w for s in cands for w in set(_content(s.text)))
    ranked = list(enumerate(cands))
    if owner is not None:
        for keep in (lambda t: about_subject(t, owner) and _complete(t), _complete):
            preferred = [(r, s) for r, s in ranked if keep(s.text)]
            if preferred:
                ranked = preferred
                break
    scored = sorted(
        ((_score(s, r, centroid, idf), s.idx) for r, s in ranked), key=lambda x: (-x[0], x[1])
    )
    chosen = sorted(i for _, i in scored[:k])
    return [doc.sentences[i] for i in chosen]


_ENDS = (".", "!", "?", "。", "！", "？", '"', "”", "’", ")", "）")
# "1、…", "三、…", "（二）…": a list entry or a table's caption, not a statement
_ENUMERATED = re.compile(r"^[（(]?[一二三四五六七八九十\d]{1,3}[、）)]")


def _complete(text: str) -> bool:
    """A whole statement: ends as a sentence does and is no numbered list entry."""
    return text.rstrip().endswith(_ENDS) and not _ENUMERATED.match(text.strip())


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
    """Share of the reader's outline's top-level sections (``outline.py``: a report's
    parts, with the notes its parser set beside them back inside) cited by these
    sentences, and the ones left out (front and back matter is not expected to be
    summarised)."""
    skip = front_back_matter(doc)
    # A cover's heading ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION") may hold the
    # front matter after it; nothing there is expected to be summarised.
    end = cover_end(doc)
    wrapper = doc.wrapper()
    top = [
        t
        for t in reader_outline(doc, wrapper.idx if wrapper else 0)
        if t.section not in skip and not doc.sections[t.section].page_start <= end
    ]
    if not top:
        return 1.0, []
    owner: dict[int, int] = {}
    for t in top:
        for sec in _outline_sections(t):
            for sub in doc.subtree(sec):
                owner.setdefault(sub, t.section)
    cited = {owner.get(s.section_index, top_ancestor(doc, s.section_index)) for s in sentences}
    left = [_named(doc.sections[t.section].label, t.title) for t in top if t.section not in cited]
    return round((len(top) - len(left)) / len(top), 3), left


def _named(label: str, title: str) -> str:
    """A section as a reader names it: its label and title, the label once when the
    title already begins with it ("PART IV", not "PART IV PART IV")."""
    # a label made from the title ("§Harbour Lantern", "§港口灯笼…") names it once too
    if _squash(title).startswith(_squash(label).lstrip("§").rstrip("…")):
        return title.strip()
    return f"{label} {title}".strip()


def _squash(text: str) -> str:
    return no_spaces(text).lower()


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
    overview = _overview(doc, skip, idf)
    # What a document without a cover says before its first heading opens the overview (a
    # report's text there is its cover, however many pages it takes)
    wrapper = doc.wrapper()
    if any(s.heading for s in overview) and not has_cover(doc):
        lead = doc.sections[0].sentences + (wrapper.sentences if wrapper else [])
        intro = _best(doc, lead, 1, idf)
        overview = [_cite(doc, s) for s in intro] + overview
    described = _described(doc, skip)
    if described is not None:  # what the subject is or does opens the overview
        overview = [_cite(doc, described)] + [s for s in overview if s.text != described.text]
    share, left_out = coverage(doc, overview)
    return Summary(
        title=doc.title, overview=overview, sections=sections, coverage=share, left_out=left_out
    )


def _overview(doc: DocText, skip: set[int], idf: dict[str, float]) -> list[SummarySentence]:
    """The main points: one sentence from each main section of the reader's outline (a
    report's items, else the top-level sections), at most ``MAX_POINTS`` of them (first the
    largest section of each top-level one, then the largest others), in reading order and
    each under its section's name."""
    wrapper = doc.wrapper()
    tops = reader_outline(doc, wrapper.idx if wrapper else 0)
    end, owner = cover_end(doc), owner_name(doc.title)
    found: list[tuple[int, int, int, SummarySentence]] = []  # (order, top, size, point)
    order = 0
    parts = in_parts(tops)
    for t_no, top in enumerate(tops):
        for main in main_sections(top, parts):
            ids = [
                i
                for sec in _outline_sections(main)
                if sec not in skip
                for i in doc.sections[sec].sentences
                if doc.sentences[i].page > end
            ]
            picked = _best(doc, ids, 1, idf, owner)
            if picked:
                point = _cite(doc, picked[0]).model_copy(update={"heading": _heading(main.title)})
                # Sections whose point speaks of the subject itself first, then the larger
                own = about_subject(point.text, owner)
                size = own * 10**6 + sum(1 for i in ids if _readable(doc.sentences[i]))
                found.append((order, t_no, size, point))
            order += 1
    # A section with no whole statement (only a table's rows, a caption) makes no point,
    # unless no section has one
    whole = [f for f in found if _complete(f[3].text)]
    found = whole or found
    if not found:
        if tops or not doc.sections[0].sentences:
            return []
        return [_cite(doc, s) for s in _spread(doc, idf)]
    chosen: dict[int, tuple[int, int, int, SummarySentence]] = {}
    for f in sorted(found, key=lambda f: -f[2]):  # the largest of each top-level section
        chosen.setdefault(f[1], f)
    keep = {f[0] for f in list(chosen.values())[:MAX_POINTS]}
    for f in sorted(found, key=lambda f: -f[2]):
        if len(keep) < MAX_POINTS:
            keep.add(f[0])
    return [f[3] for f in found if f[0] in keep]


def _outline_sections(node: OutlineNode) -> list[int]:
    return [node.section] + [s for c in node.children for s in _outline_sections(c)]


# "PART II", "ITEM 1A.", an 8-K's "Item 5.07." (its number is whole: never "07. …" left)
_ENTRY_LABEL = re.compile(
    r"^(?:part\s+[ivx]+\b[.:]?\s*)?(?:item\s+\d{1,2}(?:\.\d{1,2})?[a-d]?\b[.:]?\s*)?", re.I
)
HEADING_CHARS = 70


def _heading(title: str) -> str:
    """A main section's name as a reader says it: "Risk Factors" for "ITEM 1A. RISK
    FACTORS" (a name in capitals in sentence case), the label alone when it has no name;
    a long name is shortened at a word's end, never inside a word."""
    name = _ENTRY_LABEL.sub("", title).strip(" .:") or title.strip()
    if name.isupper():
        name = name[0] + name[1:].lower()
    if len(name) <= HEADING_CHARS:
        return name
    cut = name[: HEADING_CHARS - 1]
    if " " in cut and name[HEADING_CHARS - 1] != " ":  # words set apart: drop the cut one
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:—–-") + "…"


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


_EMPTY = (
    "No sentence of prose was found to quote as a summary (a document of tables and figures "
    "has none). The mind map shows its sections; ask about its figures in Chat.",
    "没有找到可以摘录为摘要的叙述句（只有表格和数字的文档没有这样的句子）。可在思维导图中查看它的章节，在对话中询问具体数字。",
)


def summary_markdown(summary: Summary, title: str, *, lang: str = "en") -> str:
    zh = lang == "zh"
    lines = [f"# {title}", "", "## " + ("全文摘要" if zh else "Overview"), ""]
    opening = [s for s in summary.overview if not s.heading]
    lines += [" ".join(f"{s.text} {s.citation}" for s in opening), ""] if opening else []
    lines += [f"- **{s.heading}** — {s.text} {s.citation}" for s in summary.overview if s.heading]
    sections = [sec for sec in summary.sections if sec.section != 0]
    if not summary.overview and not sections and not summary.left_out:
        lines.append(_EMPTY[lang == "zh"])  # not a bullet over nothing: why, and what to do
    elif not summary.overview:
        lines.append("-")
    if summary.left_out:
        note = "全文摘要未涉及以下章节：" if zh else "The overview leaves out: "
        lines += ["", f"> {note}{'; '.join(summary.left_out)}"]
    if sections:
        lines += ["", "## " + ("分节摘要" if zh else "By section")]
    for sec in sections:
        lines += ["", f"{'#' * min(6, sec.level + 2)} {sec.title}"]
        lines += [f"- {s.text} {s.citation}" for s in sec.sentences]
    return "\n".join(lines) + "\n"
