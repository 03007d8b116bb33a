"""The C engine's XLM-RoBERTa unigram tokenizer (``e5.c``, ``tok_content``), in Python.

It must give the engine's token ids exactly — a different id anywhere is a
different vector — so it follows the C code step by step: the per-codepoint
normalisation map, runs of spaces collapsed, the SentencePiece metaspace, then a
Viterbi search over the pieces with *float32* path scores (ties and near-ties
resolve as in C) and one unknown token per character nothing else covers.
"""

from __future__ import annotations

import re
from array import array

from pipeline.embed.e5_file import TokenizerData

META = "\u2581"  # SentencePiece's word-start marker
_SPACES = re.compile(" {2,}")
_UNREACHED = -1e30  # float32(-1e30) is what C starts every path score at


class UnigramTokenizer:
    """Token ids of a text as the C engine makes them (without <s> and </s>)."""

    def __init__(self, data: TokenizerData) -> None:
        self.bos, self.eos, self.unk = data.bos, data.eos, data.unk
        self._ids: dict[str, int] = {}
        for i, raw in enumerate(data.pieces):
            if not raw or i == data.unk:
                continue  # C never matches an empty piece nor the unknown piece
            try:
                piece = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue  # matched on whole characters only: such a piece never matches
            self._ids.setdefault(piece, i)  # C's hash probe finds the first of duplicates
        self._scores = array("f", data.scores.tolist())
        self._max_chars = max(len(p) for p in self._ids)
        low = array("f", [min(self._scores) - 10.0])  # rounded to float32, as in C
        self._unk_score = low[0]
        self._table = {cp: "".join(map(chr, out)) for cp, out in data.norm.items()}

    def normalize(self, text: str) -> str:
        """The normalised text with metaspaces, as Viterbi reads it."""
        text = text.split("\0", 1)[0]  # the engine reads a C string: it ends at a NUL
        text = _SPACES.sub(" ", text.translate(self._table))
        if not text.startswith(" "):
            text = " " + text
        return text.replace(" ", META)

    def content_ids(self, text: str) -> list[int]:
        """The text's piece ids, in order."""
        return self._viterbi(self.normalize(text))

    def _viterbi(self, s: str) -> list[int]:
        n = len(s)
        best = array("f", [_UNREACHED]) * (n + 1)
        best[0] = 0.0
        piece = [0] * (n + 1)  # -1: the unknown token
        start = [0] * (n + 1)
        cand = array("f", [0.0])  # rounds a sum to float32 like C's float arithmetic
        ids, scores, width, unk_score = self._ids, self._scores, self._max_chars, self._unk_score
        reached = array("f", [-1e29])[0]
        for i in range(n):
            here = best[i]
            if here <= reached:
                continue
            for e in range(i + 1, min(n, i + width) + 1):
                idx = ids.get(s[i:e])
                if idx is not None:
                    cand[0] = here + scores[idx]
                    if cand[0] > best[e]:
                        best[e], piece[e], start[e] = cand[0], idx, i
            cand[0] = here + unk_score
            if cand[0] > best[i + 1]:
                best[i + 1], piece[i + 1], start[i + 1] = cand[0], -1, i
        out: list[int] = []
        i = n
        while i > 0:
            out.append(self.unk if piece[i] < 0 else piece[i])
            i = start[i]
        out.reverse()
        return out
