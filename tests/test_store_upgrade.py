"""Data written by earlier versions opens with the stores now in ``pipeline/store``.

Each layout is written here by plain SQL, as the code of its time left it: conversations
and review rules from before workspaces, and the graph's memory file with its own
version table (the scheme it had before it joined ``register_migrations``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.sqlite import SqliteSaver

from agent.schemas import Answer, Usage
from agent.service import ChatService
from pipeline.service import Folio
from pipeline.store.checkpoints import open_checkpointer
from pipeline.workspace import LOCAL, thread_id
from settings import Settings
from testkit.fakes import FakeEmbedder

# The chat and review tables as their first versions created them (no workspace column).
OLD_CHAT = """
CREATE TABLE conversations (
    conversation_id TEXT PRIMARY KEY, title TEXT NOT NULL, doc_ids TEXT NOT NULL,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE messages (
    message_id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    role TEXT NOT NULL, content TEXT NOT NULL, answer TEXT, model TEXT NOT NULL DEFAULT '',
    input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,
    latency_ms INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE INDEX messages_conversation ON messages(conversation_id, message_id);
CREATE TABLE review_rules (
    id INTEGER PRIMARY KEY AUTOINCREMENT, pattern TEXT NOT NULL, action TEXT NOT NULL,
    sample TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '',
    hits INTEGER NOT NULL DEFAULT 0, enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL, last_used_at TEXT NOT NULL
);
CREATE TABLE review_stats (
    kind TEXT PRIMARY KEY, runs INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER);
INSERT INTO schema_versions VALUES ('chat', 1), ('review', 1);
"""

STAMP = "2026-01-05T10:00:00+00:00"


def _old_main_db(path: Path, answer: Answer) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(OLD_CHAT)
    conn.execute(
        "INSERT INTO conversations VALUES ('c0ffee000001', 'Tea budget', '[\"doc-1\"]', ?, ?)",
        (STAMP, STAMP),
    )
    conn.executemany(
        "INSERT INTO messages (conversation_id, role, content, answer, model, input_tokens, "
        "output_tokens, latency_ms, created_at) VALUES ('c0ffee000001', ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            ("user", "How much tea?", None, "", 0, 0, 0, STAMP),
            ("assistant", answer.answer, answer.model_dump_json(), "offline", 12, 5, 40, STAMP),
        ],
    )
    # Far in the future, so the store's expiry (days without a hit) keeps it.
    conn.execute(
        "INSERT INTO review_rules (pattern, action, sample, hits, created_at, last_used_at) "
        "VALUES ('tea budget', 'avoid:risks', 'the tea budget', 3, ?, '2999-01-01T00:00:00')",
        (STAMP,),
    )
    conn.execute("INSERT INTO review_stats VALUES ('risks', 4, 4)")
    conn.commit()
    conn.close()


def test_conversations_and_rules_from_before_workspaces_open_in_local(
    settings: Settings, fake_embedder: FakeEmbedder
) -> None:
    said = Answer(answer="Two pots a day [1].", usage=Usage(input_tokens=12, output_tokens=5))
    _old_main_db(settings.db_path, said)
    folio = Folio(settings, embedder=fake_embedder)
    try:
        assert folio.db.schema_version("chat") == 2 and folio.db.schema_version("review") == 3
        chat = ChatService(folio)
        (info,) = chat.conversations()
        assert (info.conversation_id, info.title, info.doc_ids) == (
            "c0ffee000001",
            "Tea budget",
            ["doc-1"],
        )
        history = chat.history("c0ffee000001")
        assert [(m.role, m.content) for m in history] == [
            ("user", "How much tea?"),
            ("assistant", "Two pots a day [1]."),
        ]
        assert history[0].answer is None and history[1].answer == said
        (rule,) = folio.rules.all()
        assert (rule.workspace, rule.pattern, rule.action, rule.hits) == (
            LOCAL,
            "tea budget",
            "avoid:risks",
            3,
        )
        assert folio.rules.failure_rate("risks") == pytest.approx(4.2 / 6)
        # Another workspace sees none of it.
        other = folio.scoped("visitor")
        assert ChatService(other).conversations() == [] and other.rules.all() == []
        assert ChatService(other).history("c0ffee000001") == []
        assert other.rules.failure_rate("risks") == pytest.approx(0.1)
    finally:
        folio.close()


def _old_memory(path: Path, threads: list[str], *, version: int | None) -> None:
    """A memory file as LangGraph and Folio's own memory migrations left it: ``version``
    None is a file from before that scheme (no table of its own at all)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, check_same_thread=False)
    saver = SqliteSaver(conn)
    saver.setup()
    for t in threads:
        config: Any = {"configurable": {"thread_id": t, "checkpoint_ns": ""}}
        saver.put(config, empty_checkpoint(), {"source": "input", "step": 0}, {})
    if version is not None:
        conn.execute("CREATE TABLE folio_memory_version (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO folio_memory_version (version) VALUES (?)", (version,))
    conn.commit()
    conn.close()


def _thread_ids(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT thread_id FROM checkpoints")}
    finally:
        conn.close()


def _get(saver: SqliteSaver, thread: str) -> object:
    return saver.get_tuple({"configurable": {"thread_id": thread}})


def test_memory_from_before_workspaces_moves_its_threads_into_local(tmp_path: Path) -> None:
    path = tmp_path / "chat_memory.db"
    _old_memory(path, ["c0ffee000001"], version=None)
    saver = open_checkpointer(path)
    assert _get(saver, thread_id(LOCAL, "c0ffee000001")) is not None
    assert _get(saver, "c0ffee000001") is None
    saver.conn.close()
    assert _thread_ids(path) == {"local/c0ffee000001"}
    again = open_checkpointer(path)  # a second opening changes nothing
    assert _get(again, "local/c0ffee000001") is not None
    again.conn.close()
    assert _thread_ids(path) == {"local/c0ffee000001"}


def test_memory_migrated_by_its_own_old_scheme_is_taken_over_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "chat_memory.db"
    # That scheme had applied its step 1: every thread already named its workspace. A
    # thread without one (written afterwards by a tool) must not be renamed again.
    _old_memory(path, ["anon-1/c0ffee000002", "c0ffee000003"], version=1)
    saver = open_checkpointer(path)
    assert _get(saver, "anon-1/c0ffee000002") is not None
    assert _get(saver, "c0ffee000003") is not None
    versions = dict(saver.conn.execute("SELECT name, version FROM schema_versions").fetchall())
    tables = {
        r[0] for r in saver.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    saver.conn.close()
    assert versions == {"memory": 1}  # only the memory file's feature, not the main file's
    assert "documents" not in tables and "conversations" not in tables
    assert _thread_ids(path) == {"anon-1/c0ffee000002", "c0ffee000003"}


def test_the_main_database_gets_no_memory_migration(folio: Folio) -> None:
    assert folio.db.schema_version("memory") == 0
    assert folio.db.schema_version("chat") == 2 and folio.db.schema_version("review") == 3
