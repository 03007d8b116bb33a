"""The tools' corpus: reads only, of the run's documents only, in the run's workspace only.

What a chat or review tool receives (``ChatContext``, ``ReviewScope``) must reach no write
and no storage object; a document outside the run's selection, or of another workspace,
must read exactly as one that does not exist; and no tool argument may widen the scope.
"""

from __future__ import annotations

import ast
import inspect
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import agent.review.service
import agent.tools
from agent.context import ChatContext
from agent.models import ChatModels
from agent.review import chat_tools, fallbacks, runner
from agent.review import tools as review_tools
from agent.review.errors import ToolInputError
from agent.review.scope import ReviewScope
from agent.review.service import run_review
from agent.review.toolmodels import ClausesIn
from agent.scope import StatsCache
from agent.service import ChatService
from agent.toolset import make_tools
from pipeline.corpus import Corpus
from pipeline.errors import NotFoundError
from pipeline.service import Folio
from testkit.agentdocs import ingest_text
from tests.reviewdocs import contract_md

ROOT = Path(__file__).resolve().parent.parent
# What the Corpus offers: reads, each limited to the run's documents. A new public name
# must be a read and be added here on purpose.
READS = {
    "doc_ids", "workspace", "settings", "document", "find_document", "status", "blocks",
    "chunks", "chunks_on_page", "get_chunk", "get_chunks", "perception", "doc_text",
    "search", "keyword_search", "search_each", "knowledge_view", "stored_view", "terms",
    "lookup_terms", "embedder",
}  # fmt: skip
STORAGE = (Folio, sqlite3.Connection)  # and every class of pipeline/store/
# The Folio's names that write, run work, or hold another scope's memory.
WRITES = {
    "add_listener", "chat_memory", "close", "conversations", "delete", "delete_workspace",
    "ingest", "ingestor", "load_shared_library", "recover", "regenerate", "requeue_stale_vectors",
    "resume", "rules", "scoped", "serve", "submit", "touch", "wait", "work_elsewhere",
    "db", "store", "index", "queue", "folio",
}  # fmt: skip
WIDENING = {"doc_ids", "workspace", "scope", "folio", "corpus", "documents"}

MINE = "# Ferry timetable\n\nThe morning ferry leaves the harbour at seven.\n"
SECRET = "# Aviary log\n\nThe zebrafinch nests above the north window every spring.\n"


def _reachable(obj: Any, depth: int = 4) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``obj`` through public attributes (and the owners of
    its bound methods, and the items of its containers), with the path that reaches it."""
    seen: set[int] = set()
    todo: list[tuple[str, Any, int]] = [("ctx", obj, 0)]
    while todo:
        path, value, level = todo.pop()
        if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, Path, type)):
            continue
        seen.add(id(value))
        yield path, value
        if level >= depth:
            continue
        if inspect.ismethod(value):
            todo.append((f"{path}.__self__", value.__self__, level + 1))
            continue
        if isinstance(value, (list, tuple, set, frozenset)):
            todo += [(f"{path}[{i}]", v, level + 1) for i, v in enumerate(value)]
            continue
        if isinstance(value, dict):
            todo += [(f"{path}[{k!r}]", v, level + 1) for k, v in value.items()]
            continue
        if inspect.isroutine(value) or inspect.ismodule(value):
            continue
        for name in dir(value):
            if name.startswith("_") or name.startswith("model_"):
                continue
            try:
                attr = getattr(value, name)
            except Exception:  # a property that needs more than the test set up
                continue
            todo.append((f"{path}.{name}", attr, level + 1))


def _assert_read_only(obj: Any) -> None:
    for path, value in _reachable(obj):
        store = isinstance(value, STORAGE) or type(value).__module__.startswith("pipeline.store")
        assert not store, f"{path} reaches {type(value).__name__}"
        name = path.rsplit(".", 1)[-1]
        assert name not in WRITES, f"{path}: a tool could call the Folio's '{name}'"


@pytest.fixture
def alice(folio: Folio, tmp_path: Path) -> SimpleNamespace:
    """Alice's run reads ``mine``; ``other`` is hers but not selected; ``bobs`` is Bob's."""
    a, b = folio.scoped("alice"), folio.scoped("bob")
    for sub in ("a", "b"):  # one file name in both workspaces
        (tmp_path / sub).mkdir()
    mine = ingest_text(a, tmp_path / "a", "ferry.md", MINE)
    other = ingest_text(a, tmp_path / "a", "aviary.md", SECRET)
    bobs = ingest_text(b, tmp_path / "b", "aviary.md", SECRET)
    return SimpleNamespace(folio=a, mine=mine, other=other, bobs=bobs)


def _runtime(corpus: Corpus) -> Any:
    ctx = ChatContext(corpus=corpus, models=ChatModels(), stats=StatsCache())
    return SimpleNamespace(context=ctx, state=None, stream_writer=lambda _: None)


def test_the_corpus_offers_reads_only() -> None:
    public = {n for n in dir(Corpus) if not n.startswith("_")}
    assert public <= READS, public - READS
    assert not public & WRITES


def test_what_a_chat_tool_receives_reaches_no_write_and_no_store(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[ChatContext] = []
    search = agent.tools._search

    def recording(ctx: ChatContext, *args: Any, **kwargs: Any) -> Any:
        seen.append(ctx)
        return search(ctx, *args, **kwargs)

    monkeypatch.setattr(agent.tools, "_search", recording)
    doc = ingest_text(folio, tmp_path, "ferry.md", MINE)
    answer = ChatService(folio).ask("When does the morning ferry leave?", [doc]).answer
    assert seen and answer.citations, "the turn searched its document"
    assert seen[0].doc_ids == (doc,)
    _assert_read_only(seen[0])


def test_what_a_review_tool_receives_reaches_no_write_and_no_store(
    folio: Folio, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[ReviewScope] = []

    class Recording(ReviewScope):
        def __init__(self, corpus: Corpus) -> None:
            super().__init__(corpus)
            seen.append(self)

    monkeypatch.setattr(agent.review.service, "ReviewScope", Recording)
    doc = folio.ingest([contract_md(tmp_path)], wait=True)[0].doc_id
    assert doc
    report = run_review(folio, [doc], "List every obligation", refine=False)
    assert seen and report.findings
    _assert_read_only(seen[0])


def test_the_walk_finds_a_store_when_one_is_reachable(folio: Folio) -> None:
    """The check above fails when the context holds the Folio (as it once did)."""
    with pytest.raises(AssertionError, match="Folio"):
        _assert_read_only(SimpleNamespace(corpus=Corpus(folio, ()), folio=folio))


@pytest.mark.parametrize(
    "path",
    [
        "agent/tools.py",
        *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("agent/review/*tools*.py")),
    ],
)
def test_the_tool_modules_never_name_the_folio(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named = [
        getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Name, ast.Attribute, ast.arg))
    ]
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names]
    assert not {"folio", "Folio"} & {*named, *imported}
    assert "pipeline.service" not in {
        n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
    }


def test_a_document_outside_the_run_reads_as_one_that_does_not_exist(
    alice: SimpleNamespace,
) -> None:
    corpus = Corpus(alice.folio, (alice.mine,))
    assert corpus.chunks(alice.mine) and corpus.search("morning ferry")
    for ref in (alice.other, alice.bobs):
        for probe in (ref, "no-such-doc"):
            with pytest.raises(NotFoundError):
                corpus.document(probe)
            with pytest.raises(NotFoundError):
                corpus.perception(probe)
            with pytest.raises(NotFoundError):
                corpus.doc_text(probe)
            assert corpus.find_document(probe) is None
            assert corpus.chunks(probe) == [] and corpus.blocks(probe) == []
            assert corpus.chunks_on_page(probe, 1) == []
            assert (
                corpus.get_chunks([f"{probe}#0"]) == {} and corpus.get_chunk(f"{probe}#0") is None
            )
            assert corpus.terms(probe) == [] and corpus.stored_view(probe, "summary") is None
            assert corpus.status(probe, "summary").state == "pending"
        messages = set()
        for probe in (ref, "no-such-doc"):
            with pytest.raises(NotFoundError) as caught:
                corpus.document(probe)
            messages.add(str(caught.value).replace(probe, "ID"))
        assert len(messages) == 1, messages
    assert {h.doc_id for h in corpus.search("zebrafinch nests")} == {alice.mine}  # dense: any
    assert corpus.keyword_search("zebrafinch") == []
    # the control: the same reads find it once it is part of the run
    wider = Corpus(alice.folio, (alice.mine, alice.other))
    assert {h.doc_id for h in wider.keyword_search("zebrafinch")} == {alice.other}
    assert wider.chunks(alice.other)


def test_a_chat_tool_never_reads_a_document_outside_the_run(alice: SimpleNamespace) -> None:
    rt = _runtime(Corpus(alice.folio, (alice.mine,)))

    def docs(result: tuple[str, dict[str, Any]]) -> set[str]:
        return {p["doc_id"] for p in result[1].get("passages", [])}

    for mode in ("hybrid", "keyword"):
        assert docs(agent.tools.search_document("zebrafinch nests", 6, mode, runtime=rt)) <= {
            alice.mine
        }
    assert docs(agent.tools.lookup_term("zebrafinch", runtime=rt)) <= {alice.mine}
    for named in (alice.other, alice.bobs, f"{alice.bobs}#0"):
        assert docs(agent.tools.read_page(1, named, runtime=rt)) == {alice.mine}
    wide = _runtime(Corpus(alice.folio, (alice.mine, alice.other)))
    found = agent.tools.search_document("zebrafinch nests", 6, "keyword", runtime=wide)
    assert docs(found) == {alice.other}  # the control: in the run, it is found


def test_a_review_tool_never_reads_a_document_outside_the_run(alice: SimpleNamespace) -> None:
    corpus = Corpus(alice.folio, (alice.mine,))
    scope = ReviewScope(corpus)
    rt = _runtime(corpus)
    said = {}
    for ref in (alice.other, alice.bobs, "no-such-doc"):
        text, artifact = chat_tools._guard(chat_tools.text_by_page)(1, ref, runtime=rt)
        said[ref] = text.replace(ref, "ID")
        assert text.startswith("error:") and artifact == {}
        with pytest.raises(ToolInputError):
            runner.call(scope, "resolve_reference", {"doc_id": ref})
        with pytest.raises(KeyError):
            scope.view(ref)
    assert len(set(said.values())) == 1, said  # outside the run = not there
    args = ClausesIn(keywords=["zebrafinch"])
    assert review_tools.clauses_by_keyword(scope, args).hits == []
    assert fallbacks.clauses_by_keyword(scope, args).hits == []
    text, _ = chat_tools.text_by_page(1, alice.mine, runtime=rt)
    assert "morning ferry" in text  # the control: the run's own document is read
    wide = ReviewScope(Corpus(alice.folio, (alice.mine, alice.other)))
    assert {h.doc_id for h in fallbacks.clauses_by_keyword(wide, args).hits} == {alice.other}


def test_no_tool_argument_can_widen_the_scope(alice: SimpleNamespace) -> None:
    for name, method in inspect.getmembers(Corpus, inspect.isfunction):
        if not name.startswith("_"):
            assert not WIDENING & set(inspect.signature(method).parameters), name
    for lang in ("en", "zh"):
        for tool in make_tools(lang, atomic=True):  # every registered tool, chat and review
            assert not WIDENING & set(tool.args), (tool.name, tool.args)
    # A corpus bound to Alice's workspace cannot be pointed at Bob's document either.
    foreign = Corpus(alice.folio, (alice.bobs,))
    assert foreign.chunks(alice.bobs) == [] and foreign.get_chunks([f"{alice.bobs}#0"]) == {}
    with pytest.raises(NotFoundError):
        foreign.document(alice.bobs)
    with pytest.raises(NotFoundError):
        foreign.search("zebrafinch")
    with pytest.raises(NotFoundError):
        ChatService(alice.folio).ask("Where does the zebrafinch nest?", [alice.bobs])
