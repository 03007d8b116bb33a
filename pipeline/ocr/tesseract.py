"""Tesseract as an optional engine, through its command line (no Python binding needed)."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from collections import defaultdict
from typing import TYPE_CHECKING

from pipeline.ocr.engine import EngineSpec, EngineUnavailable, OcrLine, Quad
from pipeline.text.script import OCR_CJK_RE

if TYPE_CHECKING:
    import numpy as np

_LANGS = ("eng", "chi_sim")


def _binary() -> str:
    exe = shutil.which("tesseract")
    if exe is None:
        raise EngineUnavailable(
            "the 'tesseract' program is not installed (e.g. apt-get install tesseract-ocr "
            "tesseract-ocr-chi-sim)"
        )
    return exe


def _languages(exe: str) -> str:
    out = subprocess.run(
        [exe, "--list-langs"], capture_output=True, text=True, timeout=30, check=False
    ).stdout.split()
    langs = [lang for lang in _LANGS if lang in out]
    if not langs:
        raise EngineUnavailable(f"tesseract has none of the language data {', '.join(_LANGS)}")
    return "+".join(langs)


def check_available() -> None:
    _languages(_binary())


class TesseractEngine:
    name = "tesseract"

    def __init__(self, *, threads: int = 1) -> None:
        self._exe = _binary()
        self._langs = _languages(self._exe)
        self._env = {**os.environ, "OMP_THREAD_LIMIT": str(threads)}

    def recognize(self, image: np.ndarray) -> list[OcrLine]:
        from PIL import Image

        buf = io.BytesIO()
        Image.fromarray(image).save(buf, format="PNG")
        proc = subprocess.run(
            [self._exe, "stdin", "stdout", "-l", self._langs, "--psm", "3", "tsv"],
            input=buf.getvalue(),
            capture_output=True,
            env=self._env,
            timeout=600,
            check=True,
        )
        return _lines_from_tsv(proc.stdout.decode("utf-8", "replace"))


def _lines_from_tsv(tsv: str) -> list[OcrLine]:
    """Tesseract reports words; words of one (block, paragraph, line) make a line."""
    words: dict[tuple[str, str, str], list[dict[str, str]]] = defaultdict(list)
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row.get("level") == "5" and (row.get("text") or "").strip():
            words[(row["block_num"], row["par_num"], row["line_num"])].append(row)
    out: list[OcrLine] = []
    for ws in words.values():
        x0 = min(int(w["left"]) for w in ws)
        y0 = min(int(w["top"]) for w in ws)
        x1 = max(int(w["left"]) + int(w["width"]) for w in ws)
        y1 = max(int(w["top"]) + int(w["height"]) for w in ws)
        quad: Quad = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        conf = sum(max(0.0, float(w["conf"])) for w in ws) / len(ws) / 100
        out.append(OcrLine(text=_join([w["text"] for w in ws]), quad=quad, conf=conf))
    return out


def _join(words: list[str]) -> str:
    """Words of a line; Chinese characters come as separate words and join without spaces."""
    out = words[0]
    for w in words[1:]:
        cjk = OCR_CJK_RE.match(out[-1]) and OCR_CJK_RE.match(w[0])
        out += w if cjk else " " + w
    return out


def _make(threads: int) -> TesseractEngine:
    return TesseractEngine(threads=threads)


ENGINE = EngineSpec("tesseract", check_available, _make)
