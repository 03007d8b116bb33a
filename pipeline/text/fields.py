"""Header fields: the short 'label: value' lines that head a memo, a letter or a form
("TO: All staff", "FROM: The Director", "DATE: 3 May 2031", "主题：年度盘点").

Each is a line of its own. Read as wrapped prose they would be glued into one line
("TO: All staff FROM: The Director DATE: …"), and a quote of one field would carry
the others."""

from __future__ import annotations

import re

from pipeline.text.script import HAN

# A label of one to three words, capitalised (Latin) or up to six Chinese characters,
# then a colon and a value. A time ("10:30") has no letters before its colon.
_FIELD = re.compile(
    r"^\s*(?:[A-Z][A-Za-z.'&/-]{0,19}(?: [A-Za-z.'&/-]{1,20}){0,2}|[" + HAN + r"]{1,6})"
    r"\s?[:：]\s*\S"
)
MAX_FIELD_CHARS = 80  # a longer line is a sentence that happens to open with a label


def is_field_line(text: str) -> bool:
    """A short 'label: value' line, such as a memo's 'TO:' or 'SUBJECT:' line."""
    s = text.strip()
    return len(s) <= MAX_FIELD_CHARS and bool(_FIELD.match(s))


def field_break(prev: str, nxt: str) -> bool:
    """Whether two consecutive lines are both header fields (each stays a line)."""
    return is_field_line(prev) and is_field_line(nxt)
