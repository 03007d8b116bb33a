"""Keyword knowledge as data: the word lists behind the code's regular expressions.

A theme's words live in one file, ``data/lexicon/<theme>.json``: lists keyed by what the
words mean, each file with an ``"_about"`` note saying who reads it and what belongs
there. A name is ``"<theme>.<key>"`` (``"greetings.hello"``); a key holding an object of
lists (``{"en": [...], "zh": [...]}``) names all of them in the file's order, and
``"<theme>.<key>.<sub>"`` one of them.

The code keeps what the matching means (anchors, boundaries, flags) in its template; the
data keeps only the words, written as they read ("in addition", "e.g", "n/a"): each word
matches itself literally. Adding a word never touches the logic. Files are read once.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data") / "lexicon"
_META = re.compile(r"([.^$*+?{}\[\]\\|()])")  # what a regular expression reads as syntax


class LexiconError(ValueError):
    """A lexicon name names no list of words in the data files."""


@cache
def _theme(theme: str) -> dict[str, Any]:
    path = DATA / f"{theme}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise LexiconError(f"cannot read the word list {path}: restore or fix that file") from e
    if not isinstance(raw, dict):
        raise LexiconError(f"{path} must hold an object of word lists keyed by meaning")
    return raw


def _flatten(entry: Any, name: str) -> list[str]:
    if isinstance(entry, list) and all(isinstance(w, str) and w for w in entry):
        return list(entry)
    if isinstance(entry, dict):
        return [w for key, sub in entry.items() for w in _flatten(sub, f"{name}.{key}")]
    raise LexiconError(f"'{name}' holds no list of non-empty words: fix its data file")


@cache
def keys(name: str) -> tuple[str, ...]:
    """The keys of a group of word lists ("relations.converses": one per relation), in
    the data file's order."""
    theme, _, path = name.partition(".")
    entry: Any = _theme(theme)
    for key in path.split(".") if path else ():
        if not isinstance(entry, dict) or key not in entry or key.startswith("_"):
            raise LexiconError(f"no group '{name}' in {DATA / theme}.json: add it there")
        entry = entry[key]
    if not isinstance(entry, dict):
        raise LexiconError(f"'{name}' holds no group of word lists: fix its data file")
    return tuple(k for k in entry if not k.startswith("_"))


@cache
def words(name: str) -> tuple[str, ...]:
    """The words a name holds, in the data file's order (the order an alternation tries
    them in)."""
    theme, _, path = name.partition(".")
    if not path:
        raise LexiconError(f"'{name}' names no list: write '<theme>.<key>'")
    entry: Any = _theme(theme)
    for key in path.split("."):
        if not isinstance(entry, dict) or key not in entry or key.startswith("_"):
            raise LexiconError(f"no word list '{name}' in {DATA / theme}.json: add it there")
        entry = entry[key]
    return tuple(_flatten(entry, name))


def escape(word: str) -> str:
    """A word as a literal in a regular expression; spaces stay spaces (``re.escape``
    would write them ``\\ ``), so a pattern reads as the words it was written with."""
    return _META.sub(r"\\\1", word)


def alternation(*names: str, space: str = " ") -> str:
    """The words of the names as one alternation (no group around it), each a literal;
    ``space`` is what a space between words matches (``r"\\s+"`` for any run)."""
    return "|".join(escape(w).replace(" ", space) for n in names for w in words(n))


@cache
def pattern(
    *names: str, template: str = r"\b(?:{})\b", flags: int = 0, space: str = " "
) -> re.Pattern[str]:
    """The compiled pattern of ``template`` with ``{}`` standing for the names' words as
    one alternation (``r"^(?:{})\\s+"``: one of them opening the text)."""
    if template.count("{}") != 1:
        raise LexiconError(f"the template {template!r} must hold '{{}}' exactly once")
    return re.compile(template.replace("{}", alternation(*names, space=space)), flags)
