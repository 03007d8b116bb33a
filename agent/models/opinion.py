"""A question asking a judgement or advice, not what the documents state.

"你认为 A 和 B 哪个更好？", "Should I buy <Company>'s shares?": the one asks the answerer's
own view, the other the asker's own decision. A report or an article records what was
done, said and reported; it holds no view of the reader's and knows nothing of the asker,
so however many of the question's words it uses (the product's name, the shares), no
sentence of it answers. The answerer says so, with the sections nearest the question, so
the reader sees what the documents do say on the subject. The wording of each kind is data
(``data/opinion.json``), read once.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Literal

from agent.rewrite import core_question
from pipeline.text.script import HAN_RE

DATA = Path(__file__).with_name("data") / "opinion.json"
Asked = Literal["judgement", "advice", ""]
_KINDS: tuple[Asked, ...] = ("judgement", "advice")


class OpinionDataError(RuntimeError):
    """The opinion wordings file is missing or malformed."""


@cache
def _patterns() -> dict[str, dict[str, re.Pattern[str]]]:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
        return {k: {lang: re.compile(p, re.I) for lang, p in raw[k].items()} for k in _KINDS}
    except (OSError, ValueError, KeyError, re.error) as e:
        raise OpinionDataError(f"cannot read the opinion wordings {DATA}") from e


def asks_opinion(question: str) -> Asked:
    """ "judgement" when the question asks the answerer's own view, "advice" when it asks
    what the asker should do, "" when it asks what the documents state."""
    text = core_question(question) or question
    lang = "zh" if HAN_RE.search(text) else "en"
    for kind in _KINDS:
        if _patterns()[kind][lang].search(text) or _patterns()[kind][lang].search(question):
            return kind
    return ""
