"""A short Chinese line a page break cut, told from a title.

A chunk's text joins the lines of a page without breaks and the pages with one, and a
chunk opens with the last sentence of the one before (its overlap): a sentence the page's
end cut opens the next chunk as a short line without punctuation ("第二代蓝甲虫(泰德·科德)
死⏎前派遣圣甲虫……"), which looks like a title over the text after it. It is none: it ends
with a one-character verb or particle, or a word runs across the break.
"""

from __future__ import annotations

from pipeline.text.script import HAN_RE
from pipeline.text.segment import _get_jieba

_MARKUP = "*_#> \t"  # Markdown's emphasis, heading and quote marks around a line
# jieba's tags of a one-character word no title ends with: a verb, an adverb, a preposition,
# a conjunction, a particle, a pronoun ("……(泰德·科德)死", "……却因与敌人谈")
_DANGLING = ("v", "d", "p", "c", "u", "r")
_BREAK_CONTEXT = 3  # characters each side of a line break that a word across it may join


def cut_at_break(line: str, after: str) -> bool:
    """Is a short Chinese line a sentence a page break cut, not a title? A chunk opening with
    the last sentence of the one before (its overlap) opens with the first half of a sentence
    the page's end cut ("第二代蓝甲虫(泰德·科德)死⏎前派遣圣甲虫……"): it ends with a
    one-character verb or particle, or a word of the dictionary runs across the break
    ("……与敌人谈⏎判而……": 谈判; "侧棱垂⏎直于": 垂直于). A title ends with its noun."""
    head, tail = line.strip(_MARKUP), after.lstrip(_MARKUP + "\n")
    if not (head and tail and HAN_RE.match(head[-1]) and HAN_RE.match(tail[0])):
        return False
    if tail.startswith(head):
        return False  # the text opens by naming its title again ("棱柱⏎棱柱是……")
    _get_jieba()
    import jieba.posseg as pseg  # loaded with jieba

    last = list(pseg.cut(head[-_BREAK_CONTEXT * 2 :]))[-1:]
    if last and len(last[0].word) == 1 and last[0].flag.startswith(_DANGLING):
        return True
    joined = head[-_BREAK_CONTEXT:] + tail[:_BREAK_CONTEXT]
    at = 0
    for w in _get_jieba().cut(joined, HMM=False):
        if at < _BREAK_CONTEXT < at + len(w) and len(w) >= 2:
            return True
        at += len(w)
    return False
