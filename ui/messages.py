"""Agent events → chat messages and citation cards. Pure: no Gradio, no services.

The Chatbot renders Markdown, so everything from the agent (which quotes
documents) is escaped first; only the markup built here (citation markers,
the refusal frame) is real HTML.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.schemas import Answer, AnswerEvent, ChatEvent, Citation, StatusEvent, TokenEvent
from pipeline.text.footnote_marks import without_footnote_marks
from ui.i18n import LANGS, t
from ui.row_heads import headed_quote
from ui.rows import answer_body, quote_html
from ui.safe import esc, md_text
from ui.spans import unmark

ChatMessage = dict[str, Any]
MAX_FOLLOWUPS = 3

# "[1]" or "[1, 3]" after md_text turned brackets into entities.
_MARKERS = re.compile(r"&#91;(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)&#93;")
# Badges with the punctuation after them: kept on one line, and on the line of the word
# before them (a sentence's full stop alone at the start of a line reads as a glitch).
_MARKER_RUN = re.compile(
    rf"[ \t]?(?P<marks>(?:{_MARKERS.pattern})+)(?P<stop>[.。,，;；:：!！?？)）]?)"
)


class HistoryItem(Protocol):
    """One stored message of a conversation (agent.service.Message)."""

    role: str
    content: str
    answer: Answer | None


@dataclass
class Turn:
    """A question being answered: what the chat shows while events arrive."""

    question: str
    statuses: list[str] = field(default_factory=list)
    text: str = ""
    answer: Answer | None = None
    conversation_id: str | None = None
    error: str | None = None
    seconds: float | None = None


def apply(turn: Turn, event: ChatEvent) -> Turn:
    """Fold one agent event into the turn (returns it for chaining)."""
    if isinstance(event, StatusEvent):
        if event.message and (not turn.statuses or turn.statuses[-1] != event.message):
            turn.statuses.append(event.message)
    elif isinstance(event, TokenEvent):
        turn.text += event.text
    elif isinstance(event, AnswerEvent):
        turn.answer = event.answer
        turn.conversation_id = event.conversation_id
        turn.text = event.answer.answer
        if event.answer.latency_ms:
            turn.seconds = event.answer.latency_ms / 1000
    return turn


# --- messages ----------------------------------------------------------------------------


def user_message(text: str) -> ChatMessage:
    return {"role": "user", "content": md_text(text)}


def status_message(turn: Turn, lang: str) -> ChatMessage:
    """The "searching…" thought: a spinner until the answer arrives, then folded away."""
    done = turn.answer is not None or turn.error is not None
    meta: dict[str, Any] = {
        "title": t("chat.searched" if done else "chat.searching", lang),
        "status": "done" if done else "pending",
    }
    if done and turn.seconds:
        meta["duration"] = round(turn.seconds, 1)
    body = "\n".join(f"- {md_text(s)}" for s in turn.statuses) or "…"
    return {"role": "assistant", "content": body, "metadata": meta}


def link_markers(escaped: str) -> str:
    """Turn escaped "[1]" / "[1, 2]" into clickable superscript citation badges."""

    def badge(m: re.Match[str]) -> str:
        nums = re.split(r"\s*[,，]\s*", m.group(1))
        return "".join(
            f'<sup class="folio-cite" data-marker="{int(n)}">{int(n)}</sup>' for n in nums
        )

    def run(m: re.Match[str]) -> str:
        glue = "\u00a0" if m.group(0)[:1] in " \t" else ""
        badges = _MARKERS.sub(badge, m.group("marks"))
        return f'{glue}<span class="folio-cite-run">{badges}{m.group("stop")}</span>'

    return _MARKER_RUN.sub(run, escaped)


# The offline answerer's name (agent.models.offline.OFFLINE_NAME; that module is slow to
# import); a configured endpoint's model name is a proper noun and shown as it is.
OFFLINE_MODEL = "offline"


def model_name(model: str, lang: str) -> str:
    return t("chat.offline_model", lang) if model == OFFLINE_MODEL else model


def answer_markdown(answer: Answer, lang: str, seconds: float | None = None) -> str:
    body = link_markers(answer_body(answer.answer.strip()))
    parts: list[str] = []
    if answer.refused:
        parts += [
            '<div class="folio-refused">',
            "",
            f"**⚠ {esc(t('chat.refused', lang))}**",
            "",
            body,
            "",
            "</div>",
        ]
    else:
        parts.append(body)
    if answer.notice:
        parts += ["", f"*{md_text(answer.notice)}*"]
    secs = seconds if seconds is not None else (answer.latency_ms / 1000 or None)
    if secs:
        meta = t("chat.model", lang, model=model_name(answer.model, lang), seconds=secs)
        tip = timing_tooltip(answer, lang)
        title = f' title="{esc(tip)}"' if tip else ""
        parts += ["", f'<span class="folio-answer-meta"{title}>{esc(meta)}</span>']
    return "\n".join(parts)


def timing_tooltip(answer: Answer, lang: str) -> str:
    """Where the answer's time went (the badge's tooltip); '' for answers stored before
    answers were timed."""
    tm = answer.timing
    if not tm.total_ms:
        return ""
    return t(
        "chat.timing",
        lang,
        search=tm.search_ms / 1000,
        model=tm.model_ms / 1000,
        tools=tm.tools_ms / 1000,
        reflection=tm.reflection_ms / 1000,
        total=tm.total_ms / 1000,
    )


def turn_messages(turn: Turn, lang: str) -> list[ChatMessage]:
    """The messages of one turn as they should look right now."""
    out = [user_message(turn.question)]
    if turn.statuses or turn.answer is None:
        out.append(status_message(turn, lang))
    if turn.error is not None:
        out.append(
            {"role": "assistant", "content": md_text(t("chat.error", lang, error=turn.error))}
        )
    elif turn.answer is not None:
        out.append(
            {"role": "assistant", "content": answer_markdown(turn.answer, lang, turn.seconds)}
        )
    elif turn.text:
        out.append({"role": "assistant", "content": md_text(turn.text) + " ▍"})
    return out


def history_messages(history: Sequence[HistoryItem], lang: str) -> list[ChatMessage]:
    """A stored conversation, reopened."""
    out: list[ChatMessage] = []
    for item in history:
        if item.role == "user":
            out.append(user_message(item.content))
        elif item.answer is not None:
            out.append({"role": "assistant", "content": answer_markdown(item.answer, lang)})
        else:
            out.append({"role": "assistant", "content": md_text(item.content)})
    return out


def relabel_messages(
    messages: Sequence[ChatMessage], history: Sequence[HistoryItem], lang: str
) -> list[ChatMessage]:
    """The chat as shown, redone in ``lang`` after a language switch.

    Status thoughts keep their steps and get the new title; answers are re-rendered
    from the stored conversation (their frame and timing line are translated).
    """
    titles = {t(key, other): key for key in ("chat.searched", "chat.searching") for other in LANGS}
    answers = [answer_markdown(h.answer, lang) for h in history if h.answer is not None]
    out: list[ChatMessage] = []
    k = 0
    for m in messages:
        meta = m.get("metadata") or {}
        new = m
        if m.get("role") == "assistant" and meta.get("title") in titles:
            new = {**m, "metadata": {**meta, "title": t(titles[meta["title"]], lang)}}
        elif m.get("role") == "assistant" and not meta and k < len(answers):
            new = {**m, "content": answers[k]}
            k += 1
        out.append(new)
    return out


def last_answer(history: Sequence[HistoryItem]) -> Answer | None:
    for item in reversed(history):
        if item.answer is not None:
            return item.answer
    return None


def followups(answer: Answer | None) -> list[str]:
    if answer is None:
        return []
    seen: list[str] = []
    for raw in answer.follow_up_questions:
        q = raw.strip()
        if q and q not in seen:
            seen.append(q)
    return seen[:MAX_FOLLOWUPS]


# --- citation cards ------------------------------------------------------------------------


def _where(c: Citation, lang: str, paged: bool) -> str:
    if c.line_nos:
        a, b = min(c.line_nos), max(c.line_nos)
        return t("pane.line", lang, a=a) if a == b else t("pane.lines", lang, a=a, b=b)
    return t("pane.page_short", lang, page=c.page) if paged and c.page else ""


def _card(
    c: Citation, lang: str, doc_name: str, active: bool, *, paged: bool = True, head: str = ""
) -> str:
    where = [doc_name, _where(c, lang, paged)]
    if c.section:  # the headings as printed, less the marks of their footnotes
        where.append(without_footnote_marks(c.section))
    quote = unmark(c.quote.strip())[0]
    # a table row is shown with its columns' heads over its cells (ui/row_heads.py)
    quote = quote[:317].rstrip() + "…" if len(quote) > 320 else headed_quote(quote, head)
    cls = "folio-card active" if active else "folio-card"
    return (
        f'<button type="button" class="{cls}" data-marker="{c.marker}" '
        f'title="{esc(c.chunk_id)}">'
        f'<span class="folio-card-num">{c.marker}</span>'
        f'<span class="folio-card-body"><span class="folio-card-meta">'
        f"{' · '.join(esc(w) for w in where if w)}</span>"
        f'<span class="folio-card-quote">{quote_html(quote)}</span></span></button>'
    )


def citation_cards_html(
    answer: Answer | None,
    lang: str,
    *,
    active: int | None = None,
    doc_names: Mapping[str, str] | None = None,
    unpaged: Collection[str] = (),
    heads: Mapping[int, str] | None = None,
) -> str:
    """Numbered source cards under the chat; clicking one shows it in the page pane.

    ``unpaged`` are documents without pages (DOCX, MD, TXT): their cards name lines instead;
    ``heads`` are the column heads of the table rows cards quote, by marker.
    """
    names = doc_names or {}
    if answer is None or not answer.citations:
        return f'<div class="folio-cards-empty">{esc(t("chat.no_sources", lang))}</div>'
    cards = "".join(
        _card(
            c,
            lang,
            names.get(c.doc_id, c.doc_id),
            c.marker == active,
            paged=c.doc_id not in unpaged,
            head=(heads or {}).get(c.marker, ""),
        )
        for c in sorted(answer.citations, key=lambda c: c.marker)
    )
    title = esc(t("chat.sources", lang))
    return f'<div class="folio-cards"><div class="folio-cards-title">{title}</div>{cards}</div>'
