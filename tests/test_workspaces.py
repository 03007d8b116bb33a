"""Workspaces at the storage layer: another workspace's ids behave exactly like missing ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cli
from agent.service import ChatService
from pipeline.errors import NotFoundError, WorkspaceError
from pipeline.ids import doc_id_for
from pipeline.service import Folio
from pipeline.store.conversations import ConversationStore
from pipeline.store.rules import RuleStore
from pipeline.workspace import LOCAL, SHARED, anonymous, check_name, new_token
from settings import Settings
from testkit import pdfgen
from tests.conftest import FakeEmbedder

PIN_TEXT = (
    "Household notes\n\nThe bank PIN of the family account is 4711. "
    "The safe is behind the painting in the hallway. The spare key lies under the blue pot.\n"
)
OTHER_TEXT = "Garden notes\n\nTomatoes need sun and water every morning in the summer months.\n"


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_same_name_in_two_workspaces_gives_two_private_documents(
    folio: Folio, tmp_path: Path
) -> None:
    a, b = folio.scoped("alice"), folio.scoped("bob")
    (ra,) = a.ingest([_write(tmp_path / "notes.txt", PIN_TEXT)], wait=True)
    (rb,) = b.ingest([_write(tmp_path / "notes.txt", OTHER_TEXT)], wait=True)
    assert ra.outcome == rb.outcome == "added"
    assert ra.doc_id and rb.doc_id and ra.doc_id != rb.doc_id
    assert [d.doc_id for d in a.documents()] == [ra.doc_id]
    assert [d.doc_id for d in b.documents()] == [rb.doc_id]
    assert folio.documents() == []  # the local workspace sees neither
    # Bob holding Alice's id: exactly like an id that does not exist.
    for ref in (ra.doc_id, "no-such-doc"):
        with pytest.raises(NotFoundError):
            b.document(ref)
        with pytest.raises(NotFoundError):
            b.search("PIN", [ref])
        with pytest.raises(NotFoundError):
            b.delete(ref)
        with pytest.raises(NotFoundError):
            b.resolve(ref)
        assert b.store.chunks(ref) == [] and b.store.pages(ref) == []
        assert b.store.get_chunk(f"{ref}#0") is None
        assert b.stats()["totals"]["documents"] == 1
    # The index itself refuses foreign ids, whatever a caller passes it.
    assert b.index.search("PIN 4711", [ra.doc_id], workspace="bob") == []
    assert a.index.search("PIN 4711", [ra.doc_id], workspace="alice")
    assert a.document(ra.doc_id).pages == 1  # untouched


def test_conversations_belong_to_their_workspace(folio: Folio, tmp_path: Path) -> None:
    root = ChatService(folio)
    alice, bob = root.scoped("alice"), root.scoped("bob")
    (ra,) = alice.folio.ingest([_write(tmp_path / "notes.txt", PIN_TEXT)], wait=True)
    assert ra.doc_id
    event = alice.ask("What is the bank PIN?", [ra.doc_id])
    cid = event.conversation_id
    assert [c.conversation_id for c in alice.conversations()] == [cid]
    assert bob.conversations() == [] and root.conversations() == []
    with pytest.raises(NotFoundError):
        bob.conversation(cid)
    assert bob.history(cid) == []
    with pytest.raises(NotFoundError):
        bob.delete(cid)
    with pytest.raises(NotFoundError):
        bob.ask("What is the bank PIN?", [], conversation_id=cid)
    with pytest.raises(NotFoundError):
        bob.ask("What is the bank PIN?", [ra.doc_id])
    with pytest.raises(NotFoundError):
        bob.rename(cid, "mine now")
    assert len(alice.history(cid)) == 2 and alice.conversation(cid).title != "mine now"
    # Memory is keyed by workspace and conversation.
    saver = root.checkpointer
    assert saver.get_tuple({"configurable": {"thread_id": f"alice/{cid}"}}) is not None
    alice.delete(cid)
    assert saver.get_tuple({"configurable": {"thread_id": f"alice/{cid}"}}) is None


def test_shared_library_is_readable_by_all_and_deletable_by_none(
    folio: Folio, tmp_path: Path
) -> None:
    shared = folio.scoped(SHARED)
    (r,) = shared.ingest([_write(tmp_path / "handbook.txt", PIN_TEXT)], wait=True)
    assert r.doc_id
    visitor = folio.scoped(anonymous(new_token()))
    assert [d.doc_id for d in visitor.documents()] == [r.doc_id]
    assert visitor.search("PIN", [r.doc_id])
    with pytest.raises(WorkspaceError):
        visitor.delete(r.doc_id)
    with pytest.raises(WorkspaceError):
        folio.delete(r.doc_id)
    assert shared.document(r.doc_id).read_only


def test_ids_and_names() -> None:
    assert doc_id_for("Report.pdf") == doc_id_for("report.pdf", LOCAL)  # ids from before stay
    assert doc_id_for("Report.pdf", "a") != doc_id_for("Report.pdf", "b")
    assert anonymous(new_token()).startswith("anon-")
    with pytest.raises(WorkspaceError):
        check_name("../etc")
    with pytest.raises(WorkspaceError):
        check_name(SHARED)
    with pytest.raises(WorkspaceError):
        anonymous("short")


def test_cli_workspaces_are_separate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FOLIO_EMBEDDING_MODEL", "none")
    doc = _write(tmp_path / "notes.txt", PIN_TEXT)
    assert cli.main(["ingest", str(doc), "--wait", "--workspace", "a"]) == 0
    doc_id = doc_id_for("notes.txt", "a")
    capsys.readouterr()
    assert cli.main(["list", "--workspace", "b", "--json"]) == 0
    assert capsys.readouterr().out.strip() == "[]"
    code = cli.main(["ask", "What is the bank PIN?", "--workspace", "b", "--doc", doc_id])
    out = capsys.readouterr()
    assert code == 2 and "No document" in out.err and "4711" not in out.out + out.err
    assert "[1]" not in out.out
    assert cli.main(["delete", doc_id, "--workspace", "b"]) == 2
    capsys.readouterr()
    assert cli.main(["list", "--workspace", "a", "--json"]) == 0
    assert doc_id in capsys.readouterr().out
    assert cli.main(["list", "--workspace", "no/slash"]) == 2


def test_cli_replacing_a_name_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FOLIO_EMBEDDING_MODEL", "none")
    doc = pdfgen.headed_pdf(tmp_path / "report.pdf", pages=4)
    assert cli.main(["ingest", str(doc), "--wait"]) == 0
    first = capsys.readouterr().out
    assert "added" in first
    assert cli.main(["ingest", str(doc), "--wait"]) == 0
    assert "unchanged" in capsys.readouterr().out  # same content again: a no-op
    pdfgen.headed_pdf(doc, pages=2)  # a different file under the same name
    assert cli.main(["ingest", str(doc), "--wait"]) == 0
    assert "replaced: 4 → 2 pages" in capsys.readouterr().out


def _downgrade_to_before_workspaces(folio: Folio) -> None:
    """Turn a current data dir into one written before workspaces existed."""
    conn = folio.db.connect()
    for stmt in (
        "DROP INDEX documents_workspace",
        "DROP INDEX documents_workspace_name",
        "ALTER TABLE documents DROP COLUMN workspace",
        "DROP TABLE workspaces",
        "DROP INDEX conversations_workspace",
        "ALTER TABLE conversations DROP COLUMN workspace",
        "ALTER TABLE components DROP COLUMN note",  # core v7, later than workspaces
        "UPDATE schema_versions SET version = 5 WHERE name = 'core'",
        "UPDATE schema_versions SET version = 1 WHERE name = 'chat'",
    ):
        conn.execute(stmt)


def test_migration_moves_existing_data_into_the_local_workspace(
    settings: Settings, fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    old = Folio(settings, embedder=fake_embedder)
    chat = ChatService(old)
    (r,) = old.ingest([_write(tmp_path / "notes.txt", PIN_TEXT)], wait=True)
    assert r.doc_id
    cid = chat.ask("What is the bank PIN?", [r.doc_id]).conversation_id
    before = (old.stats(), [m.content for m in chat.history(cid)])
    memory = chat.checkpointer
    mconn = memory.conn  # type: ignore[attr-defined]
    mconn.execute("UPDATE checkpoints SET thread_id = ?", (cid,))  # threads as they were named
    mconn.execute("UPDATE writes SET thread_id = ?", (cid,))
    mconn.execute("DROP TABLE schema_versions")  # a file from before any of its migrations
    mconn.commit()
    _downgrade_to_before_workspaces(old)
    old.close()

    new = Folio(settings, embedder=fake_embedder)
    new_chat = ChatService(new)
    assert new.db.schema_version("core") == 8 and new.db.schema_version("chat") == 2
    assert [d.doc_id for d in new.documents()] == [r.doc_id]
    assert new.document(r.doc_id).workspace == LOCAL
    assert (new.stats(), [m.content for m in new_chat.history(cid)]) == before
    assert new.search("bank PIN", [r.doc_id])
    saver = new_chat.checkpointer
    assert saver.get_tuple({"configurable": {"thread_id": f"local/{cid}"}}) is not None
    # The conversation goes on with its memory, and a visitor sees none of it.
    assert new_chat.ask("And the safe?", [], conversation_id=cid).answer.answer
    assert new_chat.scoped("visitor").conversations() == []
    new.close()


def test_limits_refuse_before_any_work(tmp_path: Path, fake_embedder: FakeEmbedder) -> None:
    settings = Settings(data_dir=tmp_path / "data", workspace_max_docs=1, workspace_max_pages=5)
    folio = Folio(settings, embedder=fake_embedder)
    visitor = folio.scoped(anonymous(new_token()))
    (first,) = visitor.ingest([_write(tmp_path / "a.txt", PIN_TEXT)], wait=True)
    assert first.outcome == "added"
    (second,) = visitor.ingest([_write(tmp_path / "b.txt", OTHER_TEXT)])
    assert second.outcome == "failed" and second.error
    assert "limit 1" in second.error and "上限 1" in second.error
    big = pdfgen.headed_pdf(tmp_path / "a.txt.pdf", pages=8)
    (third,) = folio.scoped(anonymous(new_token())).ingest([big])
    assert third.outcome == "failed" and third.error and "limit 5" in third.error
    assert [d.name for d in visitor.documents()] == ["a.txt"]
    assert not list((settings.data_dir / "files").glob("*.pdf"))  # nothing stored
    # Replacing the one document is within the limit; the operator's workspace has none.
    (again,) = visitor.ingest([_write(tmp_path / "a.txt", OTHER_TEXT)], wait=True)
    assert again.outcome == "replaced"
    assert all(r.outcome == "added" for r in folio.ingest([tmp_path / "b.txt", big]))
    folio.wait(timeout=60)
    folio.close()


def test_cleanup_removes_an_expired_workspace_and_nothing_else(
    folio: Folio, tmp_path: Path
) -> None:
    from datetime import UTC, datetime, timedelta

    from ui.cleanup import remove_expired

    chat = ChatService(folio)
    old, recent = anonymous(new_token()), anonymous(new_token())
    ids = {}
    for ws in (old, recent, "operator"):
        (r,) = folio.scoped(ws).ingest([_write(tmp_path / "notes.txt", PIN_TEXT)], wait=True)
        assert r.doc_id
        ids[ws] = r.doc_id
        chat.scoped(ws).ask("What is the bank PIN?", [r.doc_id])
        folio.scoped(ws).touch()
    folio.workspaces.set_last_seen(old, datetime.now(UTC) - timedelta(days=8))
    folio.workspaces.set_last_seen("operator", datetime.now(UTC) - timedelta(days=80))
    (gone,) = remove_expired(folio, chat)
    assert (gone.workspace, gone.documents, gone.conversations) == (old, 1, 1)
    conn = folio.db.connect()
    for table in ("documents", "chunks", "embeddings", "pages", "components"):
        n = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE doc_id = ?", (ids[old],)).fetchone()
        assert n[0] == 0, table
    assert not list((folio.settings.data_dir / "files").glob(f"{ids[old]}*"))
    assert chat.scoped(old).conversations() == []
    for ws in (recent, "operator"):  # untouched
        assert [d.doc_id for d in folio.scoped(ws).documents()] == [ids[ws]]
        assert len(chat.scoped(ws).conversations()) == 1
        assert list((folio.settings.data_dir / "files").glob(f"{ids[ws]}*"))
    assert remove_expired(folio, chat) == []


def test_shared_docs_folder_becomes_the_read_only_library(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    folder = tmp_path / "library"
    folder.mkdir()
    _write(folder / "handbook.txt", PIN_TEXT)
    folio = Folio(Settings(data_dir=tmp_path / "data", shared_docs=folder), embedder=fake_embedder)
    (r,) = folio.load_shared_library()
    assert r.outcome == "added" and r.doc_id
    folio.wait(timeout=60)
    assert folio.load_shared_library()[0].outcome == "unchanged"
    visitor = folio.scoped(anonymous(new_token()))
    assert [d.doc_id for d in visitor.documents()] == [r.doc_id]
    with pytest.raises(WorkspaceError):
        visitor.delete(r.doc_id)
    folio.close()


def test_signed_in_users_own_one_workspace_and_visitors_their_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from types import SimpleNamespace

    from app import auth_pairs
    from pipeline.workspace import for_user
    from ui import workspace as web

    monkeypatch.setenv("FOLIO_AUTH", "alice:pw1, bob:pw2")
    assert auth_pairs(Settings(data_dir=tmp_path)) == [("alice", "pw1"), ("bob", "pw2")]
    sessions = web.Sessions()
    alice = SimpleNamespace(username="alice", session_hash="s1", request=None)
    visitor = SimpleNamespace(username=None, session_hash="s2", request=None)
    sessions.claim(None, alice)
    token = sessions.claim(None, visitor)
    assert web.valid_token(token) and sessions.claim(token, visitor) == token
    monkeypatch.setattr(web, "current_request", lambda: alice)
    assert sessions.current() == for_user("alice")
    monkeypatch.setattr(web, "current_request", lambda: visitor)
    assert sessions.current() == anonymous(token)
    stranger = SimpleNamespace(username=None, session_hash="s3", request=None)
    monkeypatch.setattr(web, "current_request", lambda: stranger)
    assert not sessions.claimed(sessions.current())  # an unclaimed page sees an empty one


def _conversation_rows(folio: Folio, cid: str) -> tuple[str, list[str], int]:
    """The stored conversation as it is (workspace, documents, messages), past every scope."""
    conn = folio.db.connect()
    row = conn.execute(
        "SELECT workspace, doc_ids FROM conversations WHERE conversation_id = ?", (cid,)
    ).fetchone()
    count = conn.execute(
        "SELECT COUNT(*) FROM messages WHERE conversation_id = ?", (cid,)
    ).fetchone()[0]
    return row["workspace"], json.loads(row["doc_ids"]), int(count)


def test_cli_conversations_belong_to_their_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FOLIO_EMBEDDING_MODEL", "none")
    a_doc = _write(tmp_path / "alice-household-pin.txt", PIN_TEXT)
    b_dir = tmp_path / "b"
    b_dir.mkdir()
    b_doc = _write(b_dir / "garden.txt", OTHER_TEXT)
    assert cli.main(["ingest", str(a_doc), "--wait", "--workspace", "a"]) == 0
    assert cli.main(["ingest", str(b_doc), "--wait", "--workspace", "b"]) == 0
    a_id, b_id = doc_id_for(a_doc.name, "a"), doc_id_for(b_doc.name, "b")
    capsys.readouterr()
    assert cli.main(["ask", "What is the bank PIN?", "--workspace", "a", "--json"]) == 2
    capsys.readouterr()
    asked = ["ask", "What is the bank PIN?", "--doc", a_id, "--workspace", "a", "--json"]
    assert cli.main(asked) == 0
    cid = json.loads(capsys.readouterr().out)["conversation_id"]
    folio = Folio(Settings(), workspace="a")
    try:
        before = _conversation_rows(folio, cid)
        assert before == ("a", [a_id], 2)
        # Workspace b holding a's conversation id: it continues nothing, with or without
        # documents of its own, and what it is told names nothing of a's.
        for extra in ([], ["--doc", b_id]):
            code = cli.main(
                ["ask", "Who waters?", "--conversation", cid, "--workspace", "b", *extra]
            )
            out = capsys.readouterr()
            said = out.out + out.err
            assert code == 2 and "No conversation" in out.err
            for secret in (a_id, a_doc.name, "alice", "4711"):
                assert secret not in said
        assert _conversation_rows(folio, cid) == before
        b_service = ChatService(folio.scoped("b"))
        assert b_service.conversations() == []
        assert b_service.history(cid) == []
        for call in (
            lambda: b_service.conversation(cid),
            lambda: b_service.rename(cid, "mine now"),
            lambda: b_service.delete(cid),
        ):
            with pytest.raises(NotFoundError) as raised:
                call()
            assert a_id not in str(raised.value)
        assert _conversation_rows(folio, cid) == before
        assert ChatService(folio).conversation(cid).title != "mine now"
    finally:
        folio.close()
    # The local workspace (the command line's default) holds none of it either.
    capsys.readouterr()
    code = cli.main(["ask", "What is the bank PIN?", "--conversation", cid])
    assert code == 2 and a_id not in capsys.readouterr().err


def test_conversation_and_rule_stores_need_a_workspace(folio: Folio) -> None:
    with pytest.raises(TypeError):
        ConversationStore(folio.db)  # type: ignore[call-arg]
    with pytest.raises(WorkspaceError):
        ConversationStore(folio.db, "")
    with pytest.raises(TypeError):
        RuleStore(folio.db)  # type: ignore[call-arg]
    with pytest.raises(WorkspaceError):
        RuleStore(folio.db, "")
    assert ChatService(folio.scoped("alice")).chats.workspace == "alice"
    assert ChatService(folio).scoped("bob").chats.workspace == "bob"
    assert folio.scoped("carol").conversations.workspace == "carol"
    assert folio.scoped("carol").rules.workspace == "carol"


def test_perception_is_read_in_the_documents_workspace(folio: Folio, tmp_path: Path) -> None:
    from pipeline.perceive.store import perception_for

    alice, bob = folio.scoped("alice"), folio.scoped("bob")
    (ra,) = alice.ingest([_write(tmp_path / "notes.txt", PIN_TEXT)], wait=True)
    assert ra.doc_id
    with folio.db.transaction() as conn:  # a document parsed before perception existed
        conn.execute("DELETE FROM block_labels WHERE doc_id = ?", (ra.doc_id,))
    with pytest.raises(NotFoundError):
        perception_for(bob.store, ra.doc_id)
    seen = perception_for(alice.store, ra.doc_id)  # computed from alice's own blocks
    assert len(seen.labels) == len(alice.store.blocks(ra.doc_id)) > 0
