"""Backends of one kind (OCR engines, embedders, index backends) registered by name.

A registry is the one place that knows which backends exist: the code that needs one asks
it by the name in the settings, and adding a backend is registering it. A name given twice
is an error at import, not a silent replacement.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


class DuplicateName(ValueError):
    """Two backends of one kind were registered under the same name."""


class Registry(Generic[T]):
    def __init__(self, kind: str) -> None:
        self.kind = kind  # what the backends are, for messages: "OCR engine"
        self._items: dict[str, T] = {}

    def register(self, name: str, item: T, *, aliases: Iterable[str] = ()) -> T:
        """Register ``item`` as ``name`` (and its aliases); returns it."""
        for key in (name, *aliases):
            if key in self._items:
                raise DuplicateName(f"Two {self.kind}s are registered as {key!r}; rename one.")
            self._items[key] = item
        return item

    def get(self, name: str) -> T | None:
        return self._items.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def unregister(self, name: str) -> None:
        """Remove ``name`` (for tests that register a backend of their own)."""
        self._items.pop(name, None)

    def in_order(self) -> list[str]:
        """The names in the order they were registered (aliases included)."""
        return list(self._items)

    def names(self) -> list[str]:
        """Every registered name (aliases included), for messages and help texts."""
        return sorted(self._items)
