"""Mind map: the heading tree with each section's key terms, as data, outline and diagram."""

from __future__ import annotations

from pipeline.knowledge.analysis import TermIndex, section_key_terms
from pipeline.knowledge.models import MindNode
from pipeline.knowledge.outline import OutlineNode, reader_outline
from pipeline.knowledge.source import DocText
from pipeline.text.normalise import no_spaces


def _node(
    doc: DocText, node: OutlineNode, keys: dict[int, list[int]], idx: TermIndex | None
) -> MindNode:
    sec = doc.sections[node.section]
    children = [_node(doc, c, keys, idx) for c in node.children]
    terms = [idx.terms[t].term for t in keys.get(sec.idx, [])] if idx else []
    if not terms and children:
        # A chapter with no text of its own: the terms its sections share most.
        tally: dict[str, int] = {}
        for ch in children:
            for rank, name in enumerate(ch.terms):
                tally[name] = tally.get(name, 0) + len(ch.terms) - rank
        terms = sorted(tally, key=lambda n: (-tally[n], n))[:4]
    return MindNode(
        title=node.title,
        level=sec.level,
        section=sec.idx,
        label=sec.label,
        page_start=sec.page_start,
        page_end=max([sec.page_end, *(c.page_end for c in children)]),
        chunk_id=sec.chunk_id,
        terms=terms,
        children=children,
    )


def _without_headings(doc: DocText, idx: TermIndex, per_branch: int) -> list[MindNode]:
    """No heading tree: the top terms become branches, each with terms it occurs with."""
    top = sorted(range(len(idx.terms)), key=lambda i: -idx.terms[i].score)[:8]
    branches: list[MindNode] = []
    for ti in top:
        t = idx.terms[ti]
        together: dict[int, int] = {}
        for s in idx.occurrences[ti]:
            for _, _, other in idx.by_sentence.get(s, []):
                if other != ti:
                    together[other] = together.get(other, 0) + 1
        near = sorted(together, key=lambda o: (-together[o], o))[:per_branch]
        branches.append(
            MindNode(
                title=t.term,
                level=1,
                page_start=t.page,
                page_end=t.page,
                chunk_id=t.chunk_id,
                terms=[idx.terms[o].term for o in near],
            )
        )
    return branches


def _repeats_root(doc: DocText, root: MindNode, child: MindNode) -> bool:
    same = no_spaces(child.title).lower() == no_spaces(root.title).lower()
    empty = child.section < 0 or len(doc.sections[child.section].sentences) <= 1
    return same and empty and not child.children


def build_mindmap(doc: DocText, idx: TermIndex | None, *, per_section: int = 4) -> MindNode:
    """The reader's outline (``outline.py``: no cover lines, contents or signatures) under
    the document's title as a reader says it, each heading with its key terms."""
    keys = section_key_terms(doc, idx, per_section=per_section) if idx else {}
    wrapper = doc.wrapper()
    top = wrapper.idx if wrapper else 0
    root = _node(doc, OutlineNode(top, doc.title, reader_outline(doc, top)), keys, idx)
    root.page_start, root.page_end = 1, max(root.page_end, doc.sections[0].page_end)
    root.level = 0
    # A title heading that is the root already (Word's Title style beside the chapters).
    root.children = [c for c in root.children if not _repeats_root(doc, root, c)]
    if not root.children and idx is not None and idx.terms:
        root.children = _without_headings(doc, idx, per_section)
    return root


def mindmap_markdown(root: MindNode, *, lang: str = "en", paged: bool = True) -> str:
    """The outline as Markdown; ``paged``: each heading with its pages (a file without
    pages has none to name)."""
    lines = [f"# {root.title}", ""]
    if root.terms:
        lines += [("关键术语：" if lang == "zh" else "Key terms: ") + "、".join(root.terms), ""]

    def walk(node: MindNode, depth: int) -> None:
        pages = f"p{node.page_start}" + (
            f"–{node.page_end}" if node.page_end != node.page_start else ""
        )
        terms = f" — {', '.join(node.terms)}" if node.terms else ""
        where = f" ({pages})" if paged else ""
        lines.append(f"{'  ' * depth}- {node.title}{where}{terms}")
        for c in node.children:
            walk(c, depth + 1)

    for child in root.children:
        walk(child, 0)
    if not root.children:
        lines.append("_(no headings found)_" if lang != "zh" else "_（未找到标题）_")
    return "\n".join(lines) + "\n"


def heading_outline(root: MindNode) -> list[tuple[int, str]]:
    """(depth, title) of every heading in reading order; a title heading at the root has
    depth 0, the top level below it depth 1."""
    out: list[tuple[int, str]] = [(0, root.title)] if root.section > 0 else []

    def walk(node: MindNode, depth: int) -> None:
        for c in node.children:
            if c.section >= 0:
                out.append((depth, c.title))
            walk(c, depth + 1)

    walk(root, 1)
    return out
