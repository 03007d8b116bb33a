"""What the journey tests share: the sample files, one app with them uploaded, and steps.

The journey (``test_browser_journey_*.py``) walks a new user's way over real sample
documents. Uploading and ingesting them is the slow part, so it is done once per test
session by a fixture (``journey_library``) that any journey test may ask for: every test
then opens its own tab as the same visitor (the workspace token is in the saved browser
state) and depends on no other test having run before it.

Importing this module is cheap and needs neither Chromium nor the samples (``conftest``
imports the fixtures): the browser kit is imported, and the samples are checked, only
when a fixture runs.
"""

from __future__ import annotations

import base64
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from testkit import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator

    from tests.browserkit import App, Session

SAMPLES = ROOT.parent / "shared" / "samples"
TENK = SAMPLES / "financebench-train" / "pdfs" / "BESTBUY_2023_10K.pdf"
ZH_REPORT = SAMPLES / "pdfs" / "zh" / "issue-67-example.pdf"
SCAN = SAMPLES / "pdfs" / "scanned" / "linn.pdf"
LAPTOP = (1280, 720)
INGEST_BUDGET_MS = 360_000
# Every step goes through the app's queue; on a loaded CI machine a click can take seconds.
STEP_TIMEOUT_MS = 30_000


def missing_samples() -> list[Path]:
    return [p for p in (TENK, ZH_REPORT, SCAN) if not p.exists()]


@dataclass
class Files:
    tenk: Path
    zh_pdf: Path
    scan: Path
    docx: Path
    empty: Path

    def all(self) -> list[Path]:
        return [self.tenk, self.zh_pdf, self.scan, self.docx, self.empty]


@dataclass
class Library:
    """The uploaded library: the visitor's saved browser state, and what the upload showed."""

    files: Files
    state: dict[str, Any]
    # Each look at the progress cards while files were processed: their class names, in order.
    looks: list[list[str]]


def _excerpt(src: Path, dest: Path, pages: int) -> Path:
    import pymupdf

    with pymupdf.open(src) as doc:
        doc.select(list(range(pages)))
        doc.save(dest)
    return dest


def _scan_with_a_damaged_page(dest: Path) -> Path:
    """The real two-column scan, then a page whose image data is damaged (OCR fails there)."""
    import pymupdf

    from tests.scangen import ScanPage, scanned_pdf

    broken = dest.with_name("broken-page.pdf")
    scanned_pdf(broken, [ScanPage(lines=["unreadable"], broken=True)])
    with pymupdf.open(SCAN) as doc, pymupdf.open(broken) as extra:
        doc.insert_pdf(extra)
        doc.save(dest)
    return dest


def make_files(d: Path) -> Files:
    from testkit.knowledge_docs import zh_policy_docx

    empty = d / "notes-empty.txt"
    empty.write_bytes(b"")
    return Files(
        tenk=_excerpt(TENK, d / "bestbuy-10k-excerpt.pdf", 8),
        zh_pdf=_excerpt(ZH_REPORT, d / "东北电气-2018一季报.pdf", 3),
        scan=_scan_with_a_damaged_page(d / "scan-two-pages.pdf"),
        docx=zh_policy_docx(d / "差旅费用管理办法.docx"),
        empty=empty,
    )


# --- steps ---------------------------------------------------------------------------------


def row(s: Session, name: str) -> Locator:
    return s.page.locator("#lib-table tr[data-doc]", has_text=name)


def watch_progress(s: Session, seconds: float = 60, wanted: int = 4) -> list[list[str]]:
    """Looks at the progress cards while a file is being processed (class names, in order)."""
    looks: list[list[str]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(looks) < wanted:
        # One look at all cards at once: the list is redrawn every second.
        states = s.page.eval_on_selector_all(
            "#lib-progress .folio-job", "els => els.map(e => e.className)"
        )
        if any("running" in c for c in states):
            looks.append(states)
        time.sleep(0.7)
    return looks


def wait_ingested(s: Session, *names: str, budget_ms: int = INGEST_BUDGET_MS) -> None:
    from playwright.sync_api import expect

    for name in names:
        expect(row(s, name).locator("[data-comp=index]")).to_have_attribute(
            "data-state", "ready", timeout=budget_ms
        )


def new_chat(s: Session) -> None:
    """An empty conversation, whatever the visitor's last one was (a visit reopens it)."""
    from playwright.sync_api import expect

    s.tab("chat")
    s.page.click("#chat-new")
    expect(s.page.locator("#chat-bot .message.bot")).to_have_count(0)


def ask(s: Session, question: str, answers_before: int) -> Locator:
    """Send a question and wait for its answer (the count of answer bubbles grows)."""
    from playwright.sync_api import expect

    s.page.fill("#chat-question textarea", question)
    s.page.click("#chat-send")
    bubbles = s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")
    expect(bubbles).to_have_count(answers_before + 1, timeout=90_000)
    return bubbles.last


def in_viewport(s: Session, loc: Locator) -> bool:
    box = loc.bounding_box()
    height = s.page.viewport_size["height"] if s.page.viewport_size else 0
    return box is not None and box["y"] < height and box["y"] + box["height"] > 0


def pick_knowledge_doc(s: Session, name: str) -> None:
    s.tab("knowledge")
    s.page.click("#kn-doc input")
    s.page.get_by_role("option", name=name).click()


def mind_map_svg(s: Session, expected: str) -> str:
    """The mind map's SVG once it shows ``expected`` (the picker redraws it)."""
    s.page.wait_for_function(
        # atob gives the UTF-8 bytes as Latin-1 characters: decode them, or a Chinese title
        # never matches.
        "(want) => { const i = document.querySelector('#kn-mindmap-body img');"
        " if (!i) return false;"
        " const raw = atob(i.src.split(',')[1]);"
        " const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));"
        " return new TextDecoder().decode(bytes).includes(want); }",
        arg=expected,
    )
    src = s.page.locator("#kn-mindmap-body img").get_attribute("src") or ""
    return base64.b64decode(src.split(",", 1)[1]).decode("utf-8")


def root_title(svg: str) -> str:
    """The first node drawn is the root; its tooltip starts with its full title (then its
    pages, for a PDF, and its terms on the next line)."""
    first = re.search(r"<title>([^<]*)</title>", svg)
    return first.group(1).split("\n")[0].split(" (p")[0] if first else ""


def open_cited_page(s: Session, chip: Locator) -> Locator:
    """Click a summary citation: the Knowledge tab's page pane shows that page, marked."""
    from playwright.sync_api import expect

    page_no = re.sub(r"\D", "", chip.inner_text())
    chip.click()
    caption = s.page.locator("#kn-pane-caption")
    expect(caption).to_contain_text(page_no)
    expect(caption.locator("[data-highlights]")).not_to_have_attribute("data-highlights", "0")
    return caption


# --- fixtures (registered in tests/conftest.py; one app and one upload per session) --------


@pytest.fixture(scope="session")
def journey_files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    if missing_samples():  # a fresh clone has no ../shared beside it
        pytest.skip(f"needs the sample documents {', '.join(map(str, missing_samples()))}")
    return make_files(tmp_path_factory.mktemp("journey-files"))


@pytest.fixture(scope="session")
def journey_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    from tests.browserkit import serve

    with serve(tmp_path_factory.mktemp("journey-data"), "journey-app.log") as running:
        yield running


@pytest.fixture(scope="session")
def journey_browser() -> Iterator[Browser]:
    from tests.browserkit import launch_chromium

    with launch_chromium() as b:
        yield b


@pytest.fixture(scope="session")
def browser(journey_browser: Browser) -> Browser:
    """The one Chromium of the test session, for every browser test: Playwright's sync API
    runs one driver at a time, so a module launching its own beside this one fails."""
    return journey_browser


@pytest.fixture(scope="session")
def journey_library(journey_browser: Browser, journey_app: App, journey_files: Files) -> Library:
    """Every sample uploaded at once by one visitor and ingested (the empty file refused)."""
    from playwright.sync_api import expect

    from tests.browserkit import Session

    s = Session(journey_browser, journey_app.url, "en-US", size=LAPTOP)
    files = journey_files
    s.upload(*files.all())
    looks = watch_progress(s)
    s.shot("journey-01-progress", full=False)
    wait_ingested(s, files.tenk.name, files.zh_pdf.name, files.scan.name, files.docx.name)
    expect(row(s, files.empty.name).locator("[data-comp=parse]")).to_have_attribute(
        "data-state", "failed", timeout=60_000
    )
    state = s.context.storage_state()
    s.close()
    return Library(files=files, state=dict(state), looks=looks)


@pytest.fixture
def journey_user(
    journey_browser: Browser, journey_app: App, journey_library: Library
) -> Iterator[Session]:
    """The visitor who uploaded the library, in a new tab on a laptop, browser in English."""
    from tests.browserkit import Session

    s = Session(journey_browser, journey_app.url, "en-US", size=LAPTOP, state=journey_library.state)
    yield s
    s.close()
