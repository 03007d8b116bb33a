"""Markdown for the term base (the other components render their own)."""

from __future__ import annotations

from pipeline.knowledge.models import Term


def terms_markdown(terms: list[Term], title: str, *, lang: str = "en") -> str:
    zh = lang == "zh"
    lines = [f"# {title} — " + ("术语表" if zh else "Terms"), ""]
    if not terms:
        lines.append("（未提取到术语）" if zh else "_No terms found._")
    for t in terms:
        alias = f" ({', '.join(t.aliases)})" if t.aliases else ""
        head = f"- **{t.term}**{alias} [p{t.page}]"
        if t.definition:
            head += f": {t.definition}"
        lines.append(head)
    return "\n".join(lines) + "\n"
