"""Terms of a report are its defined terms and key concepts, not table row labels."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.knowledge.api import list_terms
from pipeline.knowledge.definitions import subject_definition
from pipeline.knowledge.patterns.en import find_en
from pipeline.knowledge.patterns.glossary import find_glossary
from pipeline.knowledge.patterns.surface import Found
from pipeline.knowledge.patterns.zh import find_zh
from pipeline.knowledge.source import build_doc_text
from pipeline.knowledge.terms import extract_terms
from pipeline.models import Block, Line, Table
from pipeline.service import Folio
from testkit.knowledge_docs import zh_policy_docx


def _defs(sentence: str, finder: Callable[[str], list[Found]] = find_en) -> dict[str, str]:
    return {f.term: f.definition for f in finder(sentence) if f.kind == "definition"}


def test_terms_defined_in_passing_take_the_phrase_before_or_the_apposition() -> None:
    before = 'Members pay for the part of a voucher that is never spent ("leftover").'
    assert _defs(before) == {"leftover": "part of a voucher that is never spent"}
    listed = 'We may form new guilds, clubs, circles or leagues (collectively, "new groups").'
    assert _defs(listed)["new groups"].endswith("circles or leagues")
    apposition = (
        'In May we bought Lumen Works Ltd. ("Lumen"), a maker of solar lanterns for '
        "remote villages, for cash."
    )
    assert _defs(apposition) == {"Lumen": "a maker of solar lanterns for remote villages"}
    # A capitalised name before the quotes is the short name's other name, not a meaning.
    named = find_en('The Harbour Rowing Federation ("Federation") sets the rules.')
    assert [(f.kind, f.term, f.aliases) for f in named] == [
        ("alias", "Federation", ["Harbour Rowing Federation"])
    ]


def test_claims_and_consequences_are_not_definitions() -> None:
    assert _defs("Our kiosks are a vital part of the way we reach customers every day.") == {}
    assert _defs("The spread of rumours means that people hear news before it is checked.") == {}
    assert _defs("The first step is the mixing of the dry ingredients in a bowl.") == {}
    # A lead-in label before an explanation of a figure is no glossary entry.
    assert find_glossary("Lanterns: The 4.2% growth was driven by sales in dry regions.") is None


def test_a_known_term_opening_a_defining_sentence_gets_its_definition() -> None:
    found = subject_definition(
        ["ballast"], ["Ballast was loaded in May.", "Ballast is the heavy material carried low."]
    )
    assert found == ("heavy material carried low", 1)
    consists = subject_definition(["Spare parts"], ["Spare parts consist of oars, pins and ropes."])
    assert consists is not None and consists[0].startswith("oars, pins")
    assert subject_definition(["Tolls"], ["Tolls are a key source of our income."]) is None
    assert subject_definition(["Tolls"], ["Tolls increased by 3 million in the year."]) is None
    zh = subject_definition(["补给站"], ["补给站是指沿线为选手提供饮水和食物的固定地点。"])
    assert zh == ("沿线为选手提供饮水和食物的固定地点", 0)
    assert subject_definition(["补给站"], ["补给站指出了选手的位置。"]) is None


def test_a_filings_definition_may_speak_of_the_company_after_its_opening() -> None:
    """10-K definitions say "our" somewhere ("… the performance of our existing piers");
    only a predicate that opens with the writer is a claim, not a meaning."""
    metric = (
        "Berth yield is a measure used by management to compare the performance of our "
        "existing piers over a period of equal length."
    )
    found = subject_definition(["berth yield"], [metric])
    assert found is not None and found[0].startswith("measure used by management")
    claim = "Berth yield is our main measure of growth."
    assert subject_definition(["Berth yield"], [claim]) is None


def test_a_catalogue_entry_with_a_dash_defines_its_product() -> None:
    said = "Harbour Ledger—records nothing."  # no describing verb: no entry
    assert subject_definition(["Harbour Ledger"], [said]) is None
    entry = "Harbour Ledger—provides one register of every berth fee charged in the port."
    assert subject_definition(["Harbour Ledger"], [entry]) == (
        "provides one register of every berth fee charged in the port",
        0,
    )
    noun = subject_definition(["Tide Desk"], ["Tide Desk – a schedule of tides kept per quay."])
    assert noun == ("schedule of tides kept per quay", 0)
    assert subject_definition(["Tide Desk"], ["Tide Desk—helps us grow every year."]) is None
    assert subject_definition(["Tide Desk"], ["Tide Desk — a leading schedule of tides."]) is None


def test_chinese_article_numbers_and_bare_zhi_definitions() -> None:
    assert _defs("第二条 本规则所称选手，是指报名并通过资格审核的参赛人员。", find_zh) == {
        "选手": "报名并通过资格审核的参赛人员"
    }
    assert _defs("第五条 赛段指两个补给站之间连续计时的一段路线。", find_zh) == {
        "赛段": "两个补给站之间连续计时的一段路线"
    }


def _table_block(n: int, rows: list[list[str]]) -> Block:
    table = Table(rows=rows, row_labels=["", *(r[0] for r in rows[1:])])
    text = "\n".join(" ".join(r) for r in rows)
    return Block(n=n, page=1, kind="table", text=text, table=table)


def test_table_row_labels_are_not_terms_unless_the_text_defines_them() -> None:
    prose = [
        "Harbour fees rose in the spring because more boats stayed in the harbour.",
        "Harbour fees were paid by every boat that used the quay that year.",
        "Mooring rights are the permits that let a boat stay at a buoy overnight.",
        "Mooring rights were sold out early, and harbour fees stayed high all year.",
    ]
    blocks = [
        Block(n=i, page=1, kind="paragraph", text=t, lines=[Line(text=t, line_no=i + 1)])
        for i, t in enumerate(prose)
    ]
    rows = [["Item", "2024", "2025"], ["Harbour fees", "12", "14"], ["Mooring rights", "3", "4"]]
    blocks.append(_table_block(len(blocks), rows))
    terms = {t.term.lower(): t for t in extract_terms(build_doc_text("d", "T", "en", blocks, []))}
    assert "harbour fees" not in terms  # a line item, only ever counted, never defined
    assert terms["mooring rights"].definition.startswith("permits that let")


def test_a_chinese_policy_docx_yields_its_defined_terms(folio: Folio, tmp_path: Path) -> None:
    path = zh_policy_docx(tmp_path / "差旅办法.docx")
    result = folio.ingest([path], wait=True)[0]
    assert result.doc_id, result.error
    terms = {t.term: t for t in list_terms(folio.db, result.doc_id)}
    defined = {name for name, t in terms.items() if t.definition}
    assert {
        "员工",
        "差旅费",
        "城市类别",
        "定额标准",
        "借支款",
        "出差审批单",
        "伙食补助费",
    } <= defined
    assert terms["员工"].definition.startswith("与公司签订劳动合同")
    assert not any(name.startswith("第") for name in terms)  # no "第二条本办法所称员工"
    assert not {"高级管理人员", "部门经理", "职级"} & set(terms)  # the table's row labels


def test_bold_names_in_biographies_demonyms_and_split_acronyms_are_not_terms() -> None:
    from pipeline.knowledge.keyphrases import _en_phrases, en_keyphrases

    bio = "Mira T. Holm has served as our Chief Lantern Officer since 2029."
    block = Block(n=0, page=1, kind="paragraph", text=bio, lines=[Line(text=bio, line_no=1)])
    block.lines[0].emph = ["Mira T. Holm"]
    names = {t.term for t in extract_terms(build_doc_text("d", "T", "en", [block], []))}
    assert "Mira T. Holm" not in names
    assert _en_phrases("Our R&D spending rose.")[0][0] == "R&D"
    text = ["A Norwegian maker sells lanterns.", "The Norwegian market is small."] * 2
    assert "Norwegian" not in {k.text for k in en_keyphrases(text, limit=10)}


def _doc(parts: list[tuple[str, list[str]]]) -> list[Block]:
    """Blocks of sections: each (heading, paragraphs)."""
    blocks: list[Block] = []
    for heading, paragraphs in parts:
        blocks.append(Block(n=len(blocks), page=2, kind="heading", text=heading, level=1))
        for p in paragraphs:
            n = len(blocks)
            blocks.append(
                Block(n=n, page=2, kind="paragraph", text=p, lines=[Line(text=p, line_no=n)])
            )
    return blocks


def test_signatures_exhibits_and_officers_give_no_terms_and_comprised_of_defines() -> None:
    body = [
        "The Northern segment is comprised of the ferry routes between the four islands.",
        "Northern segment revenue rose as more ferry routes ran in the summer.",
        "Tova Brandt is our Chief Executive Officer and has led the ferry company since 2020.",
        "Tova Brandt approved the new ferry routes for the winter timetable.",
        "The ferry company issued Harbour Bonds due 2031 to pay for new ferry routes.",
        "Harbour Bonds due 2031 carry a fixed coupon paid twice a year on the ferry routes.",
    ]
    exhibits = ["10.1 Form of Lantern Award Agreement for officers"] * 3
    signatures = ["By: /s/ Tova Brandt, Chief Executive Officer"] * 2
    blocks = _doc([("Operations", body), ("Exhibit Index", exhibits), ("Signatures", signatures)])
    terms = {t.term.lower(): t for t in extract_terms(build_doc_text("d", "T", "en", blocks, []))}
    assert terms["northern segment"].definition.startswith("ferry routes between")
    assert "tova brandt" not in terms  # an officer, named in a biography and the signatures
    assert not [name for name in terms if "award agreement" in name or "lantern" in name]
    assert not [name for name in terms if name.endswith(" due")]  # cut before its year
