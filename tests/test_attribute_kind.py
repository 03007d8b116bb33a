"""A question's noun asks for a kind of thing (a capital: a city; a currency; a formula),
and evidence naming the place or substance asked of without one answers nothing; a
subject asked is not the heading's longer name ("次磷酸" is not "磷酸"). Invented text."""

from __future__ import annotations

from agent.evidence import Passage, Unit
from agent.models.attribute_kind import (
    asked_attribute,
    asked_of,
    holds_attribute,
    unheld_attribute,
)
from agent.models.subject import about, variant_of


def test_nouns_ask_their_kind_and_finance_wording_asks_none() -> None:
    assert asked_attribute("What is the capital of Veltrania?") == "city"
    assert asked_attribute("What currency is used in Veltrania?") == "currency"
    assert asked_attribute("青霜酸的化学式是什么？") == "formula"
    assert asked_attribute("莫兰国使用的货币是什么？") == "currency"
    assert asked_attribute("卡兰州的首府是哪座城市？") == "city"
    assert asked_attribute("What was the working capital of Orrin Labs in 2023?") == ""
    assert asked_attribute("What was the foreign currency loss in 2023?") == ""
    assert asked_attribute("What is the formula for return on equity?") == ""


def test_a_city_currency_or_formula_must_be_held_besides_what_the_question_names() -> None:
    q = "What is the capital of Veltrania?"
    assert not holds_attribute("city", "Veltrania tax authorities computed a recovery.", q)
    assert holds_attribute("city", "Its head office is in Portmere, California.", q)
    cur = "What currency is used in Veltrania?"
    assert not holds_attribute("currency", "We are exposed to foreign currency rates.", cur)
    assert holds_attribute("currency", "Its capital was 30 billion Veltran dollars.", cur)
    assert holds_attribute("currency", "注册资本为30亿莫兰盾。", "莫兰国使用的货币是什么？")
    f = "青霜酸的化学式是什么？"
    assert holds_attribute("formula", "青霜酸（化学式：HPO）是一种酸。", f)
    assert holds_attribute("formula", "它的化学式为NaCl。", f)
    # an abbreviation's capitals are no formula: there is no element M
    assert not holds_attribute("formula", "IBM于2007年推出该处理器。", f)
    assert unheld_attribute(q, [("Veltrania tax authorities computed a recovery.", "")]) == "city"
    assert unheld_attribute(q, [("The capital of Veltrania is Portmere, Texas.", "")]) == ""
    assert unheld_attribute("What was revenue in 2023?", [("Revenue grew.", "")]) == ""


def test_a_city_of_the_place_asked_is_no_capital_unless_said_so() -> None:
    # an address or an article's town names a city in the state asked, not its capital
    q = "What is the capital of Veltrania?"
    assert unheld_attribute(q, [("Our offices are in Portmere, Veltrania.", "")]) == "city"
    town = "白石镇是美国青岚州北部的一座城市。"
    assert unheld_attribute("青岚州的首府是哪里？", [(town, "白石镇")]) == "city"
    said = "Its capital, Portmere, lies on the coast of Veltrania, near Dover, Delaware."
    assert unheld_attribute(q, [(said, "")]) == ""


def test_the_thing_held_must_be_of_what_is_asked_of() -> None:
    formula = "次青霜酸（化学式：HClO）是一种含氧酸。"
    assert asked_of("水的化学式是什么？") == "水"
    assert asked_of("What currency is used in Veltrania?") == "Veltrania"
    # another substance's formula, under its heading: nothing of water's
    assert unheld_attribute("水的化学式是什么？", [(formula, "次青霜酸")]) == "formula"
    # the heading names the thing asked of: its unit answers
    assert unheld_attribute("次青霜酸的化学式是什么？", [(formula, "次青霜酸")]) == ""


def _unit(section: str, text: str, sentence: str) -> tuple[Passage, Unit]:
    p = Passage(chunk_id="z#1", doc_id="z", page=1, page_end=1, section=section, text=text)
    start = text.index(sentence)
    return p, Unit(start, start + len(sentence), sentence, "sentence")


def test_a_heading_one_character_longer_than_the_subject_is_another_thing() -> None:
    text = "次青霜酸（化学式：HQO）是一种含氧酸。它可溶于水。"
    p, u = _unit("次青霜酸", text, "次青霜酸（化学式：HQO）是一种含氧酸。")
    assert variant_of("青霜酸", p, u) == "次青霜酸"
    assert not about("青霜酸", p, u)
    assert variant_of("次青霜酸", p, u) == ""  # asked of the heading's own thing
    # the subject written apart from the longer name is the subject itself
    both = "次青霜酸由青霜酸还原而得，青霜酸的化学式为HQO2。"
    p2, u2 = _unit("次青霜酸", both, both)
    assert variant_of("青霜酸", p2, u2) == ""
    # a longer addition names the whole ("卡兰大学白溪医院" of "白溪医院"): the same thing
    full = "卡兰大学白溪医院位于卡兰市。"
    p3, u3 = _unit("卡兰大学白溪医院", full, full)
    assert variant_of("白溪医院", p3, u3) == ""
    assert about("白溪医院", p3, u3)
    # a chunk opening under the heading, no name written: the heading's own thing is meant
    later = "它可溶于水，常用作还原剂。"
    p4, u4 = _unit("次青霜酸", later, later)
    assert variant_of("青霜酸", p4, u4) == "次青霜酸"
    assert not about("青霜酸", p4, u4)


def test_a_relation_asked_of_a_person_must_be_written_of_them() -> None:
    # a person the article names, another relation of theirs said: nothing of a wife
    father = ("柯望川的父亲柯远早年在青岚经营饭店。", "柯望川")
    assert asked_attribute("柯望川的妻子叫什么名字？") == "spouse"
    assert unheld_attribute("柯望川的妻子叫什么名字？", [father]) == "spouse"
    married = ("柯望川最终与林青结婚。", "柯望川")
    assert unheld_attribute("柯望川嫁给了谁？", [married]) == ""
    assert unheld_attribute("柯望川的父亲是谁？", [father]) == ""
    uncle = ("伯父是青岚郡太守柯谦。", "柯望川\n柯望川（），青岚人。")
    assert unheld_attribute("柯望川的父亲是谁？", [uncle]) == "father"
    assert unheld_attribute("柯望川的母亲是谁？", [father]) == "mother"
    # a height is no weight; a year of work is no year of birth
    tall = ("柯望川身高1.93米，场上位置得分后卫。", "柯望川")
    assert unheld_attribute("柯望川的体重是多少？", [tall]) == "weight"
    assert unheld_attribute("柯望川的体重是多少？", [("柯望川重95公斤。", "柯望川")]) == ""
    work = ("1969年5月，任青岚兵团班长。", "柯望川\n柯望川，青岚人。")
    assert unheld_attribute("柯望川是哪一年出生的？", [work]) == "birth"
    span = ("柯望川（1546年－1618年9月28日）是青岚的武将。", "柯望川")
    assert unheld_attribute("柯望川是哪一年出生的？", [span]) == ""
    # another person's birth: the name asked of must be there
    assert unheld_attribute("柯望川是哪一年出生的？", [("林青生于1950年。", "林青")]) == "birth"


def test_everyday_wording_asks_no_relation() -> None:
    assert asked_attribute("公司是否采用多重股权结构？") == ""
    assert asked_attribute("毛利率有多高？") == ""
    assert asked_attribute("青岚黄蝉长得多高？") == ""
    assert asked_attribute("What was the weighted average cost of capital?") == ""


def test_how_tall_asked_of_a_person_asks_a_height() -> None:
    # a name the cutter does not know as one: the evidence speaks of him as 他
    life = ("小学毕业后，他升入青岚中学。", "渠望川\n渠望川（），青岚足球运动员，司职前锋。")
    assert unheld_attribute("渠望川有多高？", [life]) == "height"
    tall = ("渠望川身高1.85米，司职前锋。", "渠望川")
    assert unheld_attribute("渠望川有多高？", [tall]) == ""
    # a name written as names are: no evidence needed; how important is no weight
    assert asked_attribute("柯望川有多高？") == "height"
    assert asked_attribute("柯望川有多重要？") == "" and asked_attribute("柯望川有多高兴？") == ""
    # a tree's height is a size the kind questions answer, no relation of a person
    tree = ("青岚树是一种落叶乔木，枝干灰褐色。", "青岚树")
    assert unheld_attribute("青岚树有多高？", [tree]) == ""
