"""Files given to the upload zone while it is busy are held and given to it once idle.

The zone takes files only when idle: one file input, no upload under way, no list of the
last upload's files. While it uploads ("Uploading 1 file…") it has no input at all, and
then for a moment it shows the files just sent, whose input the app's reply throws away
when it empties the zone. A second file dropped in those moments was lost without a word
(the ui14 walk: J&J's release dropped 300 ms after PepsiCo's 8-K never reached the server).
The page script below (:data:`HELD_DROPS_JS`, in the page head) catches a drop or a file
input's change on the busy zone before Gradio sees it, keeps the files, and gives them to
the zone's own input as soon as the zone is idle, as if dropped then.

A file chosen for an input the zone has just replaced (the app's reply rebuilds the zone
while the file dialog is open, or a file is set on the input of the last upload's list)
fires its change on an input no longer in the page, where the page's listener never hears
it and Gradio reads its new, empty input: the ui16 walk lost J&J's release so. Each file
input of the zone is watched itself, and a change on one that has left the page is held
the same way.
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
  const watched = new WeakSet();
  const watch = () => {
    const z = zone();
    if (!z) return;
    z.querySelectorAll('input[type=file]').forEach((input) => {
      if (watched.has(input)) return;
      watched.add(input);
      input.addEventListener('change', () => {
        if (input.isConnected || !input.files || !input.files.length) return;
        held.push(...input.files);  // set on an input the zone has replaced
        setTimeout(hand, 0);
      });
    });
  };
  document.addEventListener('drop', (e) => hold(e, e.dataTransfer && e.dataTransfer.files), true);
  document.addEventListener('change', (e) => hold(e, e.target.files), true);
  new MutationObserver(() => { watch(); if (held.length) setTimeout(hand, 0); })
    .observe(document.documentElement, {childList: true, subtree: true});
})();
"""
