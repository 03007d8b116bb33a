"""Conversations and their messages in SQLite (feature "chat" migrations).

An assistant message keeps the whole validated answer (citations with quotes and boxes,
follow-up questions, rounds, model, token usage, latency) as JSON beside its text; the
agent reads it back into its ``Answer`` (this room knows only that it is JSON).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Protocol

from pipeline.errors import NotFoundError, WorkspaceError
from pipeline.models import utcnow
from pipeline.store.db import Database, register_migrations

CHAT_V1 = """
CREATE TABLE conversations (
    conversation_id TEXT PRIMARY KEY,
    title           TEXT NOT NULL,
    doc_ids         TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE TABLE messages (
    message_id      INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id TEXT NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
    role            TEXT NOT NULL,
    content         TEXT NOT NULL,
    answer          TEXT,
    model           TEXT NOT NULL DEFAULT '',
    input_tokens    INTEGER NOT NULL DEFAULT 0,
    output_tokens   INTEGER NOT NULL DEFAULT 0,
    latency_ms      INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL
);
CREATE INDEX messages_conversation ON messages(conversation_id, message_id);
"""

# v2: conversations belong to a workspace; the ones from before move to 'local'.
CHAT_V2 = """
ALTER TABLE conversations ADD COLUMN workspace TEXT NOT NULL DEFAULT 'local';
CREATE INDEX conversations_workspace ON conversations(workspace, updated_at);
"""

register_migrations("chat", [CHAT_V1, CHAT_V2])


@dataclass
class ConversationInfo:
    conversation_id: str
    title: str
    doc_ids: list[str]
    updated_at: str = ""
    created_at: str = ""


@dataclass
class StoredMessage:
    role: str  # "user" | "assistant"
    content: str
    answer_json: str | None = None  # the assistant's whole answer, as the agent wrote it
    created_at: str = ""


class _Usage(Protocol):
    @property
    def input_tokens(self) -> int: ...
    @property
    def output_tokens(self) -> int: ...


class AnswerRecord(Protocol):
    """What a stored answer must offer (the agent's ``Answer`` does)."""

    @property
    def answer(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def usage(self) -> _Usage: ...
    @property
    def latency_ms(self) -> int: ...
    def model_dump_json(self) -> str: ...


class ConversationStore:
    """Conversations of one workspace; every query carries the workspace condition, so
    another workspace's conversation id behaves exactly like one that does not exist.

    The workspace has no default: a store opened without saying whose conversations it
    holds once put every command-line conversation in 'local', where any workspace's
    ``--conversation ID`` reached it."""

    def __init__(self, db: Database, workspace: str) -> None:
        if not workspace:
            raise WorkspaceError("A conversation store needs the workspace it acts in.")
        self.db = db
        self.workspace = workspace
        db.ensure_migrated()

    def create(self, doc_ids: list[str], title: str) -> str:
        cid = uuid.uuid4().hex[:12]
        now = utcnow()
        with self.db.transaction() as conn:
            conn.execute(
                "INSERT INTO conversations (conversation_id, title, doc_ids, created_at, "
                "updated_at, workspace) VALUES (?, ?, ?, ?, ?, ?)",
                (cid, title, json.dumps(doc_ids), now, now, self.workspace),
            )
        return cid

    def get(self, conversation_id: str) -> ConversationInfo | None:
        row = (
            self.db.connect()
            .execute(
                "SELECT * FROM conversations WHERE conversation_id = ? AND workspace = ?",
                (conversation_id, self.workspace),
            )
            .fetchone()
        )
        return _info(row) if row else None

    def require(self, conversation_id: str) -> ConversationInfo:
        info = self.get(conversation_id)
        if info is None:
            raise NotFoundError(
                f"No conversation with id '{conversation_id}'. "
                "Run 'python cli.py chat --doc DOC_ID' to start one."
            )
        return info

    def all(self) -> list[ConversationInfo]:
        rows = (
            self.db.connect()
            .execute(
                "SELECT * FROM conversations WHERE workspace = ? "
                "ORDER BY updated_at DESC, created_at DESC",
                (self.workspace,),
            )
            .fetchall()
        )
        return [_info(r) for r in rows]

    def rename(self, conversation_id: str, title: str) -> None:
        self.require(conversation_id)
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE conversations SET title = ?, updated_at = ? "
                "WHERE conversation_id = ? AND workspace = ?",
                (title, utcnow(), conversation_id, self.workspace),
            )

    def set_scope(self, conversation_id: str, doc_ids: list[str]) -> None:
        with self.db.transaction() as conn:
            conn.execute(
                "UPDATE conversations SET doc_ids = ? WHERE conversation_id = ? AND workspace = ?",
                (json.dumps(doc_ids), conversation_id, self.workspace),
            )

    def delete(self, conversation_id: str) -> bool:
        with self.db.transaction() as conn:
            cur = conn.execute(
                "DELETE FROM conversations WHERE conversation_id = ? AND workspace = ?",
                (conversation_id, self.workspace),
            )
        return cur.rowcount > 0

    def add_turn(self, conversation_id: str, question: str, answer: AnswerRecord) -> None:
        now = utcnow()
        with self.db.transaction() as conn:
            owned = conn.execute(
                "SELECT 1 FROM conversations WHERE conversation_id = ? AND workspace = ?",
                (conversation_id, self.workspace),
            ).fetchone()
            if owned is None:
                raise NotFoundError(f"No conversation with id '{conversation_id}'.")
            conn.execute(
                "INSERT INTO messages (conversation_id, role, content, created_at) "
                "VALUES (?, 'user', ?, ?)",
                (conversation_id, question, now),
            )
            conn.execute(
                "INSERT INTO messages (conversation_id, role, content, answer, model, "
                "input_tokens, output_tokens, latency_ms, created_at) "
                "VALUES (?, 'assistant', ?, ?, ?, ?, ?, ?, ?)",
                (
                    conversation_id,
                    answer.answer,
                    answer.model_dump_json(),
                    answer.model,
                    answer.usage.input_tokens,
                    answer.usage.output_tokens,
                    answer.latency_ms,
                    now,
                ),
            )
            conn.execute(
                "UPDATE conversations SET updated_at = ? WHERE conversation_id = ? "
                "AND workspace = ?",
                (now, conversation_id, self.workspace),
            )

    def messages(self, conversation_id: str) -> list[StoredMessage]:
        rows = (
            self.db.connect()
            .execute(
                "SELECT m.role, m.content, m.answer, m.created_at FROM messages m "
                "JOIN conversations c ON c.conversation_id = m.conversation_id "
                "WHERE m.conversation_id = ? AND c.workspace = ? ORDER BY m.message_id",
                (conversation_id, self.workspace),
            )
            .fetchall()
        )
        return [
            StoredMessage(
                role=r["role"],
                content=r["content"],
                answer_json=r["answer"] or None,
                created_at=r["created_at"],
            )
            for r in rows
        ]


def _info(r: sqlite3.Row) -> ConversationInfo:
    return ConversationInfo(
        conversation_id=r["conversation_id"],
        title=r["title"],
        doc_ids=json.loads(r["doc_ids"]),
        updated_at=r["updated_at"],
        created_at=r["created_at"],
    )
