"""The registry of answering strategies. Each says whether it applies to a question and
offers scored candidates; the composer asks every one that applies and weighs what they
offer, so the order here decides nothing (a test shuffles it).

To add a strategy: a module with ``STRATEGY = Strategy(name, applies, candidates)``
(``candidate.py``), registered below."""

from __future__ import annotations

from agent.models.answering import (
    cause,
    cover,
    expected_move,
    figures,
    guidance,
    overview,
    page,
    sentences,
    subject,
    topic,
    unusual,
)
from agent.models.answering.candidate import Strategy
from pipeline.registry import Registry

STRATEGIES: Registry[Strategy] = Registry("answering strategy")
for _module in (
    overview,
    subject,
    topic,
    figures,
    guidance,
    expected_move,
    page,
    sentences,
    cover,
    cause,
    unusual,
):
    STRATEGIES.register(_module.STRATEGY.name, _module.STRATEGY)


def registered() -> list[Strategy]:
    """Every registered strategy (the composer's order is by score, not this one)."""
    return [s for name in STRATEGIES.names() if (s := STRATEGIES.get(name)) is not None]
