"""The one chat-model factory, its one test hook, and the deadline that holds every call."""

from __future__ import annotations

import time

import httpx
import pytest
from langchain_openai import ChatOpenAI

from agent.models import make_chat_models
from agent.models.fake import FakeChatModel
from pipeline.chat_http import DeadlineTransport
from pipeline.chat_model import Role, make_chat_model, override_chat_model
from pipeline.deadline import Deadline, DeadlineExceeded, current, run_within
from pipeline.knowledge.llm import chat_model
from settings import Settings

ROLES: tuple[Role, ...] = ("chat", "review", "knowledge")


def _configured(timeout_s: float = 60.0) -> Settings:
    return Settings(
        openai_base_url="http://127.0.0.1:9/v1", chat_model="stand-in", chat_timeout_s=timeout_s
    )


def test_every_role_gets_the_endpoint_held_to_the_deadline() -> None:
    settings = _configured(timeout_s=7)
    for role in ROLES:
        model = make_chat_model(settings, role)
        assert isinstance(model, ChatOpenAI) and model.model_name == "stand-in"
        assert model.request_timeout == 7
        assert isinstance(model.root_client._client._transport, DeadlineTransport)
        # The chat agent retries itself (then answers offline); refinements let the SDK.
        assert model.max_retries == (0 if role == "chat" else 1)
    with pytest.raises(ValueError, match="unknown chat-model role"):
        make_chat_model(settings, "summary")  # type: ignore[arg-type]


def test_the_one_hook_stands_in_for_every_role_only_with_an_endpoint() -> None:
    fake = FakeChatModel()
    with override_chat_model(fake):
        assert all(make_chat_model(_configured(), role) is fake for role in ROLES)
        # The chat role wraps it for the endpoint's tool-call format (agent/models/prompted.py).
        primary = make_chat_models(_configured()).primary
        assert getattr(primary, "inner", None) is fake
        structured = chat_model(_configured(), "review")
        assert structured is not None and structured.name == "stand-in"
        offline = Settings()
        assert all(make_chat_model(offline, role) is None for role in ROLES)
        assert make_chat_models(offline).is_offline and chat_model(offline) is None
    assert make_chat_model(_configured(), "chat") is not fake  # the hook ends with the block


def test_run_within_gives_up_at_the_deadline_and_passes_results_and_errors() -> None:
    deadline = Deadline.start(0.5)
    assert run_within(deadline, current) is deadline  # the transport can see it
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded, match=r"within 0\.5 s \(FOLIO_CHAT_DEADLINE_S\)"):
        run_within(deadline, lambda: time.sleep(5))
    assert time.monotonic() - started < 1.5
    with pytest.raises(DeadlineExceeded):  # passed: nothing more is started
        run_within(deadline, lambda: 1)

    def fail() -> None:
        raise KeyError("from the call")

    with pytest.raises(KeyError, match="from the call"):
        run_within(Deadline.start(5), fail)


def test_the_transport_cuts_timeouts_to_the_time_left() -> None:
    seen: list[dict[str, float]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(dict(request.extensions["timeout"]))
        return httpx.Response(200, stream=httpx.ByteStream(b"{}"))

    client = httpx.Client(transport=DeadlineTransport(httpx.MockTransport(handler)))
    client.get("http://127.0.0.1:9/", timeout=60)
    assert seen[-1]["read"] == 60  # no deadline in this context: as configured
    deadline = Deadline.start(2)
    run_within(deadline, lambda: client.get("http://127.0.0.1:9/", timeout=60))
    assert all(0 < v <= 2 for v in seen[-1].values()), seen[-1]
