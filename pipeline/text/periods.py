"""The one place that writes what a year looks like: "2023", "FY2023", "FY23", "fiscal
2023", "2023年", "Q3", "June 30, 2023".

Every year pattern in the code is built from ``YEAR`` here (``tests/test_lexicon.py``
walks the source for year literals written elsewhere). The patterns differ in what may
stand around the year, and each difference is named, because each reader relies on its
own: a year inside a table must not be the end of a figure ("1,2019"), a question's
"FY23" is a year but a page's "2023.5" is not.

``agent/figures/periods.py`` reads whole periods (quarters, halves, dates) from these.
"""

from __future__ import annotations

import re

# --- pattern bodies, to be spliced into larger patterns ----------------------------------
YEAR = r"(?:19|20)\d{2}"  # a four-digit year of this century or the last
LONE_YEAR = rf"(?<!\d){YEAR}(?!\d)"  # not inside a longer number
# "June 30, 2023" as a column header prints it
DATED = r"[A-Z][a-z]+ \d{1,2}, \d{4}"
# "June 30, 2023", "Sept. 30 2023": a cover page's date, abbreviations and all
LONG_DATE = r"[A-Z][a-z]+\.? \d{1,2},? \d{4}"

# --- compiled patterns ---------------------------------------------------------------------
YEAR_RE = re.compile(YEAR)
LONE_YEAR_RE = re.compile(LONE_YEAR)
YEAR_ONLY_RE = re.compile(rf"^{YEAR}$")  # the whole text is a year
# A year in a table's text: not a part of a figure ("$2,019.5", "1,2019") either side.
TABLE_YEAR_RE = re.compile(rf"(?<![\d.,$]){YEAR}(?![\d,.]\d)")
CAPTURED_YEAR_RE = re.compile(rf"(?<!\d)({YEAR})(?!\d)")  # the year as group 1
# A column header that is a year: "2023", "FY 2023", "fiscal 2023", "2023*".
YEAR_CELL_RE = re.compile(rf"^(?:fiscal |fy ?)?{YEAR}\*?$", re.I)
FY_SHORT_RE = re.compile(r"\bfy\s*'?(\d\d)\b", re.I)  # "FY23", "FY '23": group 1 is "23"
FY_RE = re.compile(r"\bfy\s*'?(\d{2,4})\b", re.IGNORECASE)  # "FY23", "FY2023": group 1
# A question's period words: a year, "FY23" or a quarter.
PERIOD_MENTION_RE = re.compile(rf"{LONE_YEAR}|\bfy\s?\d{{2}}\b|\bq[1-4]\b", re.I)
# A year as a question or follow-up writes it, its "FY"/"Q3 " prefix and all.
PREFIXED_YEAR_RE = re.compile(rf"(?<![\dA-Za-z])(?:FY|fy|Q[1-4]\s?)?'?{YEAR}(?!\d)")
# A question's period token on its own: "fy23", "q3", "h1'24".
PERIOD_TOKEN_RE = re.compile(r"^(?:fy|q[1-4]|h[12])'?(\d{2}|\d{4})?$")
DATED_RE = re.compile(DATED)


def fiscal_year_pattern(not_after: str = r"\d") -> re.Pattern[str]:
    """ "FY2023", "FY23", "fiscal year 2023", "2023", "2023年": group 1 holds the digits
    after FY/fiscal, group 2 a bare year. ``not_after`` is the class a bare year may not
    follow (``r"[\\d,]"`` also refuses the tail of a figure, "1,2019")."""
    return re.compile(
        r"\b(?:fy|fiscal(?: year)?)\s*'?(\d{4}|\d{2})\b"
        rf"|(?<!{not_after})({YEAR})(?:\s*年)?(?!\d)",
        re.I,
    )


FISCAL_YEAR_RE = fiscal_year_pattern()
FISCAL_YEAR_OUTSIDE_FIGURES_RE = fiscal_year_pattern(r"[\d,]")


def year_of(m: re.Match[str]) -> int:
    """The year a ``fiscal_year_pattern`` match names ("FY23" is 2023)."""
    raw = m.group(1) or m.group(2)
    return int(raw) + 2000 if len(raw) == 2 else int(raw)


def fiscal_years(text: str, pattern: re.Pattern[str] = FISCAL_YEAR_RE) -> list[int]:
    """The fiscal years ``text`` names, in order of mention, each once (1950-2100)."""
    out: list[int] = []
    for m in pattern.finditer(text):
        y = year_of(m)
        if 1950 <= y <= 2100 and y not in out:
            out.append(y)
    return out


def lone_years(text: str) -> list[str]:
    """The four-digit years in ``text`` that are not part of a longer number."""
    return LONE_YEAR_RE.findall(text)
