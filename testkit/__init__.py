"""What the tests and the benches share: invented documents (PDF, DOCX, Markdown), bad
inputs, a deterministic fake embedder, processes to kill mid-work and a local app server.

It imports the project and nothing of ``tests/`` or ``bench/``; both of those import it,
neither imports the other.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
