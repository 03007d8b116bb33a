"""The passage embedding process, the child ``host.PassageHost`` starts:
``python -m pipeline.embed.host_main --lanes N [--model PATH]``. It reads batches of
passages from stdin and writes their vectors to stdout until stdin closes."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import IO

from pipeline.embed.host import recv, send
from pipeline.embed.numpy_backend import NumpyE5Embedder


def serve(inp: IO[bytes], out: IO[bytes], lanes: int, model_path: Path | None) -> None:
    """The child: embed each batch of passages received until the pipe closes."""
    # Only the lanes share this GIL; while one tokenizes (pure Python) the other asks for
    # it between products, so hand it over sooner than the default 5 ms.
    sys.setswitchinterval(0.001)
    emb = NumpyE5Embedder(lanes=lanes, model_path=model_path)
    while True:
        try:
            texts = recv(inp)
        except (EOFError, OSError):  # the parent closed the pipe or died
            return
        try:
            send(out, ("ok", emb.embed_passages(texts)))
        except Exception as exc:  # sent to the parent, which raises it for the caller
            send(out, ("error", f"{type(exc).__name__}: {exc}"))


def main() -> None:
    ap = argparse.ArgumentParser(description="Folio's passage embedding process (internal).")
    ap.add_argument("--lanes", type=int, default=1)
    ap.add_argument("--model", type=Path)
    args = ap.parse_args()
    # stdout carries the replies: anything else printed goes to stderr instead
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, out, args.lanes, args.model)


if __name__ == "__main__":
    main()
