"""Kept constructor signatures (ui/session_cost.py) change no block's config."""

from __future__ import annotations

import inspect
import json

from gradio.blocks import BlocksConfig

from pipeline.service import Folio
from ui.services import Services
from ui.session_cost import keep_block_signatures


def _configs(demo: object) -> str:
    blocks = getattr(demo, "blocks", {})
    return json.dumps(
        {k: BlocksConfig.config_for_block(k, [], b) for k, b in blocks.items()}, default=str
    )


def test_kept_signatures_leave_every_block_config_as_it_was(folio: Folio) -> None:
    from app import create_app

    demo = create_app(Services(folio))  # keeps them
    kept = {
        init
        for b in demo.blocks.values()
        for cls in type(b).__mro__
        if inspect.isfunction(init := cls.__dict__.get("__init__"))
        and "__signature__" in vars(init)
    }
    assert kept  # the interface's component classes have them
    for init in kept:
        delattr(init, "__signature__")  # as Gradio computes them itself
    computed = _configs(demo)
    assert keep_block_signatures(demo) == len(kept)
    assert _configs(demo) == computed
