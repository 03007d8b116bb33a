"""The review's own errors; messages tell the user what to do."""

from __future__ import annotations

from pipeline.errors import FolioError, RuleConflict

__all__ = ["ReviewError", "RuleConflict", "ToolInputError", "ToolTimeout"]


class ReviewError(FolioError):
    """A review could not be run as asked."""


class ToolInputError(ReviewError):
    """A tool was called with input it cannot use (a bad pattern, a page out of range)."""


class ToolTimeout(ReviewError):
    """A tool ran past its time limit."""
