"""How long `python app.py` takes to serve, and to finish loading models in the background.

Target (issue 6): serving within 15 s on 2 cores. Run on a quiet machine:

    python bench/app_startup.py --runs 3            # bundled embedding model
    python bench/app_startup.py --embedding none    # keyword search only
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def one_run(embedding: str, timeout: float) -> tuple[float, float | None]:
    port = free_port()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryFile() as log:
        env = {**os.environ, "FOLIO_DATA_DIR": data, "FOLIO_PORT": str(port),
               "FOLIO_HOST": "127.0.0.1", "FOLIO_EMBEDDING_MODEL": embedding}  # fmt: skip
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT)  # fmt: skip
        serving = warm = None
        try:
            while time.monotonic() - start < timeout and warm is None:
                if serving is None:
                    try:
                        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
                        serving = time.monotonic() - start
                    except OSError:
                        pass
                log.seek(0)
                if b"warm-up done" in log.read():
                    warm = time.monotonic() - start
                time.sleep(0.1)
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    if serving is None:
        raise SystemExit(f"app.py did not serve within {timeout} s")
    return serving, warm


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--embedding", default="e5")
    ap.add_argument("--timeout", type=float, default=120)
    args = ap.parse_args()
    print(f"| run | serving (s) | models loaded (s) | embedding={args.embedding} |")
    print("|---|---|---|---|")
    for i in range(1, args.runs + 1):
        serving, warm = one_run(args.embedding, args.timeout)
        warm_s = f"{warm:.1f}" if warm is not None else "–"
        print(f"| {i} | {serving:.1f} | {warm_s} | {'ok' if serving <= 15 else 'SLOW'} |")


if __name__ == "__main__":
    main()
