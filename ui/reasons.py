"""Failure and status reasons in the interface's language.

The pipeline stores its reasons in English (the CLI and logs read them); the
interface shows them in Chinese through the patterns of ``data/reasons_zh.json``.
A reason no pattern knows is shown as it is rather than guessed at.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

PATTERNS_PATH = Path(__file__).with_name("data") / "reasons_zh.json"


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    data = json.loads(PATTERNS_PATH.read_text(encoding="utf-8"))
    return tuple((re.compile(p), template) for p, template in data["patterns"])


def _one(part: str) -> str | None:
    for pattern, template in _patterns():
        m = pattern.search(part)
        if m:
            return template.format(**m.groupdict())
    return None


def localise_reason(reason: str, lang: str) -> str:
    """``reason`` for an interface in ``lang``.

    A reason may join several notes with '; ' (OCR failures and an engine note): when
    no pattern knows the whole, each part is rendered on its own.
    """
    if lang != "zh" or not reason:
        return reason
    whole = _one(reason)
    if whole is not None:
        return whole
    return "；".join(_one(p.strip()) or p.strip() for p in reason.split("; "))


def localise_note(note: str, lang: str) -> str:
    """A running stage's progress note ("parsed 3/10 pages") for an interface in ``lang``;
    "" when the interface is not English and no pattern knows the note (the card then
    shows the state and percent rather than English in a Chinese interface)."""
    if lang == "en" or not note:
        return note
    return (_one(note) or "") if lang == "zh" else ""
