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
from tests.lexicon_equivalence import check


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


def test_table_cover_and_sentence_words_match_as_the_literals_did() -> None:
    from agent.figures import attribute_rows
    from agent.models import judge, other_company
    from pipeline.knowledge import title_filing
    from pipeline.knowledge.patterns import zh
    from pipeline.knowledge.patterns.surface import Q_CLOSE, Q_OPEN, ZH
    from pipeline.parse import table_structure

    check(
        r"\bin\b|thousand|million|billion|[$€£¥%]|statement|单位|元|表",
        re.I,
        attribute_rows._TITLE,
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
