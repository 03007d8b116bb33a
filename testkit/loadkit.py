"""Concurrent questions through the running app's API while uploads ingest.

Used by tests/test_load.py (small) and bench/reliability.py (the issue's 20 questions
and 2 uploads). One client's workspace holds 3 ready documents; another workspace holds
a look-alike document, so a citation leaking across workspaces or out of a question's
documents is caught. Each question's scope is one document, two, or all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gradio_client import Client, handle_file

from testkit.agentdocs import OTHER_MD, REGIONS_MD, REPORT_MD

LOOKALIKE_MD = """# Annual Report of Southwind Outfitters

## Stores

Southwind Outfitters operated 912 stores at the end of fiscal 2023, with revenue of 7,020
million dollars and operating income of 455 million dollars.
"""

# (question, which of the workspace's documents it asks: indexes into DOCS, empty = all)
QUESTIONS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("How many stores did Northwind Traders operate at the end of fiscal 2023?", (0,)),
    ("What was the operating income of Northwind Traders in fiscal 2023?", (0,)),
    ("Where does Contoso Pharma sell Vaxiflu?", (1,)),
    ("How much Vaxiflu revenue was there in the second quarter?", (1, 0)),
    ("How many regions does Fabrikam sell its products in?", (2,)),
    ("Who reviews the regional results of Fabrikam?", (2, 1)),
    ("What revenue growth does management expect in fiscal 2024?", ()),
    ("How many stores were operated a year earlier?", ()),
)
DOCS = (("northwind.md", REPORT_MD), ("contoso.md", OTHER_MD), ("fabrikam.md", REGIONS_MD))


@dataclass
class LoadReport:
    questions: int = 0
    errors: list[str] = field(default_factory=list)
    out_of_scope: list[str] = field(default_factory=list)
    uncited: int = 0
    latencies: list[float] = field(default_factory=list)
    uploads: list[str] = field(default_factory=list)  # their outcomes
    upload_seconds: float = 0.0
    connect_seconds: float = 0.0  # the questions' clients connecting, before they ask


def client(url: str) -> Client:
    """A caller of the app; ``ssl_verify`` off: the app is plain HTTP on loopback, and
    checking would load the CA bundle on every request (0.2 s of the caller's CPU each)."""
    return Client(url, verbose=False, download_files=False, ssl_verify=False)


def _ingest(client: Client, files: list[Path], workspace: str | None) -> dict[str, Any]:
    return dict(
        client.predict([handle_file(f) for f in files], workspace=workspace, api_name="/ingest")
    )


def prepare(url: str, folder: Path, *, timeout: float = 300) -> tuple[str, dict[str, str]]:
    """The main workspace with its three ready documents (name → id); a look-alike elsewhere."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (*DOCS, ("southwind.md", LOOKALIKE_MD)):
        (folder / name).write_text(text, encoding="utf-8")
    _ingest(client(url), [folder / "southwind.md"], None)
    caller = client(url)
    out = _ingest(caller, [folder / name for name, _ in DOCS], None)
    ids = {f["name"]: f["doc_id"] for f in out["files"] if f["doc_id"]}
    assert len(ids) == len(DOCS), out
    workspace = str(out["workspace"])
    _until(lambda: _all_ready(caller, workspace), timeout, "the documents to be ready")
    caller.predict(QUESTIONS[0][0], list(ids.values()), workspace=workspace, api_name="/ask")
    return workspace, ids


def _all_ready(caller: Client, workspace: str) -> bool:
    docs = caller.predict(workspace=workspace, api_name="/documents")["documents"]
    return all(s["state"] not in ("pending", "running") for d in docs for s in d["status"].values())


def _until(done: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.5)


def _ask(
    caller: Client, workspace: str, ids: dict[str, str], question: str, which: tuple[int, ...]
) -> tuple[float, dict[str, Any] | str, set[str]]:
    scope = {ids[DOCS[i][0]] for i in which} if which else set(ids.values())
    start = time.monotonic()
    try:
        doc_ids = [ids[DOCS[i][0]] for i in which]
        result = caller.predict(question, doc_ids, workspace=workspace, api_name="/ask")
        return time.monotonic() - start, dict(result), scope
    except Exception as exc:  # every failure is counted, whatever it is
        return time.monotonic() - start, f"{type(exc).__name__}: {exc}", scope


def run(
    url: str, workspace: str, ids: dict[str, str], uploads: list[Path], *, questions: int = 20
) -> LoadReport:
    """``questions`` concurrent questions while ``uploads`` ingest into the same workspace."""
    report = LoadReport(questions=questions)
    with ThreadPoolExecutor(max_workers=questions + 1) as pool:
        started = time.monotonic()
        callers = list(pool.map(lambda _: client(url), range(questions + 1)))
        report.connect_seconds = time.monotonic() - started
        started = time.monotonic()
        upload = pool.submit(_ingest, callers.pop(), uploads, workspace)
        asked = [
            pool.submit(_ask, callers[i], workspace, ids, *QUESTIONS[i % len(QUESTIONS)])
            for i in range(questions)
        ]
        for future in asked:
            seconds, result, scope = future.result()
            report.latencies.append(seconds)
            if isinstance(result, str):
                report.errors.append(result)
                continue
            cited = {c["doc_id"] for c in result.get("citations", [])}
            if not cited <= scope:
                report.out_of_scope.append(f"{result.get('text', '')[:60]!r} cites {cited}")
            report.uncited += 0 if cited or result.get("refused") else 1
        try:
            done = upload.result()
            report.uploads = [f["outcome"] for f in done["files"]]
        except Exception as exc:  # counted as an error of the run
            report.errors.append(f"upload: {type(exc).__name__}: {exc}")
        report.upload_seconds = time.monotonic() - started
    return report
