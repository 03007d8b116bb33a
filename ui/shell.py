"""The whole interface: header, language switch, the four tabs, and what keeps them in sync."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gradio as gr
from gradio.i18n import I18nData

from pipeline.knowledge.title import picked_title
from pipeline.models import Document
from ui import api, api_panel, chat, chat_page, inspector, knowledge, library, review
from ui.i18n import pick_language, t
from ui.labels import Labels
from ui.safe import esc
from ui.services import Services
from ui.session_cost import keep_block_signatures
from ui.workspace import browser_secret, hf_oauth_enabled

TICK_S = 1.0
LOGO = (
    '<div class="folio-brand"><svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">'
    '<path fill="#4f46e5" d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5a1.5 1.5 0 0 0 0 3H20v0H6.5A2.5 '
    '2.5 0 0 1 4 19.5z"/><path fill="#c7d2fe" d="M8 6h8v2H8zm0 4h6v2H8z"/></svg>'
    "<span>Folio</span></div>"
)


def badges_html(services: Services, lang: str) -> str:
    s = services.settings
    answerer = (
        t("app.answerer_llm", lang, model=s.chat_model)
        if s.llm_configured
        else t("app.answerer_offline", lang)
    )
    state = services.model_state
    key, cls = {
        "lexical": ("app.model_lexical", "ok"),
        "loading": ("app.model_loading", "busy"),
        "ready": ("app.model_ready", "ok"),
        "failed": ("app.model_failed", "bad"),
    }[state]
    return (
        f'<span class="folio-badge ok">{esc(answerer)}</span>'
        f'<span class="folio-badge {cls}" data-model="{state}">{esc(t(key, lang))}</span>'
    )


def _choices(docs: Sequence[Document]) -> list[tuple[str, str]]:
    """Each document as the Library names it (its title, then its file name)."""
    return [(picked_title(d.title, d.name), d.doc_id) for d in docs]


@dataclass(frozen=True)
class Picked:
    """What the document pickers show now, and the signature they were drawn from."""

    sig: str
    chat_docs: list[str] | None
    kn_doc: str | None
    ins_doc: str | None


def doc_updates(services: Services, picked: Picked, lang: str) -> list[Any]:
    """Document pickers of the other tabs follow the library (only when it changed)."""
    sig, chat_docs, kn_doc, ins_doc = picked.sig, picked.chat_docs, picked.kn_doc, picked.ins_doc
    docs = services.folio.documents()
    ready = [d for d in docs if d.searchable]
    new_sig = str(
        hash((tuple((d.doc_id, d.name, d.title) for d in ready), badges_html(services, lang)))
    )
    if new_sig == sig:
        return [gr.skip()] * 5
    ids = {d.doc_id for d in ready}
    first = ready[0].doc_id if ready else None
    kept = [d for d in chat_docs or [] if d in ids]
    # A picker's value is sent only when it must change (a document gone, none picked):
    # the value this tick read may be older than a pick made while it ran, and sending it
    # back would undo that pick (the Knowledge tab went back to the document before).
    return [
        new_sig,
        _picker(ready, kept, unchanged=kept == list(chat_docs or [])),
        _picker(ready, kn_doc if kn_doc in ids else first, unchanged=kn_doc in ids),
        _picker(ready, ins_doc if ins_doc in ids else first, unchanged=ins_doc in ids),
        badges_html(services, lang),
    ]


def _picker(ready: list[Document], value: Any, *, unchanged: bool) -> Any:
    """A picker's new choices, with its value only when that changes."""
    if unchanged:
        return gr.update(choices=_choices(ready))
    return gr.update(choices=_choices(ready), value=value)


def login_button() -> gr.LoginButton:
    """Hugging Face sign-in: the user's workspace follows them (ui.workspace.user_workspace).
    Both languages at once, since the button redraws its own text after sign-in."""
    sign_in, sign_out = (
        " · ".join(t(k, lv) for lv in ("en", "zh")) for k in ("app.hf_login", "app.hf_logout")
    )
    # Gradio fills the one "{}" with the user name.
    return gr.LoginButton(sign_in, logout_value=sign_out + " ({})", scale=0, elem_id="folio-login")


def hide_ui_events(demo: gr.Blocks, keep: set[int]) -> None:
    """Keep every interface event out of the API docs and away from API clients.

    The interface's events take and return HTML and component state, which is no API
    (``ui.api`` is); hiding them all here rather than at each listener also covers events
    added later.
    """
    for fn_id, fn in demo.fns.items():
        if fn_id not in keep:
            fn.api_visibility = "private"


# The frontend's locale store lives in its 'core' module; importing the module's own URL
# again (taken from the page's loaded resources, so no build hash is hard-coded) reaches
# that same store.
GRADIO_LOCALE_JS = """
async (lang, _) => {
  const code = lang === 'zh' ? 'zh-CN' : 'en';
  // Gradio first took its locale from the browser; redrawing the upload zone when the
  // locale is already right would only drop a file being chosen while the page loads.
  const nav = (navigator.language || 'en').toLowerCase();
  const guess = nav.startsWith('zh') ? 'zh-CN' : nav.startsWith('en') ? 'en' : nav;
  const current = window.__folioLocale || guess;
  if (current === code) return [lang, 'same'];
  const url = performance.getEntriesByType('resource').map((r) => r.name)
    .find((n) => /\\/assets\\/core-[\\w-]+\\.js$/.test(n.split('?')[0]));
  try {
    // Entries past the buffer's size are dropped: keep room for the locale's own file.
    performance.setResourceTimingBufferSize?.(5000);
    if (url) (await import(url)).changeLocale?.(code);
    window.__folioLocale = code;
    // changeLocale only starts loading the locale's texts (a file of their own, the first
    // time): redrawing the upload zone before they arrive drew it in English again on a
    // busy machine. Wait for that file (at most 5 s), then for the texts to be applied.
    const loaded = () => code === 'en' || performance.getEntriesByType('resource')
      .some((r) => r.name.split('?')[0].includes(`/assets/${code}-`));
    for (let i = 0; i < 100 && !loaded(); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
  } catch (e) {
    console.warn('folio: gradio locale not switched', e);
  }
  return [lang, 'changed'];
}
"""

# Set once every text and the upload zone are drawn in the page's language (cleared when
# the language changes): a file given to the zone from then on reaches the server, and
# tests wait for this rather than for a fixed time.
READY_JS = "() => { document.body.dataset.folioReady = '1'; }"
UNREADY_JS = "() => { delete document.body.dataset.folioReady; }"


def _wire_gradio_locale(lang: gr.Radio, relabelled: Any, upload: gr.File) -> None:
    """Gradio's own texts ("Drop File Here", "Click to Upload") follow its frontend
    locale, which only knows the browser's language: switch it along, then redraw
    the upload zone, which reads those texts only when it is drawn.
    Then (after the relabel, so "ready" means every text is drawn) the upload zone."""
    locale_step = gr.Textbox(visible=False)
    lang.change(None, None, None, js=UNREADY_JS)
    relabelled.then(
        lambda _, step: gr.update() if step == "same" else gr.update(visible=False),
        [lang, locale_step], upload,
        js=GRADIO_LOCALE_JS, show_progress="hidden",
    ).then(
        lambda: gr.update(visible=True), None, upload, show_progress="hidden"
    ).then(None, None, None, js=READY_JS)  # fmt: skip


def build_blocks(services: Services) -> gr.Blocks:
    labels = Labels()
    with gr.Blocks(title="Folio", analytics_enabled=False, fill_width=True) as demo:
        api_fns = api.register(demo, services)  # first: the endpoints keep their plain names
        stored_lang = gr.BrowserState("", storage_key="folio-lang")
        # The browser's private workspace token: localStorage only, never in a URL.
        ws_token = gr.BrowserState(
            None, storage_key="folio-workspace", secret=browser_secret(services.settings.data_dir)
        )
        browser_lang = gr.Textbox(visible=False)
        with gr.Row(elem_id="folio-header", equal_height=True):
            gr.HTML(LOGO, js_on_load=None, scale=0, min_width=150)
            labels.make(gr.Markdown, {"value": "app.tagline"}, elem_id="folio-tagline", scale=3)
            badges = gr.HTML("", js_on_load=None, elem_id="folio-badges", scale=2)
            if hf_oauth_enabled():
                login_button()
            # Its hidden label is read out by screen readers; translated in the browser (it is
            # not relabelled: updating the switch from its own change event is asking for loops).
            lang = gr.Radio(
                [("中文", "zh"), ("English", "en")], value=None, show_label=False,
                label=I18nData("app.language"),
                container=False, elem_id="folio-lang", scale=0,
            )  # fmt: skip
        timer = gr.Timer(TICK_S)
        # wrap, never a "…" menu: on a phone every tab, Chat first of all, is one tap away
        with gr.Tabs(elem_id="folio-tabs", overflow_behavior="wrap"):
            with labels.make(gr.Tab, {"label": "tab.library"}, id="library", elem_id="tab-library"):
                lib = library.build(labels, dense=services.model_state != "lexical")
            with labels.make(
                gr.Tab, {"label": "tab.knowledge"}, id="knowledge", elem_id="tab-knowledge"
            ):
                kn = knowledge.build(labels)
            with labels.make(gr.Tab, {"label": "tab.chat"}, id="chat", elem_id="tab-chat"):
                ch = chat.build(labels)
            with labels.make(
                gr.Tab, {"label": "tab.inspect"}, id="inspect", elem_id="tab-inspect"
            ) as inspect_tab:
                ins = inspector.build(labels)
            with labels.make(gr.Tab, {"label": "tab.review"}, id="review", elem_id="tab-review"):
                rv = review.build(labels)
        api_body = api_panel.build(labels)
        lib_h = library.wire(lib, services, lang, timer)
        knowledge.wire(kn, services, lang, timer)
        chat_h = chat.wire(ch, services, lang)
        ins_h = inspector.wire(ins, services, lang, inspect_tab)
        review.wire(rv, services, lang, timer)

        docs_sig = gr.State("")
        doc_in = [docs_sig, ch.docs, kn.doc, ins.doc, lang]
        doc_out = [docs_sig, ch.docs, kn.doc, ins.doc, badges]
        timer.tick(
            lambda sig, cd, kd, idoc, lv: doc_updates(services, Picked(sig, cd, kd, idoc), lv),
            doc_in,
            doc_out,
            show_progress="hidden",
        )

        def relabel(v: dict[Any, Any]) -> list[Any]:
            """Every translatable text, redone in the chosen language."""
            lv, moves, since = v[lang], v[ch.moves], v[moves_at_switch]
            # The chat last: it is left alone if the visitor moved on while the rest was drawn.
            tabs = [
                *knowledge.show(services, v[kn.doc], v[kn.query], lv),
                *ins_h.open_doc(v[ins.doc], v[ins.layers], lv),
            ]
            return [
                *labels.updates(lv),
                *library.refresh_language(lib_h, v[lib.selected], lv),
                *chat_page.refresh_language(
                    chat_h, v[ch.answer], v[ch.pane.target], v[ch.messages], v[ch.conversation],
                    lang=lv, unless_moved=(moves, since),
                ),
                *tabs,
                "",  # forces the next tick to redraw the pickers and badges
            ]  # fmt: skip

        # The chat's moves are counted in a step of their own before the redraw reads the
        # conversation: counted inside the redraw, a "New chat" handled between Gradio
        # reading the redraw's inputs and the count was missed on a loaded server, and the
        # conversation left was written back over the new one.
        moves_at_switch = gr.State(0)
        relabelled = lang.change(
            lambda moves: moves.n, ch.moves, moves_at_switch, show_progress="hidden"
        ).then(
            relabel,
            {lang, lib.selected, ch.answer, ch.pane.target, ch.messages, ch.conversation,
             ch.moves, moves_at_switch, kn.doc, kn.query, ins.doc, ins.layers},
            [
                *labels.components, lib.progress, lib.stats, lib.table, lib.shown,
                lib.selected_label,
                *chat_page.language_outputs(ch), *knowledge.outputs(kn), ins.summary, ins.legend,
                *ins_h.page_outputs, docs_sig,
            ],
            # Gradio's "processing | 2.0s" over every field is English in any language;
            # the page is marked not ready meanwhile (chat moves still count, see ChatMoves).
            show_progress="hidden",
        )  # fmt: skip
        restored = gr.State(False)  # the last conversation was reopened on this page
        relabelled.then(
            lambda cid, lv: chat_page.conversations_update(chat_h, cid, lv),
            [ch.conversation, lang],
            ch.conversations,
            show_progress="hidden",
        ).then(
            # After the redraw of every tab, which would otherwise draw the empty chat again.
            lambda done, cid, lv, moves: chat_page.reopen_last(chat_h, done, cid, lv, moves),
            [restored, ch.conversation, lang, ch.moves],
            [restored, *chat_h.open_outputs, ch.conversations],
            show_progress="hidden",
        )
        lang.input(lambda v: v, lang, stored_lang)
        api_panel.wire(api_body, services, lang, ws_token)
        _wire_gradio_locale(lang, relabelled, lib.upload)

        # The switch starts empty so that setting it here always fires ``lang.change``,
        # which draws every Python-built text in the chosen language.
        # First the page claims its workspace, then everything is drawn in it.
        claimed = demo.load(services.claim, [ws_token], [ws_token], show_progress="hidden")
        claimed.then(
            pick_language,
            [stored_lang, browser_lang],
            [lang],
            js="(stored, _) => [stored, navigator.language || '']",
        ).then(
            # Saved conversations at once, not after the (slower) redraw of every tab.
            lambda cid, lv: chat_page.conversations_update(chat_h, cid, lv),
            [ch.conversation, lang],
            ch.conversations,
            show_progress="hidden",
        )
        hide_ui_events(demo, keep=api_fns)
    keep_block_signatures(demo)
    return demo
