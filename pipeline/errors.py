"""Folio's own exceptions. Messages are shown to users: say what happened and what to do."""

from __future__ import annotations

import re


class FolioError(Exception):
    """Base class for every error Folio reports to a user."""


class InputError(FolioError):
    """The uploaded file cannot be ingested as it is."""


class UnsupportedFileError(InputError):
    pass


class EmptyFileError(InputError):
    pass


class FileTooLargeError(InputError):
    pass


class CorruptFileError(InputError):
    pass


class EncryptedFileError(InputError):
    pass


class DecodeError(InputError):
    pass


class ParseTimeoutError(FolioError):
    pass


class NotFoundError(FolioError):
    """A document, chunk or conversation id that does not exist."""


class StoreError(FolioError):
    """The database could not be read or written."""


class EmbeddingError(FolioError):
    pass


class OcrError(FolioError):
    pass


class WorkspaceError(FolioError):
    """A workspace name that cannot be used, or an action a workspace may not take."""


class RuleConflict(FolioError):
    """A new review rule contradicts a stored one; it was not stored."""


class LimitError(FolioError):
    """A workspace limit (documents, pages, stored MB) would be exceeded; nothing was done."""


_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][^\s'\"\\/:]+){2,}[\\/]?")


def without_paths(text: str) -> str:
    """A message with file-system paths cut to their last part (internal paths mean nothing
    to a user, and may reveal the server's layout)."""
    return _PATH.sub(lambda m: m.group(0).rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1], text)


# What a caller asked wrongly (a bad file, an id not in their workspace, a bad token, a
# limit): expected, logged as one line. Every other error is ours and keeps its traceback.
CLIENT_ERRORS: tuple[type[FolioError], ...] = (
    InputError,
    NotFoundError,
    WorkspaceError,
    LimitError,
)


class ConfigError(FolioError):
    """A setting names something Folio does not have (an OCR engine, an index backend)."""
