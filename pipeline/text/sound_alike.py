"""Foreign names Chinese writes in more than one way: characters chosen for their sound.

A foreign name has no fixed Chinese spelling: Monteiro is 蒙泰罗 in one text and 蒙特罗 in
another, Holtz 霍尔兹 or 霍尔茨, Supervielle 苏佩维埃尔 or 许拜维艾尔. No list holds every
name, but the spellings show themselves: the same number of characters, each read alike
(an initial and a final of one group: 特 te and 泰 tai, 茨 ci and 兹 zi), some characters
the same. The characters and their readings are data (``data/lexicon/transliteration.json``);
a character not listed is no transliteration's (在, 是, 年), so a name ends there.
"""

from __future__ import annotations

import re
from functools import cache

from pipeline.text import lexicon
from pipeline.text.script import HAN_RUN_RE

MIN_NAME = 2  # characters: one character is part of too many names
_DOT = "·‧•・"  # what separates a foreign name's given name from its surname


@cache
def _readings() -> dict[str, str]:
    """Each transliteration character's reading (pinyin without tones)."""
    out: dict[str, str] = {}
    for syllable in lexicon.keys("transliteration.syllables"):
        for c in lexicon.words(f"transliteration.syllables.{syllable}"):
            if len(c) != 1 or c in out:
                raise lexicon.LexiconError(
                    f"transliteration.syllables.{syllable}: list single characters, each once"
                )
            out[c] = syllable
    return out


@cache
def _groups(part: str) -> dict[str, str]:
    """Each initial or final (``part``) with the key of the group it varies within."""
    return {
        sound: key
        for key in lexicon.keys(f"transliteration.{part}")
        for sound in lexicon.words(f"transliteration.{part}.{key}")
    }


@cache
def _sound(c: str) -> tuple[str, str] | None:
    """A character's initial group and final group, or None when no name is written with it."""
    syllable = _readings().get(c)
    if syllable is None:
        return None
    initials = _groups("initials")
    head = next((i for i in sorted(initials, key=len, reverse=True) if syllable.startswith(i)), "")
    rest = syllable[len(head) :]
    # a syllable opening with a vowel (阿, 埃, 欧) sounds as one opening with y or w
    return initials.get(head, initials.get("w", "")), _groups("finals").get(rest, rest)


def transliterated(word: str) -> bool:
    """Is every character of the word one foreign names are written with?"""
    return len(word) >= MIN_NAME and all(_sound(c) is not None for c in word)


def name_stretches(run: str) -> list[str]:
    """The stretches of a Chinese run written only with transliteration characters, of
    ``MIN_NAME`` characters or more ("许拜维艾尔" of "许拜维艾尔是哪一天在巴黎去世的")."""
    return _stretch().findall(run)


@cache
def _stretch() -> re.Pattern[str]:
    return re.compile("[" + "".join(_readings()) + "]{" + str(MIN_NAME) + ",}")


def sounds_alike(asked: str, written: str, *, finals: bool = True) -> bool:
    """Do two spellings write one foreign name: as long, every character the same or read
    with an initial of one group, at least one the same; with ``finals``, the finals of one
    group too, all but one in three (托马斯 and 汤玛斯 differ in one)."""
    if len(asked) != len(written) or asked == written or len(asked) < MIN_NAME:
        return False
    if not any(a == w for a, w in zip(asked, written, strict=True)) and finals:
        return False
    unlike = 0
    for a, w in zip(asked, written, strict=True):
        if a == w:
            continue
        sa, sw = _sound(a), _sound(w)
        if sa is None or sw is None or sa[0] != sw[0]:
            return False
        unlike += sa[1] != sw[1]
    return not finals or unlike <= (len(asked) - 1) // 2


def written_alike(asked: str, text: str) -> set[str]:
    """The spellings ``text`` writes of the foreign name ``asked`` (never its own)."""
    n = len(asked)
    return {
        run[i : i + n]
        for run in HAN_RUN_RE.findall(text)
        for i in range(len(run) - n + 1)
        if sounds_alike(asked, run[i : i + n])
    }


def given_alike(given: str, surname: str, text: str) -> set[str]:
    """The given names ``text`` writes before the surname ``surname`` that spell ``given``
    otherwise (珍妮 asked of "琴娜·杜普洛"): a given name varies more than a surname does, so
    only its initials need be alike."""
    before = re.compile(rf"([^\W\d_]{{{len(given)}}})[{_DOT}]{re.escape(surname)}")
    found = (m.group(1) for m in before.finditer(text))
    return {g for g in found if sounds_alike(given, g, finals=False)}


def spelled_in(name: str, text: str) -> bool:
    """Does ``text`` write the name, as asked or spelled otherwise: a foreign name wholly
    read alike, or a dotted name's surname as asked with its given name read alike?"""
    if name in text:
        return True
    if transliterated(name) and written_alike(name, text):
        return True
    parts = re.split(f"[{_DOT}]", name)
    if len(parts) == 2 and all(parts) and parts[1] in text:
        return bool(given_alike(parts[0], parts[1], text))
    return False
