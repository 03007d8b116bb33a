"""A statement that says what a yes/no question asks was turned down or stopped ("The
shareholder proposal regarding an independent chair was defeated" for "Did shareholders
back the proposal …?"; "the Board determined to suspend the ongoing dividends" for "Is it
still paying a dividend?"): it denies the question as a negation word does, unless the
question asks that very reversal ("Did it suspend its dividend?"). Words in
``data/reversals.json``."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "reversals.json"


@cache
def _stems() -> tuple[str, ...]:
    return tuple(json.loads(_DATA.read_text(encoding="utf-8"))["en"])


def _said(stem: str, text: str) -> bool:
    return re.search(rf"\b{re.escape(stem)}", text, re.I) is not None


@cache
def _limits() -> re.Pattern[str]:
    said = json.loads(_DATA.read_text(encoding="utf-8"))["limits"]
    return re.compile("|".join(f"(?:{x})" for x in said), re.I)


def without_limits(statement: str) -> str:
    """The statement without the phrases by which a negation bounds an amount ("a ratio
    not higher than 3.9 times"): what is left denies or not."""
    return _limits().sub(" ", statement)


def reverses(statement: str, question: str) -> bool:
    """Does the statement say that what the question asks was turned down or stopped, by a
    word the question does not use itself?"""
    return any(_said(s, statement) and not _said(s, question) for s in _stems())


@cache
def _outcomes() -> tuple[str, ...]:
    return tuple(json.loads(_DATA.read_text(encoding="utf-8"))["outcomes"])


def _asks_outcome(term: str) -> bool:
    return any(term.startswith(o) or o.startswith(term) for o in _outcomes())


def outcome_met(asked: frozenset[str], statement: str) -> frozenset[str]:
    """The question's words asking whether a matter went through ("approved", "endorsed"),
    when the statement says the matter's outcome: by such a word itself, or by a word
    saying it was turned down ("… was defeated" speaks to "Was … approved?" as its No).
    Why: the filing states an outcome in its own verb, seldom the question's."""
    if not any(_said(s, statement) for s in (*_outcomes(), *_stems())):
        return frozenset()
    return frozenset(a for a in asked if _asks_outcome(a))
