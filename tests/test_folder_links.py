"""Links inside an ingested folder are named in the results, not skipped without a word."""

from __future__ import annotations

import os
from pathlib import Path

from pipeline.paths import expand_paths
from pipeline.service import Folio


def _folder(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (secret := outside / "secret.txt").write_text("A private note kept elsewhere. " * 10)
    folder = tmp_path / "reports"
    (folder / "sub").mkdir(parents=True)
    (folder / "plan.md").write_text("# Plan\n\nThe orchard is pruned in March.\n")
    (folder / "sub" / "budget.txt").write_text("The budget for tools is nine hundred crowns.\n")
    (folder / "image.png").write_bytes(b"\x89PNG")  # a type Folio does not read: left out
    os.symlink(secret, folder / "linked.txt")
    os.symlink(outside, folder / "linked-folder")
    return folder


def test_a_folders_links_are_listed_and_refused_with_a_reason(folio: Folio, tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    names = [p.name for p in expand_paths([folder])]
    assert sorted(names) == ["budget.txt", "linked-folder", "linked.txt", "plan.md"]
    results = {r.name: r for r in folio.ingest([folder], wait=True)}
    assert {n for n, r in results.items() if r.outcome == "added"} == {"plan.md", "budget.txt"}
    for link in ("linked.txt", "linked-folder"):
        assert results[link].outcome == "failed"
        assert "symbolic link" in (results[link].error or "")
        assert "Upload the file itself" in (results[link].error or "")
    stored = [c.text for d in folio.documents() for c in folio.store.chunks(d.doc_id)]
    assert not any("private note" in text for text in stored)
