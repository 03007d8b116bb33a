"""The unit a question wants its figures in ("in USD millions", "in thousands of
dollars"): how the answer states a figure, never what the documents are searched for."""

from __future__ import annotations

import re

# "in USD millions", "in US$ billions", "in $ thousands", "in millions of dollars",
# "in units of millions"; the request may stand in brackets ("(in USD billions)")
_ASKED_UNIT = re.compile(
    r"\(?\s*\bin (?:units of )?(?:usd |us\$ ?|\$ ?|us dollars? )?(thousands|millions|billions)"
    r"(?: of (?:us |u\.s\. )?dollars)?\b\s*\)?",
    re.I,
)


def asked_scale(question: str) -> str:
    """The unit a question wants figures in ("Answer in USD millions" → "millions")."""
    m = _ASKED_UNIT.search(question)
    return m.group(1).lower() if m else ""


def without_unit(question: str) -> str:
    """The question without its unit request: "billions" searched for finds the prose
    rounding figures to billions ("inventories of $0.5 billion"), not the statement's
    row printed in millions."""
    bare = re.sub(r",?\s*" + _ASKED_UNIT.pattern, " ", question, flags=re.I)
    return re.sub(r"\s+([?,.])", r"\1", bare).strip()
