"""A Folio process to kill: ``python testkit/crash_child.py DATA_DIR FILE POINT``.

It ingests FILE and, at POINT (``parse``, ``ocr``, ``embed``, ``terms``), writes
``DATA_DIR/at-POINT`` and then blocks forever, so the test can ``kill -9`` it
while it holds the job.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _block(data: Path, point: str) -> None:
    (data / f"at-{point}").write_text("here")
    while True:
        time.sleep(1)


def main() -> None:
    data, file, point = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    from pipeline import ingest
    from pipeline.knowledge import components
    from pipeline.service import Folio
    from settings import Settings
    from testkit.fakes import FakeEmbedder

    embedder = FakeEmbedder()
    if point == "parse":
        real_parse = ingest.parse_file

        def parse_then_block(*args: Any, **kwargs: Any) -> Any:
            real_parse(*args, **kwargs)
            _block(data, point)

        ingest.parse_file = parse_then_block
    elif point == "ocr":

        def ocr_block(*args: Any, **kwargs: Any) -> Any:
            _block(data, point)

        ingest.ocr_document = ocr_block
        ingest.pages_needing_ocr = lambda parsed: [1]
    elif point == "embed":
        real = embedder.embed_passages

        def embed_then_block(texts: Any) -> Any:
            if embedder.calls >= 1:
                _block(data, point)
            return real(texts)

        embedder.embed_passages = embed_then_block  # type: ignore[method-assign]
    elif point == "terms":

        def terms_block(*args: Any, **kwargs: Any) -> Any:
            _block(data, point)

        components.extract_terms = terms_block
    settings = Settings(data_dir=data, workers=1, embed_batch=2, job_lease_s=600)
    folio = Folio(settings, embedder=embedder)
    folio.ingest([file], wait=True)


if __name__ == "__main__":
    main()
