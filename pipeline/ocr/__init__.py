"""OCR of image-only pages and broken text layers, in parallel, bounded per page.

Pages that ``pipeline.parse.quality`` flagged (``Page.needs_ocr``) are rendered
and read in worker processes; each page has its own time limit, and a page that
fails (timeout, crash, damaged image) is marked failed alone. Recognised lines
get boxes in page coordinates and go through the same layout code as digital
text, so search, citations and highlights work the same on scans.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.models import Page, ParsedDocument
from pipeline.ocr.engine import EngineName
from pipeline.ocr.engines import choose_engine
from pipeline.ocr.page import OcrJob, PageOcr, ocr_page
from pipeline.ocr.pool import TaskFailure, TaskPool
from pipeline.parse.pdf import document_passes
from pipeline.parse.quality import keeps_text_when_ocr_fails
from settings import Settings

log = logging.getLogger(__name__)


@dataclass(slots=True)
class OcrReport:
    """What the OCR step did to a document."""

    engine: EngineName
    pages: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    note: str | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # summed over pages, in the workers
    worker_peak_rss_mb: float = 0.0


def pages_needing_ocr(parsed: ParsedDocument) -> list[int]:
    return [p.page for p in parsed.pages if p.needs_ocr and not p.failed]


def _fail(page: Page, reason: str) -> None:
    page.failed = reason
    page.ocr_confidence = None
    if keeps_text_when_ocr_fails(page.needs_ocr) and page.blocks:
        page.source = "text"
    else:  # garbage or an unverified hidden layer must not be indexed
        page.blocks, page.source = [], "none"


def _apply(page: Page, result: PageOcr | TaskFailure) -> None:
    if isinstance(result, TaskFailure):
        _fail(page, f"OCR failed: {result.reason}")
        return
    if result.blocks:
        page.blocks, page.source = result.blocks, "ocr"
        page.ocr_confidence, page.failed = result.confidence, None
        return
    if result.render_warnings:
        _fail(
            page,
            "the page image is damaged and no text could be read from it "
            f"(PDF renderer: {result.render_warnings.splitlines()[0][:160]})",
        )
    elif keeps_text_when_ocr_fails(page.needs_ocr) and page.blocks:
        page.source = "text"  # OCR saw nothing more than the text layer has
    else:
        page.blocks, page.source, page.ocr_confidence = [], "ocr", None  # no text in the image


def job_shape(settings: Settings, pages: int) -> tuple[int, int]:
    """(worker processes, ONNX threads per worker) sharing the machine's cores."""
    cores = os.cpu_count() or 1
    workers = max(1, min(settings.workers, pages, cores))
    return workers, max(1, cores // workers)


def _run_pages(
    path: Path,
    todo: list[Page],
    which: list[int],
    *,
    settings: Settings,
    engine: EngineName,
    workers: int,
    threads: int,
    finished: Callable[[int, PageOcr | TaskFailure], None],
    slack: float = 1.0,
) -> None:
    job = OcrJob(engine=engine, dpi=settings.ocr_dpi, threads=threads)
    pool: TaskPool[PageOcr] = TaskPool(
        ocr_page, workers=workers, timeout_s=settings.ocr_page_timeout_s * slack, cpu_scale=threads
    )
    pool.run(
        [(str(path), todo[i].page - 1, job) for i in which],
        on_done=lambda k, result: finished(which[k], result),
    )


def ocr_document(
    path: Path,
    parsed: ParsedDocument,
    settings: Settings,
    *,
    on_page: Callable[[int, int], None] | None = None,
) -> OcrReport:
    """Replace the blocks of every page that needs OCR with recognised text, in place."""
    started = time.monotonic()
    todo = [p for p in parsed.pages if p.needs_ocr and not p.failed]
    if not todo:
        return OcrReport(engine=settings.ocr_engine)
    choice = choose_engine(settings.ocr_engine)  # says once if it must fall back
    report = OcrReport(engine=choice.name, pages=[p.page for p in todo], note=choice.note)
    if choice.name == "none":
        why = choice.note or "OCR is switched off on this server"
        for p in todo:
            _fail(p, f"needs OCR ({p.needs_ocr}) but {why}")
    else:
        workers, threads = job_shape(settings, len(todo))
        timed_out: list[int] = []
        done = 0

        def finished(i: int, result: PageOcr | TaskFailure) -> None:
            nonlocal done
            if isinstance(result, TaskFailure) and result.reason.startswith("timed out"):
                timed_out.append(i)  # retried below before it counts as failed
                return
            _apply(todo[i], result)
            if isinstance(result, PageOcr):
                report.cpu_seconds += result.cpu_seconds
                report.worker_peak_rss_mb = max(report.worker_peak_rss_mb, result.peak_rss_mb)
            done += 1
            if on_page is not None:
                on_page(done, len(todo))

        engine = choice.name
        _run_pages(
            path,
            todo,
            list(range(len(todo))),
            settings=settings,
            engine=engine,
            workers=workers,
            threads=threads,
            finished=finished,
        )
        # A page over its limit on a busy machine is usually readable: once more, alone
        # (one process with every core) and with twice the time, before it fails.
        retry, timed_out[:] = list(timed_out), []
        if retry:
            log.info("OCR: retrying %d timed-out page(s) alone", len(retry))
            cores = os.cpu_count() or 1
            _run_pages(
                path,
                todo,
                retry,
                settings=settings,
                engine=engine,
                workers=1,
                threads=cores,
                finished=finished,
                slack=2.0,
            )
            for i in timed_out:
                _apply(
                    todo[i], TaskFailure(f"timed out twice ({settings.ocr_page_timeout_s:.0f} s)")
                )
    # Headings, running headers and block numbers across the pages OCR changed.
    document_passes(parsed)
    report.failed = [p.page for p in todo if p.failed]
    report.seconds = round(time.monotonic() - started, 2)
    log.info(
        "OCR of %d page%s with %s: %d failed, %.1f s",
        len(todo),
        "" if len(todo) == 1 else "s",
        choice.name,
        len(report.failed),
        report.seconds,
    )
    return report
