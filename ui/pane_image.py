"""The page pane's image tied to its caption, so a caption never stands over another page.

The caption (HTML) is drawn as soon as an event's reply arrives; the image is fetched by its
address afterwards, and until it has loaded the browser goes on painting the page shown
before: on a slow load the new answer's caption stood over the last answer's page. So the
page is saved under an address named by its content, the caption carries that name
(``data-image``) and a loading text, and the page script (:data:`PANE_JS`, in the page head)
hides the image and shows the loading text until the image shown is that one, loaded.
"""

from __future__ import annotations

import re
from pathlib import Path

from gradio import processing_utils
from gradio.utils import get_upload_folder
from PIL import Image

from ui.safe import esc

_CAPTION_OPEN = re.compile(r'^<div class="folio-pane-caption"')

# Run by the page for every redraw: each pane's image box is marked ``data-loading`` (its
# caption's loading text, shown by folio.css in place of the image) while the image it
# shows is not the one its caption names, or has not loaded yet.
PANE_JS = """
(() => {
  const check = () => {
    for (const cap of document.querySelectorAll('.folio-pane-caption')) {
      const block = cap.closest('[id$="-caption"]');
      const box = block && document.getElementById(block.id.replace(/-caption$/, '-image'));
      if (!box) continue;
      const want = cap.dataset.image || '';
      const img = box.querySelector('img');
      const ready = !want || (!!img && img.src.includes(want) && img.complete
        && img.naturalWidth > 0);
      const text = ready ? null : (cap.dataset.loading || '…');
      if (box.getAttribute('data-loading') !== text) {
        if (text === null) box.removeAttribute('data-loading');
        else box.setAttribute('data-loading', text);
      }
    }
  };
  new MutationObserver(check).observe(document.documentElement,
    {childList: true, subtree: true, attributes: true, attributeFilter: ['src', 'data-image']});
  // an image's load does not bubble: caught on the way down
  document.addEventListener('load', check, true);
})();
"""


def cached_page(image: Image.Image) -> tuple[str, str]:
    """The page saved in Gradio's file cache as PNG: its path, and the name of its content
    (the cache folder, a hash of the PNG's bytes) that its address will contain."""
    path = processing_utils.save_pil_to_cache(image, cache_dir=get_upload_folder(), format="png")
    return path, Path(path).parent.name


def tied_caption(caption: str, image_key: str, loading: str) -> str:
    """The caption naming the image it goes with, and what to show until that image is in."""
    attrs = f' data-image="{esc(image_key)}" data-loading="{esc(loading)}"'
    return _CAPTION_OPEN.sub(lambda m: m.group(0) + attrs, caption, count=1)
