"""A field of a filing's cover page asked for: the value printed over or beside its label.

A 10-K's cover prints each fact about the registrant as a value with its label under it
("DELAWARE" over "(State or other jurisdiction of incorporation or organization)"), two or
three fields side by side in columns, or the label right after the value on one line
("235 East 42nd Street, New York, New York 10017 (Address of principal executive
offices)"). A sentence search finds the label's words, never the value, and answers from a
sentence elsewhere that mentions it in passing; the cover is where the filing states it.

Here a question asking for such a field (``data/cover_fields.json``: the question's words,
the label's, the value's shape) is answered from the lines of a passage: the line whose
column matches the label, then the value in the same column of the lines above it (up to
the field's line count, stopping at a line of labels), or the text before the label on
its own line. Columns are the runs a line's text is set in, two or more spaces apart.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.question.kinds import asked_kinds

DATA = Path(__file__).with_name("data") / "cover_fields.json"
_COLUMNS = re.compile(r"\s{2,}")
_YES_NO = re.compile(r"^\W*(?:is|are|was|were|has|have|had|does|do|did)\b", re.I)


class CoverFieldDataError(RuntimeError):
    """The cover fields' data file is missing or unreadable."""


@dataclass(frozen=True)
class Field:
    name: str
    asked: re.Pattern[str]
    label: re.Pattern[str]
    value: re.Pattern[str]
    lines: int
    below: bool  # the label heads a table's column: its value is in the row under it


@dataclass(frozen=True)
class FieldValue:
    value: str  # as printed, its lines joined by a space
    label: str  # the label as printed, its continuation line joined
    below: bool = False  # printed under its label (a column's head), not over it

    @property
    def said(self) -> str:
        """The field as the cover prints it: "DELAWARE (State or other jurisdiction …)",
        "Trading Symbol(s): MGM"."""
        return f"{self.label}: {self.value}" if self.below else f"{self.value} {self.label}"


@cache
def _data() -> tuple[tuple[Field, ...], re.Pattern[str]]:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
        fields = tuple(
            Field(
                name,
                re.compile(f["asked"], re.I),
                re.compile(f["label"], re.I),
                re.compile(f["value"]),
                int(f["lines"]),
                bool(f.get("below", False)),
            )
            for name, f in raw["fields"].items()
        )
        return fields, re.compile(raw["label_like"])
    except (OSError, ValueError, KeyError, TypeError, re.error) as e:
        raise CoverFieldDataError(f"cannot read the cover fields {DATA}; restore it") from e


@cache
def holder_words() -> frozenset[str]:
    """Words a question may say beside the field asked without naming another holder of
    it ("the company", "common stock", "listed")."""
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
        return frozenset(str(w) for w in raw["holder_words"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CoverFieldDataError(f"cannot read the cover fields {DATA}; restore it") from e


def asked_fields(question: str) -> list[Field]:
    """The cover fields an English question asks for ("In which state is X incorporated?",
    "Under what symbol and on which exchange does X trade?"); a yes/no question ("Is X a
    Delaware corporation?") asks a verdict, not them, and a date asked ("In what year was
    X incorporated?") is none of them: a cover prints no date beside these labels, the
    sentence saying when is elsewhere in the filing."""
    if _YES_NO.match(question) or not question.isascii() or "date" in asked_kinds(question):
        return []
    return [f for f in _data()[0] if f.asked.search(question)]


def asked_field(question: str) -> Field | None:
    """The first cover field the question asks for, or None."""
    return next(iter(asked_fields(question)), None)


def field_value(field: Field, text: str) -> FieldValue | None:
    """The value the text prints for the field, with its label; None when it prints none."""
    lines = [_cells(ln) for ln in text.split("\n") if not _RULE.match(ln)]
    for i, line in enumerate(lines):
        cols = _COLUMNS.split(line)
        for c, piece in enumerate(cols):
            m = field.label.search(piece)
            if m is None:
                continue
            if field.below:
                found = _below(field, lines[i + 1 : i + 2], c, len(cols))
            else:
                found = _beside(field, piece) or _above(field, lines[:i], c, len(cols))
            if found is not None and field.below:
                return FieldValue(found, piece, below=True)
            if found is not None:
                return FieldValue(found, _label(piece, lines[i + 1 : i + 2], c, len(cols)))
    return None


_RULE = re.compile(r"^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*$")  # a markdown table's rule row


def _cells(line: str) -> str:
    """A line with a markdown row's cells set apart as columns are ("| a | b |" → "a  b")."""
    line = line.strip()
    if line.startswith("|") and line.endswith("|"):
        return "  ".join(c.strip() for c in line.strip("|").split("|"))
    return line


def _below(field: Field, after: list[str], column: int, width: int) -> str | None:
    """The value in the label's column of the row under it ("Trading Symbol(s)" over
    "MGM"); a label alone on its line has the whole next line."""
    if not after:
        return None
    cols = _COLUMNS.split(after[0])
    value = cols[column] if len(cols) == width else (after[0] if width == 1 else "")
    # a line of several columns under a lone label continues the table's header
    return value if value and field.value.match(value) and not _COLUMNS.search(value) else None


def _beside(field: Field, piece: str) -> str | None:
    """The value printed before its label on one line: "235 East 42nd Street … (Address"."""
    at = piece.find("(")
    value = piece[:at].strip() if at > 0 else ""
    return value if value and field.value.match(value) else None


def _above(field: Field, before: list[str], column: int, width: int) -> str | None:
    """The value in the label's column of the lines above it, up to the field's count."""
    taken: list[str] = []
    for line in reversed(before):
        if not line or _labels_only(line) or len(taken) == field.lines:
            break
        cols = _COLUMNS.split(line)
        if len(cols) == width:
            taken.append(cols[column])
        elif column == 0:  # "Richfield, Minnesota  (Zip Code)": the value without labels
            values = [c for c in cols if not _labels_only(c)]
            taken.append(values[0] if width > 1 or not values else " ".join(values))
        else:
            break  # the columns do not line up: no value is the label's
    value = " ".join(reversed(taken)).strip()
    return value if value and field.value.match(value) else None


def _labels_only(line: str) -> bool:
    like = _data()[1]
    pieces = _COLUMNS.split(line)
    return all(like.search(p) or any(f.label.search(p) for f in _data()[0]) for p in pieces if p)


def _label(piece: str, after: list[str], column: int, width: int) -> str:
    """The label as printed: its first line's piece and, when it runs on ("(State or
    other jurisdiction of" / "incorporation or organization)"), the next line's."""
    label = piece[piece.find("(") :] if piece.find("(") > 0 else piece
    if label.startswith("(") and ")" in label:  # what runs on after it is no label's
        return label[: label.index(")") + 1]
    if after and ")" not in label:
        cols = _COLUMNS.split(after[0])
        if len(cols) == width:
            label = f"{label} {cols[column]}"
    return label
