"""Printing helpers shared by the subcommands: JSON for machines, aligned text for people."""

from __future__ import annotations

import json
import sys
from typing import Any

from pydantic import BaseModel


def to_jsonable(obj: Any) -> Any:
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    if isinstance(obj, dict):
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_jsonable(v) for v in obj]
    return obj


def emit_json(obj: Any) -> None:
    json.dump(to_jsonable(obj), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def table(rows: list[list[str]], headers: list[str]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows, strict=False)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    lines = [fmt.format(*headers), fmt.format(*["-" * w for w in widths])]
    lines += [fmt.format(*[str(c) for c in r]) for r in rows]
    return "\n".join(lines)


def status_line(status: dict[str, Any]) -> str:
    parts = []
    for comp, st in status.items():
        state = st["state"] if isinstance(st, dict) else getattr(st, "state", st)
        parts.append(f"{comp}={state}")
    return " ".join(parts)
