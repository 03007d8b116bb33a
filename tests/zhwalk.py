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
ALLOWED = (
    "Hugging Face",
    "gradio_client",
    "pip install",
    "Folio",
    "Gradio",
    "English",
    "OCR",
    "PDF",
    "DOCX",
    "Word",
    "Markdown",
    "API",
    "MCP",
    "KB",
    "MB",
)
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """Latin words in ``text`` (HTML or plain) that are not an allowed name."""
    plain = html.unescape(_TAG.sub(" ", text))
    for name in ALLOWED:
        plain = plain.replace(name, " ")
    return _WORD.findall(plain)
