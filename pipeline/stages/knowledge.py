"""Knowledge components as background stages (see pipeline/knowledge/components.py)."""

from __future__ import annotations

from pipeline.stage_context import StageContext


def terms(ctx: StageContext) -> None:
    from pipeline.knowledge.components import run_terms

    run_terms(ctx)


def mindmap(ctx: StageContext) -> None:
    from pipeline.knowledge.components import run_mindmap

    run_mindmap(ctx)


def graph(ctx: StageContext) -> None:
    from pipeline.knowledge.components import run_graph

    run_graph(ctx)


def route(ctx: StageContext) -> None:
    from pipeline.knowledge.components import run_route

    run_route(ctx)


def summary(ctx: StageContext) -> None:
    from pipeline.knowledge.components import run_summary

    run_summary(ctx)
