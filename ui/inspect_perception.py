"""Perception in the Inspect tab: a block's label, credibility and resolved references,
and the document's counts. Pure HTML from stored rows; every text is escaped."""

from __future__ import annotations

import logging
from collections import Counter

from pipeline.models import Block
from pipeline.perceive.models import BLOCK_LABELS, Perception
from pipeline.service import Folio
from ui.i18n import t
from ui.safe import esc

log = logging.getLogger(__name__)


def load(folio: Folio, doc_id: str) -> Perception | None:
    try:
        return folio.perception(doc_id)
    except Exception:  # a broken perception row must not take the tab down
        log.exception("perception of %s could not be read", doc_id)
        return None


def summary_html(perception: Perception | None, lang: str) -> str:
    if perception is None:
        return ""
    counts = Counter(x.label for x in perception.labels)
    labels = " · ".join(
        f"{esc(t(f'label.{k}', lang))} {counts[k]}" for k in BLOCK_LABELS if counts.get(k)
    )
    refs = perception.references
    resolved = sum(1 for r in refs if r.resolved)
    return (
        f'<div class="folio-note ins-perception"><b>{esc(t("ins.labels", lang))}</b>: {labels}'
        f" · <b>{esc(t('ins.references', lang))}</b>: {resolved}/{len(refs)}</div>"
    )


# Cues that name what the block is (pipeline.perceive.labels) rather than quote its words.
_STRUCTURAL_CUES = {
    "table": "kind.table",
    "figures": "cue.figures",
    "heading": "kind.heading",
    "header": "kind.header",
    "footer": "kind.footer",
    "caption": "kind.caption",
}


def cue_text(cue: str, lang: str) -> str:
    """A structural cue in the interface's language; a cue word is the document's own."""
    key = _STRUCTURAL_CUES.get(cue)
    return t(key, lang) if key else cue


def block_html(perception: Perception | None, block: Block | None, lang: str) -> str:
    if perception is None or block is None:
        return ""
    lab = perception.label_of(block.n)
    parts = []
    if lab is not None:
        cue = f" ({esc(cue_text(lab.cue, lang))})" if lab.cue else ""
        parts.append(
            f'<span class="ins-label" data-label="{esc(lab.label)}">'
            f"{esc(t(f'label.{lab.label}', lang))}{cue}</span> · "
            f'<span class="ins-cred">{esc(t(f"cred.{lab.credibility}", lang))}</span>'
        )
    refs = [r for r in perception.references if r.n == block.n]
    items = "".join(
        f'<li data-target="{r.target_n if r.resolved else ""}">{esc(r.text)} → '
        + (
            f"{esc(t('pane.page_short', lang, page=r.target_page))}: {esc(r.target_text[:60])}"
            if r.resolved
            else f"<i>{esc(t('ins.unresolved', lang))}</i>"
        )
        + "</li>"
        for r in refs
    )
    if items:
        parts.append(f"<b>{esc(t('ins.references', lang))}</b><ul>{items}</ul>")
    return f'<div class="ins-block-perception">{"".join(parts)}</div>' if parts else ""
