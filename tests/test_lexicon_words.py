"""The keyword lists moved out of the code into ``pipeline/text/data/lexicon/`` match
exactly what the code's literal alternations matched.

Each moved pattern is compared with the literal it replaced (kept here, and only here)
on invented text and on every word of the literal in several settings (alone, inside
other words, in other cases, at either end of a line): the same matches at the same
places with the same groups. The loader's own behaviour is checked on a theme written
for the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipeline.text import lexicon
from pipeline.text.lexicon import LexiconError, alternation, escape, pattern, words

# Invented text every moved pattern is also probed with.
TEXT = [
    "",
    "Note: the figure rose in 2023.",
    "However, the company also said that revenue grew, e.g. in Europe.",
    "这是一个术语，指的是某种方法。",
    "如果收入增长，那么利润也会增加。",
    "In addition, see Table 3 for the terms and definitions used.",
    "Mr. Smith joined the board; he is a director.",
    "我们的年报已发布。谢谢你！",
]
_WORDS = re.compile(r"[A-Za-z\u3400-\u9fff][A-Za-z\u3400-\u9fff'’/.\- ]*")


def probes(old: str) -> list[str]:
    """Invented text, and each word the old literal spells in settings that tell a
    boundary, an anchor or a case from another."""
    found = {w.strip() for w in _WORDS.findall(old.replace("\\s+", " ").replace("\\s", " "))}
    out = list(TEXT)
    for w in sorted(x for x in found if x):
        out += [w, w.upper(), w.title(), f"{w} x", f"x {w}", f"{w}s", f"pre{w}", f"{w}的"]
        out += [f"{w}\nnext", f"  {w},", f"{w}  tail", f"{w}{w}"]
    return out


def same_matches(old: re.Pattern[str], new: re.Pattern[str], text: str) -> None:
    def seen(p: re.Pattern[str]) -> tuple[object, ...]:
        found = [(m.span(), m.groups()) for m in p.finditer(text)]
        at = p.match(text)
        whole = p.fullmatch(text)
        return (found, at and at.span(), whole and whole.span(), p.sub("#", text))

    assert seen(new) == seen(old), f"{new.pattern!r} differs from the old literal on {text!r}"


def check(old: str, flags: int, new: re.Pattern[str], extra: tuple[str, ...] = ()) -> None:
    was = re.compile(old, flags)
    assert new.flags == was.flags
    for text in [*probes(old), *extra]:
        same_matches(was, new, text)


def test_the_loader_reads_words_in_order_and_builds_literal_alternations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "demo.json").write_text(
        json.dumps(
            {
                "_about": "a theme for the test",
                "greet": {"en": ["good morning", "hi"], "zh": ["你好"]},
                "marks": ["e.g", "n/a", "a+b"],
            }
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr(lexicon, "DATA", tmp_path)
    for cached in (lexicon._theme, words, pattern):
        cached.cache_clear()
    try:
        assert words("demo.greet") == ("good morning", "hi", "你好")
        assert words("demo.greet.zh") == ("你好",)
        assert alternation("demo.marks") == r"e\.g|n/a|a\+b"
        assert alternation("demo.greet.en", space=r"\s+") == r"good\s+morning|hi"
        p = pattern("demo.greet", "demo.marks", flags=re.I)
        assert p.pattern == r"\b(?:good morning|hi|你好|e\.g|n/a|a\+b)\b"
        assert p.search("Well, HI there") and not p.search("this")
        assert not pattern("demo.marks").search("eXg")  # a dot in a word is a dot
        assert pattern("demo.greet.en", template="^(?:{})$").fullmatch("hi")
        for bad in ("demo", "demo.missing", "demo._about", "nothing.here"):
            with pytest.raises(LexiconError, match=r"demo|nothing"):
                words(bad)
        with pytest.raises(LexiconError, match="exactly once"):
            pattern("demo.marks", template="^x$")
    finally:
        for cached in (lexicon._theme, words, pattern):
            cached.cache_clear()


def test_escape_leaves_words_and_spaces_and_escapes_syntax() -> None:
    assert escape("in addition") == "in addition"
    assert escape("(a)|b.c*") == r"\(a\)\|b\.c\*"
    assert re.fullmatch(escape("1+1=2?"), "1+1=2?")


def test_every_data_file_has_an_about_note_and_only_lists_of_words() -> None:
    files = sorted(lexicon.DATA.glob("*.json"))
    assert files
    for path in files:
        raw = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(raw.get("_about"), str) and raw["_about"], path.name
        for key in raw:
            if not key.startswith("_"):
                assert words(f"{path.stem}.{key}"), f"{path.stem}.{key}"


# ---- each moved pattern against the literal it replaced ---------------------------------


def test_term_surface_words_match_as_the_literals_did() -> None:
    from pipeline.knowledge.patterns import surface

    check(
        r"^(?:这|那|该|其|它|他|她|我|你|此|每|各|某|一些|如果|因为|但|而|并|也|都|则|即|就|还|又|"
        r"在|对于|对|把|被|从|由于|以|将|与|和|或|所以|因此|于是|其中|上述|下列|以下|如下|"
        r"主要|通常|一般|所有|任何|虽然|可以|只有|只是|不是|没有|同时|另外|此外|首先|其次|最后|"
        r"例如|比如|当|如|若|只要|除|根据|按照|通过|有|是|会|要|需要|应当|应|不|很|最|更|非常|"
        r"主角|男主角|女主角|配角|演员|歌手|导演|作者|主演|所谓|称为|又称|简称|即)",
        0,
        surface.ZH_BAD_START,
    )
    check(
        r"(?:的|了|着|地|得|等|们|中|时|后|前|里|上|下|都|也|就|只|还|才|均|却|又|不|没|很)$",
        0,
        surface._ZH_BAD_END,
    )
    check(
        r"^(?:note|notes|example|examples|source|sources|table|figure|fig|see|step|answer|"
        r"question|q|a|tip|warning|caution|remark|proof|solution|注|注意|例|例如|图|表|解|答|"
        r"问|说明|备注|提示|来源|资料来源|电话|地址|邮箱|email|tel|phone|fax|date|日期|时间|"
        r"none|n/a|nil|yes|no|无)\b",
        re.I,
        surface.LABELS,
    )
    check(r"^(?:the|a|an|our|its|their)\s+", re.I, surface._DETERMINER)
    check(r"^(?:是|为|就是|指的是|是指|指)\s*", 0, surface._COPULA_ZH)


def test_knowledge_words_match_as_the_literals_did() -> None:
    from pipeline.knowledge import definitions, summary, term_candidates
    from pipeline.knowledge.patterns import glossary, zh

    check(
        r"^(?:however|but|and|also|this|these|that|those|it|they|such|thus|therefore|in addition|"
        r"moreover|furthermore|for example|see|refer|as (?:shown|described|noted)|"
        r"但|但是|而|此外|另外|因此|所以|这|这些|那|它|它们|他|她|其|例如|比如|如图|见|同时|然而)",
        re.I,
        summary._OPENERS,
    )
    check(
        r"glossary|definitions?|terms and|terminology|key terms|术语|名词解释|定义|释义|词汇",
        re.I,
        term_candidates._GLOSSARY_TITLE,
    )
    check(
        r"^(?:introduction|overview|summary|conclusions?|background|references|bibliography|"
        r"appendix|contents|table of contents|index|exercises|questions|preface|abstract|notes|"
        r"概述|简介|引言|前言|小结|总结|结论|习题|练习|思考题|参考文献|附录|目录|摘要|结语|后记|"
        r"本章小结|问题背景|经验总结)$",
        re.I,
        term_candidates._NOT_TOPIC,
    )
    check(r"\b(?:Mr|Mrs|Ms|Dr|Prof|Messrs|St|No)\.$", 0, term_candidates._TITLE_END)
    check(r"^\s*,?\s*(?:is|was|has|had|joined|serves|served|became)\b", 0, term_candidates._BIO)
    assert definitions._ZH_VERBS == r"(?:是指|指的是|系指|是一种|是一类|是一项|即|指)"
    check(r"^(?:出|定|导|示|挥|派|责|望|引|正|明|向|标|令)", 0, definitions._ZH_NOT_DEFINING)
    assert zh._ZH_SCOPE == (
        r"(?:本(?:法|办法|规定|条例|细则|合同|协议|标准|制度|章程|准则|规则|指引|通知|意见)(?:中|里)?)?"
    )
    check(
        r"^(?:还|也|并|但|而|且|同时|其中|另外|此外|因此|所以|后来|之后|曾|现)", 0, zh._NEXT_TOPIC
    )
    check(
        r"^(?:母亲|父亲|妻子|丈夫|儿子|女儿|哥哥|弟弟|姐姐|妹妹|正室|本剧|本片|本书|本文|本人|"
        r"伯父|叔父|祖父|祖母|外祖父|外祖母|兄长|长子|次子|长女|次女|岳父|养父|继母|夫人|孙子|"
        r"原因|目的|结果|问题|方法|特点)$",
        0,
        zh._RELATIONAL,
    )
    check(r"^(?:英文|英语|英文名称|英文全称|英文简称|外文名|学名)[:：]?\s*", 0, zh._LATIN_LABEL)
    check(
        r"^(?:we|our|us|i|you|they|it|this|these|see|refer|我们|我|你|他们|本公司)\b",
        re.I,
        glossary._PRONOUN_START,
    )


def test_answer_words_match_as_the_literals_did() -> None:
    from agent.figures import between, items, render, row_said, sentences, versus
    from agent.models import spans

    check(
        r"^[\s“\"]*(因此|所以|因而|故而|于是|由此|从而|this is why|therefore|thus|as a result|"
        r"consequently|hence|accordingly)",
        re.I,
        spans._CONSEQUENCE,
    )
    check(
        r"(?:,\s*net\b|\s+(?:attributable|of|to|from|for|in|per|on|at|by|before|after|excluding|"
        r"including)\b).*$",
        re.I,
        render._QUALIFIED,
    )
    check(r"\w+ed|paid|spent|sold|held|made|received", re.I, render._PARTICIPLE)
    check(
        r"\((?:loss|losses|gain|gains|benefit|expense|income|deficit|used in|provided by)\)",
        0,
        items._ALTERNATIVE,
    )
    check(
        r"\b(?:shares|units|employees|stores|customers|members|locations|days|headcount|"
        r"number of)\b",
        re.I,
        row_said._COUNTED,
    )
    check(
        r"^(?:increas|decreas|grow|grew|declin|rise|rose|fall|fell|chang|improv|drop)",
        re.I,
        sentences._MOVES,
    )
    check(
        r"\bby how much\b|\bhow much did\b.*\b(?:increas|decreas|grow|declin|rise|fall|chang|"
        r"improv)|"
        r"\b(?:change|increase|decrease|growth|improvement|decline)\b.{0,40}\b(?:from|between|"
        r"compared|versus|vs)\b",
        re.I,
        sentences._ASKS_CHANGE,
    )
    check(r"^(?:growth|grow|grew|change|increase|decrease|decline)\w*$", re.I, versus._MOVES)
    check(r"\s+(?:in|for|during|over|as of|at)\s+.*$|(?:19|20)\d{2}\s*年度?", re.I, versus._WHEN)
    check(
        r"^\s*(?:how\s+(?:did|does|do|has|have|was|were|is|are)\s+)?(?P<a>.+?)\s+"
        r"(?:compared?|stack(?:ed)? up)\s+(?:to|with|against)\s+(?P<b>.+?)[?.\s]*$",
        re.I,
        versus._VERSUS,
    )
    check(r"^\W*(?:was|were|did|does|do|has|have|had|is|are)\b", re.I, between._YES_NO)


def test_question_and_sentence_words_match_as_the_literals_did() -> None:
    from agent import rewrite
    from agent.figures import row_said, stated_ranks, verify
    from agent.models import focus, follow_en

    check(
        r"^(hi|hello|hey|hiya|good (morning|afternoon|evening)|greetings|你好|您好|嗨|哈喽|"
        r"早上好|下午好|晚上好|在吗)( there| folio|呀|啊)?$",
        0,
        rewrite._SMALL_TALK[0][1],
        ("good morning there", "hiya folio", "hey啊", "greetings there", "good night", "hi hi"),
    )
    check(
        r"^((ok|okay|great|cool|nice|好的|好)[, ]*)?(thanks?( you)?( (so|very) much)?|thx|"
        r"many thanks|cheers|谢谢(你|您)?|多谢|感谢|辛苦了)$",
        0,
        rewrite._SMALL_TALK[1][1],
        (
            "ok, thanks",
            "okay thank you very much",
            "好的谢谢你",
            "nice,, cheers",
            "ok",
            "thanks ok",
        ),
    )
    for said in ("good evening there", "ok, thank you so much", "好的谢谢您", "hiya folio"):
        assert rewrite.small_talk(said) is not None
    check(r"^(bye|goodbye|see you|再见|拜拜|回头见)$", 0, rewrite._SMALL_TALK[2][1])
    check(
        r"^(and|what about|how about|and what about|also|then|same for|what of|in)\b|"
        r"\b(it|its|they|them|their|this|that|those|these)\b",
        re.I,
        rewrite._EN_ELLIPTIC,
    )
    check(r"^(那|那么|还有|另外|它|他|她|这|那个|这个|其)|(呢|吗)[？?]?$", 0, rewrite._ZH_ELLIPTIC)
    check(
        r"^(?:what is|what's|what are|who is|who was|define|definition of|meaning of)\s+"
        r"(?:an?\s+|the\s+)?(?P<t>[^?]{1,60}?)\??$|^what does\s+(?P<t2>.{1,60}?)\s+mean\??$",
        re.I,
        rewrite._DEF_EN,
    )
    check(
        r"^(?:什么是|何为|何谓)(?P<t>[^？?]{1,30})[？?]?$|"
        r"^(?P<t2>[^？?]{1,30}?)(?:是什么意思|是什么|指的是什么|是指什么|的定义是什么|的定义|"
        r"的含义|是谁)[？?]?$",
        0,
        rewrite._DEF_ZH,
    )
    assert rewrite._DOC_ZH == "(报告|文档|文件|文章|年报|季报|合同|材料)"
    assert rewrite._PUBLISHED == "published|filed|issued|wrote|released|prepared|produced"
    for asked in ("Which company published this report?", "这份报告是哪家公司的？"):
        assert rewrite.asks_whose_document(asked)
    check(r"什么|哪|谁|多少|几|何", 0, focus._ZH_ASK)
    check(r"\s*(?:what|which|who|whom|whose|how|when|where)\b", re.I, focus._EN_ASK)
    check(
        r"^(?:(?i:the|its|his|her|their|our)\s+)?([A-Za-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})"
        r"\s+(?:is|are|was|were)\s+\S",
        0,
        follow_en._EN_ATTRIBUTE,
    )
    check(
        r"^((?:in|on|by|since|during|as of)\s+"
        r"(?:the\s+(?:first|second|third|fourth)\s+quarter\s+of\s+)?"
        r"(?:fiscal\s+(?:year\s+)?)?(?:[A-Z][a-z]+\s+(?:\d{1,2},\s+)?)?(?:19|20)\d{2}),",
        re.I,
        follow_en._EN_DATED,
    )
    check(r"^(?:The|Our|As|In|For|At|Net|Total)\s+", 0, stated_ranks._LEAD)
    check(r"\bchange|growth|grew|increase|decrease|变化|增长|下降", re.I, verify._GROWTH)
    check(r"%|change|variance|增减|变动|比例|占", re.I, row_said._NOT_PERIOD)


def test_abbreviation_relation_and_filing_words_match_as_the_literals_did() -> None:
    from agent.figures import stated_ranks
    from pipeline.knowledge import graph, route, title_filing
    from pipeline.knowledge.patterns import en
    from pipeline.text import lang

    check(
        r"(?:\b(?:Inc|Ltd|Co|Corp|Mr|Mrs|Ms|Dr|Prof|St|No|Nos|Jr|Sr|vs|etc|e\.g|i\.e|U\.S|"
        r"Fig|Figs|Eq|Sec|Art|Vol|pp|approx)\.|(?<![\w-])[A-Z]\.)$",
        0,
        lang._ABBREVIATION,
    )
    assert lang.is_abbreviated("Northwind Traders Inc.") and not lang.is_abbreviated("Incx.")
    check(r"\b(?:is|are|means?|refers?|term|called|known|termed)\b", re.I, en._EN_CUE_WORDS)
    check(r".*(?:[,;:(]|\b(?:the|a|an|our|its|their|this|these)\s)", re.I, en._REFERENT_CUT)
    check(r"\s+of\s+(?:the|a|an|our|its|their|this|these)\s$", re.I, en._OF_DET)
    relative = r"(?:that|which|who|whose|where|in\s+which|used|of|for|by)\s+.{10,})$"
    assert sum(relative in p.pattern for p, _ in en._EN_CUES) == 1
    check(
        r"^[\s，,“”\"]*(?:是|为|属于|乃)(?:一种|一类|一个|一门|一款|一项)?[^，,；;。]{0,12}$"
        r"|^[\s,]*(?:is|are)\s+(?:an?\s+|one\s+of\s+the\s+)?(?:(?:kind|type|form|class|sort)s?"
        r"\s+of\s+)?(?:[\w\-]+\s+){0,3}$",
        re.I,
        graph._A_IS_B,
    )
    check(
        r"^(?:的一种|的一类|之一|的一个分支|[，,。；;.]|\s+(?:that|which|who|used|for|with|in)\b|$)",
        0,
        graph._AFTER_IS_A,
    )
    check(r"^(?:table of contents|contents|index|目录|目次|索引)$", re.I, route._SKIP)
    check(
        r"^[^()]{2,60}\((?P<d>[A-Z][a-z]+\.? \d{1,2},? \d{4})\)\s*[–—-]+\s*"
        r"(?P<org>[^()]{2,80}?)\s*(?:\((?:NYSE|NASDAQ|Nasdaq|AMEX|LSE|ASX)[^)]*\))?,?\s+"
        r"(?:today\s+)?(?:announced|reported|reports|announces)\s+(?P<what>[^.“\"]{3,80})",
        0,
        title_filing._DATELINE,
    )
    pct = r"(?P<pct>\d+(?:\.\d+)?)\s?(?:%|percent\b)"
    old_move = (
        r"\b(?P<verb>increased|decreased|grew|declined|rose|fell|(?:was|were)\s+(?:up|down))\s+"
        r"(?:by\s+)?" + pct + r"|"
        r"\b(?P<noun>increase|decrease|decline|growth|rise|drop)\s+of\s+"
        + pct.replace("pct", "pct2")
        + r"|"
        + pct.replace("pct", "pct3")
        + r"\s+(?P<at>increase|decrease|decline|growth|rise|drop)"
        r"\s+(?:at|in|for|from)\s+(?:our\s+|the\s+|its\s+)?(?P<name>[A-Z][\w&.'’-]*"
        r"(?:[ \t]+(?:(?:of|and|&)[ \t]+)?[A-Z][\w&.'’-]*)*)"
    )
    assert stated_ranks._MOVE.pattern == old_move
    check(old_move, 0, stated_ranks._MOVE)


def test_reference_and_example_words_match_as_the_literals_did() -> None:
    from pipeline.knowledge import graph
    from pipeline.knowledge.patterns import en
    from pipeline.knowledge.patterns.surface import Q_CLOSE, Q_OPEN
    from pipeline.perceive import references

    letter = r"(?:[A-Z]|\d+|[一二三四五六七八九十]+)(?![A-Za-z])"
    appendix = next(p for kind, p in references.PATTERNS if kind == "appendix")
    check(
        rf"(?:\bAppendix|\bAnnex|\bExhibit|\bSchedule|附录|附件|附表)\s*(?P<key>{letter})",
        re.I,
        appendix,
        ("see Exhibit B", "xAnnex 2", "见附件二", "SCHEDULE 4 and appendix C", "Exhibits A"),
    )
    check(
        r"^[\s，,（(]*(?:如|例如|比如|包括|诸如|such\s+as|including|e\.g\.,?|for\s+example,?)"
        r"\s*[^。.；;]{0,40}$",
        re.I,
        graph._B_HAS_A_KIND,
        ("such  as apples", ", e.g., pears", "（例如苹果", "for example, x"),
    )
    cap = r"[A-Z0-9][\w.&'’\-]*"
    check(
        rf"(?P<t>{cap}(?:,?\s+(?:(?:and|of|for|the|in|on|&)\s+)?{cap}){{0,7}})\s*"
        rf"\((?:the\s+|each\s+a\s+|a\s+|an\s+)?"
        rf"[{Q_OPEN}](?P<a>[^{Q_CLOSE}]{{1,40}})[{Q_CLOSE}]\)",
        0,
        en._EN_DEFINED_ALIAS,
        ('Bank of the West (the "Bank")', "Harbour & Lantern Works (“HLW”)"),
    )


def test_comparison_words_match_as_the_literals_did() -> None:
    from agent.question import compare

    held = r"dragg(?:ed|ing)? down|drags? down|held back|holds? back|weigh(?:ed|s)? on"
    negative = (
        r"\b(drops?|declines?|decreases?|fall|fell|loss|losses|worst|lowest|least|smallest|"
        r"weakest|slowest|shrank|shrink)\b|下降|下滑|减少|下跌|亏损|最低|最少|最差|最小|最慢"
    )
    check(negative, re.I, compare._NEGATIVE)
    check(
        r"\b(lowest|least|smallest|slowest|fewest|minimum)\b|最低|最少|最小|最慢",
        re.I,
        compare._LOW,
    )
    check(
        r"\b(highest|most|largest|biggest|greatest|top|fastest|maximum)\b|最高|最多|最大|最快",
        re.I,
        compare._HIGH,
    )
    check(
        r"\b(drops?|declines?|declined|decreases?|decreased|fall|fell|loss|losses|lost|lose|"
        r"shrank|shrink)\b|下降|下滑|减少|下跌|亏损",
        re.I,
        compare._DECLINE,
    )
    change = (
        r"\b(drop|declin|decreas|fall|fell|grow|growth|increas|rise|rose|perform|change|improv|"
        r"topline|top line|top-line)|增长|下降|下滑|减少|增加|变化|表现"
    )
    check(change, re.I, compare._CHANGE, ("the top line rose", "top-lines", "topline"))
    zh = "(最高|最低|最多|最少|最大|最小|最好|最差|最快|最慢)"
    asked = (
        "Which region had the highest sales?",
        "who dragged down growth and held back margins",
        "哪个业务增长最快",
        "最大的客户是谁",
        "Which unit weighed on profit, the weakest one?",
        "the biggest drop and the Top Harbor lowest",
    )
    check(
        r"\b(which|who)\b.*\b(highest|lowest|most|least|best|worst|weakest|strongest|biggest|"
        rf"largest|smallest|greatest|top|fastest|slowest|{held})\b|"
        rf"哪.{{0,16}}(?:{zh}|拖累)|{zh}的.{{0,8}}(是谁|是哪|是什么)",
        re.I,
        compare._EXTREME,
        asked,
    )
    check(
        r"(?:\b(?:highest|lowest|most|least|best|worst|biggest|largest|smallest|greatest|top|"
        r"fastest|slowest|weakest|strongest)\b|" + "|".join((zh, negative, change)) + r")[A-Za-z]*",
        re.I,
        compare._HOW_TO_COMPARE,
        asked,
    )
    assert compare._SUPERLATIVES == (
        "highest", "lowest", "most", "least", "best", "worst", "weakest", "strongest", "biggest",
        "largest", "smallest", "greatest", "top", "fastest", "slowest",
    )  # fmt: skip


def test_asked_figure_words_match_as_the_literals_did() -> None:
    from agent.models import kinds
    from agent.question import parsed

    check(r"\b(ratio|margin|rate|turnover|return on|per share)\b|率|比率", re.I, parsed._RATIO)
    check(
        r"^\W*(is|are|was|were|did|does|do|has|have|had|can|could|will|should)\b|是否|吗[?？]?\s*$",
        re.I,
        parsed._YES_NO,
        ("Did revenue grow?", "  could it?", "收入增长了吗？", "是否盈利"),
    )
    check(
        r"\d[\d,]*(\.\d+)?\s*(%|percent|million|billion|thousand|万|亿|元)|[$¥€£]\s?\d|"
        r"\d{1,3}(,\d{3})+|\d+\.\d+",
        0,
        kinds.FIGURE,
        ("$4.3 billion", "38.2%", "1,100 units", "12 percent", "5万元", "3 thousand", "2023"),
    )
    check(
        r"\bhow much\b|\bwhat (?:was |is |were |are )?(?:the )?(?:amount|percentage|percent|share|"
        r"proportion|value|total|sum)\b|多少钱|金额|百分比|比例",
        re.I,
        kinds._AMOUNT_ASKED,
        ("What was the amount paid?", "what total", "What is the share of", "金额是多少钱"),
    )


def test_table_cover_and_sentence_words_match_as_the_literals_did() -> None:
    from agent.models import judge, other_company, writing
    from pipeline.knowledge import title_filing
    from pipeline.knowledge.patterns import zh
    from pipeline.knowledge.patterns.surface import Q_CLOSE, Q_OPEN, ZH
    from pipeline.parse import table_structure

    check(
        r"\bin\b|thousand|million|billion|[$€£¥%]|statement|单位|元|表",
        re.I,
        writing._TITLE,
        ("(in thousands of $)", "Income Statement", "单位：元", "within", "附表一"),
    )
    check(
        r"%|change|variance|increase|decrease|增减|变动|比上年|同比|growth",
        re.I,
        table_structure._CHANGE,
        ("% Change", "Increase (decrease)", "本年比上年增减", "2023"),
    )
    check(
        r"transition period|commission file|file (?:number|no\b)|date of report|pursuant to|"
        r"securities and exchange|washington|^form\s|mark one|annual report|quarterly report|"
        r"current report|^for the |^or$|[☐☒☑■□¨]|^\(?(?:state|address|i\.?r\.?s\.?)\b",
        re.I,
        title_filing._COVER_LABEL,
        ("Commission File Number 001-1", "FORM 10-K", "or", "(State or other", "☒ ANNUAL REPORT"),
    )
    pointer = (
        r"^\W*(?:see|refer to)\b[^.]{0,120}\.?\s*$|"
        r"^\W*(?:for (?:a )?(?:more|further|additional|complete|more complete|detailed)\b"
        r"[^.]{0,100},\s*(?:please )?(?:see|refer to)\b[^.]{0,80}\.?\s*$)|"
        r"\b(?:please )?see (?:below|above)\.?\s*$|"
        r"^[^.]{0,80}\b(?:is|are) (?:discussed|described|included|presented) (?:in|under|below)\b"
        r"[^.]{0,80}\.?\s*$"
    )
    check(
        pointer,
        re.I,
        judge.POINTER,
        (
            "For a more complete discussion of the risks, please see below.",
            "For additional detail, refer to Note 4.",
            "For further information, see Item 7",
            "For detailed terms see x",
        ),
    )
    name = r"([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)"
    check(
        r"\b(?:does|did|do|is|was|has|had)\s+" + name + r"\s+[a-z]",
        0,
        other_company._SUBJECT[2],
        ("How many employees does Harlow Finch have?", "Where is Velmor headquartered?"),
    )
    check(
        rf"^(?P<t>[{Q_OPEN}]?[^，,；;：:（(是]{{2,16}}?[{Q_CLOSE}]?)(?:[（(](?P<a>[^）)]{{1,80}})[）)])?"
        rf"[，,]?是(?P<one>一种|一类|一个|一门|一项|指)?(?P<d>[^；;]{{6,}})$",
        0,
        zh._ZH_IS,
        ("机器学习是一种让计算机从数据中学习的方法", "“净利润”（NP）是指扣除所得税后的利润总额"),
    )
    check(
        rf"(?P<t>[{ZH}][{ZH}A-Za-z0-9·\-]{{1,20}})[（(]"
        r"(?:(?:英文|英语|英文名称|英文全称|英文简称|外文名|拉丁学名|学名)[:：]?\s*)?"
        r"[\"“]?(?P<a>[A-Za-z][^）()（]{1,100}?)[\"”]?[）)]",
        0,
        zh._ZH_ALIAS_LATIN,
        (
            "银杏（拉丁学名：Ginkgo biloba）",
            "机器学习（英文名称：Machine Learning）",
            "苹果(apple)",
        ),
    )


def test_bounded_figure_words_match_as_the_literals_did() -> None:
    from agent.figures import verify

    check(
        r"margin|\bshare\b|proportion|percent(?:age)? of|% of|\bas an? (?:percent|share)|"
        r"利润率|毛利率|净利率|占|比例|比重|占比",
        re.I,
        verify._BOUNDED,
        ("Operating margin FY2021", "as a percent of sales", "percentage of revenue", "占比"),
    )


def test_not_an_answer_words_match_as_the_literals_did() -> None:
    from agent import support

    check(
        r"do(es)? not say|not (?:mention|contain|provide|specify)|could not find|no information|"
        r"insufficient|依据不足|没有(?:找到|提到|相关)|未(?:提及|找到)|"
        r"follow-up questions|延伸问题",
        re.I,
        support._META,
        ("The report does not say.", "it does not mention x", "文中没有提到", "未找到相关内容"),
    )
