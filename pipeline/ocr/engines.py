"""The OCR engines by name, and the choice of the one that runs.

The availability check (:func:`choose_engine`) is cheap and runs in the parent, so a
missing optional engine is reported once and replaced by the bundled one; the models are
loaded lazily in each worker process (:func:`load_engine`) and kept there. To add an
engine: a module with its ``ENGINE`` spec, and its module name in ``ENGINE_MODULES``
below — the whole change (``pipeline/config_check.py`` checks ``FOLIO_OCR_ENGINE``
against this registry).
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

from pipeline.ocr.engine import EngineName, EngineSpec, EngineUnavailable, OcrEngine
from pipeline.registry import Registry

log = logging.getLogger(__name__)

ENGINES: Registry[EngineSpec] = Registry("OCR engine")
ENGINE_MODULES = ("pipeline.ocr.rapid", "pipeline.ocr.paddle", "pipeline.ocr.tesseract")
"""Each module defines ``ENGINE: EngineSpec``; importing one loads no models."""

for _module in ENGINE_MODULES:
    _spec: EngineSpec = importlib.import_module(_module).ENGINE
    ENGINES.register(_spec.name, _spec)

FALLBACK: EngineName = "rapidocr"  # bundled with its models: what runs when another cannot


@dataclass(frozen=True, slots=True)
class EngineChoice:
    """The engine that will actually run, and a note when it is not the one requested."""

    name: EngineName
    note: str | None = None


def _check(name: EngineName) -> None:
    """Raise EngineUnavailable when ``name`` cannot run on this machine."""
    spec = ENGINES.get(name)
    if spec is not None:
        spec.check()


def choose_engine(requested: EngineName) -> EngineChoice:
    """The engine to use for ``requested``; optional engines fall back to rapidocr."""
    try:
        _check(requested)
        return EngineChoice(requested)
    except EngineUnavailable as exc:
        if requested == FALLBACK:
            return EngineChoice("none", note=f"OCR is unavailable: {exc}")
        note = f"OCR engine '{requested}' is unavailable ({exc}); using {FALLBACK} instead."
        log.warning(note)
        try:
            _check(FALLBACK)
        except EngineUnavailable as exc2:
            return EngineChoice("none", note=f"{note} But {FALLBACK} is unavailable too: {exc2}")
        return EngineChoice(FALLBACK, note=note)


_loaded: dict[tuple[str, int], OcrEngine] = {}


def load_engine(name: EngineName, *, threads: int) -> OcrEngine:
    """The engine for this process, created on first use and kept (models load once)."""
    key = (name, threads)
    engine = _loaded.get(key)
    if engine is None:
        spec = ENGINES.get(name)
        if spec is None:
            raise EngineUnavailable("OCR is switched off on this server.")
        engine = _loaded[key] = spec.make(threads)
    return engine
