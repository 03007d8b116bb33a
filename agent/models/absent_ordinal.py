"""An ordinal asked that the documents never reach: "第四次参加奥运会" of an article
saying "第三次参加奥运会" and no fourth; "第四代蓝甲虫" of one naming the first three.

The sentence of another time shares every word of the question but the number, and the
selector would answer with it. The passages' ordinals of the same series (the same
measure word, "次" for every count of times, followed by words the question's ordinal
is followed by: "接任代理馆长") show how far the documents go; an ordinal asked that
none of them is, in any numeral form, is a fact the documents do not hold. The first
time is often said without its number ("曾宣布退役"), so only the second and later are
judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.evidence import Evidence
from agent.ordinals import Ordinal, asked_ordinals, grams, written_ordinals

# the question's words after an ordinal end where it starts asking ("…馆长是在哪一天")
_ASKING = re.compile("是|的|谁|什么|哪|几|多少|何|[，。？?！!、]")


def _series(asked: Ordinal) -> set[str]:
    m = _ASKING.search(asked.after)
    return grams(asked.after[: m.start()] if m else asked.after)


def absent_ordinals(question: str, evidence: Sequence[Evidence]) -> list[str]:
    """The question's ordinals (as written: "第四次") that the passages never write while
    writing others of the same series."""
    texts = list(dict.fromkeys(p.text for ev in evidence for p in ev.passages))
    written = [o for t in texts for o in written_ordinals(t)]
    out = []
    for asked in asked_ordinals(question):
        series = _series(asked)
        if asked.value < 2 or not series:
            continue
        same = [o for o in written if o.counter == asked.counter and grams(o.after) & series]
        if same and all(o.value != asked.value for o in same):
            out.append(asked.said)
    return out
