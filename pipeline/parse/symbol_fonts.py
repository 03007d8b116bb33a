"""The characters a span set in a symbol font shows (Wingdings, Symbol): a text layer
that keeps the font's codes reads a filing's empty tick box as "¨" and its ticked one as
"x", which Inspect, the chunks and the tick-box answers would otherwise show and read as
letters. The mappings are data (``data/symbol_fonts.json``)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "symbol_fonts.json"
_PRIVATE_USE = 0xF000  # "\uf0a8": a symbol font's code 0xA8 stored in the private-use area
_PRIVATE = re.compile("[\uf000-\uf0ff]")


@cache
def _fonts() -> dict[str, dict[str, str]]:
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return {name: dict(table) for name, table in raw.items() if not name.startswith("_")}


def _table(font: str) -> dict[str, str] | None:
    """The font's table: its name after a subset's prefix ("ABCDEF+Wingdings-Regular",
    "SymbolMT"), not a Unicode font named alike ("Symbola")."""
    name = font.lower().rpartition("+")[2]
    for key, table in _fonts().items():
        rest = name.removeprefix(key)
        if rest != name and (not rest[:1].isalpha() or rest.startswith("mt")):
            return table
    return None


def shown(text: str, font: str) -> str:
    """``text`` as a span in ``font`` shows it. A private-use code in another font is a
    symbol font's code a writer substituted ("\uf0a8" in Times New Roman on a 10-K's
    cover): read by every table, Wingdings' first (a filing's boxes and bullets)."""
    table = _table(font)
    if table is None and not _PRIVATE.search(text):
        return text
    tables = [table] if table is not None else list(_fonts().values())
    out = []
    for ch in text:
        code = ord(ch)
        base = chr(code - _PRIVATE_USE) if _PRIVATE_USE <= code <= _PRIVATE_USE + 0xFF else ""
        if base == " ":
            out.append(" ")
        elif base:  # kept as it is when no table has it
            out.append(next((t[base] for t in tables if base in t), ch))
        else:
            out.append(table.get(ch, ch) if table is not None else ch)
    return "".join(out)
