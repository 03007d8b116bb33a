"""A report's back matter (its exhibit index, signatures, contents, certifications) is read
for a question about it and never quoted in support of another answer: an exhibit row
naming the company's stock plan supported an answer about its employees for sharing the
company's name. The kinds come from the shared boilerplate classifier."""

from __future__ import annotations

from pipeline.text.boilerplate import kind_of

_KINDS = frozenset({"exhibits", "signature", "contents", "certification"})


def back_matter(text: str) -> bool:
    return kind_of(text) in _KINDS
