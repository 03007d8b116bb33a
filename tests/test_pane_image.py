"""The page pane's caption names the image it goes with (``ui/pane_image.py``): the page
script shows a page only under its own caption. While an answer is being found, the pane
shows no page (the last answer's page is not the new question's)."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from tests.uikit import ingest, leave_pdf
from ui import pagepane
from ui.services import Services


def _named_image(caption: str) -> str:
    m = re.search(r'class="folio-pane-caption"[^>]*\bdata-image="([^"]+)"', caption)
    return m.group(1) if m else ""


def test_a_pages_caption_names_the_image_drawn_for_it(services: Services, tmp_path: Path) -> None:
    ingest(services, leave_pdf(tmp_path / "handbook.pdf"))
    (doc,) = services.folio.documents()
    shown: dict[int, tuple[str, str]] = {}
    for page in (1, 2):
        caption, image = pagepane.updates(services, pagepane.PaneTarget(doc.doc_id, page), "zh")[:2]
        path = image["value"]
        assert isinstance(path, str) and Image.open(path).size[0] > 100
        key = _named_image(caption)
        # the image's address (its path in Gradio's cache) holds the name its caption gives
        assert key and key in Path(path).parts, (caption, path)
        assert 'data-loading="正在载入第' in caption  # said in the page's language
        shown[page] = (key, path)
    if Path(shown[1][1]).read_bytes() != Path(shown[2][1]).read_bytes():
        assert shown[1][0] != shown[2][0]  # another page, another name


def test_while_an_answer_is_found_the_pane_shows_no_page() -> None:
    caption, image, passage, _, nav, target = pagepane.waiting("en")
    assert image["visible"] is False and image["value"] is None
    assert passage["visible"] is False and nav["visible"] is False and target is None
    assert "data-image" not in caption and "will show here" in caption
