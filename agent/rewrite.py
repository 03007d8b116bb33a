"""Reading a question before searching: small talk, follow-ups resolved from history,
definitional questions, page references and search words.

Deterministic and cheap, so routing and follow-up resolution behave the same with or
without a real LLM (the LLM also sees the history and may search differently).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from agent.numeral_forms import other_forms
from pipeline.text import lexicon
from pipeline.text.periods import PERIOD_TOKEN_RE, PREFIXED_YEAR_RE
from pipeline.text.script import HAN, HAN_RE, HAN_RUN_RE
from pipeline.text.segment import _get_jieba, query_terms

SmallTalk = Literal["greeting", "thanks", "bye", "identity", "wellbeing"]

_SMALL_TALK: list[tuple[SmallTalk, re.Pattern[str]]] = [
    (
        "greeting",
        lexicon.pattern(
            "small_talk.hello",
            template="^({}|good (morning|afternoon|evening))( there| folio|呀|啊)?$",
        ),
    ),
    (
        "thanks",
        re.compile(
            r"^(("
            + lexicon.alternation("small_talk.acknowledgements")
            + r")[, ]*)?(thanks?( you)?( (so|very) much)?|谢谢(你|您)?|"
            + lexicon.alternation("small_talk.thanks")
            + ")$"
        ),
    ),
    ("bye", lexicon.pattern("small_talk.bye", template="^({})$")),
    ("identity", re.compile(r"^(who are you|what are you|what can you do|你是谁|你能做什么)$")),
    # "hello, how are you?": asking after the assistant, maybe after a greeting; anything
    # more ("hello, how are sales?") stays a question because the whole message must match.
    (
        "wellbeing",
        re.compile(
            r"^(("
            + lexicon.alternation("small_talk.hello")
            + r"|good (morning|afternoon|evening))( there| folio)? ?)?("
            + lexicon.alternation("small_talk.how_are_you")
            + r")( today)?( folio)?(呀|啊)?$"
        ),
    ),
]


def small_talk(text: str) -> SmallTalk | None:
    """The kind of small talk a message is, or None for anything that may need the documents."""
    lowered = text.lower().replace("\u2019", "'")  # a typed ’ as in "how’s it going"
    norm = re.sub(r"[\s!！?？.。,，~～:：)）(（]+", " ", lowered).strip()
    return _whole_small_talk(norm) or _two_small_talks(norm)


def _whole_small_talk(norm: str) -> SmallTalk | None:
    for kind, pattern in _SMALL_TALK:
        if pattern.match(norm):
            return kind
    return None


def _two_small_talks(norm: str) -> SmallTalk | None:
    """'hi, thanks!', 'thanks, bye', '你好谢谢': two pleasantries in one message are small
    talk too, and the later one is what to answer (the greeting before thanks is a courtesy).
    Only when both halves are small talk, so 'hi, what was revenue?' stays a question."""
    cuts = [m.start() for m in re.finditer(" ", norm)]
    # Chinese pleasantries run together without a space ('你好谢谢'): cut between characters.
    if not cuts and HAN_RE.search(norm):
        cuts = list(range(1, len(norm)))
    for cut in cuts:
        first, second = norm[:cut].strip(), norm[cut:].strip()
        if first and second and _whole_small_talk(first) and (kind := _whole_small_talk(second)):
            return kind
    return None


# --- follow-ups ---------------------------------------------------------------------------

_EN_ELLIPTIC = re.compile(
    r"^("
    + lexicon.alternation("asking.follow_up_openers_en")
    + r")\b|\b("
    + lexicon.alternation("asking.back_references_en")
    + r")\b",
    re.I,
)
_ZH_ELLIPTIC = lexicon.pattern("asking.follow_up_openers_zh", template="^({})|(呢|吗)[？?]?$")
_QUESTION_WORD_LIST = (
    "what which who whom how when where why much many does did is are was were "
    "什么 哪些 哪个 哪里 哪儿 哪国 哪家 哪年 哪位 哪种 怎么 怎样 如何 "
    "多少 多大 多高 多长 多久 多远 几 几天 几年 几个 几次 几种 "
    "是否 为什么 吗 呢 能 可以 有 何时 何地 何处 时候 什么时候 "
    "地方 是谁 谁 哪 为何 时期 时间 年代 "
    "这份 这篇 这个 这些 这本 这部 那个 那些 该 此 本文"  # "这份报告": the document itself
)
_QUESTION_WORDS = frozenset(_QUESTION_WORD_LIST.split(" "))


_DIGIT_CJK = re.compile(r"(?<=[0-9A-Za-z])(?=[" + HAN + r"])|(?<=[" + HAN + r"])(?=[0-9A-Za-z])")


def spaced(text: str) -> str:
    """Digits and Latin words set apart from Chinese ("2022年" → "2022 年") before search."""
    return _DIGIT_CJK.sub(" ", text)


def content_terms(text: str) -> list[str]:
    """Search words of a text without question words."""
    return [t for t in query_terms(spaced(text)) if t not in _QUESTION_WORDS]


def resolve_followup(question: str, previous: Sequence[str]) -> str:
    """A standalone form of an elliptical follow-up ("能顺延吗？", "and in 2022?").

    The last standalone question gives the missing topic: years are swapped for the new
    ones, otherwise its topic words are put in front of the new question.
    """
    if not previous:
        return question
    prev = previous[-1]
    q = question.strip()
    years_now = PREFIXED_YEAR_RE.findall(q)
    terms = [
        t
        for t in content_terms(q)
        if not PREFIXED_YEAR_RE.fullmatch(t)
        and not t.isdigit()
        and not (_is_cjk(t) and len(t) == 1)
    ]
    elliptic = bool(_EN_ELLIPTIC.search(q) or _ZH_ELLIPTIC.search(q))
    limit = 2 if elliptic and not _is_cjk(q) else 1
    if len(terms) > limit or (not elliptic and not years_now and terms):
        return question
    # "and in fiscal 2022?" after "… in fiscal 2023?": only the year is new.
    new_terms = [t for t in terms if t not in content_terms(prev)]
    if years_now and PREFIXED_YEAR_RE.search(prev) and not new_terms:
        return PREFIXED_YEAR_RE.sub(lambda m: years_now[0], prev, count=1)
    topic = _topic(prev, terms)
    if not topic:
        return question
    return " ".join(topic) + " " + q


def _topic(prev: str, exclude: Sequence[str]) -> list[str]:
    """The words of the previous question that name what it was about."""
    prev_terms = [t for t in content_terms(prev) if t not in exclude]
    if _is_cjk(prev):
        words = _unknown_names(prev) + [t for t in prev_terms if len(t) > 1 or not _is_cjk(t)]
        return [t for t in dict.fromkeys(words) if t not in exclude][:4]
    names = {w.lower() for w in re.findall(r"\b[A-Z][A-Za-z&.-]*", prev)[1:]}
    years = {y.lower() for y in PREFIXED_YEAR_RE.findall(prev)}
    picked = [t for t in prev_terms if t in names or t in years]
    return (picked or prev_terms)[:4]


def _is_cjk(text: str) -> bool:
    return bool(HAN_RE.search(text))


# --- question shapes ----------------------------------------------------------------------


_FUNCTION_CHARS = frozenset("的了是在和与及或被把对从到以之其该为上下个些也就都而吗呢啊有能会要可")


# single characters never part of a name: pronouns, counters after a number, and the
# verbs, adverbs and particles a question's cut leaves alone ("他 曾 在", "岁 时 做 了")
_NO_NAME = frozenset(lexicon.words("asking.not_in_names_zh"))


def _unknown_names(text: str) -> list[str]:
    """Runs of single characters in jieba's cut ("乍 都 节" → "乍都节"), and words its HMM
    found outside the dictionary ("罗保铭", "高英"): usually names."""
    jieba = _get_jieba()
    known = jieba.dt.FREQ
    strip = "".join(_FUNCTION_CHARS)
    out: list[str] = []
    for run in HAN_RUN_RE.findall(text):
        buf = ""
        for cut in [*jieba.lcut(run), ""]:
            if len(cut) == 1 and cut not in _NO_NAME:
                buf += cut
                continue
            # a pronoun ("他曾…") or a word no name has ("23岁时做了") ends the run and is
            # none of it: the one asked about is never "他曾"
            w = "" if len(cut) == 1 else cut
            name = buf.strip(strip)
            if len(name) >= 2:
                out.append(name)
            buf = ""
            if w and not known.get(w) and len(w.strip(strip)) >= 2:
                out.append(w.strip(strip))  # "忠是" is a cutting slip, not a name
    return out


# jieba's tags of a lone character that can be the thing a question is about: a noun of
# any kind, or a bound morpheme it knows no word for (a plant's one-character name)
_SUBJECT_TAGS = ("n", "g")


def _lone_subject(text: str) -> list[str]:
    """The one character a Chinese question opens with when it is a word by itself, the
    thing asked about ("铀的熔点是多少？", "X所生长的地区"): a name of one character is
    still the question's most telling word, though single characters are never search
    words otherwise."""
    import jieba.posseg as pseg

    _get_jieba()
    cut = [(w.word, w.flag) for w in pseg.cut(text.strip()[:8])]
    if len(cut) < 2 or len(cut[0][0]) != 1 or not _is_cjk(cut[0][0]):
        return []
    (char, flag), after = cut[0], cut[1][0]
    if char in _NO_NAME or char in _FUNCTION_CHARS or not flag.startswith(_SUBJECT_TAGS):
        return []
    # "书的" / "铀是": the character stands alone before a particle or a word of its own;
    # another lone character after it makes a run that ``_unknown_names`` reads
    return [char] if len(after) > 1 or after in _FUNCTION_CHARS or after in _NO_NAME else []


def core_question(question: str) -> str:
    """The asking sentence of a question that goes on with instructions ("Round to ..."),
    without parenthesised asides of several words ("(in units of percents and round ...)")."""
    q = question.strip()
    if len(q) >= 120:
        m = re.search(r"^.{15,}?[?？]", q, re.S)
        q = m.group(0) if m else q
    return re.sub(r"[(（][^()（）]*?(\s[^()（）]*){3,}[)）]", " ", q).strip()


def key_terms(question: str) -> list[str]:
    """Words that identify what is asked: fiscal periods become years ("FY2022" → "2022"),
    and a name jieba does not know, cut into single characters, is put back together."""
    core = core_question(question)
    out: list[str] = _unknown_names(core) + _lone_subject(core)
    for t in content_terms(core):
        if len(t) == 1 and _is_cjk(t):
            continue
        m = PERIOD_TOKEN_RE.match(t)
        if m:
            year = m.group(1)
            if year:
                out.append(year if len(year) == 4 else "20" + year)
            continue
        out.append(t)
    # a count's other numeral form ("23岁" asked, "二十三岁" written): searched for too
    out += [other for _, other, _ in other_forms(core)]
    return list(dict.fromkeys(out))


_DEF_EN = lexicon.pattern(
    "asking.definition_openers_en",
    template=r"^(?:{})\s+(?:an?\s+|the\s+)?(?P<t>[^?]{1,60}?)\??$"
    r"|^what does\s+(?P<t2>.{1,60}?)\s+mean\??$",
    flags=re.I,
)
_DEF_ZH = lexicon.pattern(
    "asking.definition_endings_zh",
    template=r"^(?:什么是|何为|何谓)(?P<t>[^？?]{1,30})[？?]?$|^(?P<t2>[^？?]{1,30}?)(?:{})[？?]?$",
)
_PAGE = re.compile(r"\bpage\s+(\d{1,4})\b|\bp\.\s*(\d{1,4})\b|第\s*(\d{1,4})\s*页", re.I)


def defined_term(question: str) -> str | None:
    """X in "what is X" / "什么是X" / "X是什么", when the question asks for a definition."""
    q = question.strip()
    m = _DEF_EN.match(q) or _DEF_ZH.match(q)
    if not m:
        return None
    term = (m.group("t") or m.group("t2") or "").strip(" \"'“”‘’《》")
    if not term or len(content_terms(term)) > 4:
        return None
    return term


# "这份报告是哪家公司的？", "Which company filed this report?": the cover page says. The whole
# question must ask it: "Which company did Adobe acquire, according to the report?" must not.
_DOC_ZH = f"({lexicon.alternation('asking.documents_zh')})"
_PUBLISHED = lexicon.alternation("asking.publishing_verbs")
_ORG_ZH = "(公司|单位|机构|企业)"
_DOC_EN = r"(document|report|filing|file|paper)"
_ORG_EN = r"(company|organi[sz]ation|entity|firm|issuer|registrant)"
_WHOSE_DOCUMENT = re.compile(
    rf"^(这份|这篇|这个|本|该){_DOC_ZH}(是|属于|来自|出自)?(哪家|哪个|什么|谁)(的|家)?{_ORG_ZH}?"
    rf"(的|发布的|写的|出具的)?[？?]?$|^这是(哪家|哪个|什么){_ORG_ZH}的{_DOC_ZH}[？?]?$|"
    rf"^(which|what) {_ORG_EN} ({_PUBLISHED}) "
    rf"(this|the) {_DOC_EN}\??$|"
    rf"^(this|the) {_DOC_EN} (is|was) (from|by|about|for) (which|what) {_ORG_EN}\??$|"
    rf"^whose {_DOC_EN} is (this|it)\??$|"
    rf"^who (wrote|published|filed|issued) (this|the) {_DOC_EN}\??$",
    re.I,
)


def asks_whose_document(question: str) -> bool:
    return _WHOSE_DOCUMENT.search(question.strip()) is not None


def page_reference(question: str) -> int | None:
    """The page a question is about: "page 12", "第3页"; the cover page for whose
    document it is."""
    m = _PAGE.search(question)
    if not m:
        return 1 if asks_whose_document(question) else None
    return int(next(g for g in m.groups() if g))
