"""Data for bench/ocr.py: the scanned samples, and Chinese scans made from CMRC2018 text.

The Chinese pages are typeset with PyMuPDF's CJK font, rasterised at 200 dpi,
then degraded like a cheap scan (slight rotation, sensor noise, JPEG) and put
into an image-only PDF; the text that was typeset is the ground truth.
"""

from __future__ import annotations

import io
import json
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples"
SCANNED = SAMPLES / "pdfs" / "scanned"
CMRC = SAMPLES / "cmrc2018" / "cmrc2018_trial.json"


@dataclass
class ZhScan:
    path: Path
    truth: list[str]  # per page, in reading order


def _paragraphs(limit: int) -> list[str]:
    data = json.loads(CMRC.read_text(encoding="utf-8"))
    out = [" ".join(p["context"].split()) for art in data["data"] for p in art["paragraphs"]]
    return [p for p in out if 150 <= len(p) <= 700][:limit]


def _typeset(paras: list[str], pages: int) -> tuple[pymupdf.Document, list[str]]:
    doc = pymupdf.open()
    truth: list[str] = []
    queue = deque(paras)
    for _ in range(pages):
        page = doc.new_page(width=595, height=842)
        y, placed = 60.0, []
        while queue:
            rect = pymupdf.Rect(60, y, 535, 790)
            left = page.insert_textbox(
                rect, queue[0], fontsize=11, fontname="china-s", lineheight=1.5
            )
            if left < 0:  # did not fit, so nothing was drawn: it starts the next page
                break
            placed.append(queue.popleft())
            y = 790 - left + 12
        truth.append("".join(placed))
    return doc, truth


def _degrade(img: Image.Image, rng: random.Random) -> Image.Image:
    angle = rng.uniform(0.4, 1.2) * rng.choice((-1, 1))
    img = img.convert("L").rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=255)
    arr = np.asarray(img, dtype=np.float32)
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, 14, arr.shape)
    arr = np.clip(arr * 0.92 + 12 + noise, 0, 255).astype(np.uint8)  # grey paper, grain
    return Image.fromarray(arr)


def chinese_scans(out_dir: Path, *, pages: int = 4, dpi: int = 200, seed: int = 7) -> ZhScan:
    """An image-only PDF of ``pages`` Chinese pages and the text on each page."""
    rng = random.Random(seed)
    digital, truth = _typeset(_paragraphs(limit=pages * 6), pages)
    scan = pymupdf.open()
    for i in range(digital.page_count):
        page = digital[i]
        pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
        img = _degrade(Image.frombytes("L", (pix.width, pix.height), pix.samples), rng)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=80)
        target = scan.new_page(width=page.rect.width, height=page.rect.height)
        target.insert_image(target.rect, stream=buf.getvalue())
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "cmrc2018-scan.pdf"
    scan.save(path)
    return ZhScan(path=path, truth=truth)


def scanned_samples() -> list[Path]:
    return sorted(SCANNED.glob("*.pdf"))
