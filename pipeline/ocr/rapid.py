"""RapidOCR 3.x: PP-OCR detection/recognition as ONNX, bundled with the package (offline)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.ocr.engine import EngineSpec, EngineUnavailable, OcrLine, Quad

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

_DET = "PP-OCRv6_det_small.onnx"
_REC = "PP-OCRv6_rec_small.onnx"
_CLS = "ch_ppocr_mobile_v2.0_cls_mobile.onnx"

# Tuned with bench/ocr.py --sweep. Recognition crops come from the full-size render
# (max_side_len high) while detection runs on a copy of at most DET_MAX_SIDE pixels:
# detection cost grows with pixels, recognition only with the amount of text. 1024
# read the same characters on every sample and was cheaper still; 1280 keeps
# 6-7 pt print (footnotes) about 10 px high for the detector.
DET_MAX_SIDE = 1280
PARAMS: dict[str, Any] = {
    "Global.log_level": "error",
    "Global.max_side_len": 4096,
    "Global.text_score": 0.5,
    # The 0/180 line classifier misread a long line of linn.pdf as upside down (0.961
    # vs 0.979); whole pages that are upside down are handled in orient.py instead.
    "Global.use_cls": False,
    "Det.limit_type": "max",
    "Det.limit_side_len": DET_MAX_SIDE,
    "Det.box_thresh": 0.5,
    "Det.unclip_ratio": 1.6,
    "Rec.rec_batch_num": 6,
}


def _models_dir() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("rapidocr")
    if spec is None or spec.origin is None:
        raise EngineUnavailable("the 'rapidocr' package is not installed (pip install rapidocr)")
    return Path(spec.origin).parent / "models"


def check_available() -> None:
    """Package importable and its bundled model files present (nothing is downloaded)."""
    models = _models_dir()
    missing = [m for m in (_DET, _REC, _CLS) if not (models / m).is_file()]
    if missing:
        raise EngineUnavailable(
            f"rapidocr's bundled models are missing ({', '.join(missing)} in {models}); "
            "reinstall it with 'pip install --force-reinstall rapidocr'"
        )


class RapidOcrEngine:
    name = "rapidocr"

    def __init__(self, *, threads: int = 1, params: dict[str, Any] | None = None) -> None:
        check_available()
        import cv2
        from rapidocr import RapidOCR

        cv2.setNumThreads(threads)
        models = _models_dir()
        cfg = {
            **PARAMS,
            **(params or {}),
            "Det.model_path": str(models / _DET),
            "Rec.model_path": str(models / _REC),
            "Cls.model_path": str(models / _CLS),
            "EngineConfig.onnxruntime.intra_op_num_threads": threads,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        }
        self._ocr = RapidOCR(params=cfg)

    def recognize(self, image: np.ndarray) -> list[OcrLine]:
        result = self._ocr(image, return_word_box=True)
        txts = getattr(result, "txts", None)
        boxes = getattr(result, "boxes", None)
        scores = getattr(result, "scores", None)
        if not txts or boxes is None or scores is None:
            return []
        words = getattr(result, "word_results", None) or ()
        if len(words) != len(txts):
            words = ((),) * len(txts)
        out: list[OcrLine] = []
        for text, box, score, line_words in zip(txts, boxes, scores, words, strict=False):
            boxed = tuple((str(w[0]), _quad(w[2])) for w in line_words if len(w) >= 3)
            out.append(OcrLine(text=str(text), quad=_quad(box), conf=float(score), words=boxed))
        return out


def _quad(box: Any) -> Quad:
    pts = [(float(x), float(y)) for x, y in box]
    return (pts[0], pts[1], pts[2], pts[3])


def _make(threads: int) -> RapidOcrEngine:
    return RapidOcrEngine(threads=threads)


ENGINE = EngineSpec("rapidocr", check_available, _make)
