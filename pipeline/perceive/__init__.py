"""Perception: block labels, credibility tags and resolved cross-references.

Computed from the parsed blocks whenever a document is parsed (``pipeline/ingest.py``),
stored beside the blocks (``store.py``), read by the review agent and the Inspect tab.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.models import Block
from pipeline.perceive.labels import label_blocks
from pipeline.perceive.models import Perception
from pipeline.perceive.references import find_references


def perceive(blocks: Sequence[Block]) -> Perception:
    return Perception(labels=label_blocks(blocks), references=find_references(blocks))


__all__ = ["Perception", "perceive"]
