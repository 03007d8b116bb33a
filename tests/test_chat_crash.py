"""``kill -9`` during a chat turn: the conversation lists, reads and continues, and its
memory holds only whole turns."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from agent.service import ChatService
from pipeline.service import Folio
from pipeline.workspace import thread_id
from settings import Settings
from testkit.agentdocs import REPORT_MD
from testkit.crash_chat_child import FIRST, SECOND
from testkit.crashes import kill_mid_turn
from tests.conftest import FakeEmbedder


def _texts(messages: list[object]) -> list[str]:
    return [str(getattr(m, "content", "")) for m in messages]


def test_a_killed_chat_turn_leaves_whole_turns_only(tmp_path: Path) -> None:
    data = tmp_path / "data"
    doc = tmp_path / "northwind.md"
    doc.write_text(REPORT_MD, encoding="utf-8")
    cid = kill_mid_turn(data, doc)
    folio = Folio(Settings(data_dir=data, workers=1), embedder=FakeEmbedder())
    chat = ChatService(folio)
    assert [c.conversation_id for c in chat.conversations()] == [cid]
    history = chat.history(cid)
    assert [(m.role, m.content) for m in history][:1] == [("user", FIRST)]
    assert len(history) == 2 and history[1].answer is not None  # no half turn
    again = chat.ask("And how many stores did it have a year earlier?", [], conversation_id=cid)
    assert again.conversation_id == cid and again.answer.citations
    assert "305" in again.answer.answer
    assert len(chat.history(cid)) == 4
    config = {"configurable": {"thread_id": thread_id(chat.workspace, cid)}}
    memory = _texts(chat.graph.get_state(config).values["messages"])
    assert not any(SECOND in m for m in memory), memory  # the killed turn left nothing
    assert not chat.graph.get_state(config).next  # the turn finished, nothing pending
    for db in data.glob("*.db"):  # the database and the memory file are whole
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok", db.name
    folio.close()
