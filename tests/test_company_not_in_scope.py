"""A company the question asks about that the scope's reports are not about is refused as
that company, also when one of its words is an everyday word the reports use ("Caesars
Entertainment" of another casino's report, which writes "entertainment"), and when a
Chinese question names a company the vocabulary knows, read as its English name, which no
search of the Chinese words ever looked for. The report's own company is never another.
Invented names only; the vocabulary's pairs come from ``pipeline/text/data/bilingual.json``."""

from __future__ import annotations

import json
import re

from agent.evidence import Evidence
from agent.models.absent_subject import absent_subject
from agent.scope import stem
from pipeline.text.bilingual import DATA

PAIRS = [
    (zh, en)
    for zh, en in json.loads(DATA.read_text(encoding="utf-8"))["names"]
    if len(re.sub(r"[^A-Za-z]", "", en)) >= 3
]


def _search(df: dict[str, int], names: list[str]) -> list[Evidence]:
    missing = [t for t, n in df.items() if n == 0]
    return [Evidence(tool="search", query="revenue", term_df=df, missing=missing, names=names)]


def test_a_name_whose_own_word_the_scope_never_uses_is_another_company() -> None:
    df = {"halvorsen": 0, "entertainment": 14, "casino": 9, "revenue": 20}
    scope = _search(df, ["kestrelvane", "resorts"])
    asked = "What was Halvorsen Entertainment's casino revenue in 2041?"
    assert absent_subject(asked, scope) == "Halvorsen Entertainment"
    # the same question of the report of that company: its own word is used
    own = _search(df | {"halvorsen": 6}, ["halvorsen", "entertainment"])
    assert absent_subject(asked, own) == ""
    # a later word of the owner's name the searches missed does not make it another's
    later = _search(df | {"halvorsen": 6, "holdings": 0}, ["halvorsen"])
    assert absent_subject("What was Halvorsen Holdings's casino revenue in 2041?", later) == ""


def _file_words(en: str) -> list[str]:
    return [stem(re.sub(r"[^A-Za-z]", "", en).lower())]  # "BESTBUY_2041_10K.pdf"


def test_a_known_company_read_from_a_chinese_question_is_another_company_s() -> None:
    for _, en in PAIRS:
        # the searches ran on the Chinese words: the English name's words are no term
        df = {"循环": 3, "信贷": 3, "协议": 5, "额度": 0}
        stranger = _search(df, ["kestrelvane"])
        reading = f"What was {en}'s new revolving credit commitments?"
        assert absent_subject(reading, stranger) == en, en
        assert absent_subject(reading, _search(df, _file_words(en))) == "", en
