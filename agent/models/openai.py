"""Any OpenAI-compatible endpoint through langchain-openai (OPENAI_API_KEY / OPENAI_BASE_URL)."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel

from settings import Settings


def openai_model(settings: Settings) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "unused"
    return ChatOpenAI(
        model=settings.chat_model,
        api_key=key,
        base_url=settings.openai_base_url,
        timeout=settings.chat_timeout_s,
        max_retries=0,  # retries and the offline fallback are ours (agent/models/resilient.py)
        temperature=0,
    )
