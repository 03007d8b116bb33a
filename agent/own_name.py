"""The words of a question that spell the scope's own company name: a scope's name may be
stored run together ("mgmresort" for MGM Resorts International), so the question's
capitalised words "MGM" and "Resorts" are found inside it; and an initialism of a name
whose word repeats ("JnJ", "JNJ" of Johnson & Johnson, whose word the scope's names hold
once) is spelled by that word's letters in order, from its first. They name whose the
figure or the topic is, never what is asked of it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.scope import stem

_MIN_PART = 3  # a shorter stem is found inside any name
# an initialism: two capitals or more, and short ("JnJ", "JNJ"); a longer word is a name
_INITIALISM = re.compile(r"\b[A-Z][a-z]?[A-Z][A-Za-z]?\b")


def own_name_words(question: str, scope: Iterable[str]) -> set[str]:
    """The stems of the question's capitalised words found inside a scope name, and of
    its initialisms of a scope name's word."""
    joined = [re.sub(r"[^a-z]", "", n.lower()) for n in scope]
    capital = {stem(w.lower()) for w in re.findall(r"\b[A-Z][A-Za-z]*", question)}
    out = {s for s in capital if len(s) >= _MIN_PART and any(s in n for n in joined)}
    for m in _INITIALISM.finditer(question):
        short = m.group(0).lower()
        if any(len(n) >= _MIN_PART and _spells(short, n) for n in joined):
            out.add(stem(short))
    return out


def _spells(short: str, word: str) -> bool:
    """Are the short form's letters the word's, in order, from its first, the word read
    twice (a name repeating it: "Johnson & Johnson")?"""
    if short[:1] != word[:1]:
        return False
    it = iter(word + word)
    return all(c in it for c in short)
