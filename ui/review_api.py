"""The review's API endpoints, registered beside the others by ``ui.api.register``:
``/review`` runs a review of one document in the caller's workspace and returns the JSON
report; ``/review_rules`` lists the rules reviews learnt (patterns and actions only)."""

# No ``from __future__ import annotations``: Gradio reads the hints below at run time.

import logging
from typing import Any

import gradio as gr

from agent.review.errors import ReviewError
from agent.review.report import to_json
from agent.review.service import run_review
from pipeline.errors import FolioError
from ui.api_base import ApiBase, ApiError, not_an_mcp_tool, refusal, text_arg

log = logging.getLogger(__name__)


class ReviewApiError(ApiError):
    """A review request the API cannot serve; the message says what to change."""


class ReviewApi:
    def __init__(self, api: ApiBase) -> None:
        self.api = api

    @not_an_mcp_tool
    def review(
        self,
        doc_id: str,
        goal: str,
        workspace: str | None = None,
        request: gr.Request | None = None,
    ) -> dict[str, Any]:
        """Review one document for a goal, e.g. "list every obligation and penalty".

        Args:
            doc_id: The document to review (an id from /documents).
            goal: What the review is for, in Chinese or English.
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            The plan (three candidate sub-goals with value, risk, cost, score and why; the two
            run), every finding kept, ranked, each cited [page, section] with its relevance
            score and whether it is in the short report (`shown` first), the coverage of what
            the goal asks for, the claims check and the candidates dropped by reason, as JSON.
        """
        scope = self.api.scope(workspace, request)
        doc_id, goal = text_arg(doc_id, "doc_id"), text_arg(goal, "goal")
        if doc_id not in {d.doc_id for d in scope.folio.documents()}:
            raise ReviewApiError(
                f"No document with id '{doc_id}' in this workspace: /documents lists them."
            )
        try:
            report = run_review(scope.folio, [doc_id], goal)
        except FolioError as exc:
            raise refusal(exc, ReviewApiError, expected=(ReviewError,)) from exc
        return {"workspace": scope.workspace, **to_json(report)}

    @not_an_mcp_tool
    def review_rules(
        self, workspace: str | None = None, request: gr.Request | None = None
    ) -> list[dict[str, Any]]:
        """The rules this workspace's reviews learnt: pattern → action, hits, enabled, last use.

        Args:
            workspace: Workspace id from an earlier response; omit it for a new private one.
        Returns:
            One entry per rule (the text samples they were learnt from are not shown).
        """
        scope = self.api.scope(workspace, request)
        rules = scope.folio.rules.all()
        return [r.model_dump(exclude={"sample", "reason"}) for r in rules]


def register(api: ApiBase) -> None:
    """Call inside the app's ``gr.Blocks`` context, from ``ui.api.register``."""
    endpoints = ReviewApi(api)
    gr.api(endpoints.review, api_name="review", concurrency_limit=2)
    gr.api(endpoints.review_rules, api_name="review_rules")
