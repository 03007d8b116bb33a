"""The title of an SEC filing as a reader says it: registrant, form and period.

The registrant is the line printed above "(Exact name of registrant as specified in its
charter)" on the cover. Some covers set the name in a logo image, so the line above the
caption is another cover label ("Commission File Number 001-00000"); the name is then
read from the signatures ("… the registrant has duly caused this report to be signed …
HARBOUR LANTERN WORKS, INC. (Registrant) By: /s/ …").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pipeline.models import Block
from pipeline.text import lexicon
from pipeline.text.normalise import single_spaces
from pipeline.text.periods import LONG_DATE

REGISTRANT = re.compile(r"^\(?\s*exact\s+name\s+of\s+(?:the\s+)?registrant", re.I)
_REGISTRANT_IN = re.compile(r"\(?\s*exact\s+name\s+of\s+(?:the\s+)?registrant", re.I)
_FORM = re.compile(r"^form\s+[0-9]{1,2}-?[a-z]{0,2}(?:/a)?$", re.I)
_PERIOD = re.compile(
    r"\b(?i:for the (?:fiscal year|quarterly period|year|quarter) ended)\s+"
    r"(?P<d>" + LONG_DATE + r")"
)
# An 8-K is dated by its event: "Date of Report (Date of earliest event reported): May 3, 2031"
_REPORT_DATE = re.compile(r"\bdate of report\b[^:]{0,60}:\s*(?P<d>" + LONG_DATE + r")", re.I)
# Lines of a cover that are labels of the form, never the registrant's name.
_COVER_LABEL = re.compile(
    lexicon.alternation("filings.cover_labels")
    + r"|file (?:number|no\b)|^form\s|^for the |^or$|[☐☒☑■□¨]|^\(?(?:state|address|i\.?r\.?s\.?)\b",
    re.I,
)
_SIGNED = re.compile(r"has duly caused this (?:report|amendment|statement)", re.I)
_NOT_NAME = re.compile(
    r"^(?:by\b|/s/|dated?\b|name\b|title\b|signatures?\b|pursuant|\(?registrant\)?$)", re.I
)
_REGISTRANT_TAG = re.compile(r"\s*\(\s*registrant\s*\)\s*$", re.I)
_SPLIT_CAPS = re.compile(r"\b([A-Z]) (?=[A-Z]{2,}\b)")  # small caps: "MGM R ESORTS"
SIGNATURE_LOOKAHEAD = 8  # lines after the signing sentence that may hold the name

Usable = Callable[[str], str]


def _lines(b: Block) -> list[str]:
    texts = [ln.text for ln in b.lines] if b.lines else b.text.splitlines()
    return [single_spaces(t) for t in texts if t.strip()]


def _joined(b: Block) -> str:
    return single_spaces(b.text)


def _name(text: str, usable: Usable) -> str:
    t = _REGISTRANT_TAG.sub("", single_spaces(text))
    if len(_SPLIT_CAPS.findall(t)) >= 2:
        t = _SPLIT_CAPS.sub(r"\1", t)
    if _COVER_LABEL.search(t) or _NOT_NAME.match(t) or len(t.split()) > 10:
        return ""
    return usable(t)


def _caption(front: list[Block]) -> tuple[int, list[str]] | None:
    """Index of the block holding the registrant caption, and the lines printed before
    the caption inside that block."""
    for i, b in enumerate(front):
        m = _REGISTRANT_IN.search(_joined(b))
        if m is None:
            continue
        before = _joined(b)[: m.start()].strip()
        if not before or REGISTRANT.match(_joined(b)):
            return i, []
        return i, [before]
    return None


def cover_name(front: list[Block], i: int, before: list[str], usable: Usable) -> str:
    """The line right above the caption, when it is a name (rules skipped); a cover label
    there means the cover prints its name as an image."""
    lines = [ln for b in front[:i] for ln in _lines(b)] + before
    for line in reversed(lines):
        if not usable(line):
            continue  # a rule or a blank between the name and the caption
        return _name(line, usable)
    return ""


def signed_name(blocks: list[Block], usable: Usable) -> str:
    """The registrant named under the signing sentence of the signatures."""
    for i, b in enumerate(blocks):
        text = _joined(b)
        m = _SIGNED.search(text)
        if m is None:
            continue
        end = text.find(".", m.end())
        rest = text[end + 1 :].strip() if end >= 0 else ""
        after = ([rest] if rest else []) + [ln for nb in blocks[i + 1 :] for ln in _lines(nb)]
        for line in after[:SIGNATURE_LOOKAHEAD]:
            name = _name(line, usable)
            if name and any(ch.isalpha() for ch in name) and not re.search(r"\d{4}", name):
                return name
        return ""
    return ""


def _period(cover: list[Block]) -> str:
    for b in cover:
        text = _joined(b)
        m = _PERIOD.search(text)
        if m:
            return m.group(0).split(" ", 2)[2][: -len(m.group("d"))].lower() + m.group("d")
        m = _REPORT_DATE.search(text)
        if m:
            return m.group("d")
    return ""


def _form(cover: list[Block]) -> str:
    for b in cover:
        for line in _lines(b):
            if _FORM.match(line):
                return "Form " + line.split(None, 1)[1].upper()
    return ""


def filing_title(front: list[Block], blocks: list[Block], usable: Usable) -> str:
    """'HARBOUR LANTERN WORKS, INC. — Form 10-K, fiscal year ended June 30, 2031' from a
    cover (``front``: its first pages), with the name from the signatures when the cover
    prints it as an image; '' when the document is no filing."""
    found = _caption(front)
    if found is None:
        return ""
    i, before = found
    name = cover_name(front, i, before, usable) or signed_name(blocks, usable)
    if not name:
        return ""
    cover = front[: i + 1]
    form, period = _form(cover), _period(cover)
    if not form:
        return name
    return f"{name} — {form}" + (f", {period}" if period else "")


# A press release's dateline: "Lanternville, N.J. (July 20, 2031) – Harbour Lantern Works
# (NYSE: HLW) today announced results for second-quarter 2031."
_DATELINE = re.compile(
    r"^[^()]{2,60}\((?P<d>" + LONG_DATE + r")\)\s*[–—-]+\s*"
    r"(?P<org>[^()]{2,80}?)\s*(?:\((?:"
    + lexicon.alternation("filings.exchanges")
    + r")[^)]*\))?,?\s+"
    r"(?:today\s+)?(?:announced|reported|reports|announces)\s+(?P<what>[^.“\"]{3,80})"
)


def release_title(front: list[Block]) -> str:
    """'Harbour Lantern Works — results for second-quarter 2031 (July 20, 2031)' from the
    dateline of a press release that prints no headline as text."""
    for b in front:
        m = _DATELINE.match(_joined(b))
        if m:
            what = m.group("what").strip().rstrip(",;:")
            return f"{m.group('org').strip()} — {what} ({m.group('d')})"
    return ""


_NAMED_TITLE = re.compile(r"^(?P<name>.+?) — (?:Form [0-9A-Z/-]+\b|.*\(" + LONG_DATE + r"\)$)")


def titled_registrant(title: str) -> str:
    """The company a filing's or a release's title names ("Harbour Lantern Works, Inc." of
    "Harbour Lantern Works, Inc. — Form 10-K, …"); "" for any other title."""
    m = _NAMED_TITLE.match(title)
    return m.group("name") if m else ""
