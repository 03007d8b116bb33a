"""Look and feel: theme, stylesheet and the little page script. Fonts are local (offline)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gradio as gr

from pipeline.parse import SUFFIXES
from ui.held_drops import HELD_DROPS_JS
from ui.i18n import translations
from ui.pane_image import PANE_JS

CSS_PATH = Path(__file__).with_name("folio.css")
# Latin fonts before the CJK ones: a CJK font draws the quotes and apostrophes of English
# text full-width ("Company ’ s"); Chinese text falls through to the CJK fonts glyph by
# glyph (a Latin font has no 汉字), its full-width punctuation included.
LATIN_FONTS = [
    "Inter",
    "-apple-system",
    "Segoe UI",
    "Roboto",
    "Helvetica Neue",
    "Arial",
    "Liberation Sans",
    "DejaVu Sans",
]
CJK_FONTS = [
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "PingFang SC",
    "Microsoft YaHei",
    "WenQuanYi Micro Hei",
]
FONTS = [*LATIN_FONTS, *CJK_FONTS, "system-ui", "sans-serif"]
MONO = ["JetBrains Mono", "SFMono-Regular", "Menlo", "Consolas", "monospace"]


def theme() -> gr.themes.Base:
    return gr.themes.Soft(
        primary_hue="indigo", secondary_hue="blue", neutral_hue="slate", font=FONTS, font_mono=MONO
    ).set(
        body_background_fill="*neutral_50",
        block_radius="12px",
        button_large_radius="10px",
        button_small_radius="8px",
    )


# Clicking a [n] badge inside an answer clicks the matching source card. The chatbot's
# HTML sanitiser strips data-* attributes, so the badge's own text is its number.
HEAD = (
    """
<script>
document.addEventListener('click', (e) => {
  const badge = e.target.closest && e.target.closest('#chat-bot .folio-cite');
  if (!badge) return;
  const marker = (badge.dataset.marker || badge.textContent || '').trim();
  const card = document.querySelector(`#chat-cards [data-marker="${marker}"]`);
  if (card) { card.click(); card.scrollIntoView({block: 'nearest', behavior: 'smooth'}); }
});
// The upload zone takes any file (the server refuses other types in the page's language:
// Gradio's own refusal is English); its file dialog still lists the readable types first.
// The zone redraws its input (a language switch, an upload), so every redraw is watched.
new MutationObserver(() => {
  const input = document.querySelector('#lib-upload input[type=file]');
  if (input && input.accept !== '__ACCEPT__') input.accept = '__ACCEPT__';
}).observe(document.documentElement, {childList: true, subtree: true});
__PANE__
__DROPS__
</script>
""".replace("__ACCEPT__", ",".join(sorted(SUFFIXES)))
    .replace("__PANE__", PANE_JS.strip())
    .replace("__DROPS__", HELD_DROPS_JS.strip())
)


def launch_options() -> dict[str, Any]:
    """Theme, CSS, script and translations: Gradio 6 takes these at launch()."""
    css = CSS_PATH.read_text(encoding="utf-8")
    return {
        "theme": theme(),
        "css": css,
        "head": HEAD,
        "i18n": gr.I18n(**translations()),
        "footer_links": ["api"],  # "Use via API": the named endpoints and MCP tools
    }
