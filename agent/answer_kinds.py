"""What a question asks for — a number, a date, a person, a place, a definition, a reason,
a list — and whether a sentence holds that kind of thing.

The question words and the marks of each kind are data (``data/question_kinds.json``);
names of people and places in Chinese come from jieba's part-of-speech tags, in English
from capitalised words. Things the question itself names do not count: the answer to
"who founded X?" is a name other than X. A reason asked is all that is asked: "what drove
the gross margin change?" names a figure but is answered by the cause, not by the figure.
A list ("what are the geographies …", "有哪些") is held by a unit enumerating several short
members.
"""

from __future__ import annotations

import re
from functools import cache

from agent.question.kinds import (
    COUNTED,
    FIRST_ASKING,
    NAME_RUN,
    YEARISH,
    Kind,
    asked_kinds,
    asks_overview,  # noqa: F401  (sections.py reads it here)
    asks_status,
)
from agent.question.kinds import marks as _marks
from agent.question.kinds import raw as _raw
from agent.scope import stem
from pipeline.text.lexicon import alternation
from pipeline.text.periods import YEAR_RE
from pipeline.text.script import HAN_RE
from pipeline.text.segment import _get_jieba

_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_HAN = HAN_RE
# An amount or a share ("$4.3 billion", "38.2%", "1,100"), not a year or a count.
FIGURE = re.compile(
    r"\d[\d,]*(\.\d+)?\s*(" + alternation("asked_figures.figure_units") + r")|[$¥€£]\s?\d|"
    r"\d{1,3}(,\d{3})+|\d+\.\d+"
)
_RATIO = re.compile(r"\d+(?:\.\d+)?\s?[:：]\s?\d+(?:\.\d+)?")
# a question asking for an amount or a share: answered by a figure, never by a date alone
_AMOUNT_ASKED = re.compile(
    r"\bhow much\b|\bwhat (?:was |is |were |are )?(?:the )?(?:"
    + alternation("asked_figures.amount_nouns.en")
    + r")\b|"
    + alternation("asked_figures.amount_nouns.zh"),
    re.I,
)
_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")  # "(FLNA)": a member's abbreviation
# a question asking a date ("When …", "On what date …"): never what the subject is or does
_ASKS_DATE = re.compile(r"^\W*(?:when|(?:on |in )?what (?:date|day|month|year))\b", re.I)
_MIN_MEMBERS = 3
_MAX_MEMBER_WORDS = 4  # a member of a list is a name, not a clause
_MAX_MEMBER_HAN = 10
_MIN_NAMED = 2  # names in one sentence that list members ("acquired A and B")


def asks_about_subject(question: str) -> bool:
    """The question asks what the document's subject as a whole is or does ("What does
    Acme do?", "What industry does Acme operate in?", "公司主要从事什么业务？"): besides the
    words that ask so (``question_kinds.json`` "subject"), phrasing and periods, it names
    at most one thing, the subject itself."""
    from agent.models.phrasing import phrasing_words  # phrasing reads this module's data
    from agent.rewrite import content_terms

    q = FIRST_ASKING.match(question.strip()).group(0).strip()  # type: ignore[union-attr]
    if _ASKS_DATE.match(q):  # "When does Acme's fiscal year end?": a date, not what Acme is
        return False
    # a period ("FY2022", "Q2") is no name
    runs = [
        [w for w in m.group(0).split() if not re.search(r"\d", w)] for m in NAME_RUN.finditer(q)
    ]
    runs = [run for run in runs if run]
    if len(runs) > 1:
        return False
    named = {stem(re.sub(r"['’]s$", "", w).lower()) for run in runs for w in run}
    said = phrasing_words(q) | _marks().subject | named
    rest = [t for t in content_terms(q) if stem(t) not in said and not YEARISH.match(t)]
    words = content_terms(q) + re.findall(r"[a-z]+", q.lower())  # "do" is a stop word
    return not rest and any(stem(t) in _marks().subject for t in words)


def search_words(question: str) -> list[str]:
    """Words a keyword search adds for the kinds a question asks ("due driven …" for a
    reason), in the question's language."""
    lang = "zh" if _HAN.search(question) else "en"
    said = [_marks().search.get(k, {}).get(lang, "") for k in sorted(asked_kinds(question))]
    if asks_status(question):  # where a matter stands: the words its latest step is told in
        said.append(_raw()["status"]["search"].get(lang, ""))
    return " ".join(said).split()


def enumerates(text: str) -> bool:
    """Does the text list several members: three or more numbered or bulleted items, or
    three short pieces in a row between list separators ("North America; Latin America;
    Europe", "甲、乙和丙")? A member is
    a name: it opens with a letter and holds no figure ("$5.2 billion, $4.1 billion" lists
    amounts, "up 3%" is a clause) and is a few words long (nor is a clause between commas)."""
    if len(_marks().markers.findall(text)) >= _MIN_MEMBERS:
        return True
    run = best = 0
    for raw in _marks().separators.split(text):
        piece = _ASIDE.sub("", raw or "").strip(" .。:：()（）\n")
        if not piece:
            continue  # two separators in a row ("; 2) "): the same gap
        han = bool(_HAN.search(piece))
        size = len(piece) if han else len(piece.split())
        short = size <= (_MAX_MEMBER_HAN if han else _MAX_MEMBER_WORDS) and piece[0].isalpha()
        short = short and not any(c.isdigit() for c in piece)
        run = run + 1 if short else 0
        best = max(best, run)
    return best >= _MIN_MEMBERS


# the kinds that are one fact of what the question names, not a topic to read whole
_FACTS = frozenset({"person", "place", "date", "number", "reason"})


def asks_fact(question: str) -> bool:
    """Does the question ask one fact of what it names: a person, a place, a date, a
    figure, a cause, or (Chinese) a thing: the one of a kind the noun after its question
    word names ("引起了什么变化", "属于哪种结构", "以什么为燃料"), or what a verb closing the
    question asks ("做了什么")? A list, a definition or a name asked is no one fact."""
    kinds = asked_kinds(question)
    if kinds & {"list", "definition"}:
        return False
    if kinds & _FACTS:
        return True
    if not _HAN.search(question):
        return False
    tagged = [(w, f) for w, f in _tagged(question) if f not in ("m", "q")]  # "哪 种 语系"
    return any(_thing_asked(tagged, i) for i in range(1, len(tagged)))


def _thing_asked(tagged: list[tuple[str, str]], i: int) -> bool:
    """Is word ``i`` a question word asking a thing (see ``asks_fact``)?"""
    word, before, after = tagged[i][0], tagged[i - 1], tagged[i + 1 :][:1]
    if not re.match(_raw()["thing_asked_zh"], word):
        return False
    then = after[0][1] if after else "x"
    if then[:1] in ("n", "p") or then == "vn":
        return True
    named = re.match(_raw()["names_asked_zh"], before[0])
    return then == "x" and before[1][:1] in ("v", "u") and not named


@cache
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    import jieba.posseg as pseg

    _get_jieba()
    return tuple((w.word, w.flag) for w in pseg.cut(text))


def _new_names(text: str, question: str, common: frozenset[str]) -> set[str]:
    """The English names a text uses that the question does not, each once ("Pearl
    Valley Farms Ltd" and its short form "Pearl Valley" are one)."""
    plain = common | _marks().not_names
    found = [
        m.group(0)
        for m in _CAPITALISED.finditer(text)
        if m.group(0) not in question and not all(w.lower() in plain for w in m.group(0).split())
    ]
    return {n for n in found if not any(n != o and n in o for o in found)}


def is_title(name: str) -> bool:
    """Is a capitalised run an office or a document part, not a name ("Operating Officer",
    "Exhibit 31")? Read from ``question_kinds.json`` "not_names"."""
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", name)]
    return bool(said) and all(w in _marks().not_names for w in said)


def _names(
    text: str,
    tags: frozenset[str],
    question: str,
    common: frozenset[str],
    roles: frozenset[str] = frozenset(),
) -> bool:
    """Does the text name a person (place) the question does not: a word jieba tags so,
    or (a person in Chinese) one of ``roles``, an office that answers "谁" as a name does."""
    if _HAN.search(text):
        return any(
            (flag in tags or word in roles) and len(word) >= 2 and word not in question
            for word, flag in _tagged(text)
        )
    # English: a capitalised run the question does not say, with a word that is no title
    # or document part and that the passages never write in lower case ("Matt Bilunas",
    # not "Chief Financial Officer" or "Certification")
    plain = common | _marks().not_names
    return any(
        m.group(0) not in question and not all(w.lower() in plain for w in m.group(0).split())
        for m in _CAPITALISED.finditer(text)
    )


# a figure, then up to four words before the thing it counts ("more than 90,000 Blue Harbor
# employees", "798,000 full-time and part-time employees")
# words that end the phrase a figure counts
_BREAKS = frozenset(
    [
        "across",
        "in",
        "at",
        "of",
        "for",
        "to",
        "with",
        "by",
        "from",
        "on",
        "per",
        "over",
        "under",
        "than",
        "as",
        "is",
        "are",
        "was",
        "were",
    ]
)
# (a figure, not a code's part: "Public Law 93-406, the Employee …" counts nothing)
_FIGURE_THEN = re.compile(
    r"(?<![\w.\-/])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)((?:\s+[^\s\d]+){1,5})"
)


def count_search(question: str) -> str:
    """Keywords for a sentence giving the number a "how many" question asks ("employees
    approximately"); "" for other questions."""
    m = COUNTED.search(question)
    if m is None:
        return ""
    noun = m.group(1).lower()
    raw = _raw()
    return " ".join([noun, *raw["counted_as"].get(noun, []), raw["count_search"]])


@cache
def _counted_as() -> dict[str, frozenset[str]]:
    """Each counted thing's other words, stemmed: "employe" → {"peopl", "colleagu", …}."""
    return {stem(k): frozenset(stem(w) for w in ws) for k, ws in _raw()["counted_as"].items()}


def _counts(text: str, noun: str, question: str) -> bool:
    """Does the text give a number of ``noun`` (stemmed), or of what a report counts it
    by ("29,239 people" for employees), that the question does not?"""
    return _count_at(text, noun, question) is not None


def _count_at(text: str, noun: str, question: str) -> tuple[int, int] | None:
    """The span from the figure to the word it counts, or None."""
    nouns = {noun} | _counted_as().get(noun, frozenset())
    own = set(re.findall(r"\d+", question))
    for m in _FIGURE_THEN.finditer(text):
        figure = m.group(1).replace(",", "")
        if figure in own or YEAR_RE.fullmatch(figure):
            continue  # a year is no count
        at = m.end(1)
        for w in m.group(2).split():
            at = text.index(w, at) + len(w)
            word = w.strip(".,;:()").lower()
            if stem(word) in nouns:  # "200 Specified Employees" is a defined term, no count
                return (
                    None if w[:1].isupper() else (m.start(1), at - len(w) + len(w.rstrip(".,;:()")))
                )
            if word in _BREAKS or w[-1:] in ".,;:":
                break  # "90,000 people across its stores" counts people
    return None


def count_span(text: str, question: str) -> tuple[int, int] | None:
    """Where the text gives the number a "how many" question asks ("approximately 798,000
    full-time and part-time employees" → "798,000 … employees"; a table row whose label
    names the thing counted, "Total number of options granted | 2,422"); a Chinese count
    is a figure with its measure word ("共有3个", "五座")."""
    counted = COUNTED.search(question)
    if counted is not None:
        return _count_at(text, stem(counted.group(1)), question) or _row_count(text, question)
    own = set(re.findall(r"\d+", question))
    for m in _ZH_COUNT.finditer(text):
        if (m.group(1) or m.group(2)) not in own:
            return m.span()
    return None


# "how many stock options did …": the words of the thing counted, up to the verb
_COUNTED_PHRASE = re.compile(
    r"\bhow many\s+((?:[a-z][a-z'-]*\s+){0,3}?[a-z][a-z'-]*)\s+(?:did|do|does|were|was|are|is"
    r"|has|have|had|will|would|could|can)\b",
    re.I,
)
_CELL_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _row_count(text: str, question: str) -> tuple[int, int] | None:
    """A table row's first figure (no year, none the question gives) when its label says
    every word of the thing the question counts ("Options granted" for "how many options
    did …"; not "International segment stores" for "how many Domestic stores")."""
    m = _COUNTED_PHRASE.search(question)
    if m is None or "|" not in text:
        return None
    counted = {stem(w) for w in re.findall(r"[a-z]+", m.group(1).lower())}
    cells = text.strip().strip("|").split("|")
    if not counted <= {stem(w) for w in re.findall(r"[a-z]+", cells[0].lower())}:
        return None
    own = set(re.findall(r"\d+", question))
    at = text.index(cells[0]) + len(cells[0])
    for cell in cells[1:]:
        f = _CELL_FIGURE.search(cell)
        figure = f.group(0).replace(",", "") if f else ""
        if f is not None and figure not in own and not YEAR_RE.fullmatch(figure):
            start = text.index(cell, at) + f.start()
            return start, start + len(f.group(0))
        at = text.index(cell, at) + len(cell)
    return None


# A lone 一 before a measure word is the indefinite article ("是……属的一种", "其中一个"),
# not a count: "一百个", "十一个", "两个" are counts.
_ZH_COUNT = re.compile(
    r"(\d[\d,.]*|[一二两三四五六七八九十百千万亿]+)\s*[年天岁倍人]|"
    r"(\d[\d,.]*|[一二两三四五六七八九十百千万亿]{2,}|[二两三四五六七八九十百千万亿])"
    r"\s*[个种次位名家所条项部座届只件本]"
)


def holds(kind: Kind, text: str, question: str, common: frozenset[str] = frozenset()) -> bool:
    """Does ``text`` hold a thing of ``kind`` that the question does not already name?
    ``common``: words the passages write in lower case, which no English name is made of
    only."""
    marks = _marks()
    if kind == "person":
        return _names(text, marks.person_tags, question, common, marks.person_roles_zh)
    if kind == "place":
        return _names(text, marks.place_tags, question, common)
    if kind == "list":  # members listed, or named one after another in a sentence
        return enumerates(text) or len(_new_names(text, question, common)) >= _MIN_NAMED
    if kind == "number":
        counted = COUNTED.search(question)
        if counted is not None:  # "how many stores": a number of stores
            return _counts(text, stem(counted.group(1)), question)
        if _AMOUNT_ASKED.search(question):  # "how much cash": an amount, not a date
            own_figures = {m.group(0) for m in FIGURE.finditer(question)}
            if any(m.group(0) not in own_figures for m in FIGURE.finditer(text)):
                return True
            # a proportion asked ("比例是多少") is given as a ratio ("约为1：7")
            return bool(_RATIO.search(text)) and not _RATIO.search(question)
        own = set(re.findall(r"\d+", question))
        return any(n not in own for n in re.findall(r"\d+", text)) or bool(
            marks.holds["number"].search(re.sub(r"\d", "", text))
        )
    return marks.holds[kind].search(text) is not None
