"""The tools a chat turn offers: the chat tools (``agent/tools.py``) and, with ``atomic``,
the review's atomic tools (``agent/review/chat_tools.py``: text_by_page, table_by_region,
search_by_regex, …). The one list that both the model's ``bind_tools`` and the graph's
``ToolNode`` take; a name offered twice is an error, since the ToolNode would silently
keep the last tool of a name.
"""

from __future__ import annotations

import functools

from langchain_core.tools import BaseTool

from agent import prompts
from agent.tools import chat_tools


def make_tools(lang: prompts.Lang, *, atomic: bool = False) -> list[BaseTool]:
    """The tools with descriptions in the user's language (built once per process)."""
    return list(_tools(lang, atomic))


@functools.cache
def _tools(lang: prompts.Lang, atomic: bool) -> tuple[BaseTool, ...]:
    tools = list(chat_tools(lang))
    if atomic:
        # Imported when first asked for: the review's tools bring its runner along.
        from agent.review.chat_tools import review_tools

        tools += review_tools(lang)
    names = [t.name for t in tools]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"Two tools are named {', '.join(twice)}: rename one of each pair.")
    return tuple(tools)
