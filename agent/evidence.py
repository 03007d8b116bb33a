"""What the tools hand back: passages with their citation ids, and the units inside them.

A tool result reaches the model twice: as text (each passage headed by its citation id,
which is all an LLM sees) and as an artifact (these models, dumped to plain dicts so the
checkpointer stores them as they are), which the offline answerer and the reflection read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage
from pydantic import BaseModel, Field, model_validator

from agent.page_cut import cut_at_break
from agent.toolspec import REGISTRY, Reading
from pipeline.text.fields import field_break
from pipeline.text.lang import opens_list_item, split_sentences
from pipeline.text.script import CJK, HAN, HAN_RE
from pipeline.text.segment import EN_STOPWORDS

ToolName = str
"""A registered tool's name (``agent/toolspec.py``); the registry checks it when a tool
makes evidence, so a new tool is named in one place only."""


class Passage(BaseModel):
    chunk_id: str
    doc_id: str
    page: int
    page_end: int
    section: str = ""
    text: str
    kind: Literal["text", "table"] = "text"
    paged: bool = Field(
        True, description="False for a document without pages: cited by section, not 'p. 1'."
    )
    score: float = 0.0
    rank: int = Field(0, description="1-based rank within the tool result that returned it.")
    columns: str = Field(
        "",
        description="The column header of the table the passage's rows belong to, when it "
        "sits in an earlier chunk of the page (the periods its figures are for).",
    )

    @property
    def checked_text(self) -> str:
        """What the passage supports: its text, read with its table's column header."""
        return f"{self.columns}\n{self.text}" if self.columns else self.text


class Evidence(BaseModel):
    """One tool result: the passages and what the scope says about the query's words."""

    tool: ToolName
    reads: Reading = Field(
        "search", description="How the answerer reads it: the ``reads`` of the tool's spec."
    )
    query: str
    passages: list[Passage] = Field(default_factory=list)
    term_df: dict[str, int] = Field(
        default_factory=dict, description="Chunks in scope containing each query word."
    )
    scope_chunks: int = 0
    missing: list[str] = Field(
        default_factory=list, description="Query words found nowhere in the scope."
    )
    names: list[str] = Field(
        default_factory=list, description="Words of the scope's document names and titles."
    )
    owner: list[str] = Field(
        default_factory=list, description="Words of the company the scope's covers name."
    )
    covers: dict[str, str] = Field(
        default_factory=dict,
        description="Each scope document's first-page opening, by id: a Chinese report's "
        "cover names the period its tables call only 本报告期.",
    )
    note: str = ""
    quotes: list[str] = Field(
        default_factory=list,
        description="The sentences the tool chose within its passages, in its order "
        "(document_overview: the document's summary, one per passage; read_section: the "
        "section's item headings when ``listed``, else its own sentences).",
    )
    listed: bool = False
    items_total: int = Field(
        default=0, description="read_section: how many item headings the section has in all."
    )

    @model_validator(mode="before")
    @classmethod
    def _reading(cls, data: Any) -> Any:
        """Evidence stored before it carried its reading (a bench's harvest cache, the
        graph's memory) is read as its tool's spec says."""
        if isinstance(data, dict) and "reads" not in data:
            spec = REGISTRY.get(str(data.get("tool", "")))
            if spec is not None:
                data = {**data, "reads": spec.reads}
        return data


FEEDBACK_NAME = "reflection"
"""Name of the user-role messages the reflection adds; they do not start a turn."""


def turn_messages(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """The messages of the current turn: from the last user message (not feedback) on."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if isinstance(m, HumanMessage) and m.name != FEEDBACK_NAME:
            return list(messages[i:])
    return list(messages)


def turn_evidence(messages: Sequence[BaseMessage]) -> list[Evidence]:
    out: list[Evidence] = []
    for m in turn_messages(messages):
        if isinstance(m, ToolMessage) and isinstance(m.artifact, dict) and "tool" in m.artifact:
            out.append(Evidence.model_validate(m.artifact))
    return out


def passages_by_id(evidence: Iterable[Evidence]) -> dict[str, Passage]:
    """Every passage returned this turn, keyed by citation id (first sighting wins)."""
    out: dict[str, Passage] = {}
    for ev in evidence:
        for p in ev.passages:
            out.setdefault(p.chunk_id, p)
    return out


# --- units: the sentences and table rows a chunk is made of ------------------------------

UnitKind = Literal["sentence", "row", "heading"]
# The unit a table's caption declares after its title ("…持股情况表 单位：股", "Selected
# data (in millions)").
UNIT_NOTE = re.compile(
    r"(?:金额)?单位\s*[:：]\s*\S{1,8}\s*$|\(?\b(?:dollars |amounts )?in (?:thousands|millions|"
    r"billions)\b[^)\n]{0,40}\)?\s*$",
    re.I,
)
_NUM = re.compile(r"\(?-?\$?\d[\d,]*(?:\.\d+)?%?\)?")
_SEP_ROW = re.compile(r"^\|?\s*:?-{3,}")
_SPLIT_NUMBER = re.compile(r"([" + HAN + r"（(]\d{1,3})\s+(\d{1,3}[" + HAN + r"])")
_CJK_GAP = re.compile(r"(?<=[" + CJK + r"])\s+(?=[" + CJK + r"])")
# Two spaces or more on one line between runs of Chinese words part fields ("法定代表人：苏江华
# 主管会计工作负责人：肖寻"): kept as one space. A letter-spaced heading ("目  录") and a line
# break (a wrapped sentence) part nothing.
_CJK_FIELD_GAP = re.compile(r"(?<=[" + CJK + r"]{2})[ \t]{2,}(?=[" + CJK + r"]{2})")


@dataclass(frozen=True)
class Unit:
    """A quotable span [start, end) of a passage's text."""

    start: int
    end: int
    text: str
    kind: UnitKind


def _is_row(line: str) -> bool:
    """A line of a table or a financial statement: several numbers, little prose."""
    s = line.strip()
    if s.startswith("|"):
        return True
    if HAN_RE.search(s) and s[-1] in "。！？":
        return False  # a Chinese sentence full of dates ("在元和4年（1618年）8月10日死去。")
    nums = [n for n in _NUM.findall(s) if any(c.isdigit() for c in n)]
    if len(nums) < 2 or len(s) >= 220:
        return False
    # Columns are set apart by wide gaps, or figures outnumber the words of the label.
    cjk = len(HAN_RE.findall(s))
    n_words = len(HAN_RE.sub(" ", s).split()) + cjk // 2
    return "  " in s or len(nums) >= 0.4 * max(1, n_words)


def units(text: str) -> list[Unit]:
    """Sentences of prose and single lines of tables, with offsets into ``text``."""
    out: list[Unit] = []
    for s, e in _numbered(text, split_sentences(text)):
        out += _split_rows(text, s, e)
    return [u for u in out if u.text.strip() and not _SEP_ROW.match(u.text.strip())]


# A heading's or list item's number opening a line ("1.", "2.3.", "iv.", "(b)"): the
# sentence splitter ends a sentence at its full stop.
_ENUMERATOR = re.compile(r"(?:\d{1,2}(?:\.\d{1,2})*|[ivx]{1,4}|[A-Za-z])\.|\(\w{1,3}\)")


def _numbered(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with a line's lone number joined to the words after it on its line:
    "1. Eligibility⏎Employees who …" was read as "1." and "Eligibility Employees who …",
    a heading glued to its paragraph in the answer."""
    out: list[tuple[int, int]] = []
    for s, e in spans:
        prev = out[-1] if out else None
        if prev is None or "\n" in text[prev[1] : s]:
            out.append((s, e))
            continue
        # the number is the previous span's last line ("Rules:⏎1.") or all of it
        cut = text.rfind("\n", prev[0], prev[1]) + 1 or prev[0]
        if _ENUMERATOR.fullmatch(text[cut : prev[1]].strip()) and _line_start(text, cut):
            out[-1:] = [(prev[0], cut - 1)] if cut > prev[0] else []
            out.append((cut, e))
        else:
            out.append((s, e))
    return out


def _split_rows(text: str, start: int, end: int) -> list[Unit]:
    span = text[start:end]
    if "\n" not in span:
        return [Unit(start, end, span, "row" if _is_row(span) else "sentence")]
    first, rest = span.split("\n", 1)
    if (
        _line_start(text, start)
        and _looks_like_title(first)
        and len(rest) > len(first)
        and _starts_sentence(rest)
        and not cut_at_break(first, rest)
    ):
        # A heading line glued to the paragraph after it stands alone.
        head = _unit(text, start, start + len(first), "heading")
        return [head, *_split_rows(text, start + len(first) + 1, end)]
    lines = span.split("\n")
    if not any(_is_row(ln) for ln in lines):
        return _prose(text, start, lines)
    # Tabular lines stand alone; prose lines between them are joined back into sentences.
    out: list[Unit] = []
    pos = start
    prose_start: int | None = None
    for i, ln in enumerate(lines):
        ln_end = pos + len(ln)
        field = _one_of_fields(lines, i)
        if _is_row(ln) or _looks_like_label(ln) or field:
            if prose_start is not None:
                out.append(_unit(text, prose_start, pos - 1, "sentence"))
                prose_start = None
            kind: UnitKind = "row" if _is_row(ln) else "sentence" if field else "heading"
            out.append(_unit(text, pos, ln_end, kind))
        elif prose_start is None:
            prose_start = pos
        pos = ln_end + 1
    if prose_start is not None:
        out.append(_unit(text, prose_start, end, "sentence"))
    return out


def _line_start(text: str, pos: int) -> bool:
    """Does ``pos`` open a line? A title is a line of its own: a sentence opening after
    another on its line ("……2021年。该条约……战争状态时⏎候，……": a page's end cut it) is
    none, however short."""
    before = text[:pos].rstrip(" \t")
    return not before or before.endswith("\n")


def _prose(text: str, start: int, lines: list[str]) -> list[Unit]:
    """Lines of prose as sentences: a heading line inside them stands alone (a bold title
    between paragraphs, "**…**" in Markdown), and a line closing a sentence ends it when
    the next line starts another; a line wrapped mid-sentence joins the next. An item of a
    list opens a unit of its own when it or the one before states something (``_apart``)."""
    out: list[Unit] = []
    pos, run, item = start, start, start
    for i, ln in enumerate(lines):
        ln_end = pos + len(ln)
        if pos > run and opens_list_item(ln):
            if _apart(text, run, item, pos):
                out.append(_unit(text, run, pos - 1, "sentence"))
                run = pos
            item = pos
        after = "\n".join(lines[i + 1 :])
        starts = _starts_sentence(after)
        titled = _looks_like_title(ln) and _line_start(text, pos) and not cut_at_break(ln, after)
        if titled and starts and len(after) > len(ln.strip()):
            if text[run:pos].strip():
                out.append(_unit(text, run, pos, "sentence"))
            out.append(_unit(text, pos, ln_end, "heading"))
            run = ln_end + 1
        elif ln.rstrip().endswith(tuple(_CLOSES)) and starts:
            out.append(_unit(text, run, ln_end, "sentence"))
            run = ln_end + 1
        elif _one_of_fields(lines, i):  # a memo's "TO: …" line is quoted alone
            if text[run:pos].strip():
                out.append(_unit(text, run, pos, "sentence"))
            out.append(_unit(text, pos, ln_end, "sentence"))
            run = ln_end + 1
        pos = ln_end + 1
    end = start + len("\n".join(lines))
    if text[run:end].strip():
        out.append(_unit(text, run, end, "sentence"))
    return [u for u in out if u.text.strip(_MARKUP)]


_CLOSES = ".。!！?？"


def _apart(text: str, run: int, item: int, pos: int) -> bool:
    """Does the list item opening a line at ``pos`` open a unit apart from the run before
    it? Yes after the end of another item's sentence ("… exchange. Operational growth of
    6.1%*" before "• 2022 Full-Year earnings per share …": quoted together they misquote
    both); no after a lead-in ("… driven by:"), nor between the items of a list the unit
    opens with ("• Currency impacts", "• Commodity inflation … partially offset by"),
    which read as one."""
    before = text[run:pos].strip()
    if not before or before.endswith((":", "：")):
        return False
    return not opens_list_item(before) and item == run


def _one_of_fields(lines: list[str], i: int) -> bool:
    """A header field line ("FROM: …") next to another: a line of its own, not a
    sentence wrapped onto the next line."""
    return (i + 1 < len(lines) and field_break(lines[i], lines[i + 1])) or (
        i > 0 and field_break(lines[i - 1], lines[i])
    )


_MARKUP = "*_#> \t"  # Markdown's emphasis, heading and quote marks around a line


# A filing's risk-factor and note headings run long ("Risks Related to the Planned
# Separation of our Consumer Health Business": 72 characters, 11 words); a risk factor's
# title printed as a phrase runs longer still (a 10-K's "Claims, Litigation, … May
# Adversely Affect Our Business and Results of Operations": 121 characters, 16 words),
# and is taken when every word that is not a small one is capitalised.
_TITLE_CHARS, _TITLE_WORDS = 100, 14
_LONG_TITLE_CHARS, _LONG_TITLE_WORDS = 200, 30


def _looks_like_title(line: str) -> bool:
    """A heading line: Title Case words, or a short Chinese line without punctuation."""
    s = line.strip(_MARKUP)
    if not 0 < len(s) <= _LONG_TITLE_CHARS or s[-1] in ".。!！?？;；,，:：、" or _is_row(s):
        return False
    if HAN_RE.search(s):
        return len(s) <= 20 and not re.search(r"[，。；]", s)
    words = [w for w in s.split() if w[:1].isalpha()]
    # title case leaves the small words in lower case ("of our Cider and Perry Business")
    named = [w for w in words if w.lower() not in EN_STOPWORDS]
    capital = sum(1 for w in named if w[0].isupper())
    if len(s) <= _TITLE_CHARS and len(words) <= _TITLE_WORDS:
        return bool(named) and capital >= 0.6 * len(named)
    return len(named) >= 2 and len(words) <= _LONG_TITLE_WORDS and capital == len(named)


def heading_before(text: str, at: int) -> str:
    """The heading line nearest above offset ``at`` in a passage ("Claims, Litigation, …"
    over its risk factor's paragraph), or "": the section a quote there is under, when the
    passage prints its sub-heading as a line of its own (a bold title, not a tree node)."""
    heads = [
        u.text.strip(_MARKUP)
        for u in units(text)
        if u.kind == "heading" and u.end <= at and _looks_like_title(u.text)
    ]
    return heads[-1] if heads else ""


def _starts_sentence(text: str) -> bool:
    c = text.lstrip(_MARKUP + "\n")[:1]
    return c.isupper() or c.isdigit() or bool(re.match(r"[" + HAN + r"“\"(（]", c))


def _looks_like_label(line: str) -> bool:
    s = line.strip()
    return bool(s) and len(s) < 60 and s.endswith(":")


def _unit(text: str, start: int, end: int, kind: UnitKind) -> Unit:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Unit(start, end, text[start:end], kind)


# a rule drawn with characters ("_____", "-----") is layout, not words
_RULE_LINE = re.compile(r"[_=~*]{4,}|-{5,}")


def clean(text: str) -> str:
    """One line, single spaces (none between Chinese characters, nor inside a number a line
    break split in Chinese text: "201 3年" → "2013年"), no rules drawn with characters: a
    unit inside an answer."""
    text = _CJK_FIELD_GAP.sub("\x00", text)  # kept through the gap removal below
    text = _SPLIT_NUMBER.sub(r"\1\2", _CJK_GAP.sub("", text)).replace("\x00", " ")
    return " ".join(_RULE_LINE.sub(" ", text).split())
