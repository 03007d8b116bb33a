"""A corpus of bad inputs, built on the fly (small by default, full size for the bench).

Each case is a file to ingest and what must happen: ``ok`` (it just works, e.g. a
PDF whose user password is empty) or ``refused`` (a clear message, a ``failed``
outcome, nothing else touched). The encrypted PDFs are pypdf's test resources
(testkit/fixtures/encryption, BSD licence, see the README there: all 18 of its source
distribution), and the same kinds written by PyMuPDF for each of its ciphers.
"""

from __future__ import annotations

import io
import os
import random
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pymupdf

from pipeline.service import Folio

FIXTURES = Path(__file__).parent / "fixtures"
Expect = Literal["ok", "refused", "either"]

_PROSE = (
    "The committee reviewed the annual budget and approved the funding for the new library. "
    "Members discussed the timeline for construction and the hiring of additional staff. "
)


# A document ingested beside the bad inputs: none of them may change it.
CANARY = (
    "# Canary\n\nThe lighthouse keeper logs every passing ship in a leather-bound journal. "
    "Storms are recorded with their wind speed and the hour they began.\n"
)


def canary_snapshot(folio: Folio, doc_id: str) -> tuple[object, ...]:
    """All a bad input could change of the canary document: it must stay equal."""
    doc = folio.document(doc_id)
    hits = folio.search("lighthouse keeper journal", [doc_id], k=1)
    return (
        doc.model_dump(exclude={"updated_at"}),
        [c.model_dump() for c in folio.store.chunks(doc_id)],
        folio.store.counts(doc_id),
        hits[0].chunk_id if hits else None,
    )


def clean_message(message: str, data_dir: Path, inbox: Path) -> bool:
    """True when a refusal shows the user no internals (tracebacks, paths)."""
    return not any(
        bad in message
        for bad in ("Traceback", str(data_dir), str(inbox), ".incoming", "/tmp/", 'File "')
    )


@dataclass(frozen=True)
class Case:
    name: str
    """The file name as uploaded (may hold '..', emoji, RTL marks)."""
    expect: Expect
    build: Callable[[Path], None]
    """Writes the file at the given path."""


def _bytes(data: bytes) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        p.write_bytes(data)

    return build


def _pdf(pages: int = 1, size: tuple[float, float] = (595, 842), text: bool = True) -> bytes:
    doc = pymupdf.open()
    for i in range(pages):
        page = doc.new_page(width=size[0], height=size[1])
        if text:
            page.insert_textbox(pymupdf.Rect(72, 72, 523, 770), f"Page {i + 1}. " + _PROSE * 3)
    out = doc.tobytes(garbage=0)
    doc.close()
    return out


def _docx(paragraphs: list[str]) -> bytes:
    import docx

    d = docx.Document()
    for p in paragraphs:
        d.add_paragraph(p)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _zip_bomb(inflated_mb: int) -> bytes:
    """A .docx whose document.xml inflates to ``inflated_mb`` of paragraphs."""
    base = zipfile.ZipFile(io.BytesIO(_docx(["seed"])))
    out = io.BytesIO()
    para = b"<w:p><w:r><w:t>bomb</w:t></w:r></w:p>"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for item in base.infolist():
            if item.filename != "word/document.xml":
                z.writestr(item, base.read(item))
        with z.open("word/document.xml", "w", force_zip64=True) as f:
            head = base.read("word/document.xml")
            cut = head.index(b"<w:body>") + len(b"<w:body>")
            f.write(head[:cut])
            block = para * (1 << 14)
            for _ in range(inflated_mb * (1 << 20) // len(block)):
                f.write(block)
            f.write(b"</w:body></w:document>")
    return out.getvalue()


def _big_text(mb: int) -> Callable[[Path], None]:
    def build(p: Path) -> None:
        line = (_PROSE * 2 + "\n").encode()
        with p.open("wb") as f:
            for _ in range(mb * (1 << 20) // len(line)):
                f.write(line)

    return build


def _encrypted() -> list[Case]:
    folder = FIXTURES / "encryption"
    out = []
    for f in sorted(folder.glob("*.pdf")):
        # Empty or owner-only passwords open without one; a user password cannot be guessed
        # (r6-cleartext-metadata has the user password "foo").
        needs_user = any(k in f.stem for k in ("user-password", "both-passwords", "cleartext"))
        out.append(Case(f"enc-{f.name}", "refused" if needs_user else "ok", _bytes(f.read_bytes())))
    return out


def _made_encrypted() -> list[Case]:
    """Every cipher MuPDF writes (RC4 40/128-bit, AES 128/256-bit), each with no password,
    an owner password only (and no permission to copy or print: text must still be read)
    and a user password (refused)."""
    out = []
    passwords: tuple[tuple[str, str, Expect], ...] = (
        ("", "", "ok"),
        ("", "owner", "ok"),
        ("user", "o", "refused"),
    )
    for cipher in ("RC4_40", "RC4_128", "AES_128", "AES_256"):
        for user, owner, expect in passwords:
            doc = pymupdf.open()
            page = doc.new_page()
            page.insert_textbox(pymupdf.Rect(72, 72, 523, 770), _PROSE * 3)
            data = doc.tobytes(
                encryption=getattr(pymupdf, f"PDF_ENCRYPT_{cipher}"),
                user_pw=user,
                owner_pw=owner,
                permissions=pymupdf.PDF_PERM_ACCESSIBILITY,  # type: ignore[attr-defined]
            )
            doc.close()
            kind = "user" if user else "owner" if owner else "empty"
            out.append(Case(f"made-{cipher.lower()}-{kind}.pdf", expect, _bytes(data)))
    return out


def corpus(*, full: bool = False, symlink_target: str = "/etc/passwd") -> list[Case]:
    """Every kind of bad input; ``full`` uses the sizes of the issue (slow), else small ones."""
    rng = random.Random(7)
    good = _pdf(2)
    blank_pages = 3000 if full else 100
    bomb_mb = 1024 if full else 64
    text_mb = 60 if full else 6
    cases = [
        *_encrypted(),
        *_made_encrypted(),
        Case("truncated.pdf", "refused", _bytes(good[: len(good) // 3])),
        # Cut before its first page: it opens, with no pages in it.
        Case("cut-short.pdf", "refused", _bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\n")),
        Case("spaces.txt", "refused", _bytes(b"  \n\n \t\n")),
        Case("no-text.docx", "refused", _bytes(_docx([]))),
        Case("random.pdf", "refused", _bytes(rng.randbytes(20_000))),
        Case("random.docx", "refused", _bytes(rng.randbytes(20_000))),
        Case("empty.pdf", "refused", _bytes(b"")),
        Case("empty.txt", "refused", _bytes(b"")),
        Case("bomb.docx", "refused", _bytes(_zip_bomb(bomb_mb))),
        Case("pdf-named.docx", "refused", _bytes(good)),
        Case("docx-named.pdf", "refused", _bytes(_docx([_PROSE] * 5))),
        Case(f"blank-{blank_pages}.pdf", "refused", _bytes(_pdf(blank_pages, text=False))),
        Case("huge-page.pdf", "either", _bytes(_pdf(1, size=(200 * 72, 200 * 72)))),
        Case(f"big-{text_mb}mb.txt", "either", _big_text(text_mb)),
        Case("binary.txt", "refused", _bytes(rng.randbytes(50_000))),
        Case("utf16-nobom.txt", "ok", _bytes((_PROSE * 20).encode("utf-16-le"))),
        Case("nul-bytes.txt", "either", _bytes((_PROSE * 10).replace(" ", " \x00", 5).encode())),
        Case("../../escape-attempt.md", "ok", _bytes(("# Escape\n\n" + _PROSE * 5).encode())),
        Case("n" * 296 + ".txt", "ok", _bytes((_PROSE * 5).encode())),
        Case(
            "报告 📊 \u202eevil\u202c شركة.md", "ok", _bytes(("# 报告\n\n" + _PROSE * 5).encode())
        ),
        Case(
            "script.md",
            "ok",
            _bytes(
                (
                    "# Notes <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
                    + _PROSE * 5
                ).encode()
            ),
        ),
        Case("over-limit.txt", "refused", _big_text(3)),  # run with FOLIO_MAX_FILE_MB=2
        Case("link.txt", "refused", lambda p: os.symlink(symlink_target, p)),
    ]
    return cases


def write_case(case: Case, folder: Path) -> Path:
    """The case's file in ``folder`` under a safe local name (the upload name is separate)."""
    folder.mkdir(parents=True, exist_ok=True)
    safe = f"case-{abs(hash(case.name)) % 10**8}{Path(case.name).suffix}"
    path = folder / safe
    if path.is_symlink() or path.exists():
        path.unlink()
    case.build(path)
    return path
