"""Total rows: how the line of a table that sums (or stands for) the others begins.

"Total revenue", "Worldwide", "Consolidated", "合计", "总计": one builder, ``leading``, and
the named patterns the figure readers use. They differ on purpose (a partition's heading
"合并" is the whole, a "Net" row is a fair pick among choices, a closing "Total" of a
subtotal block must end as a word), so each is named for the question it answers rather
than being one pattern that would change what some reader sees.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# The words a whole (as opposed to one of its parts) begins with.
WHOLE_EN = ("total", "worldwide", "consolidated")
WHOLE_ZH = ("合计", "总计")


def leading(words: Sequence[str], *, word_end: bool = False) -> re.Pattern[str]:
    """A case-blind pattern for a label that begins (after any marks) with one of
    ``words``; ``word_end`` requires the word to end there ("Totalled" does not count)."""
    end = r"\b" if word_end else ""
    return re.compile(r"^\W*(?:" + "|".join(words) + ")" + end, re.I)


# A row that sums the rows around it, or stands for all of them ("All other" is not
# "Allowance": the "all" must end as a word).
TOTAL_ROW = leading((*WHOLE_EN, r"all\b", *WHOLE_ZH, "总额", "全部"))
# A group heading or label that names the whole, not a part ("Total", "合计").
WHOLE_ROW = leading((*WHOLE_EN, *WHOLE_ZH))
# A heading that names the consolidated whole, Chinese "合并" included.
CONSOLIDATED_ROW = leading(("total", "consolidated", "worldwide", *WHOLE_ZH, "合并"))
# The row that closes a block of subtotals (English statements only).
CLOSING_ROW = leading(WHOLE_EN, word_end=True)
# A label that begins with the word "Total".
TOTAL_WORD = leading(("total",), word_end=True)
# A row among choices that sums them: "Total ..." or "Net ...".
TOTAL_OR_NET = leading(("total", "net"), word_end=True)


def is_total_row(label: str) -> bool:
    """Does ``label`` begin like a row that sums the rows around it?"""
    return TOTAL_ROW.match(label) is not None
