"""ChatService: the agent's entry point for the CLI and the UI.

``ask`` answers one question synchronously; ``stream`` yields StatusEvents while the agent
works, then the answer's tokens, then one AnswerEvent. Conversations, their messages and
the graph's checkpoints persist in SQLite; the conversation id is the graph's thread id.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import BaseCheckpointSaver

from agent import prompts
from agent.companies import (
    company_groups,
    is_company_report,
    named_documents,
    names_a_company,
)
from agent.context import ChatContext
from agent.cross_language import cross_language_notice
from agent.graph import build_graph, tools_version
from agent.highlight import PdfCache
from agent.models import ChatModels, make_chat_models
from agent.rewrite import small_talk
from agent.schemas import Answer, AnswerEvent, ChatEvent, StatusEvent, TokenEvent
from agent.scope import StatsCache, company_suffixes
from agent.timing import Clock
from pipeline.corpus import Corpus
from pipeline.deadline import Deadline
from pipeline.errors import FolioError, InputError, NotFoundError
from pipeline.knowledge.title import picked_title, shown_title
from pipeline.service import ConversationInfo, ConversationStore, Folio, StoredMessage
from pipeline.text.normalise import single_spaces
from pipeline.text.script import WIDE_FROM
from pipeline.workspace import thread_id

__all__ = ["ChatService", "ConversationInfo", "Message"]

log = logging.getLogger(__name__)

EventSink = Callable[[ChatEvent], None]


@dataclass
class Message:
    """A stored message, an assistant's with its whole Answer."""

    role: str  # "user" | "assistant"
    content: str
    answer: Answer | None = None
    created_at: str = ""

    @classmethod
    def of(cls, stored: StoredMessage) -> Message:
        answer = Answer.model_validate_json(stored.answer_json) if stored.answer_json else None
        return cls(stored.role, stored.content, answer, stored.created_at)


class ChatService:
    """Conversations and answers in one workspace (the Folio facade's); :meth:`scoped` gives
    the same service in another workspace, sharing the graph, memory and models."""

    def __init__(
        self,
        folio: Folio,
        *,
        models: ChatModels | None = None,
        checkpointer: BaseCheckpointSaver[str] | None = None,
    ) -> None:
        self.folio = folio
        self.models = models or make_chat_models(folio.settings)
        self.chats: ConversationStore = folio.conversations
        self._checkpointer = checkpointer
        self._graph: Any = None
        self._stats = StatsCache()
        self._pdfs = PdfCache()
        self._lock = threading.Lock()
        self._turn_locks: dict[str, threading.Lock] = {}
        self._root = self

    # --- workspaces ---------------------------------------------------------------------
    @property
    def workspace(self) -> str:
        return self.folio.workspace

    def scoped(self, workspace: str) -> ChatService:
        if workspace == self.workspace:
            return self
        view = copy.copy(self)
        view.folio = self.folio.scoped(workspace)
        view.chats = view.folio.conversations
        return view

    def delete_workspace(self) -> int:
        """Delete every conversation of this workspace with its messages and memory."""
        infos = self.chats.all()
        for info in infos:
            self.delete(info.conversation_id)
        self.folio.rules.clear()  # the review's learnt rules go with it
        return len(infos)

    # --- conversations ------------------------------------------------------------------
    def create(self, doc_ids: list[str], title: str | None = None) -> str:
        for d in doc_ids:
            self.folio.document(d)
        return self.chats.create(list(doc_ids), title or "New conversation")

    def conversations(self) -> list[ConversationInfo]:
        return self.chats.all()

    def conversation(self, conversation_id: str) -> ConversationInfo:
        return self.chats.require(conversation_id)

    def history(self, conversation_id: str) -> list[Message]:
        return [Message.of(m) for m in self.chats.messages(conversation_id)]

    def rename(self, conversation_id: str, title: str) -> None:
        self.chats.rename(conversation_id, title)

    def delete(self, conversation_id: str) -> None:
        """Delete a conversation, its messages and its memory (checkpoints)."""
        if not self.chats.delete(conversation_id):
            raise NotFoundError(f"No conversation with id '{conversation_id}'.")
        self.checkpointer.delete_thread(thread_id(self.workspace, conversation_id))

    # --- answering ----------------------------------------------------------------------
    @property
    def checkpointer(self) -> BaseCheckpointSaver[str]:
        if self._root is not self:
            return self._root.checkpointer
        with self._lock:
            if self._checkpointer is None:
                self._checkpointer = self.folio.chat_memory()
            return self._checkpointer

    @property
    def graph(self) -> Any:
        if self._root is not self:
            return self._root.graph
        saver = self.checkpointer
        with self._lock:
            if self._graph is None or self._graph[0] != tools_version():
                self._graph = (tools_version(), build_graph(saver))
        return self._graph[1]

    def warm_up(self, *, documents: int = 20) -> None:
        """Load what the first answer would otherwise wait for (the Chinese word cutter,
        the language detector, the graph and its tools), once per process, and the word
        statistics of up to ``documents`` searchable documents of this workspace (a
        10-K's take a third of a second; kept per document version)."""
        from agent.language import detect_language
        from agent.models.answerability import information
        from agent.toolset import make_tools
        from pipeline.text.segment import everyday_word, words

        _ = self.graph
        for lang in ("en", "zh"):
            make_tools(lang)
        words("预热 warm-up")
        everyday_word("预热")  # jieba's word frequencies, a second load
        information("预热"), information("warm")  # general-language frequencies, a third
        ready = [d.doc_id for d in self.folio.documents() if d.searchable][:documents]
        for doc_id in ready:
            self._stats.scope(Corpus(self.folio, [doc_id]))
        detect_language("预热一下 warm-up")

    def ask(
        self,
        question: str,
        doc_ids: Sequence[str] = (),
        conversation_id: str | None = None,
        *,
        on_event: EventSink | None = None,
    ) -> AnswerEvent:
        """Answer one question (blocking); status events go to ``on_event`` as they happen."""
        if not question.strip():
            raise FolioError("The question is empty: type something to ask.")
        limit = self.folio.settings.max_question_chars
        if len(question) > limit:
            raise InputError(
                f"The question is too long ({len(question):,} characters; at most {limit:,}): "
                "ask one question at a time, and upload long text as a document."
            )
        cid, scope = self._scope(question, doc_ids, conversation_id)
        with self._turn_lock(cid):
            started = time.perf_counter()
            clock = Clock()
            answer = self._run(question, cid, scope, on_event, clock)
            answer.latency_ms = int((time.perf_counter() - started) * 1000)
            answer.timing = clock.timing(answer.latency_ms)
            self.chats.add_turn(cid, question, answer)
        return AnswerEvent(answer=answer, conversation_id=cid)

    async def stream(
        self, question: str, doc_ids: list[str], conversation_id: str | None = None
    ) -> AsyncIterator[ChatEvent]:
        """Status events while the agent works, the answer's tokens, then one AnswerEvent."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[ChatEvent | BaseException | None] = asyncio.Queue()

        def put(item: ChatEvent | BaseException | None) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, item)

        def work() -> None:
            try:
                answer = self.ask(question, doc_ids, conversation_id, on_event=put)
            except BaseException as exc:
                # Handed to the consumer, raised there; it reads no further, and its loop
                # may be closed before another put would reach it.
                put(exc)
                return
            put(answer)
            put(None)

        threading.Thread(target=work, name="folio-chat-turn", daemon=True).start()
        while (item := await queue.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            if isinstance(item, AnswerEvent):
                for piece in tokens(item.answer.answer):
                    yield TokenEvent(text=piece)
            yield item

    def _named(self, question: str, scope: list[str]) -> tuple[str, ...]:
        """The scope narrowed to the documents the question names by company (``companies
        .py``); the scope itself when it names none. Never wider than the scope."""
        if len(scope) < 2:
            return tuple(scope)
        names = [self.folio.document(d).name for d in scope]
        stats = self._stats.scope(Corpus(self.folio, scope)).docs
        return named_documents(question, scope, names, stats)

    def _run(
        self, question: str, cid: str, scope: list[str], on_event: EventSink | None, clock: Clock
    ) -> Answer:
        ctx = ChatContext(  # the tools read this turn's documents through it, nothing else
            corpus=Corpus(self.folio, self._named(question, scope)),
            models=self.models,
            stats=self._stats,
            pdfs=self._pdfs,
            deadline=Deadline.start(self.folio.settings.chat_deadline_s),
            clock=clock,
        )
        config: Any = {"configurable": {"thread_id": thread_id(self.workspace, cid)}}
        inputs: Any = {"messages": [HumanMessage(question)]}
        # One checkpoint when the turn ends, not one per step: memory only has to carry
        # finished turns, and each step's write of the whole state (every tool result)
        # cost a turn more than its searches.
        stream = self.graph.stream(
            inputs, config, context=ctx, stream_mode=["custom", "updates"], durability="exit"
        )
        mark = time.perf_counter()
        for mode, item in stream:
            if mode == "updates" and isinstance(item, dict):
                # Nodes run one after another: the time since the last update is this one's.
                now = time.perf_counter()
                for node in item:
                    clock.add(str(node), now - mark)
                mark = now
            elif on_event is not None and isinstance(item, dict) and "status" in item:
                on_event(StatusEvent(message=str(item["status"])))
        values = self.graph.get_state(config).values
        answer = Answer.model_validate(values["answer"])
        lang: prompts.Lang = "zh" if answer.language == "zh" else "en"
        if len(ctx.doc_ids) < len(scope):  # say so: the reader chose the wider scope
            names = one_line(self._titles(ctx.doc_ids, scope))
            _notice(answer, prompts.NOTICE_NARROWED[lang].format(names=names))
        else:
            self._one_company(question, scope, answer, lang)
        langs = [self.folio.document(d).language for d in ctx.doc_ids]
        # the notice speaks of the offline answerer's word matching: a model reads across
        # languages itself
        offline = answer.model == "offline"
        if said := cross_language_notice(lang, langs, answer.refused and offline):
            _notice(answer, said)
        return answer

    def _one_company(
        self, question: str, scope: list[str], answer: Answer, lang: prompts.Lang
    ) -> None:
        """Say so when the scope holds several companies' reports, the question names none
        and the answer comes from one company's: the reader may have meant another."""
        if len(scope) < 2 or not answer.citations:
            return
        names = [self.folio.document(d).name for d in scope]
        stats = self._stats.scope(Corpus(self.folio, scope)).docs
        groups = company_groups(names, stats)
        companies = {
            g for g, n, st in zip(groups, names, stats, strict=True) if is_company_report(n, st)
        }
        cited = {groups[scope.index(c.doc_id)] for c in answer.citations if c.doc_id in scope}
        if len(companies) < 2 or len(cited) != 1 or not cited <= companies:
            return
        if names_a_company(question, names, stats):
            return
        (company,) = cited
        titles = self._titles(scope)
        used = one_line([n for n, g in zip(titles, groups, strict=True) if g == company])
        _notice(answer, prompts.NOTICE_ONE_COMPANY[lang].format(used=used))

    def _titles(self, doc_ids: Sequence[str], among: Sequence[str] = ()) -> list[str]:
        """The documents as the Library names them, by their titles (the file name
        after a title two documents of ``among``, the scope, share)."""
        docs = {d: self.folio.document(d) for d in dict.fromkeys([*doc_ids, *among])}
        shown = [shown_title(d.title, d.name) for d in docs.values()]
        out = []
        for d in (docs[i] for i in doc_ids):
            title = shown_title(d.title, d.name)
            out.append(picked_title(d.title, d.name) if shown.count(title) > 1 else title)
        return out

    def _scope(
        self, question: str, doc_ids: Sequence[str], conversation_id: str | None
    ) -> tuple[str, list[str]]:
        scope = list(dict.fromkeys(doc_ids))
        if conversation_id:
            info = self.chats.require(conversation_id)
            if not scope:
                scope = info.doc_ids
            elif scope != info.doc_ids:
                self.chats.set_scope(conversation_id, scope)
        if not scope:
            raise FolioError("Choose at least one document to ask about (--doc DOC_ID).")
        for d in scope:
            self.folio.document(d)
        if conversation_id:
            self._retitle(conversation_id, question)
        cid = conversation_id or self.chats.create(scope, _title(question))
        return cid, scope

    def _retitle(self, cid: str, question: str) -> None:
        """A conversation opened with a pleasantry ("hi, thanks!") takes its first question
        as its name: a list of conversations all called "hello" tells none apart."""
        info = self.chats.require(cid)
        if small_talk(info.title) is not None and small_talk(question) is None:
            self.chats.rename(cid, _title(question))

    def _turn_lock(self, cid: str) -> threading.Lock:
        root = self._root
        with root._lock:
            return root._turn_locks.setdefault(cid, threading.Lock())


LABEL_CHARS = 32  # of a document's name in a notice: one line on a phone, a short title whole


def one_line(titles: Sequence[str]) -> str:
    """Documents named in a notice's one line: the shortest title as its company (the
    registrant before " — ", its legal form dropped: "PepsiCo" of "PepsiCo, Inc. — Form
    10-K, …"; the file name after " · ", which tells two like titles apart), cut at a word
    past ``LABEL_CHARS``, and how many more ("ORRIN_LABS_2025_10K.md +1")."""
    if not titles:
        return ""
    title = " ".join(min(titles, key=len).split())
    title = title.rsplit(" · ", 1)[-1].split(" — ", 1)[0]
    words = title.split()
    while len(words) > 1 and words[-1].lower().strip(".,") in company_suffixes():
        words.pop()
    title = " ".join(words).rstrip(",")
    if len(title) > LABEL_CHARS:
        cut = title[:LABEL_CHARS]
        space = cut.rfind(" ")
        title = (cut[:space] if space > LABEL_CHARS // 2 else cut).rstrip(" ,;:-") + "…"
    return f"{title} +{len(titles) - 1}" if len(titles) > 1 else title


def _notice(answer: Answer, said: str) -> None:
    answer.notice = f"{answer.notice} {said}" if answer.notice else said


def _title(question: str) -> str:
    text = single_spaces(question)
    return text if len(text) <= 40 else text[:39] + "…"


def tokens(text: str) -> Iterator[str]:
    """The answer in small pieces for streaming: words for English, a few characters for CJK."""
    buf = ""
    for ch in text:
        buf += ch
        if ch.isspace() or (ord(ch) > WIDE_FROM and len(buf) >= 3):
            yield buf
            buf = ""
    if buf:
        yield buf
