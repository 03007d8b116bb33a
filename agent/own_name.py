"""The words of a question that spell the scope's own company name: a scope's name may be
stored run together ("mgmresort" for MGM Resorts International), so the question's
capitalised words "MGM" and "Resorts" are found inside it. They name whose the figure or
the topic is, never what is asked of it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.scope import stem

_MIN_PART = 3  # a shorter stem is found inside any name


def own_name_words(question: str, scope: Iterable[str]) -> set[str]:
    """The stems of the question's capitalised words found inside a scope name."""
    joined = [re.sub(r"[^a-z]", "", n.lower()) for n in scope]
    capital = {stem(w.lower()) for w in re.findall(r"\b[A-Z][A-Za-z]*", question)}
    return {s for s in capital if len(s) >= _MIN_PART and any(s in n for n in joined)}
