"""The word patterns that more than one tokeniser cuts by.

The tokenisers themselves differ on purpose (the index's ``segment.query_terms`` cuts
Chinese with jieba, the boilerplate counter takes one character as a word, a question's
names keep "S&P" whole), and ``pipeline/text/segment.py`` holds the one that reads the
index. A pattern two of them share lives here, once.
"""

from __future__ import annotations

import re

from pipeline.text.script import LATIN_LETTERS

# A run of ASCII letters: what the language guess counts as an English word.
LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
# A word as a question names a thing: "S&P", "U.S.", "Velmor's", "10-K" after a letter,
# "Nestlé" whole.
NAME_WORD_RE = re.compile(rf"[{LATIN_LETTERS}][{LATIN_LETTERS}0-9&'’.-]*")
