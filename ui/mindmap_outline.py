"""The mind map as an outline a phone shows first (found trying the app: a phone's first
view of a 10-K's map was its title box alone, the branches off the frame's right edge and
a column of empty frame below; the drawing keeps its own size so its titles stay readable).

Read from the map's stored Markdown (``pipeline/knowledge/mindmap.mindmap_markdown``): the
root is its ``#`` title, each ``- Title (p3–16) — terms`` line a node, two spaces a level.
The first level is listed closed, each branch opening to its sections. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ui.safe import esc

_ITEM = re.compile(r"^(?P<indent> *)- (?P<title>.+?)(?: \((?P<where>[^()]*)\))?(?: — .*)?$")


@dataclass
class _Node:
    title: str
    where: str
    children: list[_Node] = field(default_factory=list)


def _tree(markdown: str) -> tuple[str, list[_Node]]:
    title = ""
    top: list[_Node] = []
    stack: list[tuple[int, _Node]] = []
    for line in markdown.splitlines():
        if line.startswith("# ") and not title:
            title = line[2:].strip()
            continue
        m = _ITEM.match(line)
        if m is None:
            continue
        level = len(m.group("indent")) // 2
        node = _Node(m.group("title").strip(), (m.group("where") or "").strip())
        while stack and stack[-1][0] >= level:
            stack.pop()
        (stack[-1][1].children if stack else top).append(node)
        stack.append((level, node))
    return title, top


def _item(node: _Node) -> str:
    where = f' <span class="folio-outline-where">{esc(node.where)}</span>' if node.where else ""
    label = f"{esc(node.title)}{where}"
    if not node.children:
        return f"<li>{label}</li>"
    kids = "".join(_item(c) for c in node.children)
    return f"<li><details><summary>{label}</summary><ul>{kids}</ul></details></li>"


def outline_html(markdown: str) -> str:
    """The outline's HTML (shown on phones only, ``folio.css``), or "" without nodes."""
    title, top = _tree(markdown)
    if not top:
        return ""
    items = "".join(_item(n) for n in top)
    root = f'<div class="folio-outline-root">{esc(title)}</div>' if title else ""
    return f'<div class="folio-map-outline">{root}<ul>{items}</ul></div>'
