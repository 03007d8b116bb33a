"""A unit quoted in an answer keeps the gap that parts a Chinese report's fields (found in
the app: "法定代表人：苏江华主管会计工作负责人：肖寻" read as one run, the holder's name
running into the next office), while a wrapped line and a letter-spaced heading still join
with nothing between (invented names)."""

from __future__ import annotations

from agent.evidence import clean


def test_fields_on_one_line_stay_apart() -> None:
    said = clean("法定代表人：林青岚  主管会计工作负责人：周远  会计机构负责人：韩晓")
    assert said == "法定代表人：林青岚 主管会计工作负责人：周远 会计机构负责人：韩晓"


def test_a_wrapped_line_and_a_letter_spaced_heading_join() -> None:
    assert clean("归属于上市公司股东的扣除非经常性损\n益的净利润") == (
        "归属于上市公司股东的扣除非经常性损益的净利润"
    )
    assert clean("目  录") == "目录"
    assert clean("公  司  简  介") == "公司简介"
    assert clean("扣除非经常性损 益") == "扣除非经常性损益"
