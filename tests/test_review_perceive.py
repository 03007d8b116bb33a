"""Perception: block labels, credibility tags and cross-references resolved to targets."""

from __future__ import annotations

from pipeline.models import Block, Line, Table
from pipeline.perceive import perceive
from pipeline.perceive.labels import label_block
from pipeline.perceive.references import cn_to_int, find_references, normalise_key
from pipeline.perceive.store import load_perception


def _b(n: int, text: str, kind: str = "paragraph", **kw: object) -> Block:
    return Block(n=n, page=1 + n // 5, kind=kind, text=text, **kw)


def test_labels_follow_cues_in_both_languages() -> None:
    assert label_block(_b(0, '"Fee" means the monthly amount.'))[0] == "definition"
    assert (
        label_block(_b(0, "本办法所称数据处理者，是指独立决定处理目的的组织。"))[0] == "definition"
    )
    assert label_block(_b(0, "The Supplier shall not subcontract the work."))[0] == "clause"
    assert label_block(_b(0, "第十二条 运营者不得泄露用户信息。"))[0] == "clause"
    assert label_block(_b(0, "For example, a delay of two days counts as one breach."))[0] == (
        "example"
    )
    assert label_block(_b(0, "x", kind="table", table=Table(rows=[["a"], ["1"]])))[0] == "data"
    assert label_block(_b(0, "The weather was pleasant that year."))[0] == "other"


def test_low_confidence_ocr_and_computed_totals_are_tagged() -> None:
    ocr = _b(0, "blurred words", lines=[Line(text="blurred words", conf=0.41)])
    total = _b(
        1, "t", kind="table", table=Table(rows=[["Item", "Fee"], ["A", "1"], ["Total", "1"]])
    )
    p = perceive([ocr, total, _b(2, "Plain text line.")])
    tags = {x.n: x.credibility for x in p.labels}
    assert tags == {0: "low_confidence_ocr", 1: "derived", 2: "verbatim"}


def test_references_resolve_to_their_targets() -> None:
    blocks = [
        _b(0, "3.2 Late payment", kind="heading", level=2),
        _b(1, "Interest accrues monthly."),
        _b(2, "Table 4-2 Limits", kind="caption"),
        _b(3, "tbl", kind="table", table=Table(rows=[["a", "b"], ["1", "2"]])),
        _b(4, "第十二条 运营者应当保存日志。"),
        _b(5, "Damages apply as described in Section 3.2; see Table 4–2 and Appendix B."),
        _b(6, "违反本办法的，依照第12条处理，见表4-2。"),
    ]
    refs = {(r.n, r.kind, r.key): r.target_n for r in find_references(blocks)}
    assert refs[(5, "section", "3.2")] == 0
    assert refs[(5, "table", "4-2")] == 3  # the caption's table, not the caption
    assert refs[(5, "appendix", "b")] is None  # nothing opens with "Appendix B": unresolved
    assert refs[(6, "clause", "12")] == 4  # 第12条 finds 第十二条
    assert refs[(6, "table", "4-2")] == 3
    assert not any(n == 4 for n, _, _ in refs)  # a clause's own number is not a reference


def test_chinese_numerals_and_keys_normalise() -> None:
    assert cn_to_int("十二") == 12 and cn_to_int("一百零五") == 105 and cn_to_int("二十") == 20
    assert normalise_key("4－2") == "4-2" and normalise_key("B") == "b"


def test_perception_is_stored_with_parsing_and_regenerated(folio, tmp_path) -> None:
    from tests.reviewdocs import contract_md

    doc_id = folio.ingest([contract_md(tmp_path)])[0].doc_id
    stored = load_perception(folio.db, doc_id)
    assert stored is not None
    assert {x.label for x in stored.labels} >= {"definition", "clause"}
    assert any(r.kind == "section" and r.key == "3.2" and r.resolved for r in stored.references)
    folio.regenerate(doc_id, "parse", wait=True)
    again = load_perception(folio.db, doc_id)
    assert again is not None and len(again.labels) == len(stored.labels)
    folio.delete(doc_id)
    assert load_perception(folio.db, doc_id) is None
