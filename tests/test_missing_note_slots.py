"""The note naming a figure the documents lack reads well with any slot empty (invented
items): no "的" left hanging where the year would stand, no blank where the item would."""

from __future__ import annotations

from agent.figures.render import missing_note


def test_a_chinese_note_without_a_year_has_no_hanging_particle() -> None:
    note = missing_note("revenue", None, "zh")
    assert not note.startswith("文档没有提到的"), note
    assert note.startswith("文档没有提到") and note.endswith("的数据。"), note
    assert "年" not in note, note


def test_a_chinese_note_with_a_year_names_it_before_the_item() -> None:
    note = missing_note("revenue", 2031, "zh")
    assert note.startswith("文档没有提到2031年"), note
    assert note.endswith("的数据。") and "年的的" not in note, note


def test_an_empty_item_is_not_named_as_a_blank() -> None:
    zh = missing_note("", 2031, "zh")
    en = missing_note("", None, "en")
    assert "年的数据" not in zh and "所需" in zh, zh
    assert "what  " not in en and "figure needed" in en, en


def test_an_english_note_without_a_year_names_no_fiscal_year() -> None:
    note = missing_note("revenue", None, "en")
    assert note.startswith("The documents do not say what ") and "FY" not in note, note
    assert "  " not in note, note


def test_a_sum_a_formula_wants_is_named_by_its_items_never_by_its_key() -> None:
    # invested capital is wanted as "total_debt + total_equity": the reader sees row names
    from pipeline.text.finance import vocabulary

    items = vocabulary().items
    for lang in ("en", "zh"):
        note = missing_note("total_debt + total_equity", 2031, lang)
        assert "total_debt" not in note and "_" not in note and "+" not in note, note
    en = missing_note("total_debt + total_equity", 2031, "en")
    assert items["total_debt"].names[0] in en and "2031" in en
