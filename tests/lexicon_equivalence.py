"""How a pattern built from the lexicon's data files is compared with the literal it
replaced: the same matches at the same places with the same groups, on invented text and
on every word of the literal in settings that tell a boundary, an anchor or a case apart."""

from __future__ import annotations

import re

# Invented text every moved pattern is also probed with.
TEXT = [
    "",
    "Note: the figure rose in 2023.",
    "However, the company also said that revenue grew, e.g. in Europe.",
    "这是一个术语，指的是某种方法。",
    "如果收入增长，那么利润也会增加。",
    "In addition, see Table 3 for the terms and definitions used.",
    "Mr. Smith joined the board; he is a director.",
    "我们的年报已发布。谢谢你！",
]
_WORDS = re.compile(r"[A-Za-z\u3400-\u9fff][A-Za-z\u3400-\u9fff'’/.\- ]*")


def probes(old: str) -> list[str]:
    """Invented text, and each word the old literal spells in settings that tell a
    boundary, an anchor or a case from another."""
    found = {w.strip() for w in _WORDS.findall(old.replace("\\s+", " ").replace("\\s", " "))}
    out = list(TEXT)
    for w in sorted(x for x in found if x):
        out += [w, w.upper(), w.title(), f"{w} x", f"x {w}", f"{w}s", f"pre{w}", f"{w}的"]
        out += [f"{w}\nnext", f"  {w},", f"{w}  tail", f"{w}{w}"]
    return out


def same_matches(old: re.Pattern[str], new: re.Pattern[str], text: str) -> None:
    def seen(p: re.Pattern[str]) -> tuple[object, ...]:
        found = [(m.span(), m.groups()) for m in p.finditer(text)]
        at = p.match(text)
        whole = p.fullmatch(text)
        return (found, at and at.span(), whole and whole.span(), p.sub("#", text))

    assert seen(new) == seen(old), f"{new.pattern!r} differs from the old literal on {text!r}"


def check(old: str, flags: int, new: re.Pattern[str], extra: tuple[str, ...] = ()) -> None:
    was = re.compile(old, flags)
    assert new.flags == was.flags
    for text in [*probes(old), *extra]:
        same_matches(was, new, text)
