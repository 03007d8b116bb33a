"""Pack CMRC2018 trial paragraphs into multi-page Chinese PDFs with known answer pages."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from bench.common import SAMPLES

A4 = pymupdf.paper_rect("a4")


@dataclass
class PackedQuestion:
    qid: str
    question: str
    answer: str
    doc_name: str
    pages: list[int]  # pages where the answer text of its paragraph lies


def _nows(text: str) -> str:
    return re.sub(r"\s+", "", text)


def build(out_dir: Path, *, per_doc: int = 32) -> list[PackedQuestion]:
    """Write cmrc-<n>.pdf files (titles as headings) and return questions with gold pages."""
    data = json.loads((SAMPLES / "cmrc2018" / "cmrc2018_trial.json").read_text(encoding="utf-8"))
    arts = data["data"]
    out_dir.mkdir(parents=True, exist_ok=True)
    questions: list[PackedQuestion] = []
    for d in range(0, len(arts), per_doc):
        group = arts[d : d + per_doc]
        name = f"cmrc-{d // per_doc + 1:02d}.pdf"
        path = out_dir / name
        html = "".join(
            f"<h2>{a['title']}</h2>" + "".join(f"<p>{p['context']}</p>" for p in a["paragraphs"])
            for a in group
        )
        if not path.exists():
            story = pymupdf.Story(html=html)
            writer = pymupdf.DocumentWriter(str(path))
            more = 1
            while more:
                dev = writer.begin_page(A4)
                more, _ = story.place(A4 + pymupdf.Rect(56, 56, -56, -56))
                story.draw(dev)
                writer.end_page()
            writer.close()
        with pymupdf.open(path) as doc:
            pages = [_nows(p.get_text()) for p in doc]
        for a in group:
            for p in a["paragraphs"]:
                ctx = _nows(p["context"])
                span = _paragraph_pages(pages, ctx)
                for qa in p["qas"]:
                    ans = _nows(qa["answers"][0]["text"])
                    gold = [pg for pg in span if ans and ans in pages[pg - 1]] or span
                    questions.append(
                        PackedQuestion(
                            qa["id"], qa["question"], qa["answers"][0]["text"], name, gold
                        )
                    )
    return questions


def _paragraph_pages(pages: list[str], ctx: str) -> list[int]:
    head, tail = ctx[:20], ctx[-20:]
    start = next((i for i, t in enumerate(pages) if head in t), None)
    end = next(
        (i for i, t in enumerate(pages) if tail in t and (start is None or i >= start)), None
    )
    if start is None and end is None:
        return [i + 1 for i, t in enumerate(pages) if ctx[:8] in t][:1] or [1]
    start = start if start is not None else end
    end = end if end is not None else start
    assert start is not None and end is not None
    return list(range(start + 1, end + 2))
