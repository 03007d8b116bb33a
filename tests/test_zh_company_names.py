"""A Chinese question names an English report's company by its Chinese name ("百事" of
PepsiCo's 10-K, which prints only "PepsiCo"): the question is asked of that company's
documents, the name is no word the report "never mentions", and a Chinese question opening
with a date ("截至2041年底，…") has no company in the date. A Chinese name of a company the
scope's reports are not about is still another company's. Each pair of the vocabulary's
names (``pipeline/text/data/bilingual.json``) is tried, over invented file names."""

from __future__ import annotations

import json
import re
from collections import Counter

from agent.companies import named_documents, names_a_company
from agent.evidence import Evidence
from agent.models.absent_subject import absent_subject
from agent.scope import DocStats, ScopeStats, stem
from pipeline.text.bilingual import DATA

PAIRS = [
    (zh, en)
    for zh, en in json.loads(DATA.read_text(encoding="utf-8"))["names"]
    if len(re.sub(r"[^A-Za-z]", "", en)) >= 3  # "3M": two letters name nothing
]
OTHER = "KESTRELVANE_2041_10K.pdf"  # an invented company no Chinese name stands for


def _file(en: str) -> str:
    return re.sub(r"[^A-Za-z]", "", en).upper() + "_2041_10K.pdf"  # "BESTBUY_2041_10K.pdf"


def _stats(file_name: str) -> DocStats:
    words = re.findall(r"[A-Za-z]+", file_name.rsplit(".", 1)[0])
    return DocStats(
        chunks=1,
        df=Counter(),
        initials=frozenset(),
        names=frozenset(stem(w) for w in words if len(w) > 2),
    )


def test_a_chinese_name_asks_of_that_company_s_documents() -> None:
    for zh, en in PAIRS:
        names = (_file(en), OTHER)
        stats = [_stats(n) for n in names]
        question = f"{zh}2041年的营业收入是多少？"
        assert named_documents(question, ("own", "other"), names, stats) == ("own",), zh
        assert names_a_company(question, names, stats), zh
        # another company's Chinese name names neither document: the scope stays whole
        stranger = next(z for z, e in PAIRS if e != en and not _file(e).startswith(_file(en)[:3]))
        asked = f"{stranger}2041年的营业收入是多少？"
        assert named_documents(asked, ("own", "other"), names, stats) == ("own", "other")


def test_the_chinese_name_of_the_report_s_company_is_present_in_its_scope() -> None:
    for zh, en in PAIRS:
        scope = ScopeStats([_stats(_file(en))])
        assert scope.present(zh) and scope.present(f"{zh}公司"), zh
        assert not ScopeStats([_stats(OTHER)]).present(zh), zh


def _evidence(en: str, missing: list[str]) -> list[Evidence]:
    own = sorted(_stats(_file(en)).names)
    df = {t: 0 for t in missing} | {"员工": 0, "营业收入": 0}
    return [Evidence(tool="search", query="营业收入", term_df=df, missing=missing, names=own)]


def test_a_chinese_question_of_the_own_company_is_no_other_company_s() -> None:
    for zh, en in PAIRS:
        scope = _evidence(en, [zh, "截至"])
        assert absent_subject(f"{zh}2041年的营业收入是多少？", scope) == "", zh
        # the date it opens with names no company
        assert absent_subject(f"截至2041年底，{zh}的员工有多少名？", scope) == "", zh


def test_a_chinese_name_of_another_company_is_still_refused() -> None:
    for zh, en in PAIRS:
        stranger, english = next((z, e) for z, e in PAIRS if _file(e)[:3] != _file(en)[:3])
        scope = _evidence(en, [stranger])
        assert absent_subject(f"{stranger}2041年的营业收入是多少？", scope) == english, zh


def test_a_date_a_chinese_question_opens_with_names_no_company() -> None:
    df = {"截至": 0, "青岚电气": 3, "员工": 2}
    scope = [Evidence(tool="search", query="员工", term_df=df, missing=["截至"])]
    assert absent_subject("截至2041年底，青岚电气的员工有多少名？", scope) == ""
    gone = [
        Evidence(tool="search", query="员工", term_df=df | {"白沙": 0}, missing=["截至", "白沙"])
    ]
    assert absent_subject("截至2041年底，白沙的员工有多少名？", gone) == "白沙"
