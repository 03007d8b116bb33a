"""PaddleOCR 3.x as an optional engine: only with the package and its models on disk.

PaddleOCR downloads its models on first use, which cannot work offline; so it
is used only when the models are already in PaddleX's model cache (or in the
directory named by ``PADDLE_PDX_CACHE_HOME``), and the model directories are
passed explicitly so that nothing is fetched.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.ocr.engine import EngineSpec, EngineUnavailable, OcrLine, Quad

if TYPE_CHECKING:
    import numpy as np

# Preferred first: the server models read best, the mobile ones are faster.
_DET = ("PP-OCRv5_server_det", "PP-OCRv5_mobile_det")
_REC = ("PP-OCRv5_server_rec", "PP-OCRv5_mobile_rec")


def _cache_dir() -> Path:
    base = os.environ.get("PADDLE_PDX_CACHE_HOME") or str(Path.home() / ".paddlex")
    return Path(base) / "official_models"


def _find(names: tuple[str, ...]) -> Path | None:
    for name in names:
        d = _cache_dir() / name
        if (d / "inference.yml").is_file():
            return d
    return None


def model_dirs() -> tuple[Path, Path]:
    """Detection and recognition model directories, or EngineUnavailable saying why."""
    for pkg in ("paddleocr", "paddle"):
        if importlib.util.find_spec(pkg) is None:
            raise EngineUnavailable(
                f"the '{pkg}' package is not installed "
                "(pip install paddleocr paddlepaddle, then put its models in the cache)"
            )
    det, rec = _find(_DET), _find(_REC)
    if det is None or rec is None:
        raise EngineUnavailable(
            f"PaddleOCR's models are not available locally (looked for {_DET[0]}/{_REC[0]} "
            f"or the mobile ones in {_cache_dir()}); they cannot be downloaded offline"
        )
    return det, rec


def check_available() -> None:
    model_dirs()


class PaddleOcrEngine:
    name = "paddleocr"

    def __init__(self, *, threads: int = 1) -> None:
        det, rec = model_dirs()
        os.environ.setdefault("PADDLE_PDX_DISABLE_MODEL_SOURCE_CHECK", "True")
        from paddleocr import PaddleOCR

        self._ocr: Any = PaddleOCR(
            text_detection_model_name=det.name,
            text_detection_model_dir=str(det),
            text_recognition_model_name=rec.name,
            text_recognition_model_dir=str(rec),
            use_doc_orientation_classify=False,
            use_doc_unwarping=False,
            use_textline_orientation=False,
            cpu_threads=threads,
        )

    def recognize(self, image: np.ndarray) -> list[OcrLine]:
        out: list[OcrLine] = []
        for res in self._ocr.predict(image[:, :, ::-1].copy()):  # PaddleOCR expects BGR
            for text, score, poly in zip(
                res["rec_texts"], res["rec_scores"], res["rec_polys"], strict=False
            ):
                pts = [(float(x), float(y)) for x, y in poly[:4]]
                if len(pts) < 4:
                    continue
                quad: Quad = (pts[0], pts[1], pts[2], pts[3])
                out.append(OcrLine(text=str(text), quad=quad, conf=float(score)))
        return out


def _make(threads: int) -> PaddleOcrEngine:
    return PaddleOcrEngine(threads=threads)


ENGINE = EngineSpec("paddleocr", check_available, _make)
