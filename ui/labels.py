"""Translatable component texts, registered once so the language switch can redo them all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import gradio as gr
from gradio.i18n import I18nData

from ui.i18n import t

C = TypeVar("C")
Choices = Sequence[tuple[str, str]]  # (text key, value)


class Labels:
    """Builds components whose texts are i18n keys and re-labels them on demand."""

    def __init__(self) -> None:
        self._items: list[tuple[Any, dict[str, str], Choices | None]] = []

    def make(
        self,
        cls: Callable[..., C],
        texts: dict[str, str],
        *,
        choice_keys: Choices | None = None,
        **kwargs: Any,
    ) -> C:
        """``cls(**kwargs)`` with each ``texts`` attribute set to its translation key.

        ``choice_keys`` are (key, value) pairs for radios and checkbox groups whose
        options are translated. Plain ``choices`` (document pickers, conversations)
        go to the component untouched and are never re-sent on a language switch:
        an update carrying them would wipe the options the session has drawn since.
        """
        args: dict[str, Any] = {attr: I18nData(key) for attr, key in texts.items()}
        if choice_keys is not None:
            args["choices"] = [(I18nData(key), value) for key, value in choice_keys]
        component = cls(**args, **kwargs)
        self._items.append((component, dict(texts), choice_keys))
        return component

    @property
    def components(self) -> list[Any]:
        return [c for c, _, _ in self._items]

    def updates(self, lang: str) -> list[Any]:
        """One ``gr.update`` per registered component, in :attr:`components` order."""
        out = []
        for _, texts, choices in self._items:
            values: dict[str, Any] = {attr: t(key, lang) for attr, key in texts.items()}
            if choices is not None:
                values["choices"] = [(t(key, lang), value) for key, value in choices]
            out.append(gr.update(**values))
        return out
