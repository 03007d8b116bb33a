"""Variant characters: one character written in another form (砲 for 炮, 著 for 着).

Chinese text converted from traditional characters, or typed by someone used to another
form, writes a word in a form the question does not ("T-92快砲" asked as "T-92快炮"): the
same word, which a search for the question's form would not find and a match of its
characters would not see. The forms are data (``data/lexicon/variants.json``, groups keyed
by the form text is folded to). ``fold`` writes every character in its group's form, one
character for one, so offsets into the text stay valid; ``spellings`` gives a word in
each of its forms, for a search to look for them all.

Words are written for one another too: a name and its short form (二战 for 第二次世界大战,
百米 for 100米), and verbs of one meaning (打败 for 战胜, 改名 for 更名): a question asking
with one finds no sentence writing the other, and is refused for a word the document
"never mentions". ``word_forms`` gives a word in each wording of the groups
(``variants.json`` "words") it holds, for a match and a search to take any.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from pipeline.text import lexicon

MAX_SPELLINGS = 8  # a word of many variant characters is searched in its first forms only
MIN_WORD = 2  # characters: a one-character form is part of too many other words


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


@cache
def _word_groups() -> tuple[tuple[str, ...], ...]:
    out = []
    for key in lexicon.keys("variants.words"):
        forms = lexicon.words(f"variants.words.{key}")
        if key not in forms or any(len(f) < MIN_WORD for f in forms):
            raise lexicon.LexiconError(
                f"variants.words.{key}: list words of {MIN_WORD} characters or more, the key "
                "among them"
            )
        out.append((key, *[f for f in forms if f != key]))
    return tuple(out)


@cache  # asked of every question word for every unit a turn weighs
def word_forms(word: str) -> tuple[str, ...]:
    """The word in each other wording of the word groups it holds ("二战时" →
    "第二次世界大战时", "二次大战时"; "打败" → "战胜", "击败", …), the longest form found in
    it first replaced; none when it holds no form. At most ``MAX_SPELLINGS``."""
    out: list[str] = []
    for group in _word_groups():
        held = sorted((f for f in group if f in word), key=len, reverse=True)
        if not held:
            continue
        for other in group:
            if held[0] not in other:  # "奥运" finds "奥运会" as it is
                spelled = word.replace(held[0], other)
                if spelled != word and spelled not in out:
                    out.append(spelled)
    return tuple(out[:MAX_SPELLINGS])
