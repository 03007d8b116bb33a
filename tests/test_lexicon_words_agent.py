"""The answerer's keyword lists (question readers, figure answers, sentences that answer
nothing) moved into ``pipeline/text/data/lexicon/`` match exactly what the code's literal
alternations matched; the literals are kept here, and only here
(``tests/lexicon_equivalence.py`` compares them)."""

from __future__ import annotations

import re

from tests.lexicon_equivalence import check


def test_answer_words_match_as_the_literals_did() -> None:
    from agent.figures import items, render, row_said, sentences, versus
    from agent.models import spans
    from agent.question import asked_move

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
    check(r"^\W*(?:was|were|did|does|do|has|have|had|is|are)\b", re.I, asked_move._YES_NO)


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
        r"\b(drop|declin|decreas|fall|fell|grow|grew|growth|increas|rise|rose|perform|change|improv|"
        r"topline|top line|top-line|shrank|shrink|shrunk|contracted)"
        r"|增长|下降|下滑|减少|增加|变化|变动|表现"
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
        r"fastest|slowest|weakest|strongest|steepest|sharpest|higher|lower|larger|bigger|"
        r"smaller|faster|slower|greater)\b|" + "|".join((zh, negative, change)) + r")[A-Za-z]*",
        re.I,
        compare._HOW_TO_COMPARE,
        asked,
    )
    assert compare._SUPERLATIVES == (
        "highest", "lowest", "most", "least", "best", "worst", "weakest", "strongest", "biggest",
        "largest", "smallest", "greatest", "top", "fastest", "slowest", "steepest", "sharpest",
        "higher", "lower", "larger", "bigger", "smaller", "faster", "slower", "greater",
    )  # fmt: skip


def test_asked_figure_words_match_as_the_literals_did() -> None:
    from agent import answer_kinds as kinds
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


def test_change_question_words_match_as_the_literals_did() -> None:
    from agent.figures import cagr, differences

    check(
        r"\bcagr\b|\bcompound(?:ed)?(?: average)? annual(?: rate of)? growth|"
        r"\bcompound(?:ed)? (?:annual )?growth rate|\bgrowth rate compounded|"
        r"\bannuali[sz]ed (?:growth|rate of growth)",
        re.I,
        cagr._CAGR,
        (
            "the compounded average annual rate of growth of sales",
            "a compound annual growth rate (CAGR) from 2019",
            "compound growth rates",
            "annualised growth",
            "CAGRs",
        ),
    )
    check(
        r"\bby how much\b|\bin (?:us\s*)?dollars\b|"
        r"\b(?:dollar|absolute) (?:change|increase|decrease)"
        r"|\bhow much (?:did|has|have|had|was|were)\b.{0,80}\b(?:chang|increas|decreas|ris|ros|"
        r"fall|fell|declin|drop)\w*|\b(?:change|difference|increase|decrease) in\b",
        re.I,
        differences._AMOUNT,
        (
            "How much did the Orchard line's sales rise from 2023 to 2024?",
            "the change in US  dollars",
            "in usdollars",
            "dollar changes",
            "absolute decreases in cost",
            "how much has it dropped",
        ),
    )
    # a verb of growth asks a rate unless "by how much" asks the sum (``_RATE_VERB``)
    check(
        r"percent|%|\bgrowth\b|\brate\b|\bhow fast\b|\bpace\b",
        re.I,
        differences._RATE,
        ("percentage growth", "growths", "grew 12%", "at what pace", "rates", "outgrew"),
    )
    check(r"\bgr[oe]w\w*", re.I, differences._RATE_VERB, ("grew 12%", "growing", "outgrew"))
