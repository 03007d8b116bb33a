"""Variant characters: one character written in another form (砲 for 炮, 著 for 着).

Chinese text converted from traditional characters, or typed by someone used to another
form, writes a word in a form the question does not ("T-92快砲" asked as "T-92快炮"): the
same word, which a search for the question's form would not find and a match of its
characters would not see. The forms are data (``data/lexicon/variants.json``, groups keyed
by the form text is folded to). ``fold`` writes every character in its group's form, one
character for one, so offsets into the text stay valid; ``spellings`` gives a word in
each of its forms, for a search to look for them all.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from pipeline.text import lexicon

MAX_SPELLINGS = 8  # a word of many variant characters is searched in its first forms only


@cache
def _groups() -> tuple[tuple[str, ...], ...]:
    out = []
    for key in lexicon.keys("variants.groups"):
        forms = lexicon.words(f"variants.groups.{key}")
        if key not in forms or any(len(f) != 1 for f in forms):
            raise lexicon.LexiconError(
                f"variants.groups.{key}: list single characters, the key among them"
            )
        out.append((key, *[f for f in forms if f != key]))
    return tuple(out)


@cache
def _folding() -> dict[int, str]:
    return {ord(f): group[0] for group in _groups() for f in group[1:]}


@cache
def _forms() -> dict[str, tuple[str, ...]]:
    return {f: group for group in _groups() for f in group}


def fold(text: str) -> str:
    """``text`` with every variant character in its group's form (same length)."""
    return text.translate(_folding())


def has_variants(word: str) -> bool:
    """Does the word hold a character written in more than one form?"""
    forms = _forms()
    return any(c in forms for c in word)


def spellings(word: str) -> list[str]:
    """The word in each form of its variant characters, as written first ("快炮" →
    "快炮", "快砲", "快礮"); at most ``MAX_SPELLINGS``."""
    if not has_variants(word):
        return [word]
    forms = _forms()
    choices = [forms.get(c, (c,)) for c in word]
    out = [word]
    for combo in product(*choices):
        spelled = "".join(combo)
        if spelled not in out:
            out.append(spelled)
        if len(out) >= MAX_SPELLINGS:
            break
    return out
