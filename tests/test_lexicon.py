"""The lexicon layer: one module each for Chinese script, periods and total rows.

The old inline patterns are written out here once, so that each test compares what the
code did before the consolidation with what it does now. Where the two differ on purpose
(the agent's classes now take in CJK Extension A), the test says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.text import script

ROOT = Path(__file__).resolve().parents[1]
BMP = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]


def _chars(pattern: re.Pattern[str]) -> set[str]:
    return {c for c in BMP if pattern.fullmatch(c)}


# --- script: the CJK character classes ------------------------------------------------

# (old literal, as the code wrote it) -> the named class that replaced it
LEGACY_CLASSES = [
    (r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]", script.HAN),  # lang, segment
    (r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]", script.CJK_SPAN),  # lang, source
    (r"[\u3400-\u9fff]", script.HAN_SPAN),  # boilerplate, keyphrases, summary, title...
    (r"[\u4e00-\u9fff]", script.UNIFIED),  # labels, headings, table words, knowledge
    (r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]", script.OCR_CJK),  # OCR tidy-up
    (r"[\u3400-\u9fff\uf900-\ufaff]", script.HAN_SPAN + script.HAN_COMPAT),  # patterns.ZH
    (r"[\u3000-\u9fff\uff00-\uffef]", script.EAST_ASIAN_SPAN + script.FULLWIDTH),  # judge
]


@pytest.mark.parametrize(("old", "new"), LEGACY_CLASSES)
def test_a_named_variant_holds_exactly_the_characters_of_the_range_it_replaced(
    old: str, new: str
) -> None:
    assert _chars(re.compile(old)) == _chars(re.compile(f"[{new}]"))


def test_han_takes_in_extension_a_and_compatibility_ideographs() -> None:
    for ch in "㐀䶵一中鿿" + chr(0xF900):
        assert script.is_han_char(ch), ch
    for ch in "a1，。䷀ア가 ":
        assert not script.is_han_char(ch), ch
    assert script.is_cjk_char("，") and script.is_cjk_char("。") and script.is_cjk_char("㐀")
    assert not script.is_cjk_char("a") and not script.is_cjk_char("ab")
    assert script.has_han("Revenue 㐀") and not script.has_han("Revenue, 2023.")
    assert script.han_count("A股营收㐀") == 4
    assert script.han_runs("营收 rose 㐀䶵 by 5%，净利") == ["营收", "㐀䶵", "净利"]


def test_the_agents_old_class_differs_only_in_extension_a_and_compatibility() -> None:
    """Deliberate change: the agent wrote [\\u4e00-\\u9fff] and so read "㐀" as no
    Chinese at all, while the pipeline counted it; both now use ``HAN``."""
    old = _chars(re.compile(r"[\u4e00-\u9fff]"))
    new = _chars(script.HAN_RE)
    added = new - old
    assert old <= new
    assert all(0x3400 <= ord(c) <= 0x4DBF or 0xF900 <= ord(c) <= 0xFAFF for c in added)
    assert "㐀" in added and chr(0xF900) in added  # U+F900, a compatibility ideograph


def test_index_tokens_are_those_of_the_old_token_pattern() -> None:
    """The FTS tokens of ingested data must not move: the query tokenizer's pattern cuts
    invented text exactly as the old literal did."""
    from pipeline.text import segment

    old = re.compile(
        r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+"
        r"|(?:(?![\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[^\W_])+",
        re.UNICODE,
    )
    texts = [
        "Northwind's FY2023 revenue rose 12% to $4.5 billion.",
        "2022年营业收入为12.5亿元，同比增长㐀䶵豈。",
        "U.S. sales 美国销售 (approx. 3,000 units) ䷀ ア 가",
    ]
    for text in texts:
        assert [m.group(0) for m in segment._TOKEN.finditer(text)] == old.findall(text)


def test_line_joining_and_sentence_splitting_are_unchanged() -> None:
    from pipeline.text.lang import join_lines, split_sentences

    assert join_lines(["公司于", "2009年成立"])[0] == "公司于2009年成立"
    assert join_lines(["㐀", "b"])[0] == "㐀b"
    assert join_lines(["The firm", "grew"])[0] == "The firm grew"
    text = "It rose. 营收增长。Then it fell. 㐀 fell."
    old_split = re.compile(r"(?<=[。！？!?])\s*|(?<=[.])\s+(?=[A-Z0-9\"'(\u4e00-\u9fff])|\n{2,}")
    from pipeline.text import lang

    assert [m.span() for m in lang._SENT_SPLIT.finditer(text)] == [
        m.span() for m in old_split.finditer(text)
    ]
    assert len(split_sentences(text)) == 3  # "fell. 㐀" does not split: as before


# --- the source holds no lexicon literal outside the lexicon modules -------------------

LEXICON_MODULES = {
    "pipeline/text/script.py",
    "pipeline/text/periods.py",
    "pipeline/text/totals.py",
    "pipeline/text/normalise.py",  # the width fold maps U+FF01.. and U+3000 by code point
}
SOURCE_ROOTS = ("pipeline", "agent", "ui", "commands", "bench", "testkit")
CJK_LITERAL = re.compile(
    r"\\u(?:4e00|9fff|3400|4dbf|3000|303f|ff00|ffef|f900|faff)|[一㐀]-|-[龥鿿]"
    r"|0x(?:2e80|3400|4e00|9fff|3000|ff00|f900)\b",
    re.I,
)
# Files that may keep a literal, with the reason (keep this list short).
ALLOWED: dict[str, str] = {}


def _sources() -> list[Path]:
    files = [p for root in SOURCE_ROOTS for p in (ROOT / root).rglob("*.py")]
    files += [ROOT / name for name in ("app.py", "cli.py", "settings.py")]
    return [p for p in files if p.exists() and ".venv" not in p.parts]


def _offenders(pattern: re.Pattern[str]) -> list[str]:
    found = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel in LEXICON_MODULES or rel in ALLOWED:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_no_cjk_range_is_written_outside_the_script_module() -> None:
    assert _offenders(CJK_LITERAL) == []


def test_the_walk_finds_a_cjk_range_where_there_is_one(tmp_path: Path) -> None:
    line = 'X = re.compile(r"[\\u4e00-\\u9fff]")'
    assert CJK_LITERAL.search(line) and CJK_LITERAL.search("[一-龥]")
    assert not CJK_LITERAL.search('X = re.compile(f"[{HAN}]")')


# --- totals: the total-row patterns ------------------------------------------------------

LABELS = [
    "Total revenue",
    "  Total current assets",
    "(Total)",
    "Totalled",
    "total",
    "TOTAL:",
    "Worldwide",
    "Consolidated net sales",
    "All other",
    "Allowance for doubtful accounts",
    "Net income",
    "Network equipment",
    "Revenue",
    "合计",
    "总计",
    "（合计）",
    "总额",
    "全部门店",
    "合并利润表",
    "营业收入",
    "小计",
    "Subtotal",
    "— Total",
    "㐀合计",
    "",
]
OLD_TOTALS = [
    # partitions, ranking and models/compare held this one three times
    (r"^\W*(total|worldwide|consolidated|all\b|合计|总计|总额|全部)", "TOTAL_ROW"),
    (r"^\W*(total|worldwide|consolidated|合计|总计)", "WHOLE_ROW"),  # figures/parts
    (r"^\W*(?:total|consolidated|worldwide|合计|总计|合并)", "CONSOLIDATED_ROW"),  # partitions
    (r"^\W*(total|worldwide|consolidated)\b", "CLOSING_ROW"),  # figures/subtotals
    (r"^\W*total\b", "TOTAL_WORD"),  # figures/between, figures/groups
    (r"^\W*(?:total|net)\b", "TOTAL_OR_NET"),  # figures/choices
]


@pytest.mark.parametrize(("old", "name"), OLD_TOTALS)
def test_each_total_pattern_matches_what_its_old_copy_matched(old: str, name: str) -> None:
    from pipeline.text import totals

    new: re.Pattern[str] = getattr(totals, name)
    was = re.compile(old, re.I)
    for label in LABELS:
        a, b = was.match(label), new.match(label)
        assert (a and a.span()) == (b and b.span()), label


def test_a_total_row_is_told_from_a_part() -> None:
    from pipeline.text.totals import is_total_row

    assert is_total_row("Total revenue") and is_total_row("合计") and is_total_row("All other")
    assert not is_total_row("Allowance for doubtful accounts")
    assert not is_total_row("Revenue") and not is_total_row("小计")


# --- periods: the year patterns ------------------------------------------------------------

PERIOD_TEXTS = [
    "Revenue in FY2023 rose from FY22; fiscal 2021 and fiscal year 2020 fell.",
    "2023年营业收入较2022年增长，2021年度持平。",
    "Q3 2022, q4, H1'24, FY '23, fy23, FY 2019, 2024*, $2,019.5, 1,2019, 20231, 1899.",
    "As of June 30, 2023 and Sept. 30 2022; December 31, 2021.",
    "2023",
    "FY2023",
    "fiscal 2023",
    "fy 2021",
    "2019*",
    "19",
    "㐀2023年",
]
OLD_YEARS = [
    # answerability, judge's YEARISH, features, the answerability bench
    (r"(?<!\d)(?:19|20)\d{2}(?!\d)", 0, "LONE_YEAR_RE"),
    (r"(?:19|20)\d{2}", 0, "YEAR_RE"),  # models/focus, models/follow, answer_kinds
    (r"^(19|20)\d{2}$", 0, "YEAR_ONLY_RE"),  # models/compare
    (r"(?<![\d.,$])(?:19|20)\d{2}(?![\d,.]\d)", 0, "TABLE_YEAR_RE"),  # figures/grid, columns
    (r"(?<!\d)((?:19|20)\d\d)(?!\d)", 0, "CAPTURED_YEAR_RE"),  # parse/table_structure
    (r"^(?:fiscal |fy ?)?(?:19|20)\d\d\*?$", re.I, "YEAR_CELL_RE"),  # parse/table_words
    (r"\bfy\s*'?(\d\d)\b", re.I, "FY_SHORT_RE"),  # parse/table_structure
    (r"\bfy\s*'?(\d{2,4})\b", re.I, "FY_RE"),  # text/expand
    (r"(?<!\d)(?:19|20)\d{2}(?!\d)|\bfy\s?\d{2}\b|\bq[1-4]\b", re.I, "PERIOD_MENTION_RE"),
    (r"(?<![\dA-Za-z])(?:FY|fy|Q[1-4]\s?)?'?(?:19|20)\d{2}(?!\d)", 0, "PREFIXED_YEAR_RE"),
    (r"^(?:fy|q[1-4]|h[12])'?(\d{2}|\d{4})?$", 0, "PERIOD_TOKEN_RE"),  # rewrite
    (r"[A-Z][a-z]+ \d{1,2}, \d{4}", 0, "DATED_RE"),  # six copies in agent/figures
    (  # figures/items
        r"\b(?:fy|fiscal(?: year)?)\s*'?(\d{4}|\d{2})\b|(?<!\d)((?:19|20)\d{2})(?:\s*年)?(?!\d)",
        re.I,
        "FISCAL_YEAR_RE",
    ),
    (  # figures/periods
        r"\b(?:fy|fiscal(?: year)?)\s*'?(\d{4}|\d{2})\b|(?<![\d,])((?:19|20)\d{2})(?:\s*年)?(?!\d)",
        re.I,
        "FISCAL_YEAR_OUTSIDE_FIGURES_RE",
    ),
]


@pytest.mark.parametrize(("old", "flags", "name"), OLD_YEARS)
def test_each_year_pattern_reads_what_its_old_copy_read(old: str, flags: int, name: str) -> None:
    from pipeline.text import periods

    new: re.Pattern[str] = getattr(periods, name)
    was = re.compile(old, flags)
    # models/compare's copy captured "19"/"20", which it never read: only its spans count
    groups = name != "YEAR_ONLY_RE"
    for text in PERIOD_TEXTS:
        assert [(m.span(), groups and m.groups()) for m in was.finditer(text)] == [
            (m.span(), groups and m.groups()) for m in new.finditer(text)
        ], text


def test_fiscal_years_are_read_in_order_of_mention_each_once() -> None:
    from pipeline.text.periods import FISCAL_YEAR_OUTSIDE_FIGURES_RE, fiscal_years, lone_years

    assert fiscal_years("FY23 against fiscal 2021 and FY2023") == [2023, 2021]
    assert fiscal_years("2022年营业收入较2021年增长") == [2022, 2021]
    assert fiscal_years("sales of 1,2019 units", FISCAL_YEAR_OUTSIDE_FIGURES_RE) == []
    assert fiscal_years("sales of 1,2019 units") == [2019]  # items' reading, as before
    assert lone_years("20231 and 2019 and 1899") == ["2019"]


def test_the_dates_on_a_cover_page_are_read_as_before() -> None:
    from pipeline.text.periods import LONG_DATE

    old = re.compile(r"[A-Z][a-z]+\.? \d{1,2},? \d{4}")
    new = re.compile(LONG_DATE)
    for text in PERIOD_TEXTS:
        assert old.findall(text) == new.findall(text)


YEAR_LITERAL = re.compile(
    r"\(\?:19\|20\)|\(19\|20\)|\\d\{1,2\},\??\s?\\d\{4\}|\\bfy\\s|\(\?:fiscal \|fy \?\)", re.I
)


def test_no_year_pattern_is_written_outside_the_periods_module() -> None:
    assert _offenders(YEAR_LITERAL) == []


def test_the_walk_finds_a_year_pattern_where_there_is_one() -> None:
    assert YEAR_LITERAL.search(r'_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")')
    assert YEAR_LITERAL.search(r'_D = re.compile(r"[A-Z][a-z]+ \d{1,2}, \d{4}")')
    assert not YEAR_LITERAL.search('_YEAR = re.compile(rf"{YEAR}年")')


# --- normalise: spaces, width, case ----------------------------------------------------------

SPACED = ["  Total \t current\nassets ", "营业　收入\u3000合计", "a\x1cb\x85c\u2028d", "", "   "]


def test_the_space_normalisers_do_what_the_idioms_they_replace_did() -> None:
    from pipeline.text.normalise import no_spaces, single_spaces

    for text in SPACED:
        assert single_spaces(text) == " ".join(text.split())
        assert no_spaces(text) == "".join(text.split())
    assert single_spaces("营业　收入  合计") == "营业 收入 合计"
    assert no_spaces("营 业\n收入") == "营业收入"


def test_fold_keeps_offsets_and_nfkc_folds_widths() -> None:
    from pipeline.text.normalise import fold, nfkc

    text = "ＡＢＣ　Revenue㐀"
    assert fold(text) == "abc revenue㐀" and len(fold(text)) == len(text)
    assert nfkc(" ＡＢＣ１ ") == "ABC1"


# --- words: the word patterns two tokenisers share -------------------------------------------


def test_the_shared_word_patterns_cut_as_their_copies_did() -> None:
    from pipeline.text.words import LATIN_WORD_RE, NAME_WORD_RE

    texts = ["S&P 500 and U.S. sales at Velmor's 10-K", "营收 rose 5% in FY23 (㐀)", ""]
    for text in texts:
        assert LATIN_WORD_RE.findall(text) == re.findall(r"[A-Za-z]+", text)
        assert NAME_WORD_RE.findall(text) == re.findall(r"[A-Za-z][A-Za-z0-9&'’.-]*", text)
    assert NAME_WORD_RE.findall("S&P and U.S.") == ["S&P", "and", "U.S."]


def test_the_streamed_answer_is_cut_as_before() -> None:
    from agent.service import tokens

    assert list(tokens("Revenue rose 营业收入增长了")) == [
        "Revenue ",
        "rose ",
        "营业收",
        "入增长",
        "了",
    ]
