"""An attribute a Chinese question asks of its subject, stated in other words.

"<动物>的体长是多少？" is answered by "<动物>……身长介于12到25公尺之间", "<人>的籍贯是哪里？" by
"<人>（），壮族，<地名>人", "<城>是哪一年建立的？" by "<城>是1879年建城的": the sentence
names the subject and states the attribute asked, but not by the question's noun, so the
selector ranks it by the subject's name alone (as high as any sentence of the article),
the answer check sees only the name shared, and the right sentence is refused or
outranked by the article's first one.

The attribute is read from the question's words (``data/attribute_said.json``: a length,
an area, a weight, a duration, an age, a birthplace, a founding, a diet, a colour, a player's
position), and a sentence states it when it holds a figure in a unit of that dimension,
a word of the same meaning, a colour word, or the native place written "<place>人". Among
the units about the subject asked (under its heading, or naming it), those stating the
attribute come first, and one of them is an answer, not a name shared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from agent.evidence import Passage, Unit
from agent.models.candidates import Candidate
from agent.models.subject import about, subject
from agent.rewrite import core_question
from pipeline.text.script import HAN, HAN_RE

DATA = Path(__file__).with_name("data") / "attribute_said.json"
# a figure: digits (with separators) or Chinese numerals, "几" and "数" for an estimate,
# then an optional "个" ("几个月")
_FIGURE = r"(?:[0-9０-９][0-9０-９.,，]*|[一二两三四五六七八九十百千万几数半]+)\s*个?"
# a native place after a person's name: "（），中国浙江省衢州市开化县人，", "，天津人。"
_NATIVE = re.compile(rf"(?:^|[，,；;（）()])\s*[{HAN}]{{2,14}}人(?=[，,；;。])")


class AttributeDataError(RuntimeError):
    """The attribute lexicon is missing or malformed."""


@dataclass(frozen=True)
class Attribute:
    name: str
    asks: tuple[str, ...]
    stated: re.Pattern[str] | None  # a figure in its unit, a word of its meaning, a colour
    native: bool = False


@cache
def attributes() -> tuple[Attribute, ...]:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))["attributes"]
        return tuple(_attribute(name, spec) for name, spec in raw.items())
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise AttributeDataError(f"cannot read the attribute lexicon {DATA}: {e}") from e


def _attribute(name: str, spec: dict[str, object]) -> Attribute:
    parts: list[str] = []
    units = [str(u) for u in spec.get("units", [])]  # type: ignore[attr-defined]
    if units:
        alt = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
        parts.append(rf"(?<![0-9A-Za-z]){_FIGURE}(?:{alt})(?![A-Za-z])")
    said = [str(w) for w in spec.get("said", [])]  # type: ignore[attr-defined]
    if said:
        parts.append("|".join(re.escape(w) for w in said))
    parts += [str(p) for p in spec.get("patterns", [])]  # type: ignore[attr-defined]
    colours = str(spec.get("colours", ""))
    if colours:
        parts.append(rf"[{re.escape(colours)}]色|[{re.escape(colours)}][花斑纹]")
    asks = tuple(str(w) for w in spec["asks"])  # type: ignore[attr-defined]
    stated = re.compile("|".join(parts), re.I) if parts else None
    return Attribute(name, asks, stated, bool(spec.get("native", False)))


@cache
def _parts() -> tuple[tuple[str, ...], tuple[str, ...]]:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))["parts"]
        return tuple(raw["asks"]), tuple(sorted(raw["words"], key=len, reverse=True))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise AttributeDataError(f"cannot read the parts of {DATA}: {e}") from e


@cache
def _part(word: str) -> Attribute:
    """A part described: a clause opening with it (its first character, or with the rest of
    the word or a part's suffix), then 为 or 呈 ("花为聚繖花序顶生", "；叶为披针形", "果实呈
    球形"; not "花期为", a season)."""
    rest = f"{re.escape(word[1:])}|" if len(word) > 1 else ""
    said = re.compile(
        rf"(?:^|[；;。：:])\s*(?:其)?{re.escape(word[0])}(?:{rest}[子片朵实部])?[为呈]"
    )
    return Attribute(f"part:{word}", (word,), said)


def asked_part(question: str) -> Attribute | None:
    """The part of its subject a Chinese question asks a description of ("<植物>的花有什么
    特点？"), or None."""
    asks, words = _parts()
    core = core_question(question)
    if not any(a in core for a in asks):
        return None
    word = next((w for w in words if f"的{w}" in core), None)
    return _part(word) if word else None


def asked(question: str) -> tuple[Attribute, ...]:
    """The attributes a Chinese question asks (none of an English one): each match of an
    attribute's words, the longest at a place ("多长时间" a duration, not a length), or
    the part of its subject it asks a description of."""
    core = core_question(question)
    if not HAN_RE.search(core):
        return ()
    part = asked_part(question)
    if part is not None:
        return (part,)
    spans = [
        (m.start(), m.end(), a)
        for a in attributes()
        for w in a.asks
        for m in re.finditer(re.escape(w), core)
    ]
    spans.sort(key=lambda s: s[0] - s[1])  # longest first
    kept: list[tuple[int, int, Attribute]] = []
    for s in spans:
        if all(s[1] <= k[0] or s[0] >= k[1] for k in kept):
            kept.append(s)
    return tuple(dict.fromkeys(a for _, _, a in kept))


def states(attrs: Sequence[Attribute], text: str) -> bool:
    """Does the text state one of the attributes?"""
    for a in attrs:
        if a.stated is not None and a.stated.search(text):
            return True
        if a.native and _NATIVE.search(text):
            return True
    return False


def _title(section: str) -> str:
    last = section.rsplit(">", maxsplit=1)[-1]
    return re.sub(r"[（(][^）)]*[）)]", "", last).strip()


def about_asked(question: str, p: Passage, u: Unit) -> bool:
    """The unit stands under a heading the question names, or is about its subject."""
    title = _title(p.section)
    if (len(title) >= 2 and title in question) or (title and question.startswith(f"{title}的")):
        return True  # a one-character name ("蓍") only where the question opens with it
    name = subject(question)
    return bool(name) and about(name, p, u)


def stated_of_subject(question: str, c: Candidate) -> bool:
    """The unit states an attribute the question asks, of the subject it asks about."""
    attrs = asked(question)
    return bool(attrs) and states(attrs, c.unit.text) and about_asked(question, c.passage, c.unit)


def attribute_first(
    question: str, found: list[Candidate], best: float, floor: float, addressed: bool
) -> tuple[list[Candidate], float, float, bool]:
    """The units stating the attribute asked of the subject asked first (in rank order,
    those writing the dimension's own character, "高" of "多高", before the rest, then those
    writing the part asked of, "翅" of "翅膀"), and the question addressed; unchanged when
    the question asks no attribute or none states it."""
    attrs = asked(question)
    if not attrs or not found:
        return found, best, floor, addressed
    stating = [c for c in found if stated_of_subject(question, c)]
    if not stating:
        return found, best, floor, addressed
    marks, parts = _dimension_marks(question, attrs), _part_marks(core_question(question), attrs)
    stating.sort(
        key=lambda c: (
            not any(m in c.unit.text for m in marks),
            not any(m in c.unit.text for m in parts),
        )
    )
    taken = {id(c) for c in stating}
    return [*stating, *(c for c in found if id(c) not in taken)], best, floor, True


def _dimension_marks(question: str, attrs: Sequence[Attribute]) -> list[str]:
    """The last character of each word asking a figure's dimension ("高" of "多高", "长"
    of "体长"): a sentence writing it beside the figure speaks of that dimension."""
    core = core_question(question)
    return [w[-1] for a in attrs if a.stated is not None for w in a.asks if w in core]


_NOT_PART = "是有为什多几怎哪"


def _part_marks(core: str, attrs: Sequence[Attribute]) -> list[str]:
    """The first character of the part a question asks the attribute of ("翅" of "……的翅膀
    是什么颜色", "果" of "……的果实成熟时是什么颜色"): the word between the last "的" and
    the attribute's word; a sentence stating the attribute of that part writes it."""
    out = []
    for w in (w for a in attrs for w in a.asks if w in core):
        before = core[: core.index(w)]
        part = before[before.rfind("的") + 1 :] if "的" in before else ""
        if part[:1] and HAN_RE.match(part[0]) and part[0] not in _NOT_PART:
            out.append(part[0])
    return out
