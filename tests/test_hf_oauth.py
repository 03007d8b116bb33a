"""Hugging Face sign-in: a request with an OAuth profile acts in that user's own workspace."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import gradio as gr
import pytest

from pipeline.service import Folio
from pipeline.workspace import for_user
from tests.conftest import ROOT
from ui import workspace as web
from ui.services import Services


def _hf_request(username: str, session: str, *, expires_in: float = 3600) -> Any:
    """What Gradio hands a handler after the OAuth callback stored the profile in the cookie."""
    info = {
        "userinfo": {"preferred_username": username, "name": username.title()},
        "expires_at": time.time() + expires_in,
    }
    raw = SimpleNamespace(scope={"session": {}}, session={"oauth_info": info})
    return SimpleNamespace(username=None, session_hash=session, request=raw)


def test_the_profile_user_name_names_the_workspace() -> None:
    profile = web.oauth_profile(_hf_request("ann", "s1"))
    assert isinstance(profile, gr.OAuthProfile) and profile.username == "ann"
    assert web.user_workspace(_hf_request("ann", "s1")) == for_user("ann", provider="hf")
    # A password account of the same name is someone else.
    assert for_user("ann", provider="hf") != for_user("ann")
    assert web.user_workspace(_hf_request("ann", "s1", expires_in=-5)) is None  # expired
    no_cookie = SimpleNamespace(username=None, session_hash="s", request=SimpleNamespace(scope={}))
    assert web.user_workspace(no_cookie) is None


def test_two_hf_users_do_not_see_each_others_documents(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions = web.Sessions()
    services = Services(folio, sessions=sessions)
    ann, bob = _hf_request("ann", "s1"), _hf_request("bob", "s2")
    for request in (ann, bob):
        sessions.claim(None, request)
    monkeypatch.setattr(web, "current_request", lambda: ann)
    assert services.workspace == for_user("ann", provider="hf")
    (path := tmp_path / "diary.txt").write_text("Ann's diary\n\nThe meeting moved to Friday.\n")
    services.jobs.submit([(path, path.name)], services.workspace)
    deadline = time.monotonic() + 60
    while services.jobs.busy(services.workspace):
        assert time.monotonic() < deadline, "ingestion did not finish"
        time.sleep(0.1)
    assert [d.name for d in services.folio.documents()] == ["diary.txt"]
    # Ann on another device (a new page session) still sees her document.
    monkeypatch.setattr(web, "current_request", lambda: _hf_request("ann", "other-device"))
    assert [d.name for d in services.folio.documents()] == ["diary.txt"]
    monkeypatch.setattr(web, "current_request", lambda: bob)
    assert services.workspace == for_user("bob", provider="hf")
    assert services.folio.documents() == []
    services.jobs.shutdown()


def test_sign_in_is_offered_on_spaces_or_when_asked() -> None:
    assert web.hf_oauth_enabled({"SPACE_ID": "folio/demo"})
    assert web.hf_oauth_enabled({"FOLIO_HF_OAUTH": "1"})
    assert not web.hf_oauth_enabled({})
    assert not web.hf_oauth_enabled({"FOLIO_HF_OAUTH": "0", "SPACE_ID": ""})
    front = (ROOT / "README.md").read_text(encoding="utf-8").split("---")[1]
    assert "hf_oauth: true" in front


@pytest.mark.parametrize("enabled", [True, False])
def test_the_login_button_is_there_only_when_enabled(
    folio: Folio, monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    from ui.shell import build_blocks

    monkeypatch.delenv("SPACE_ID", raising=False)
    # Off a Space, Gradio signs in with the machine's own HF account: stand one in.
    mocked = {"userinfo": {"preferred_username": "dev", "name": "Dev"}, "access_token": "x"}
    monkeypatch.setattr("gradio.oauth._get_mocked_oauth_info", lambda: mocked)
    monkeypatch.setenv("FOLIO_HF_OAUTH", "1" if enabled else "0")
    demo = build_blocks(Services(folio))
    buttons = [b for b in demo.blocks.values() if isinstance(b, gr.LoginButton)]
    assert len(buttons) == (1 if enabled else 0)
    assert demo.expects_oauth is enabled
    # The button's own events stay out of the API like every other interface event.
    ids = {b._id for b in buttons}
    own = [f for f in demo.fns.values() if any(t[0] in ids for t in f.targets if t)]
    assert len(own) == len(ids) and all(f.api_visibility == "private" for f in own)
