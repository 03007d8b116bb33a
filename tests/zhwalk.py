"""What counts as an untranslated interface string in the Chinese interface.

Shared by the build-time walk (tests/test_zh_interface.py) and the browser walk
(tests/test_browser_rough.py). Document content (file names, quotes, terms) is not the
interface's to translate: callers leave those elements out; the rest may hold only the
proper nouns and format names below.
"""

from __future__ import annotations

import html
import re

# Names that stay as they are in a Chinese interface (products, formats, code).
ALLOWED_PHRASES = ("Hugging Face", "pip install", "gradio_client")
ALLOWED_WORDS = frozenset(
    {"Folio", "Gradio", "English", "OCR", "PDF", "DOCX", "MD", "TXT", "Word", "Markdown"}
    | {"API", "MCP", "KB", "MB", "GB"}
)
# A file name is the person's own ("差旅费用管理办法.md"), not the interface's.
_FILE_NAME = re.compile(r"[^\s/]+\.(?:pdf|docx|md|markdown|txt)\b", re.I)
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """Latin words in ``text`` (HTML or plain) that are not an allowed name."""
    plain = _FILE_NAME.sub(" ", html.unescape(_TAG.sub(" ", text)))
    for phrase in ALLOWED_PHRASES:
        plain = plain.replace(phrase, " ")
    return [w for w in _WORD.findall(plain) if w not in ALLOWED_WORDS]
