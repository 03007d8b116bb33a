"""The names a document capitalises ("Digital Media", "Regional Operations"), counted, so
that a question writing one by its initials ("ADBE's DM revenue") can be read in the
document's words. A document whose own text never uses the initials is the one that
knows what they stand for: the name it capitalises most often among those they fit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

# a run of capitalised words on one line ("Digital Media Annualized Recurring Revenue")
_RUN = re.compile(r"(?<![\w&])[A-Z][a-z]+(?:[ \t]+(?:&[ \t]+)?[A-Z][a-z]+)+")
LONGEST = 3  # words of a name its initials stand for
MIN_TIMES = 3  # a name written fewer times is no name the document goes by


def capitalised_names(texts: Iterable[str]) -> Counter[str]:
    """Every stretch of two or three capitalised words, with how often the texts print it."""
    out: Counter[str] = Counter()
    for text in texts:
        for m in _RUN.finditer(text):
            words = [w for w in m.group(0).split() if w != "&"]
            for size in range(2, LONGEST + 1):
                for i in range(len(words) - size + 1):
                    out[" ".join(words[i : i + size])] += 1
    return out


def initials_of(name: str) -> str:
    return "".join(w[0] for w in name.split()).upper()


def spelled_initials(letters: str, names: Counter[str], said: str = "") -> str:
    """The name the initials stand for: the one the documents print most (at least
    ``MIN_TIMES``) among those whose words' initials they are, not a name the question
    already writes out (``said``: "DM … compared to Digital Marketing" is the other
    one); "" when none."""
    fits = [
        (n, c)
        for n, c in names.items()
        if c >= MIN_TIMES and initials_of(n) == letters and n.lower() not in said.lower()
    ]
    return max(fits, key=lambda nc: (nc[1], nc[0]))[0] if fits else ""
