"""The OCR engine seam: a Protocol, what engines return, and a small factory.

Engines work in pixels of the image they are given; mapping back into PDF page
coordinates is the caller's job (``pipeline.ocr.geometry``). The availability
check (:func:`choose_engine`) is cheap and runs in the parent, so a missing
optional engine is reported once and replaced by the bundled one; the models are
loaded lazily in each worker process (:func:`load_engine`) and kept there.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from settings import OcrEngineName

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

EngineName = OcrEngineName
Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


@dataclass(slots=True)
class OcrLine:
    """One recognised text line: its text, a 4-point polygon in image pixels, a confidence."""

    text: str
    quad: Quad
    conf: float
    words: tuple[tuple[str, Quad], ...] = ()  # engines that box words: each with its polygon


class OcrEngine(Protocol):
    name: str

    def recognize(self, image: np.ndarray) -> list[OcrLine]:
        """Lines found in an RGB image (H x W x 3, uint8), in any order."""
        ...


class EngineUnavailable(Exception):
    """An engine cannot run here (package or models missing); the message says why."""


@dataclass(frozen=True, slots=True)
class EngineChoice:
    """The engine that will actually run, and a note when it is not the one requested."""

    name: EngineName
    note: str | None = None


def _check(name: EngineName) -> None:
    """Raise EngineUnavailable when ``name`` cannot run on this machine."""
    if name == "rapidocr":
        from pipeline.ocr.rapid import check_available
    elif name == "paddleocr":
        from pipeline.ocr.paddle import check_available
    elif name == "tesseract":
        from pipeline.ocr.tesseract import check_available
    else:
        return
    check_available()


def choose_engine(requested: EngineName) -> EngineChoice:
    """The engine to use for ``requested``; optional engines fall back to rapidocr."""
    try:
        _check(requested)
        return EngineChoice(requested)
    except EngineUnavailable as exc:
        if requested == "rapidocr":
            return EngineChoice("none", note=f"OCR is unavailable: {exc}")
        note = f"OCR engine '{requested}' is unavailable ({exc}); using rapidocr instead."
        log.warning(note)
        try:
            _check("rapidocr")
        except EngineUnavailable as exc2:
            return EngineChoice("none", note=f"{note} But rapidocr is unavailable too: {exc2}")
        return EngineChoice("rapidocr", note=note)


_loaded: dict[tuple[str, int], OcrEngine] = {}


def load_engine(name: EngineName, *, threads: int) -> OcrEngine:
    """The engine for this process, created on first use and kept (models load once)."""
    key = (name, threads)
    engine = _loaded.get(key)
    if engine is None:
        if name == "rapidocr":
            from pipeline.ocr.rapid import RapidOcrEngine

            engine = RapidOcrEngine(threads=threads)
        elif name == "paddleocr":
            from pipeline.ocr.paddle import PaddleOcrEngine

            engine = PaddleOcrEngine(threads=threads)
        elif name == "tesseract":
            from pipeline.ocr.tesseract import TesseractEngine

            engine = TesseractEngine(threads=threads)
        else:
            raise EngineUnavailable("OCR is switched off (FOLIO_OCR_ENGINE=none).")
        _loaded[key] = engine
    return engine
