"""The UI handler tests' documents (``test_ui_app.py``, ``test_ui_chat_app.py``): files
ingested through the app's job queue, and a one-page leave-policy PDF with a small footer."""

from __future__ import annotations

import time
from pathlib import Path

from testkit import pdfgen
from ui.services import Services


def ingest(services: Services, *files: Path, timeout: float = 90) -> None:
    services.jobs.submit([(f, f.name) for f in files])
    deadline = time.monotonic() + timeout
    while services.jobs.busy():
        assert time.monotonic() < deadline, "ingestion did not finish"
        time.sleep(0.1)
    services.folio.wait(timeout=timeout)


def leave_pdf(path: Path) -> Path:
    pdfgen.write_flow(page := (doc := pdfgen.pymupdf.open()).new_page(), [
        pdfgen.Item("Leave policy", size=16, bold=True),
        pdfgen.Item("Employees may carry over up to five days of unused annual leave into the "
                    "next calendar year. Carried-over days expire on 31 March."),
    ])  # fmt: skip
    page.insert_text((72, 800), "Company handbook", fontsize=8)
    doc.save(path)
    return path
