"""Files given to the upload zone while it is busy are held and given to it once idle.

The zone takes files only when idle: one file input, no upload under way, no list of the
last upload's files. While it uploads ("Uploading 1 file…") it has no input at all, and
then for a moment it shows the files just sent, whose input the app's reply throws away
when it empties the zone. A second file dropped in those moments was lost without a word
(the ui14 walk: J&J's release dropped 300 ms after PepsiCo's 8-K never reached the server).
The page script below (:data:`HELD_DROPS_JS`, in the page head) catches a drop or a file
input's change on the busy zone before Gradio sees it, keeps the files, and gives them to
the zone's own input as soon as the zone is idle, as if dropped then.

A file can also be given to an input the zone has thrown away meanwhile: the file dialog
was opened (or the input looked up) on one drawing of the zone, and the zone redrew itself
(its upload finished, the app emptied it) before the file was chosen. The change then
fires on an input outside the page, where neither Gradio nor a listener on the document
hears it: on a loaded machine 4 of 40 quick second files were lost so (race16). Each of
the zone's inputs therefore gets a listener of its own, which holds the files of an input
no longer in the page like those of a busy zone.
"""

from __future__ import annotations

HELD_DROPS_JS = """
(() => {
  const held = [];
  const zone = () => document.querySelector('#lib-upload');
  const idleInput = () => {
    const z = zone();
    if (!z || z.querySelector('table, progress, .file-preview, .uploading')) return null;
    const inputs = z.querySelectorAll('input[type=file]');
    return inputs.length === 1 ? inputs[0] : null;
  };
  const hand = () => {
    const input = held.length ? idleInput() : null;
    if (!input) return;
    const dt = new DataTransfer();
    held.splice(0).forEach((f) => dt.items.add(f));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', {bubbles: true}));
  };
  const hold = (e, files) => {
    const z = zone();
    if (!z || !z.contains(e.target) || !files || !files.length) return;
    if (e.type === 'change' && e.target === idleInput()) return;  // the zone's own drop
    if (e.type === 'drop' && idleInput()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(...files);
    if (e.type === 'change') e.target.value = '';
    setTimeout(hand, 0);
  };
  // An input removed from the page no longer reaches the document's listeners: its own does.
  const orphaned = (e) => {
    const input = e.target;
    if (input.isConnected || !input.files || !input.files.length) return;
    held.push(...input.files);
    input.value = '';
    setTimeout(hand, 0);
  };
  const watchInputs = () => {
    const z = zone();
    if (!z) return;
    z.querySelectorAll('input[type=file]').forEach((input) => {
      if (input.dataset.folioHeld) return;
      input.dataset.folioHeld = '1';
      input.addEventListener('change', orphaned);
    });
  };
  document.addEventListener('drop', (e) => hold(e, e.dataTransfer && e.dataTransfer.files), true);
  document.addEventListener('change', (e) => hold(e, e.target.files), true);
  new MutationObserver(() => {
    watchInputs();
    if (held.length) setTimeout(hand, 0);
  }).observe(document.documentElement, {childList: true, subtree: true});
})();
"""
