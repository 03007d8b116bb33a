"""Stable document ids: the same file name in the same workspace always maps to the same id.

The workspace salts the hash, so one name in two workspaces gives two ids and nothing stored
(files, chunks, vectors, knowledge) can collide. The ``local`` workspace keeps the ids it had
before workspaces existed.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from pipeline.workspace import LOCAL


def doc_id_for(name: str, workspace: str = LOCAL) -> str:
    """'AMCOR_2023_10K.pdf' → 'amcor-2023-10k-1f3a9c'; Chinese names keep only the hash."""
    norm = unicodedata.normalize("NFC", name.strip())
    key = norm.lower() if workspace == LOCAL else f"{workspace}\x00{norm.lower()}"
    digest = hashlib.sha1(key.encode()).hexdigest()[: 6 if workspace == LOCAL else 10]
    stem = norm.rsplit(".", 1)[0]
    slug = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:40].strip("-")
    return f"{slug}-{digest}" if slug else f"doc-{digest}"


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
