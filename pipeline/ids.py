"""Stable document ids: the same file name always maps to the same id."""

from __future__ import annotations

import hashlib
import re
import unicodedata


def doc_id_for(name: str) -> str:
    """'AMCOR_2023_10K.pdf' → 'amcor-2023-10k-1f3a9c'; Chinese names keep only the hash."""
    norm = unicodedata.normalize("NFC", name.strip())
    digest = hashlib.sha1(norm.lower().encode()).hexdigest()[:6]
    stem = norm.rsplit(".", 1)[0]
    slug = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:40].strip("-")
    return f"{slug}-{digest}" if slug else f"doc-{digest}"


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
