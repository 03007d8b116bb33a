"""Plain text and Markdown → ParsedDocument with line-range locators.

Encodings: UTF-8 (with or without BOM), UTF-16 (BOM or detectable zero bytes),
GB18030 (a superset of GBK/GB2312). A form feed starts a new page.
"""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.errors import DecodeError, EmptyFileError
from pipeline.models import Block, Line, OutlineEntry, Page, ParsedDocument
from pipeline.parse.headings import numbering_level
from pipeline.parse.layout import is_bullet
from pipeline.parse.pdf import finalize
from pipeline.parse.table_structure import annotate_text_table
from pipeline.text.lang import join_lines
from pipeline.text.script import CJK_PUNCT, FULLWIDTH, HAN_SPAN

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_MD_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_MD_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


_CJK_OR_TEXT = re.compile(
    r"[\t\n\r\x20-\x7e\u00a0-\u024f\u2000-\u206f" + CJK_PUNCT + HAN_SPAN + FULLWIDTH + "]"
)


def _plausible(text: str) -> float:
    """Share of characters that ordinary Chinese/English text is made of."""
    sample = text[:4000]
    return len(_CJK_OR_TEXT.findall(sample)) / max(1, len(sample))


def decode_text(data: bytes, name: str) -> str:
    """Decode bytes as UTF-8, UTF-16 (with or without BOM) or GB18030/GBK.

    Strict UTF-8 almost never succeeds by accident, so it wins when it decodes;
    otherwise the candidate whose characters look most like real text wins.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    try:
        text = data.decode("utf-8")
        if "\x00" not in text:
            return text
    except UnicodeDecodeError:
        pass
    candidates = ["gb18030"] + (["utf-16-le", "utf-16-be"] if len(data) % 2 == 0 else [])
    best: tuple[float, str] = (0.0, "")
    for enc in candidates:
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        score = _plausible(text)
        if score > best[0]:
            best = (score, text)
    if best[0] >= 0.95:
        return best[1]
    raise DecodeError(
        f"'{name}' is not valid text in UTF-8, UTF-16 or GB18030/GBK. Save it as UTF-8 "
        "(in most editors: Save As → Encoding → UTF-8) and upload it again."
    )


def _cells(line: str) -> list[str]:
    """A row's cells; an escaped pipe ('\\|') is text inside a cell."""
    inner = line.strip().removeprefix("|")
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def pipe_table_lines(lines: list[str]) -> set[int]:
    """Indices of the lines of tables written without outer pipes ('Region | Units' over
    '--- | ---'): the delimiter row under a header row makes them a table, and the rows go
    on while lines hold a pipe. Read as prose they would glue cells, header and rows into
    one paragraph, and no row would carry its column headers."""
    out: set[int] = set()
    for i in range(1, len(lines)):
        sep, head = lines[i], lines[i - 1]
        if "|" not in sep or not _MD_TABLE_SEP.match(sep) or "|" not in head or not head.strip():
            continue
        if len(_cells(head)) != len(_cells(sep)):
            continue
        out.update((i - 1, i))
        j = i + 1
        while j < len(lines) and "|" in lines[j] and lines[j].strip():
            out.add(j)
            j += 1
    return out


def _table_block(rows: list[tuple[int, str]], page: int) -> Block:
    from pipeline.models import Table

    cells = [_cells(line) for _, line in rows if not _MD_TABLE_SEP.match(line)]
    table = annotate_text_table(Table(rows=cells, header_rows=1))
    return Block(
        page=page,
        kind="table",
        text=table.to_markdown(),
        table=table,
        lines=[Line(text=t, line_no=n) for n, t in rows],
    )


class _Builder:
    """Accumulates lines into blocks and pages."""

    def __init__(self, markdown: bool, table_lines: set[int] | None = None) -> None:
        self.markdown = markdown
        self.table_lines = table_lines or set()  # line numbers of tables without outer pipes
        self.pages: list[Page] = [Page(page=1)]
        self.outline: list[OutlineEntry] = []
        self.para: list[Line] = []
        self.table_rows: list[tuple[int, str]] = []
        self.in_fence = False

    def flush(self) -> None:
        page = self.pages[-1]
        if self.para:
            body, _ = join_lines([ln.text for ln in self.para])
            kind = "list_item" if is_bullet(self.para[0].text) else "paragraph"
            page.blocks.append(Block(page=page.page, kind=kind, text=body, lines=list(self.para)))
            self.para.clear()
        if self.table_rows:
            page.blocks.append(_table_block(self.table_rows, page.page))
            self.table_rows.clear()

    def heading(self, level: int, title: str, no: int) -> None:
        self.flush()
        page = self.pages[-1].page
        self.pages[-1].blocks.append(
            Block(
                page=page,
                kind="heading",
                level=level,
                text=title,
                lines=[Line(text=title, line_no=no)],
            )
        )
        self.outline.append(OutlineEntry(level=level, title=title, page=page))

    def new_page(self) -> None:
        self.flush()
        self.pages.append(Page(page=len(self.pages) + 1))

    def markdown_line(self, line: str, no: int) -> bool:
        """Handle Markdown structure; True when the line was consumed."""
        if _FENCE.match(line):
            self.in_fence = not self.in_fence
        if self.in_fence:
            return False
        m = _MD_HEADING.match(line)
        if m:
            self.heading(len(m.group(1)), m.group(2).strip(), no)
            return True
        if _MD_TABLE_ROW.match(line) or no in self.table_lines:
            if self.para:
                self.flush()
            self.table_rows.append((no, line))
            return True
        return False

    def line(self, line: str, no: int) -> None:
        if self.markdown and self.markdown_line(line, no):
            return
        stripped = line.strip()
        if not stripped or self.table_rows:
            self.flush()
        if not stripped:
            return
        if (
            not self.markdown
            and _plain_heading(stripped)
            and (_paragraph_closed(self.para) or _section_number(stripped))
        ):
            self.heading(numbering_level(stripped) or 1, stripped, no)
            return
        if is_bullet(stripped) and self.para:
            self.flush()
        self.para.append(Line(text=stripped, line_no=no))


def parse_text(path: Path, *, markdown: bool) -> ParsedDocument:
    # NUL bytes (a stray one in an export) carry nothing and break text tools downstream.
    text = decode_text(path.read_bytes(), path.name).replace("\x00", "")
    if not text.strip():
        raise EmptyFileError(
            f"'{path.name}' contains no text (only spaces or blank lines). "
            "Check that it is the file you meant, and upload it once it has text."
        )
    raw_lines = text.splitlines()
    tables = {i + 1 for i in pipe_table_lines(raw_lines)} if markdown else set()
    builder = _Builder(markdown, tables)
    for no, raw in enumerate(raw_lines, start=1):
        for part_i, line in enumerate(raw.split("\f")):
            if part_i:  # a form feed starts a new page
                builder.new_page()
            builder.line(line, no)
    builder.flush()
    parsed = ParsedDocument(
        kind="md" if markdown else "txt", pages=builder.pages, outline=builder.outline
    )
    finalize(parsed)
    return parsed


def _paragraph_closed(para: list[Line]) -> bool:
    """A numbered line may start a section when no paragraph is open or the last one ended
    a sentence (text without blank lines between sections)."""
    if not para or is_bullet(para[0].text):
        return True
    return para[-1].text.rstrip().endswith(("。", "！", "？", ".", "!", "?", "；"))


_SECTION_NUMBER = re.compile(
    r"^(?:\d{1,2}\.\d{1,2}(?:\.\d{1,2})*\.?|\d{1,2}|第[一二三四五六七八九十百0-9]+[章节篇部])\s+\S"
)


def _section_number(line: str) -> bool:
    """'2.2 工具实现', '1 问题背景', '第三章 总则': section numbering, unlike list items
    ('1.', '1、', '1)'), so a heading even straight after an unfinished line."""
    return bool(_SECTION_NUMBER.match(line))


def _plain_heading(line: str) -> bool:
    """A short numbered line like '第三章 总则' or '2.1 Scope' in plain text is a heading."""
    if len(line) > 40 or line.endswith(("。", ".", "；", ";", "，", ",", "：", ":")):
        return False
    return numbering_level(line) is not None
