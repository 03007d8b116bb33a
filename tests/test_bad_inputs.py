"""Every kind of bad input gets a clear message and touches nothing else (testkit/badinputs.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from pipeline.service import Folio
from settings import Settings
from testkit import badinputs
from tests.conftest import FakeEmbedder
from ui.reasons import localise_reason

# A refusal says what to do about it, not only what is wrong ("… has no pages." said nothing).
_ADVICE = re.compile(
    r"\b(upload|try|save|remove|download|export|check|split|convert|open|use|send|pass|add)\b",
    re.I,
)


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _advises(message: str) -> bool:
    return bool(_ADVICE.search(message))


def test_bad_inputs_fail_cleanly_and_leave_the_canary_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    settings = Settings(data_dir=data, workers=2, parse_timeout_s=60, max_file_mb=2)
    folio = Folio(settings, embedder=FakeEmbedder())
    canary_file = tmp_path / "canary.md"
    canary_file.write_text(badinputs.CANARY, encoding="utf-8")
    canary = folio.ingest([canary_file], wait=True)[0].doc_id or ""
    before = badinputs.canary_snapshot(folio, canary)
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("A private file that is not in the data dir. " * 20)
    inbox = tmp_path / "inbox"
    problems = []
    for case in badinputs.corpus(symlink_target=str(secret)):
        path = badinputs.write_case(case, inbox)
        start = time.monotonic()
        (res,) = folio.ingest([path], names=[case.name])
        seconds = time.monotonic() - start
        message = res.error or ""
        if seconds > 90:
            problems.append(f"{case.name}: took {seconds:.0f} s")
        if not badinputs.clean_message(message, data, inbox):
            problems.append(f"{case.name}: message shows internals: {message}")
        if case.expect == "refused" and (res.outcome != "failed" or len(message) < 20):
            problems.append(f"{case.name}: expected a refusal, got {res.outcome} {message!r}")
        if res.outcome == "failed" and not _advises(message):
            problems.append(f"{case.name}: the message does not say what to do: {message!r}")
        if res.outcome == "failed" and not _CJK.search(localise_reason(message, "zh")):
            problems.append(f"{case.name}: the Chinese interface shows it in English: {message!r}")
        if case.expect == "ok" and res.outcome != "added":
            problems.append(f"{case.name}: expected it to work, got {res.outcome}: {message}")
        if res.outcome == "failed" and res.doc_id and folio.store.get(res.doc_id):
            status = folio.document(res.doc_id).status["parse"]
            if status.state != "failed" or not status.reason:
                problems.append(f"{case.name}: stored as {status.state} without a reason")
    assert not problems, "\n".join(problems)
    assert badinputs.canary_snapshot(folio, canary) == before
    assert folio.wait(timeout=120)
    # Nothing but stored documents (named by id) in the data dir, nothing of the secret.
    stored = {p.name for p in settings.files_dir.iterdir()}
    assert stored <= {Path(d.stored_path).name for d in folio.documents()}
    assert not any(n.startswith(".") for n in stored)  # no staged upload left behind
    assert not any(
        "private file" in c.text for d in folio.documents() for c in folio.store.chunks(d.doc_id)
    )
    assert (
        not (tmp_path / "escape-attempt.md").exists()
        and not (data.parent / "escape-attempt.md").exists()
    )
    folio.close()


@pytest.mark.parametrize("name", ["r2-empty-password.pdf", "r6-owner-password.pdf"])
def test_a_pdf_with_an_empty_user_password_just_works(folio: Folio, name: str) -> None:
    res = folio.ingest([badinputs.FIXTURES / "encryption" / name], wait=True)[0]
    assert res.outcome == "added" and res.document and res.document.chunks > 0


def test_a_zip_bomb_is_refused_before_it_inflates(folio: Folio, tmp_path: Path) -> None:
    import resource

    bomb = tmp_path / "bomb.docx"
    bomb.write_bytes(badinputs._zip_bomb(300))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    res = folio.ingest([bomb])[0]
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert res.outcome == "failed" and "zip bomb" in (res.error or "")
    assert grown_mb < 100
