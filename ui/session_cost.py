"""Keep a new visitor's (or API caller's) first request cheap.

Gradio builds a session's state on its first queued request by asking every block of
the interface for its config, and each ``Block.get_config`` starts with
``inspect.signature(cls.__init__)``: ~190 blocks, 32 ms of one core a session, spent on
the server's event loop, which meanwhile serves nobody. 20 callers arriving at once
queued ~0.6 s (more on a loaded machine) behind that alone. ``inspect.signature``
returns a function's ``__signature__`` when it has one (PEP 362), so computing each
block class's constructor signature once makes every later session reuse it; the
signature is the very object ``inspect`` would have built, so nothing else changes.
"""

from __future__ import annotations

import inspect
import logging

import gradio as gr

log = logging.getLogger(__name__)


def keep_block_signatures(demo: gr.Blocks) -> int:
    """Give the constructor of every block class in ``demo`` its signature, once; the
    number of constructors given one."""
    done = 0
    for block in demo.blocks.values():
        for cls in type(block).__mro__:
            init = cls.__dict__.get("__init__")
            if init is None or not inspect.isfunction(init) or "__signature__" in vars(init):
                continue
            try:
                init.__signature__ = inspect.signature(init)  # type: ignore[attr-defined]
            except (TypeError, ValueError):  # no signature to keep: Gradio computes it itself
                log.debug("no signature for %s.__init__", cls.__name__)
                continue
            done += 1
    return done
