"""Word lists the keyphrase extractor, the term base and the summary filter with (the
boilerplate they all leave out is ``pipeline/text/boilerplate.py``'s).

The words are data (``data/wordlists.json``, each list with a note on what it holds), read
once on first use: adding a word never touches the logic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "wordlists.json"


@dataclass(frozen=True)
class WordLists:
    not_first: frozenset[str]
    ing_nouns: frozenset[str]
    time: frozenset[str]
    role_heads: frozenset[str]
    generic_head_zh: frozenset[str]
    generic_zh: frozenset[str]
    document_nouns_zh: frozenset[str]
    generic_en: frozenset[str]
    evaluative: frozenset[str]
    body_start: tuple[str, ...]  # prefixes of the heading a filing's body opens with
    report_parts_en: frozenset[str]  # standard parts of any report ("risk factors")
    placeholder_titles: frozenset[str]  # metadata titles tools write for any document
    placeholder_prefixes: tuple[str, ...]
    file_extensions: frozenset[str]  # a metadata title that is a file name ("Binder1.pdf")


@cache
def word_lists() -> WordLists:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    lists = {name: entry["words"] for name, entry in raw.items()}
    body_start = tuple(lists.pop("body_start"))
    prefixes = tuple(lists.pop("placeholder_prefixes"))
    return WordLists(
        body_start=body_start,
        placeholder_prefixes=prefixes,
        **{k: frozenset(v) for k, v in lists.items()},
    )
