"""Which Latin-script language a document is written in: a French scan is "fr", not "en".

The script share (``pipeline.text.lang``) tells Chinese from Latin-script text for free;
among Latin-script languages lingua decides (its models ship inside the wheel, nothing is
downloaded). Only the languages Folio's users send are compared, in lingua's low-accuracy
mode (trigrams only): a document's sample is long, and that mode loads in milliseconds.
"""

from __future__ import annotations

import threading
from typing import Any

# Latin-script languages told apart; anything else reads as the closest of these.
LATIN_LANGUAGES = ("ENGLISH", "FRENCH", "GERMAN", "SPANISH", "ITALIAN", "PORTUGUESE", "DUTCH")
SAMPLE_CHARS = 6000  # plenty for trigram statistics, cheap to score
MIN_CONFIDENCE = 0.6  # below it the sample is too ambiguous (tables of figures): keep "en"

_lock = threading.Lock()
_detector: Any = None


def _lingua() -> Any:
    global _detector
    if _detector is None:
        with _lock:
            if _detector is None:
                from lingua import Language, LanguageDetectorBuilder

                langs = [getattr(Language, name) for name in LATIN_LANGUAGES]
                _detector = (
                    LanguageDetectorBuilder.from_languages(*langs).with_low_accuracy_mode().build()
                )
    return _detector


def latin_language(text: str) -> str:
    """ISO 639-1 code ("en", "fr", …) of Latin-script ``text``; "en" when unsure."""
    sample = text[:SAMPLE_CHARS]
    if not sample.strip():
        return "en"
    ranked = _lingua().compute_language_confidence_values(sample)
    if not ranked:
        return "en"
    best = ranked[0]
    if best.value < MIN_CONFIDENCE:
        return "en"
    return str(best.language.iso_code_639_1.name).lower()


def document_language(script: str, sample: str) -> str:
    """The language a document is labelled with: the script's verdict ("zh", "mixed",
    "unknown"), refined to the Latin-script language when the script says "en"."""
    return latin_language(sample) if script == "en" else script
