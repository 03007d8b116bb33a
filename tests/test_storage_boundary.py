"""Storage stays behind ``Folio``: nothing outside ``pipeline/`` imports ``pipeline.store``
or ``sqlite3``, writes SQL, or reaches a Folio's store, database or index.

The agent, the UI and the command line read through ``Folio``'s methods
(``pipeline/reads.py``, ``pipeline/library.py``), which are scoped by the workspace the
Folio acts in; a store reached directly is how the command line once wrote every
conversation into 'local'."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WALKED = ("agent", "ui", "commands", "app.py", "cli.py")
FORBIDDEN_MODULES = ("pipeline.store", "sqlite3")
# SQL statements, as a string in code would hold them (keywords in capitals).
SQL = re.compile(
    r"\b(SELECT\b[\s\S]+?\bFROM\b|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b"
    r"|DELETE\s+FROM\b|CREATE\s+(UNIQUE\s+|VIRTUAL\s+)?(TABLE|INDEX)\b|DROP\s+TABLE\b"
    r"|ALTER\s+TABLE\b|PRAGMA\s+\w+)"
)
# A Folio's storage attributes: ``<x>.store``, ``<x>.system_store``, ``<x>.db`` and
# ``folio.index`` (a plain ``.index`` is also list.index and a Gradio event's).
STORAGE_ATTRS = {"store", "system_store", "db"}


@dataclass(frozen=True)
class Breach:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def _files() -> list[Path]:
    out: list[Path] = []
    for name in WALKED:
        p = ROOT / name
        out.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return out


def _forbidden(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in FORBIDDEN_MODULES)


def breaches(source: str, path: str) -> list[Breach]:
    """Every place in ``source`` where storage leaks past Folio."""
    found: list[Breach] = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [
                Breach(path, line, f"imports {a.name}") for a in node.names if _forbidden(a.name)
            ]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _forbidden(node.module):
                found.append(Breach(path, line, f"imports {node.module}"))
            elif node.module == "pipeline" and any(a.name == "store" for a in node.names):
                found.append(Breach(path, line, "imports pipeline.store"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = SQL.search(node.value)
            if m:
                found.append(Breach(path, line, f"SQL {m.group(0)[:40]!r}"))
        elif isinstance(node, ast.Attribute):
            if node.attr in STORAGE_ATTRS:
                found.append(Breach(path, line, f"reaches .{node.attr}"))
            elif node.attr == "index" and _names_folio(node.value):
                found.append(Breach(path, line, "reaches folio.index"))
    return found


def _names_folio(node: ast.expr) -> bool:
    """``folio``, ``x.folio``, ``self._folio``… (the object a Folio is held in)."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return "folio" in name.lower()


def test_nothing_outside_pipeline_reaches_storage() -> None:
    files = _files()
    assert len(files) > 60  # the walk found the code (agent/, ui/, commands/, entry points)
    found = [b for f in files for b in breaches(f.read_text("utf-8"), str(f.relative_to(ROOT)))]
    assert not found, "storage outside pipeline/ (use Folio's methods):\n" + "\n".join(
        map(str, found)
    )


def test_the_check_catches_each_kind_of_leak() -> None:
    """The walk above passes only because the code is clean, not because it sees nothing."""
    leaks = {
        "import sqlite3": "imports sqlite3",
        "from pipeline.store.db import Database": "imports pipeline.store.db",
        "from pipeline import store": "imports pipeline.store",
        "import pipeline.store.rules": "imports pipeline.store.rules",
        'q = "SELECT title FROM conversations WHERE workspace = ?"': "SQL",
        'q = "INSERT INTO review_rules (pattern) VALUES (?)"': "SQL",
        'q = "UPDATE conversations SET title = ?"': "SQL",
        'q = "DELETE FROM messages"': "SQL",
        'q = "CREATE TABLE notes (x INTEGER)"': "SQL",
        "chunks = folio.store.chunks(doc_id)": "reaches .store",
        "conn = self.s.folio.db.connect()": "reaches .db",
        "hits = ctx.folio.index.search(q, ids)": "reaches folio.index",
        "doc = folio.system_store.get(d)": "reaches .system_store",
    }
    for code, what in leaks.items():
        found = breaches(code, "x.py")
        assert [b.what for b in found if b.what.startswith(what)], code
    clean = (
        'label = "Select a document"\n'
        "i = names.index(name)\n"
        "x = evt.index[0]\n"
        "path = settings.db_path\n"
        "chunks = folio.chunks(doc_id)\n"
        'msg = "Delete from the library?"\n'
    )
    assert breaches(clean, "x.py") == []
