"""HTML of the Inspect tab: quality summary, page map, block list and block detail. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pipeline.models import Block, Document, Line, Page, Table
from ui.i18n import t
from ui.render_layers import KIND_COLOURS
from ui.safe import esc

LOW_CONF = 0.8


@dataclass(frozen=True)
class Quality:
    """Numbers a reviewer checks first."""

    pages: int
    text_pages: int
    ocr_pages: int
    failed: tuple[tuple[int, str], ...]
    mean_ocr_conf: float | None
    tables: int
    headings: int
    chunks: int
    embedded: int
    terms: int


def quality(pages: Sequence[Page], counts: Mapping[str, int], terms: int) -> Quality:
    confs = [p.ocr_confidence for p in pages if p.source == "ocr" and p.ocr_confidence is not None]
    return Quality(
        pages=len(pages),
        text_pages=sum(1 for p in pages if p.source == "text"),
        ocr_pages=sum(1 for p in pages if p.source == "ocr"),
        failed=tuple((p.page, p.failed) for p in pages if p.failed),
        mean_ocr_conf=sum(confs) / len(confs) if confs else None,
        tables=counts.get("tables", 0),
        headings=counts.get("headings", 0),
        chunks=counts.get("chunks", 0),
        embedded=counts.get("embedded", 0),
        terms=terms,
    )


def _stat(label: str, value: str, cls: str = "") -> str:
    return (
        f'<div class="folio-stat {cls}"><div class="folio-stat-value">{esc(value)}</div>'
        f'<div class="folio-stat-label">{esc(label)}</div></div>'
    )


def quality_html(doc: Document, q: Quality, lang: str, *, dense: bool = True) -> str:
    """``dense``: the server embeds chunks; without a model "0/12 embedded" would read as a
    failure, so the count says off, as the library's status table does."""
    conf = "–" if q.mean_ocr_conf is None else f"{q.mean_ocr_conf:.0%}"
    embedded = (
        _stat(t("ins.embedded", lang), f"{q.embedded}/{q.chunks}")
        if dense
        else _stat(t("ins.embedded", lang), t("state.off", lang))
    )
    conf_cls = "warn" if q.mean_ocr_conf is not None and q.mean_ocr_conf < LOW_CONF else ""
    stats = [
        _stat(t("ins.pages", lang), str(q.pages or doc.pages)),
        _stat(t("ins.pages_text", lang), str(q.text_pages)),
        _stat(t("ins.pages_ocr", lang), str(q.ocr_pages)),
        _stat(t("ins.ocr_conf", lang), conf, conf_cls),
        _stat(t("ins.tables", lang), str(q.tables)),
        _stat(t("ins.headings", lang), str(q.headings)),
        _stat(t("ins.chunks", lang), str(q.chunks)),
        embedded,
        _stat(t("ins.terms", lang), str(q.terms)),
        _stat(t("ins.failed", lang), str(len(q.failed)), "bad" if q.failed else "good"),
    ]
    failed = ""
    if q.failed:
        items = "".join(
            f"<li><b>{t('pane.page_short', lang, page=p)}</b> {esc(reason)}</li>"
            for p, reason in q.failed[:20]
        )
        failed = f'<ul class="folio-failed-pages">{items}</ul>'
    title = f"{esc(t('ins.quality', lang))} — {esc(doc.name)}"
    return (
        f'<div class="folio-quality"><div class="folio-quality-title">{title}</div>'
        f'<div class="folio-stats">{"".join(stats)}</div>{failed}</div>'
    )


def page_map_html(pages: Sequence[Page], current: int, lang: str) -> str:
    """One chip per page coloured by where its text came from; click to jump."""
    if not pages:
        return ""
    chips = []
    for p in pages:
        cls = "failed" if p.failed else p.source
        cur = " current" if p.page == current else ""
        title = f"{t('pane.page_short', lang, page=p.page)}: {t(f'source.{p.source}', lang)}"
        if p.ocr_confidence is not None:
            title += f" · {p.ocr_confidence:.0%}"
        if p.failed:
            title += f" · {p.failed}"
        chips.append(
            f'<button type="button" class="folio-pagechip {cls}{cur}" data-page="{p.page}" '
            f'title="{esc(title)}">{p.page}</button>'
        )
    legend = f'<div class="folio-sub">{esc(t("ins.page_map", lang))}</div>'
    chips_html = f'<div class="folio-pagechips">{"".join(chips)}</div>'
    return f'<div class="folio-pagemap">{legend}{chips_html}</div>'


def _swatch(kind: str) -> str:
    r, g, b = KIND_COLOURS.get(kind, (0, 0, 0))  # type: ignore[call-overload]
    return f'<span class="folio-swatch" style="background:rgb({r},{g},{b})"></span>'


def legend_html(lang: str) -> str:
    kinds = ("heading", "paragraph", "list_item", "table", "caption", "header")
    items = "".join(f"<span>{_swatch(k)}{esc(t(f'kind.{k}', lang))}</span>" for k in kinds)
    return f'<div class="folio-legend">{items}</div>'


def _low_lines(block: Block) -> int:
    return sum(1 for ln in block.lines if ln.conf is not None and ln.conf < LOW_CONF)


def block_list_html(blocks: Sequence[Block], lang: str, *, selected: int | None = None) -> str:
    if not blocks:
        return f'<div class="folio-empty">{esc(t("ins.no_blocks", lang))}</div>'
    rows = []
    for b in blocks:
        text = b.text.replace("\n", " ")
        text = text[:90] + ("…" if len(text) > 90 else "")
        low = _low_lines(b)
        flag = (
            f' <span class="folio-flag" title="{esc(t("ins.low_conf", lang, n=low))}">'
            f"⚠ {low}</span>"
            if low
            else ""
        )
        cls = "folio-block selected" if b.n == selected else "folio-block"
        rows.append(
            f'<div class="{cls}" data-block="{b.n}">{_swatch(b.kind)}'
            f'<span class="folio-block-n">#{b.n}</span>'
            f'<span class="folio-block-kind">{esc(t(f"kind.{b.kind}", lang))}</span>'
            f'<span class="folio-block-text">{esc(text)}</span>{flag}</div>'
        )
    return f'<div class="folio-blocks">{"".join(rows)}</div>'


def _depth(table: Table, row: int) -> int:
    depth, seen = 0, set()
    parent = table.row_parent[row] if row < len(table.row_parent) else None
    while parent is not None and parent not in seen and depth < 6:
        seen.add(parent)
        depth += 1
        parent = table.row_parent[parent] if parent < len(table.row_parent) else None
    return depth


def _table_html(block: Block, lang: str = "en") -> str:
    """The table as read: title and unit, each column's header with its period, and row
    labels indented under the row they belong to."""
    table = block.table
    if table is None:
        return ""
    facts = [table.title, f"{t('ins.table_unit', lang)}: {table.unit}" if table.unit else ""]
    caption = " · ".join(f for f in facts if f)
    rows = []
    if table.periods and any(table.periods):
        heads = [  # a period the header already says ("上年同期" under "上年同期") is not repeated
            f"{esc(c)}<br><span class='folio-sub'>{esc(p)}</span>"
            if p and p.strip() != c.strip()
            else esc(c)
            for c, p in zip(table.columns, table.periods, strict=False)
        ]
        rows.append("<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>")
        body = range(table.header_rows, len(table.rows))
    else:
        body = range(len(table.rows))
    for i in body:
        row = table.rows[i]
        tag = "th" if i < table.header_rows else "td"
        pad = (
            f' style="padding-left:{0.3 + 1.1 * _depth(table, i):.1f}em"'
            if _depth(table, i)
            else ""
        )
        cells = [f"<{tag}{pad if j == 0 else ''}>{esc(c or '')}</{tag}>" for j, c in enumerate(row)]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    html = f'<table class="folio-table folio-extracted">{cap}{"".join(rows)}</table>'
    return f'<div class="folio-table-wrap">{html}</div>'


def _line_html(line: Line) -> str:
    low = line.conf is not None and line.conf < LOW_CONF
    extra = f' <span class="folio-sub">{line.conf:.2f}</span>' if line.conf is not None else ""
    if line.line_no is not None:
        extra += f' <span class="folio-sub">L{line.line_no}</span>'
    return f'<div class="folio-line{" low" if low else ""}">{esc(line.text)}{extra}</div>'


def block_detail_html(block: Block | None, lang: str) -> str:
    """Exactly what was extracted for one block: its kind, geometry, OCR confidence and text."""
    if block is None:
        return f'<div class="folio-empty">{esc(t("ins.click_hint", lang))}</div>'
    facts = [
        f"#{block.n}",
        t(f"kind.{block.kind}", lang),
        t("pane.page_short", lang, page=block.page),
    ]
    if block.level:
        facts.append(f"H{block.level}")
    if block.font_size:
        facts.append(f"{block.font_size:.1f} pt" + (" bold" if block.bold else ""))
    if block.box:
        facts.append("(" + ", ".join(f"{v:.0f}" for v in block.box) + ")")
    confs = [ln.conf for ln in block.lines if ln.conf is not None]
    if confs:
        facts.append(f"OCR {min(confs):.0%}–{max(confs):.0%}")
    lines = "".join(_line_html(ln) for ln in block.lines) or (
        f'<div class="folio-line">{esc(block.text)}</div>'
    )
    return (
        f'<div class="folio-block-detail"><div class="folio-block-facts">'
        f"{_swatch(block.kind)}{' · '.join(esc(f) for f in facts)}</div>"
        f'<div class="folio-block-lines">{lines}</div>{_table_html(block, lang)}</div>'
    )
