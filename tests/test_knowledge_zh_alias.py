"""A Chinese term given a short name, 「全称（简称）」, keeps its whole full name (found on a
report: a company whose name holds a bracketed place lost everything before the bracket),
a law's title in 《》 is a term too, and a defined term's short name joins its definition
instead of making a second, cut term."""

from __future__ import annotations

from pipeline.knowledge.patterns.zh import find_zh


def _aliases(sentence: str) -> dict[str, list[str]]:
    return {f.term: f.aliases for f in find_zh(sentence)}


def test_a_full_name_with_a_bracketed_place_stays_whole() -> None:
    got = _aliases(
        "股东拟将所持有的青岚湾（临川）精密轴承有限公司（以下简称“青岚轴承”）全部股权转让。"
    )
    assert got == {"青岚湾（临川）精密轴承有限公司": ["青岚轴承"]}


def test_a_title_in_book_marks_is_the_full_name() -> None:
    got = _aliases("根据《青岚湾港口管理条例》（以下简称《条例》）制定本细则。")
    assert got == {"青岚湾港口管理条例": ["条例"]}


def test_a_defined_terms_short_name_joins_its_definition() -> None:
    found = find_zh(
        "本办法所称夜间值守津贴（以下简称“值守津贴”），是指员工在夜间值班期间领取的补贴。"
    )
    assert [(f.term, f.kind, f.aliases) for f in found] == [
        ("夜间值守津贴", "definition", ["值守津贴"])
    ]
