"""The OCR engine seam: a Protocol, what engines return, and what an engine registers.

Engines work in pixels of the image they are given; mapping back into PDF page
coordinates is the caller's job (``pipeline.ocr.geometry``). Each engine module
describes itself with an :class:`EngineSpec`; ``pipeline.ocr.engines`` registers
them by name and chooses and loads one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from settings import OcrEngineName

if TYPE_CHECKING:
    import numpy as np

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
class EngineSpec:
    """An OCR engine as the registry knows it."""

    name: EngineName
    check: Callable[[], None]
    """Raises EngineUnavailable when the engine cannot run here; cheap (no models load)."""
    make: Callable[[int], OcrEngine]
    """The engine with its models loaded, for this many threads."""
