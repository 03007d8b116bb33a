"""Offline diagrams: the mind map as a left-to-right tree, the knowledge graph as a
force-directed network. Both are SVG with a CJK-capable font stack; ``to_png`` rasterises
an SVG with PyMuPDF, whose bundled fallback font covers Chinese."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

import numpy as np

from pipeline.knowledge.models import KnowledgeGraph, MindNode
from pipeline.text.normalise import single_spaces

FONT = "WenQuanYi Micro Hei, Noto Sans CJK SC, Microsoft YaHei, PingFang SC, sans-serif"
_EDGE_COLORS = {
    "defined_with": "#d9534f",
    "is_a": "#2c7fb8",
    "part_of": "#41ab5d",
    "co_occurs": "#bbbbbb",
    "same_section": "#e0c080",
}


def text_width(text: str, size: float) -> float:
    """Approximate rendered width: CJK glyphs are square, Latin ones about half as wide."""
    wide = sum(1 for c in text if ord(c) > 0x2E7F)
    return (wide + 0.56 * (len(text) - wide)) * size


def clip(text: str, max_width: float, size: float) -> str:
    if text_width(text, size) <= max_width:
        return text
    out = ""
    for c in text:
        if text_width(out + c + "…", size) > max_width:
            break
        out += c
    return out + "…"


def wrap(text: str, max_width: float, size: float, lines: int = 2) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``max_width`` (at spaces when there
    are any, CJK anywhere); only what does not fit in the last line is cut with "…"."""
    out: list[str] = []
    rest = single_spaces(text)
    while rest and len(out) < lines - 1 and text_width(rest, size) > max_width:
        cut = len(clip(rest, max_width, size).rstrip("…"))
        # the last space, or a hyphen's end ("second-" | "quarter"), that leaves the line
        # a third full: a Latin word is never cut inside ("second-quarte" | "r 2023")
        space = max(rest.rfind(" ", 0, cut + 1), rest.rfind("-", 0, cut) + 1)
        if space > cut // 3:
            cut = space
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(clip(rest, max_width, size))
    return out


def _svg(width: float, height: float, body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}">'
        f"<title>{escape(title)}</title>"
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>'
        + "".join(body)
        + "</svg>"
    )


# --- mind map ------------------------------------------------------------------------------
@dataclass
class _Placed:
    node: MindNode
    depth: int
    x: float = 0.0
    y: float = 0.0
    children: list[_Placed] = field(default_factory=list)


_COL, _ROW, _BOX_W, _BOX_H = 246.0, 70.0, 222.0, 60.0
# Print sizes in CSS pixels: the UI shows the diagram at its own size (scrolling, never
# shrunk to the column), so these are the sizes a reader sees.
TITLE_PX, SUB_PX, MIN_PX = 14.0, 12.0, 12.0


def _place(node: MindNode, depth: int, max_depth: int, rows: list[float]) -> _Placed:
    p = _Placed(node, depth, x=20 + depth * _COL)
    if depth < max_depth:
        p.children = [_place(c, depth + 1, max_depth, rows) for c in node.children]
    if p.children:
        # Level with its first child, not centred on all of them: a report's tree is
        # thousands of pixels tall and the root must be in view where the frame opens.
        p.y = p.children[0].y
    else:
        p.y = 30 + len(rows) * _ROW
        rows.append(p.y)
    return p


def _count(node: MindNode, depth: int, max_depth: int) -> int:
    if depth >= max_depth:
        return 1
    return 1 + sum(_count(c, depth + 1, max_depth) for c in node.children)


def _draw_node(p: _Placed, out: list[str], paged: bool = True) -> None:
    """``paged``: a PDF's boxes name their pages; a Word or Markdown file has none (every
    line of it is on "p1"), so its boxes name terms only."""
    n = p.node
    fill = "#34495e" if p.depth == 0 else ("#dbe9f6" if p.depth == 1 else "#f3f6f9")
    color = "#ffffff" if p.depth == 0 else "#1d2a35"
    pages = f"p{n.page_start}" + (f"–{n.page_end}" if n.page_end != n.page_start else "")
    pages = pages if paged else ""
    tip = (f"{n.title} ({pages})" if pages else n.title) + (
        f"\n{' · '.join(n.terms)}" if n.terms else ""
    )
    out.append(f"<g><title>{escape(tip)}</title>")
    out.append(
        f'<rect x="{p.x:.1f}" y="{p.y - _BOX_H / 2:.1f}" width="{_BOX_W}" height="{_BOX_H}" '
        f'rx="7" fill="{fill}" stroke="#8aa1b5"/>'
    )
    # Full titles: two lines before anything is cut (the outline beside has every word).
    title = wrap(n.title, _BOX_W - 16, TITLE_PX, lines=3 if p.depth == 0 else 2)
    line = TITLE_PX + 2
    top = p.y - line * (len(title) - 1) / 2 - (line / 2 if len(title) < 3 else 0) + 4
    for i, text in enumerate(title):
        out.append(
            f'<text x="{p.x + 8:.1f}" y="{top + line * i:.1f}" font-size="{TITLE_PX:g}" '
            f'fill="{color}">{escape(text)}</text>'
        )
    sub = " · ".join(n.terms) if n.terms else pages
    if len(title) > 2:  # the document's long name: no room for its terms below it
        sub = ""
    out.append(
        f'<text x="{p.x + 8:.1f}" y="{top + line * len(title) + 1:.1f}" '
        f'font-size="{SUB_PX:g}" fill="{color}" opacity="0.85">'
        f"{escape(clip(sub, _BOX_W - 16, SUB_PX))}</text></g>"
    )
    for c in p.children:
        x0, x1 = p.x + _BOX_W, c.x
        mid = (x0 + x1) / 2
        out.append(
            f'<path d="M{x0:.1f},{p.y:.1f} C{mid:.1f},{p.y:.1f} {mid:.1f},{c.y:.1f} '
            f'{x1:.1f},{c.y:.1f}" fill="none" stroke="#9fb3c8" stroke-width="1.2"/>'
        )
        _draw_node(c, out, paged)


def _trim(node: MindNode, max_children: int, top: bool = True) -> MindNode:
    """A copy showing at most ``max_children`` children below the first level, the rest
    summed up in one "+N more" box (the outline lists them all)."""
    kids = [_trim(c, max_children, False) for c in node.children]
    if not top and len(kids) > max_children:
        rest = len(kids) - max_children
        more = MindNode(title=f"+{rest} …", level=node.level + 1, section=-2)
        more.page_start, more.page_end = kids[max_children].page_start, kids[-1].page_end
        kids = [*kids[:max_children], more]
    return node.model_copy(update={"children": kids})


def mindmap_svg(
    root: MindNode, *, max_nodes: int = 80, max_children: int = 5, paged: bool = True
) -> str:
    """The top of the tree, as deep as fits in ``max_nodes`` boxes (at least one level);
    long lists of subsections are cut to ``max_children``. ``paged``: boxes name pages."""
    root = _trim(root, max_children)
    depth = 1
    while (
        depth < 6
        and _count(root, 0, depth + 1) <= max_nodes
        and _count(root, 0, depth + 1) > _count(root, 0, depth)
    ):
        depth += 1
    rows: list[float] = []
    placed = _place(root, 0, depth, rows)
    if not rows:
        rows.append(placed.y)
    out: list[str] = []
    _draw_node(placed, out, paged)
    width = 40 + (depth + 1) * _COL
    height = max(rows) + 40
    return _svg(width, height, out, root.title)


# --- knowledge graph -------------------------------------------------------------------------
def _layout(n: int, edges: list[tuple[int, int, float]], seed: int = 7) -> np.ndarray:
    """Fruchterman–Reingold with gravity (so loose nodes stay near) and a fixed seed (so the
    same graph always looks the same); positions scaled into the unit square."""
    if n == 0:
        return np.zeros((0, 2))
    rng = np.random.default_rng(seed)
    angles = np.linspace(0, 2 * math.pi, n, endpoint=False)
    pos = np.c_[np.cos(angles), np.sin(angles)] + rng.normal(0, 0.05, (n, 2))
    k = 1.8 / math.sqrt(n)
    a = np.array([e[0] for e in edges], dtype=int)
    b = np.array([e[1] for e in edges], dtype=int)
    w = np.minimum(np.array([e[2] for e in edges], dtype=float), 3.0) if edges else np.zeros(0)
    temp = 0.3
    for _ in range(250):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.maximum(np.linalg.norm(delta, axis=2), 1e-3)
        disp = (delta * (k * k / dist**2)[..., None]).sum(axis=1)
        if len(a):
            d = pos[a] - pos[b]
            dl = np.maximum(np.linalg.norm(d, axis=1), 1e-3)
            f = d * (dl / k * w * 0.5)[:, None]
            np.add.at(disp, a, -f)
            np.add.at(disp, b, f)
        disp -= pos * 0.15 * np.linalg.norm(pos, axis=1)[:, None] / k  # gravity
        length = np.maximum(np.linalg.norm(disp, axis=1), 1e-9)
        pos += disp / length[:, None] * np.minimum(length, temp)[:, None]
        temp *= 0.985
    lo, hi = np.percentile(pos, 2, axis=0), np.percentile(pos, 98, axis=0)
    span = np.maximum(hi - lo, 1e-6)
    return np.asarray(np.clip((pos - lo) / span, 0.0, 1.0))


def graph_svg(graph: KnowledgeGraph, *, max_nodes: int = 30, max_edges: int = 70) -> str:
    nodes = sorted(graph.nodes, key=lambda nd: -nd.centrality)[:max_nodes]
    ids = {nd.term: i for i, nd in enumerate(nodes)}
    edges = [e for e in graph.edges if e.source in ids and e.target in ids]
    strong = [e for e in edges if e.type not in ("co_occurs", "same_section")]
    weak = sorted((e for e in edges if e not in strong), key=lambda e: -e.weight)
    edges = (strong + weak)[:max_edges]
    pos = _layout(len(nodes), [(ids[e.source], ids[e.target], e.weight) for e in edges])
    width, height, pad = 1000.0, 760.0, 80.0
    xy = [(pad + p[0] * (width - 2 * pad), pad + p[1] * (height - 2 * pad)) for p in pos]
    top = max((nd.centrality for nd in nodes), default=1.0) or 1.0
    out: list[str] = []
    for e in edges:
        (x0, y0), (x1, y1) = xy[ids[e.source]], xy[ids[e.target]]
        dash = ' stroke-dasharray="4 3"' if e.type in ("co_occurs", "same_section") else ""
        tip = f"{e.source} —{e.type}→ {e.target}" + (
            f" (p{e.evidence[0].page})" if e.evidence else ""
        )
        out.append(
            f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
            f'stroke="{_EDGE_COLORS[e.type]}" stroke-width="{1 + min(e.weight, 4) * 0.4:.1f}"'
            f"{dash}><title>{escape(tip)}</title></line>"
        )
    for nd, (x, y) in zip(nodes, xy, strict=True):
        r = 6 + 12 * nd.centrality / top
        tip = f"{nd.term} (p{nd.page})" + (f"\n{nd.definition[:200]}" if nd.definition else "")
        out.append(
            f'<g id="term-{ids[nd.term]}"><title>{escape(tip)}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#fdae6b" stroke="#e6550d"/>'
            f'<text x="{x:.1f}" y="{y - r - 4:.1f}" font-size="12" text-anchor="middle" '
            f'fill="#222">{escape(clip(nd.term, 150, 12))}</text></g>'
        )
    legend_y = height - 18
    x = 12.0
    for name, color in _EDGE_COLORS.items():
        out.append(
            f'<line x1="{x}" y1="{legend_y}" x2="{x + 22}" y2="{legend_y}" stroke="{color}" '
            f'stroke-width="2"/><text x="{x + 26}" y="{legend_y + 4}" font-size="10" '
            f'fill="#444">{name}</text>'
        )
        x += 40 + text_width(name, 10)
    return _svg(width, height, out, "knowledge graph")


def to_png(svg: str, *, zoom: float = 1.5) -> bytes:
    """Rasterise an SVG offline (PyMuPDF); Chinese renders with its bundled CJK font."""
    import pymupdf

    with pymupdf.open(stream=svg.encode("utf-8"), filetype="svg") as doc:
        pix = doc[0].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
        return bytes(pix.tobytes("png"))
