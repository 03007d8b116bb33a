"""Whose workspace a web event acts in.

* Signed in (``FOLIO_AUTH`` through Gradio's ``auth``, or Hugging Face OAuth): the user's
  workspace, the same on every device.
* Otherwise: each browser keeps an unguessable token in ``gr.BrowserState`` (localStorage,
  never in a URL); the page's first event (:meth:`Sessions.claim`) binds the page's Gradio
  session to the workspace named after a hash of that token.

Handlers never take a workspace argument: :meth:`Sessions.current` reads the event's
request from Gradio's per-event context, so no input, prompt or document text can choose
another workspace. A page that has not claimed its workspace yet sees an empty one.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gradio import OAuthProfile

from pipeline.workspace import anonymous, for_user, new_token, valid_token

log = logging.getLogger(__name__)

_MAX_SESSIONS = 50_000
_BROWSER_SECRET_FILE = ".browser-state-secret"


def current_request() -> Any | None:
    """The gr.Request of the event being handled (Gradio sets it per event and per step)."""
    from gradio.context import LocalContext

    return LocalContext.request.get(None)


def browser_secret(data_dir: Path) -> str:
    """The key BrowserState values are sealed with, kept in the data dir so that a restart
    does not make every visitor's stored token unreadable (and their workspace unreachable)."""
    path = data_dir / _BROWSER_SECRET_FILE
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        value = secrets.token_urlsafe(24)
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(value)
        return value


def hf_oauth_enabled(env: Mapping[str, str] | None = None) -> bool:
    """Offer "Sign in with Hugging Face": on a Space (``SPACE_ID``) or with FOLIO_HF_OAUTH=1."""
    env = os.environ if env is None else env
    return bool(env.get("SPACE_ID", "").strip()) or env.get("FOLIO_HF_OAUTH", "").strip() == "1"


def user_workspace(request: Any) -> str | None:
    """The signed-in user's workspace, if the request carries a user."""
    username = getattr(request, "username", None) if request is not None else None
    if username:
        return for_user(str(username))
    profile = oauth_profile(request)
    if profile is not None:
        return for_user(profile.username, provider="hf")
    return None


def oauth_profile(request: Any) -> OAuthProfile | None:
    """The Hugging Face profile of the request's OAuth session (Spaces with ``hf_oauth: true``),
    read the way Gradio injects ``gr.OAuthProfile``: an expired sign-in counts as none."""
    raw = getattr(request, "request", None) if request is not None else None
    if raw is None or "session" not in getattr(raw, "scope", {}):
        return None
    info = raw.session.get("oauth_info") or {}
    expires_at = info.get("expires_at")
    if expires_at is not None and expires_at < time.time():
        return None
    userinfo = info.get("userinfo") or {}
    if not userinfo.get("preferred_username"):
        return None
    return OAuthProfile({"name": "", "profile": "", "picture": "", **userinfo})


class Sessions:
    """Gradio page sessions → workspaces (bounded; a page past the bound claims again)."""

    def __init__(self) -> None:
        self._map: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()
        self._unclaimed = anonymous(new_token())  # empty, reachable by nobody

    def claim(self, token: str | None, request: Any | None = None) -> str:
        """Bind this page to its workspace; returns the browser's (possibly new) token."""
        request = request if request is not None else current_request()
        if not valid_token(token):
            token = new_token()
        assert token is not None
        workspace = user_workspace(request) or anonymous(token)
        session = getattr(request, "session_hash", None)
        if session:
            with self._lock:
                self._map[session] = workspace
                self._map.move_to_end(session)
                while len(self._map) > _MAX_SESSIONS:
                    self._map.popitem(last=False)
        return token

    def claimed(self, workspace: str) -> bool:
        """False for the empty stand-in an unclaimed page sees."""
        return workspace != self._unclaimed

    def current(self) -> str:
        """The workspace of the event being handled."""
        request = current_request()
        user = user_workspace(request)
        if user:
            return user
        session = getattr(request, "session_hash", None)
        with self._lock:
            found = self._map.get(session) if session else None
        return found or self._unclaimed
