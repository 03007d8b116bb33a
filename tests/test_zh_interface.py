"""The Chinese interface has no English left in it (issue 30): every component's text as
built, and the texts handlers draw (the page pane's hint, the answer's badge, Inspect's
block label), read in Chinese. The browser walk (tests/test_browser_rough.py) covers
what a visitor sees after uploading, asking and reviewing."""

from __future__ import annotations

import json
from pathlib import Path

import gradio as gr

from agent.models.offline import OFFLINE_NAME
from agent.schemas import Answer
from pipeline.models import Block
from pipeline.perceive.models import Labelled, Perception
from pipeline.service import Folio
from settings import Settings
from tests.conftest import FakeEmbedder
from tests.zhwalk import english_words
from ui import pagepane
from ui.i18n import translations
from ui.inspect_perception import block_html
from ui.messages import OFFLINE_MODEL, answer_markdown
from ui.services import Services

_I18N = "__i18n__"
_SILENT = (gr.State, gr.BrowserState, gr.Timer)  # no visible text
_LABELLED_INPUTS = (gr.Number, gr.Textbox, gr.Dropdown, gr.Radio, gr.CheckboxGroup)


def _texts(block: object) -> list[str]:
    out: list[str] = []
    # A picker's value is one of its choices' values (an id), shown as that choice's text.
    picker = getattr(block, "choices", None) is not None
    for attr in (
        ("label", "placeholder", "info") if picker else ("label", "value", "placeholder", "info")
    ):
        v = getattr(block, attr, None)
        out += [v] if isinstance(v, str) else []
    for choice in getattr(block, "choices", None) or []:
        shown = choice[0] if isinstance(choice, tuple | list) else choice
        out += [shown] if isinstance(shown, str) else []
    return out


def _zh(text: str, zh: dict[str, str]) -> str:
    """The text a Chinese page shows: an i18n key resolved as the browser does."""
    if text.startswith(_I18N):
        key = json.loads(text[len(_I18N) :])["key"]
        assert key in zh, f"no Chinese text for {key}"
        return zh[key]
    return text


def test_every_components_text_as_built_is_chinese(tmp_path: Path) -> None:
    from app import create_app

    root = Folio(Settings(data_dir=tmp_path / "data"), embedder=FakeEmbedder())
    try:
        demo = create_app(Services(root))
    finally:
        root.close()
    zh = translations()["zh"]
    found: list[str] = []
    for block in demo.blocks.values():
        if isinstance(block, _SILENT) or type(block).__name__ == "Api":
            continue
        if getattr(block, "visible", True) is False and isinstance(block, gr.Textbox):
            continue  # the hidden carriers of the browser's language and address
        if isinstance(block, _LABELLED_INPUTS) and getattr(block, "label", None) is None:
            # Gradio then reads out its own English name ("Number") to screen readers.
            found.append(f"{type(block).__name__} #{block.elem_id}: no label")
        for text in _texts(block):
            words = english_words(_zh(text, zh))
            if words:
                found.append(f"{type(block).__name__} #{block.elem_id}: {text[:80]!r}")
    assert not found, "\n".join(found)


def test_the_empty_page_pane_reads_in_chinese() -> None:
    shown = pagepane.view(None, None, "zh").caption  # type: ignore[arg-type]
    assert not english_words(shown) and "点击引用来源" in shown


def test_the_offline_answers_badge_reads_in_chinese() -> None:
    assert OFFLINE_MODEL == OFFLINE_NAME
    answer = Answer(answer="答案。", model=OFFLINE_NAME, latency_ms=1400)
    badge = answer_markdown(answer, "zh").rsplit("folio-answer-meta", 1)[1]
    assert "离线 · 1.4 秒" in badge and not english_words(badge.split(">", 1)[1])
    assert "offline · 1.4 s" in answer_markdown(answer, "en")


def test_a_table_blocks_label_reads_in_chinese() -> None:
    block = Block(n=0, page=1, kind="table", text="甲 | 1")
    perception = Perception(
        labels=[Labelled(n=0, page=1, label="data", cue="table", credibility="verbatim")],
        references=[],
    )
    shown = block_html(perception, block, "zh")
    assert "数据 (表格)" in shown and not english_words(shown.replace("ins-", ""))
