"""Follow-up questions from a Chinese report's fields of offices (``follow.py``): a report
signs its statements with a run of fields, each an office and the person holding it
("法定代表人：苏江华 主管会计工作负责人：肖寻 会计机构负责人：钱扣明"). Next to an answer
about one of them the reader asks who holds the others ("主管会计工作负责人是谁？"), not
the figures of the statement printed after the fields.

An office is a run of Chinese characters ending in an office's head word (``zh_office_heads``
in ``data/follow_words.json``) at a field's start, followed by a colon and a name of two to
four characters; an office the question or its answer names is not asked again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from pipeline.text.script import UNIFIED

_DATA = Path(__file__).with_name("data") / "follow_words.json"
_MAX_OFFICE = 12  # characters: a longer run before a colon is a sentence, not an office


@cache
def _field() -> re.Pattern[str]:
    heads = json.loads(_DATA.read_text(encoding="utf-8"))["zh_office_heads"]
    alternation = "|".join(sorted((re.escape(h) for h in heads), key=len, reverse=True))
    # the office starts a line, follows a space, a separator or the name of the field before
    return re.compile(
        rf"(?:^|(?<=[\s、，,；;。|）)]))([{UNIFIED}（）()]{{0,{_MAX_OFFICE}}}?(?:{alternation}))"
        rf"\s*[：:]\s*([{UNIFIED}·]{{2,4}})(?=$|[\s、，,；;。|{UNIFIED}])"
    )


def office_fields(text: str) -> list[tuple[str, str]]:
    """The (office, person) fields a text writes, in order."""
    return [(m.group(1), m.group(2)) for m in _field().finditer(text)]


def zh_office_topics(texts: Iterable[str], asked: str) -> list[str]:
    """Offices the ``texts`` name a holder of, in order, none the question or its answer
    names, each once."""
    out: list[str] = []
    for text in texts:
        for office, _ in office_fields(text):
            if office not in asked and office not in out:
                out.append(office)
    return out
