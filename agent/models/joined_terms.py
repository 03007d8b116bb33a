"""A Chinese question's words with a single character the word cutter split off written
whole again ("五月" + "艾" → "五月艾"): a name the cutter does not know says much, and the
answerability gate (``answerability.py``) must see it whole."""

from __future__ import annotations

from agent.answer_kinds import _tagged
from agent.rewrite import content_terms
from pipeline.text.script import HAN_RE


def joined_terms(core: str, terms: list[str]) -> list[str]:
    """The question's words, a Chinese word the cutter split off a single character from
    written whole again ("五月" + "艾" → "五月艾": a name it does not know says much)."""
    if not HAN_RE.search(core):
        return terms
    out = list(terms)
    # a verb is no part of a name ("林远舟" + "做" of "林远舟做了什么", "水" + "是从"): it asks,
    # it names nothing; nor is a numeral or a measure ("野驴" + "一" of "野驴一胎生几只")
    tags = dict(_tagged(core))
    verbs = {w for w, flag in tags.items() if flag[:1] == "v"}
    counts = {w for w, flag in tags.items() if flag[:1] in ("m", "q")}
    for t in content_terms(core):
        if len(t) != 1 or not HAN_RE.match(t) or t in verbs | counts or any(t in w for w in terms):
            continue  # only a character no word of the question holds
        for i, w in enumerate(out):
            if w in verbs:
                continue
            if f"{w}{t}" in core:
                out[i] = f"{w}{t}"
                break
            if f"{t}{w}" in core:
                out[i] = f"{t}{w}"
                break
    return out
