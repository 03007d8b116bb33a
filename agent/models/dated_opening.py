"""A Chinese sentence that opens with a date and leaves its subject out.

An article tells a life or a history year by year, and names its subject once:
"晚年横遭变故，经济拮据。清同治十年(1871年)，将《…》的木刻版抵押给票号。" The second
sentence opens with the date, then goes on without a subject ("将……", "任……", "被……",
"该厂关闭"): it is about what the sentence before names, and is read with it
(``spans.leans_back``). A date followed by a subject of its own ("1946年，新医院在现址
建成") opens a sentence that stands alone.

A date is an age ("三十二岁"), a year ("1971年", "二十三年"), or an era's year with the
Western year after it in brackets ("清同治十年(1871年)", "天正3年（1575年）"), with its month
and day; the clause after it leaves its subject out when its first word is a verb, a
preposition, an adverb, a pronoun or a conjunction.
"""

from __future__ import annotations

import re

from pipeline.text.script import HAN

_NUMERAL = "0-9０-９一二三四五六七八九十〇零百"
_BRACKETED_YEAR = r"[（(]\s*[0-9]{1,4}\s*年?\s*[）)]"
_DATE = re.compile(
    rf"^\s*(?:[{_NUMERAL}]{{1,3}}岁"  # an age tells a life as a year does ("三十二岁因……")
    rf"|[{_NUMERAL}]{{1,4}}年(?:{_BRACKETED_YEAR})?"
    rf"|[{HAN}]{{1,4}}?[{_NUMERAL}]{{1,3}}年\s*{_BRACKETED_YEAR})"
    rf"(?:[{_NUMERAL}正]{{1,3}}月)?(?:[{_NUMERAL}]{{1,3}}日)?(?:[初末底中]|[春夏秋冬]季?)?"
    r"\s*[，,]?\s*"
)
# jieba's tags of a first word that leaves the subject out or refers back to it: a verb, a
# preposition, an adverb, a pronoun (jieba reads "任" of "任中共……书记" as one), a
# conjunction carrying on ("由于……", "和百香果一样……"); not an adjective ("新医院……"
# names a subject of its own)
_NO_SUBJECT = ("v", "p", "d", "r", "c")


def after_date(text: str) -> str:
    """What a sentence says after the date it opens with ("" when it opens with none)."""
    m = _DATE.match(text)
    return text[m.end() :] if m and m.end() < len(text) else ""


def opens_without_subject(clause: str) -> bool:
    """The clause's first word is a verb, a preposition, an adverb or a pronoun ("任中共……",
    "将……抵押", "又被……"): its subject is left out, or named before."""
    import jieba.posseg as pseg  # loaded on first use

    first = next(iter(pseg.cut(clause[:12])), None)
    return first is not None and first.flag.startswith(_NO_SUBJECT)
