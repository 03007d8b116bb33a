"""What a refusal adds when the question and the documents are in different languages.

The offline answerer reads the documents' own words: a Chinese question of an English
filing finds its line items by their names in both languages (``finance_terms.json``),
but a question in other words ("样本保存多久？" of an English policy) shares none with the
text and is refused. The refusal alone reads as if the document lacked the subject; the
reader is told instead that the documents are in the other language and what to do:
ask in their language, or with the words they print.
"""

from __future__ import annotations

from collections.abc import Iterable

from agent.prompts import Lang

NOTICE: dict[Lang, str] = {
    "en": (
        "The selected documents are in Chinese and the offline answerer matches their own "
        "words: ask in Chinese, or with the words they print."
    ),
    "zh": ("所选文档是英文的，离线回答按文档中的原词查找：请用英文提问，或使用文档中的英文词语。"),
}


def cross_language_notice(question_lang: Lang, doc_langs: Iterable[str], refused: bool) -> str:
    """The notice for a refused question asked in ``question_lang`` of documents written in
    ``doc_langs`` ("zh", "en", "mixed", "unknown"); "" when any document shares its
    language (or is of unknown or mixed language) or the question was answered."""
    langs = set(doc_langs)
    if not refused or not langs:
        return ""
    other: str = "en" if question_lang == "zh" else "zh"
    return NOTICE[question_lang] if langs == {other} else ""
