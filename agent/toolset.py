"""The tools a chat turn offers, made from the one tool registry (``agent/toolspec.py``):
the chat tools (``agent/toolbox.py``) and, with ``atomic``, the review's atomic tools
(``agent/review/chat_tools.py``: text_by_page, table_by_region, search_by_regex, …).

The one list that both the model's ``bind_tools`` and the graph's ``ToolNode`` take; the
registry refuses a name given twice, since the ToolNode would silently keep the last tool
of a name.
"""

from __future__ import annotations

import functools

from langchain_core.tools import BaseTool, StructuredTool

from agent import prompts
from agent.review.chat_tools import REVIEW_TOOLS
from agent.toolbox import CHAT_TOOLS
from agent.toolspec import REGISTRY, ToolSpec

BUILT_IN = (*CHAT_TOOLS, *REVIEW_TOOLS)
"""The tools that ship, registered as their modules load; a test may register more."""


def make_tools(lang: prompts.Lang, *, atomic: bool = False) -> list[BaseTool]:
    """The tools with descriptions in the user's language, in the registry's order."""
    return list(_tools(lang, atomic, REGISTRY.version))


@functools.cache
def _tools(lang: prompts.Lang, atomic: bool, version: int) -> tuple[BaseTool, ...]:
    """Built once per registry version: a tool's argument schema is a pydantic model, and
    making them each round cost more than the search itself. Tools hold no state (the
    scope comes with every call's runtime), so one set serves every conversation."""
    return tuple(_tool(s, lang) for s in REGISTRY.specs() if atomic or not s.atomic)


def _tool(spec: ToolSpec, lang: prompts.Lang) -> BaseTool:
    return StructuredTool.from_function(
        spec.function,
        name=spec.name,
        description=spec.description[lang],
        response_format="content_and_artifact",
    )
