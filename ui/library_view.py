"""HTML of the Library tab: the per-stage progress of uploads and the document table. Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pipeline.knowledge.title import shown_title
from pipeline.models import ALL_COMPONENTS, PIPELINE_COMPONENTS, ComponentStatus, Document
from ui.i18n import keys, t
from ui.reasons import localise_note, localise_reason
from ui.safe import esc, esc_name
from ui.services import Job, StageNote

NoteFn = Callable[[str, str], StageNote | None]
Failures = Mapping[str, tuple[int, int]]  # doc id → (pages OCR failed on, pages needing OCR)
_ICON = {"ready": "✓", "failed": "✕", "running": "", "pending": "…", "missing": "–", "off": "–"}
# Cards in the order a person looks for them: what runs now, what went wrong, what is next.
# Drawn, not a character: an emoji (U+1F4C4) is in none of the fonts a server or a headless
# browser ships (DejaVu, Liberation, WenQuanYi) and shows as a missing-glyph box there.
EMPTY_ICON = (
    '<svg class="folio-empty-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">'
    '<path fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round" '
    'd="M6 2.8h8l4 4v14.4H6z M14 2.8v4h4 M8.8 12h6.4 M8.8 15.5h6.4"/></svg>'
)
_CARD_ORDER = {"running": 0, "failed": 1, "queued": 2, "done": 3}


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            # a no-break space: "239.0" never ends one line with "KB" starting the next
            return f"{n:.0f}\u00a0{unit}" if unit == "B" else f"{n:.1f}\u00a0{unit}"
        n = n / 1024  # type: ignore[assignment]
    return f"{n} B"


def chip(
    comp: str,
    status: ComponentStatus | None,
    lang: str,
    partial: tuple[int, int] | None = None,
    *,
    off: str = "",
) -> str:
    """One status cell: an icon with the state (and reason) as its tooltip.

    ``partial`` (failed, total) marks a component that finished with some parts failed:
    it shows as a warning with the count, not as a green tick. ``off`` (why) marks a
    component the server does not run (no embedding model): "done" would claim vectors
    the search never uses.
    """
    state: str = status.state if status is not None else "missing"
    if state == "ready" and partial is not None:
        state = "partial"
    if state == "ready" and off:
        state = "off"
    label = t(f"state.{state}", lang)
    title = f"{t(f'comp.{comp}', lang)}: {label}"
    if state == "off":
        title += f" — {off}"
    elif status is not None and status.reason:
        title += f" — {localise_reason(status.reason, lang)}"
    text = _ICON.get(state, "")
    if state == "running":
        text = f"{round(status.progress * 100) if status else 0}%"
    elif state == "partial" and partial is not None:
        text = f"⚠ {partial[0]}/{partial[1]}"
    return (
        f'<span class="folio-chip {state}" data-comp="{comp}" data-state="{state}" '
        f'title="{esc(title)}">{text}</span>'
    )


def language_name(code: str, lang: str) -> str:
    """A document's language as the interface names it ("fr" → "French" / "法文")."""
    if code == "unknown":
        return "–"
    key = f"langname.{code}"
    return t(key, lang) if key in keys() else code


def status_table_html(
    docs: Sequence[Document],
    lang: str,
    *,
    selected: str | None = None,
    failures: Failures | None = None,
    dense: bool = True,
) -> str:
    """Every document with the status of each component; clicking a row selects it.
    Without ``dense`` search (no embedding model) the embedding column says "off"."""
    failures = failures or {}
    off = {} if dense else {"embed": t("lib.embed_off", lang)}
    if not docs:
        return f'<div class="folio-empty">{EMPTY_ICON} {esc(t("lib.empty", lang))}</div>'
    head = "".join(
        f"<th>{esc(t(k, lang))}</th>"
        for k in ("lib.col_document", "lib.col_pages", "lib.col_chunks")
    )
    head += f"<th>{esc(t('lib.col_lang', lang))}</th>"
    head += "".join(f'<th class="c">{esc(t(f"comp.{c}", lang))}</th>' for c in ALL_COMPONENTS)
    rows = []
    for d in docs:
        cls = "folio-row selected" if d.doc_id == selected else "folio-row"
        failed = d.status.get("parse")
        # The name a reader knows it by, with the file name under it; a document without
        # a title of its own goes by its file name.
        title = shown_title(d.title, d.name)
        named = title != d.name.rsplit(".", 1)[0]
        shown = esc(title) if named else esc_name(d.name)
        sub = f"{esc_name(d.name)} · " if named else ""
        sub += f"{d.kind.upper()} · {_size(d.size)}"
        if failed is not None and failed.state == "failed" and failed.reason:
            reason = localise_reason(failed.reason, lang)
            sub += f' · <span class="folio-err-inline">{esc(reason)}</span>'
        if failed is not None and failed.state == "ready" and failed.reason:
            # Read with pages left out (a damaged file): said where the document is listed.
            note = localise_reason(failed.reason, lang)
            sub += f' · <span class="folio-warn-inline">⚠ {esc(note)}</span>'
        partial = failures.get(d.doc_id)
        if partial is not None:
            warn = t("lib.ocr_partial", lang, failed=partial[0], total=partial[1])
            sub += f' · <span class="folio-warn-inline">⚠ {esc(warn)}</span>'
        chips = [
            chip(c, d.status.get(c), lang, partial if c == "ocr" else None, off=off.get(c, ""))
            for c in ALL_COMPONENTS
        ]
        cells = "".join(f'<td class="c">{c}</td>' for c in chips)
        rows.append(
            f'<tr class="{cls}" data-doc="{esc(d.doc_id)}">'
            f'<td class="name"><div class="folio-docname">{shown}</div>'
            f'<div class="folio-sub">{sub}</div></td>'
            f"<td>{_pages(d)}</td><td>{d.chunks or '–'}</td>"
            f'<td title="{esc(d.language)}">{esc(language_name(d.language, lang))}</td>{cells}</tr>'
        )
    return (
        f'<div class="folio-table-wrap"><table class="folio-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _pages(d: Document) -> str:
    """A PDF's page count; a Word, Markdown or text file has no pages to count (it is read,
    and cited, by lines and sections), so "1" would mislead."""
    return str(d.pages) if d.kind == "pdf" and d.pages else "–"


def library_stats(docs: Sequence[Document], lang: str) -> str:
    pages = sum(d.pages for d in docs if d.kind == "pdf")
    chunks = sum(d.chunks for d in docs)
    if lang == "zh":
        return t("lib.stats", lang, docs=len(docs), pages=pages, chunks=chunks)
    return t(
        "lib.stats",
        lang,
        docs=_count(len(docs), "document"),
        pages=_count(pages, "page"),
        chunks=_count(chunks, "chunk"),
    )


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _bar(
    comp: str, status: ComponentStatus | None, note: StageNote | None, lang: str, off: str = ""
) -> str:
    """One stage's bar and message; ``off`` (why) for a stage this server does not run, which
    the status table shows as off too: a green "ready" would claim vectors no search uses."""
    state = status.state if status is not None else "pending"
    frac = status.progress if status is not None else 0.0
    if off and state == "ready":
        return (
            f'<div class="folio-stage off" data-comp="{comp}" data-state="off">'
            f'<span class="folio-stage-name">{esc(t(f"comp.{comp}", lang))}</span>'
            f'<span class="folio-bar"><span style="width:0%"></span></span>'
            f'<span class="folio-stage-msg" title="{esc(off)}">'
            f"{esc(t('state.off', lang))} — {esc(off)}</span></div>"
        )
    if state == "ready":
        frac = 1.0
    # Pipeline messages ("parsed 3/10 pages") are English; Chinese renders the ones it knows
    # (reasons_zh.json), else the state and percent. The stored note is another process's
    # (the background worker's) message.
    message = ""
    if note is not None and note.state == state:
        message = localise_note(note.message, lang)
    elif state == "running" and status is not None:
        message = localise_note(status.note or "", lang)
    if state == "failed" and status is not None and status.reason:
        message = localise_reason(status.reason, lang)
    text = message or t(f"state.{state}", lang)
    if state == "running" and not message:
        text += f" {frac:.0%}"
    return (
        f'<div class="folio-stage {state}" data-comp="{comp}" data-state="{state}">'
        f'<span class="folio-stage-name">{esc(t(f"comp.{comp}", lang))}</span>'
        f'<span class="folio-bar"><span style="width:{frac * 100:.0f}%"></span></span>'
        f'<span class="folio-stage-msg" title="{esc(text)}">{esc(text)}</span></div>'
    )


def _job_card(
    job: Job,
    doc: Document | None,
    notes: NoteFn,
    lang: str,
    stages: Sequence[str],
    *,
    off: Mapping[str, str],
) -> str:
    if job.state == "failed" and (doc is None or job.error):
        error = localise_reason(job.error or "", lang)
        msg = t("lib.failed", lang, name=job.name, error=error)
        return f'<div class="folio-job failed" role="alert">✕ {esc(msg)}</div>'
    if job.state == "queued" or doc is None:
        return (
            f'<div class="folio-job queued"><b>{esc_name(job.name)}</b>'
            f'<span class="folio-sub"> · {esc(t("state.queued", lang))}</span></div>'
        )
    comps = [c for c in ALL_COMPONENTS if c in doc.status or c in stages]
    bars = "".join(
        _bar(c, doc.status.get(c), notes(doc.doc_id, c), lang, off.get(c, "")) for c in comps
    )
    state = _card_state(job, doc, stages)
    extra = ""
    if job.outcome == "unchanged":
        extra = f'<span class="folio-sub"> · {esc(t("lib.unchanged", lang, name=job.name))}</span>'
    return (
        f'<div class="folio-job {state}" data-doc="{esc(doc.doc_id)}"><b>{esc_name(job.name)}</b>'
        f'{extra}<div class="folio-stages">{bars}</div></div>'
    )


def progress_html(
    jobs: Sequence[Job],
    docs: Mapping[str, Document],
    notes: NoteFn,
    lang: str,
    *,
    stages: Sequence[str] = PIPELINE_COMPONENTS,
    dense: bool = True,
) -> str:
    """Recent uploads, each with a progress bar per stage; what runs now comes first.

    ``stages`` are shown from the start (as pending) so the whole road is visible. A
    finished job whose document is gone was deleted: it is not shown at all. Without
    ``dense`` search the embedding stage says "off", as the status table does.
    """
    off = {} if dense else {"embed": t("lib.embed_off", lang)}
    active = [j for j in _newest_per_document(jobs)
              if not (j.doc_id not in docs and j.state in ("done", "running"))]  # fmt: skip
    busy_docs = [
        d
        for d in docs.values()
        if d.doc_id not in {j.doc_id for j in jobs}
        and any(s.state in ("running",) for s in d.status.values())
    ]
    if not active and not busy_docs:
        return f'<div class="folio-idle">{esc(t("lib.idle", lang))}</div>'
    cards = [
        (
            _card_state(j, docs.get(j.doc_id), stages),
            -i,
            _job_card(j, docs.get(j.doc_id), notes, lang, stages, off=off),
        )
        for i, j in enumerate(active)
    ]
    for d in busy_docs:
        job = Job(name=d.name, doc_id=d.doc_id, state="running")
        cards.append(("running", 0, _job_card(job, d, notes, lang, stages, off=off)))
    # Queued files keep their upload order (next up first); the others newest first.
    cards.sort(key=lambda c: (_CARD_ORDER[c[0]], -c[1] if c[0] == "queued" else c[1]))
    return f'<div class="folio-jobs">{"".join(html for _, _, html in cards)}</div>'


def _newest_per_document(jobs: Sequence[Job]) -> list[Job]:
    """One job per document, its latest (a regenerated component, a file sent again): the
    card draws every stage from the document's own status, so an older job of the same
    document would be a second card of the same bars."""
    newest = {j.doc_id: i for i, j in enumerate(jobs)}
    return [j for i, j in enumerate(jobs) if newest[j.doc_id] == i]


def _card_state(job: Job, doc: Document | None, stages: Sequence[str]) -> str:
    """The state a job's card shows: queued, running (any stage still moving), done, failed."""
    if job.state == "failed" and (doc is None or job.error):
        return "failed"
    if job.state == "queued" or doc is None:
        return "queued"
    comps = [c for c in ALL_COMPONENTS if c in doc.status or c in stages]
    done = all(c in doc.status and doc.status[c].state in ("ready", "failed") for c in comps)
    return "done" if done else "running"
