"""The section path a quote shows: sibling items are not nested in each other."""

from __future__ import annotations

from pipeline.text.section_path import reading_path


def test_an_item_under_another_item_shows_its_part_not_its_sibling() -> None:
    path = [
        "PART II Item 5. Market for Registrant's Common Equity",
        "Item 8. Financial Statements and Supplementary Data.",
        "Consolidated Balance Sheets",
    ]
    assert reading_path(path) == (
        "PART II > Item 8. Financial Statements and Supplementary Data. > "
        "Consolidated Balance Sheets"
    )


def test_a_chinese_section_under_another_section_shows_the_later_alone() -> None:
    assert reading_path(["第三节 公司业务概要", "第四节 经营情况讨论与分析", "一、概述"]) == (
        "第四节 经营情况讨论与分析 > 一、概述"
    )


def test_a_path_of_different_numberings_reads_as_stored() -> None:
    path = ["PART I", "Item 1A. Risk Factors", "Risks Related to Our Supply Chain"]
    assert reading_path(path) == " > ".join(path)
    assert reading_path([]) == ""
