"""One registry of the tools a chat model may call: a tool is one :class:`ToolSpec`.

A spec holds all there is to know about a tool: its name, the function the graph runs,
its description for the model and the status line the user sees while it runs (both in
English and Chinese), how the answerer reads its evidence, and for the review's atomic
tools the typed input, the time limit and the fallback of the review runner.

Everything else is derived from the registry: the tool list that both the model's
``bind_tools`` and the graph's ``ToolNode`` take (``agent/toolset.py``), the description
and status tables, the review runner's table (``agent/review/runner.py``). The built-in
tools register in ``agent/toolbox.py`` (chat) and ``agent/review/chat_tools.py`` (review);
a name registered twice is an error at import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from agent.prompts import Lang
from pipeline.registry import DuplicateName, Registry

__all__ = [
    "REGISTRY",
    "DuplicateName",
    "ToolRegistry",
    "ToolSpec",
    "UnknownTool",
    "announce",
]

Reading = Literal["search", "term", "figure", "page", "section", "overview", "blocks", "value"]
"""How the answerer reads a tool's evidence, declared by the tool's spec: a ranked search
(its pages vote), a term lookup, a statement figure, a whole page (the query is its
number), a section (``note`` its title, ``quotes`` its items), the documents' overview
(``quotes`` its sentences), the blocks a review tool found, a computed value."""

ToolResult = tuple[str, dict[str, Any]]
"""What a chat tool returns: text for the model, and an artifact (an Evidence's dump)."""
LANGS: tuple[Lang, ...] = ("en", "zh")
Step = Callable[[Any, Any], BaseModel]
"""A review tool's own function or fallback: (ReviewScope, typed input) → typed output."""


@dataclass(frozen=True)
class ToolSpec:
    name: str
    function: Callable[..., ToolResult]
    """The chat tool: its keyword arguments are the model's, plus ``runtime``."""
    description: Mapping[Lang, str]
    status: Mapping[Lang, str] | None = None
    """The status line while it runs (``{arg}``: what it was asked); None shows none."""
    reads: Reading = "search"
    """How the answerer reads its evidence (``Reading``; the evidence carries it)."""
    atomic: bool = False
    """A review tool, offered to a chat model only when atomic tools are switched on."""
    input: type[BaseModel] | None = None
    run: Step | None = None
    fallback: Step | None = None
    timeout_s: float = 0.0
    input_errors_raise: bool = False
    """Bad input is the caller's to fix (a pattern), not the fallback's."""

    def __post_init__(self) -> None:
        # a missing text would fail only when the tool is offered or run: fail at import
        for what, texts in (("description", self.description), ("status", self.status)):
            if texts is not None and not all(texts.get(lang) for lang in LANGS):
                raise ValueError(f"Tool {self.name!r}: give its {what} in {' and '.join(LANGS)}.")


class UnknownTool(KeyError):
    """A name no tool is registered under."""


class ToolRegistry(Registry[ToolSpec]):
    """The tools by name, in the order they were registered (the order the model sees)."""

    def __init__(self) -> None:
        super().__init__("tool")
        self.version = 0  # bumped on every change: derived tool lists are cached by it

    def add(self, *specs: ToolSpec) -> None:
        for spec in specs:
            self.register(spec.name, spec)
            self.version += 1

    def replace(self, spec: ToolSpec) -> None:
        """Put ``spec`` in place of the tool of its name, keeping its place (benches wrap
        a tool's function to time it)."""
        self.spec(spec.name)
        self._items[spec.name] = spec
        self.version += 1

    def remove(self, name: str) -> None:
        self._items.pop(name, None)
        self.version += 1

    @contextmanager
    def added(self, *specs: ToolSpec) -> Iterator[None]:
        """The tools registered for a ``with`` block (tests, benches), then removed."""
        self.add(*specs)
        try:
            yield
        finally:
            for spec in specs:
                self.remove(spec.name)

    def spec(self, name: str) -> ToolSpec:
        found = self.get(name)
        if found is None:
            raise UnknownTool(
                f"No tool is registered as {name!r}; register its ToolSpec (agent/toolspec.py)."
            )
        return found

    def specs(self, *, atomic: bool | None = None) -> list[ToolSpec]:
        """Every tool, the chat's before the review's (each in the order registered, so not
        in the order their modules happened to load); with ``atomic``, only the review's
        (True) or only the chat's (False)."""
        found = [s for s in self._items.values() if atomic is None or s.atomic == atomic]
        return sorted(found, key=lambda s: s.atomic)

    def descriptions(self, lang: Lang) -> dict[str, str]:
        return {s.name: s.description[lang] for s in self.specs()}

    def statuses(self, lang: Lang) -> dict[str, str]:
        return {s.name: s.status[lang] for s in self.specs() if s.status is not None}

    def status(self, name: str, lang: Lang, arg: str) -> str:
        """The status line of a tool at work, "" for a tool that shows none."""
        texts = self.spec(name).status
        return texts[lang].format(arg=arg) if texts else ""


REGISTRY = ToolRegistry()


def announce(runtime: Any, name: str, arg: str) -> None:
    """Show the status line of tool ``name`` at work in the reply's language (a tool's
    ``runtime``: a LangGraph ``ToolRuntime``, its stream carries it to the user)."""
    lang: Lang = "zh" if getattr(runtime.state, "reply_language", None) == "zh" else "en"
    text = REGISTRY.status(name, lang, arg)
    if text:
        runtime.stream_writer({"status": text})
