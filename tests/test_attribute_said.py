"""An attribute a Chinese question asks of its subject (a length, an area, a birthplace,
a founding, a diet, a colour) is stated by a sentence in other words: a figure in a unit
of its dimension, a verb of the same meaning, a colour word, "<place>人" after a name.
Such a sentence, about the subject asked, ranks before the article's other sentences and
answers. Every article here is invented."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.attribute_said import asked, attribute_first, stated_of_subject, states
from agent.models.judge import Candidate

ARTICLE = (
    "青岚鲸龙是有鳞目的一科，生存于白垩纪晚期。"
    "青岚鲸龙的化石可发现于各大洲。"
    "青岚鲸龙是群中型海生爬行类，身长介于9到14公尺之间。"
    "牠们主要以乌贼和小鱼为食。"
    "体为浅灰色，腹部白色。"
)
PERSON = "柯望川（），江西赣州人，是一名中国足球运动员，司职中场。柯望川2011年加盟青岚队。"


def _found(text: str, section: str) -> list[Candidate]:
    p = Passage(chunk_id="qa#1", doc_id="qa", page=3, page_end=3, section=section, text=text)
    return [
        Candidate(p, u, 0.5, frozenset({"x"}), i, features=(1.0,), rank=-i)
        for i, u in enumerate(units(text))
    ]


def test_the_attribute_is_read_from_the_question_the_longest_wording_first() -> None:
    assert [a.name for a in asked("青岚鲸龙的体长是多少？")] == ["length"]
    assert [a.name for a in asked("青岚湖占地多大？")] == ["area"]
    assert [a.name for a in asked("这种包囊能存活多长时间？")] == ["duration"]
    assert [a.name for a in asked("柯望川的籍贯是哪里？")] == ["birthplace"]
    assert not asked("青岚鲸龙属于哪一科？")
    assert not asked("How long is the Qinglan canyon?")  # English questions: not read here


def test_a_figure_in_a_unit_of_the_dimension_states_it_and_another_does_not() -> None:
    length = asked("青岚鲸龙有多长？")
    assert states(length, "身长介于9到14公尺之间。")
    assert states(length, "树干直径达1米。")
    assert not states(length, "面积约3平方公里。")  # an area, not a length
    assert not states(length, "青岚鲸龙是群中型海生爬行类。")
    assert states(asked("青岚湖的面积是多少？"), "湖区约3平方公里，人口约6万。")


def test_a_birthplace_is_stated_by_the_native_place_after_the_name() -> None:
    birth = asked("柯望川的家乡是哪里？")
    assert states(birth, "柯望川（），江西赣州人，是一名中国足球运动员。")
    assert states(birth, "她出生于台湾台北市。")
    assert not states(birth, "柯望川2011年加盟青岚队。")


def test_the_stating_sentence_about_the_subject_ranks_first_and_addresses_the_question() -> None:
    found = _found(ARTICLE, "青岚鲸龙")
    ranked, _, _, addressed = attribute_first("青岚鲸龙的体长是多少？", found, 0.5, 0.3, False)
    assert "9到14公尺" in ranked[0].unit.text
    assert addressed
    assert stated_of_subject("青岚鲸龙的体长是多少？", ranked[0])
    ranked, _, _, _ = attribute_first("青岚鲸龙的肚子是什么颜色？", found, 0.5, 0.3, False)
    assert "腹部白色" in ranked[0].unit.text
    ranked, _, _, _ = attribute_first("青岚鲸龙吃什么？", found, 0.5, 0.3, False)
    assert "为食" in ranked[0].unit.text


def test_nothing_moves_when_no_sentence_states_it_or_it_is_another_subjects() -> None:
    found = _found(ARTICLE, "青岚鲸龙")
    same, _, _, addressed = attribute_first("青岚鲸龙有多重？", found, 0.5, 0.3, False)
    assert same == found and not addressed  # no weight is given
    # another article's sentence states a length, but of its own subject
    other = _found(ARTICLE, "赤岭蛇颈龙")
    same, _, _, addressed = attribute_first("黑石海蜥的体长是多少？", other, 0.5, 0.3, False)
    assert same == other and not addressed


def test_a_players_position_and_native_place_are_read_from_the_opening() -> None:
    found = _found(PERSON, "柯望川")
    assert stated_of_subject("柯望川在场上踢什么位置？", found[0])
    assert stated_of_subject("柯望川是哪里人？", found[0])
    assert not stated_of_subject("柯望川是哪里人？", found[1])


def test_a_part_described_is_read_from_the_clause_opening_with_it() -> None:
    plant = "青岚藤是一种攀缘灌木。花期为3-8月。花为聚繖花序顶生，金黄色。根茎匍匐；叶为披针形。"
    found = _found(plant, "青岚藤")
    ranked, _, _, addressed = attribute_first("青岚藤的花有什么特点？", found, 0.5, 0.3, False)
    assert ranked[0].unit.text.startswith("花为聚繖花序"), ranked[0].unit.text
    assert addressed
    ranked, _, _, _ = attribute_first("青岚藤的叶子有什么特点？", found, 0.5, 0.3, False)
    assert "叶为披针形" in ranked[0].unit.text
    # a one-character name is the subject where the question opens with it
    found = _found(plant, "蓍")
    assert stated_of_subject("蓍的花有什么特点？", found[2])
    assert not stated_of_subject("青岚藤的花期是什么时候？", found[1])


def test_an_age_asked_is_stated_by_a_figure_of_years_or_by_xiangnian() -> None:
    age = asked("柯望川活了多少岁？")
    assert [a.name for a in age] == ["age"]
    assert [a.name for a in asked("柯望川去世时多大年纪？")] == ["age"]  # not an area's 多大
    assert states(age, "享年73岁。")
    assert states(age, "柯望川去世，虚岁二十一，谥号定。")
    assert not states(age, "柯望川2011年加盟青岚队。")
    found = _found("柯望川2011年加盟青岚队。2015年退役。享年58岁。", "柯望川")
    ranked, _, _, addressed = attribute_first("柯望川活了多少岁？", found, 0.5, 0.3, False)
    assert ranked[0].unit.text == "享年58岁。" and addressed


def test_of_the_sentences_stating_a_colour_the_one_writing_the_part_asked_leads() -> None:
    bird = "青岚鸟嘴如鹰喙，绿色，通身金色。身后两翅红色，向外展开。青岚鸟栖于山林。"
    found = _found(bird, "青岚鸟")
    ranked, _, _, _ = attribute_first("青岚鸟的翅膀是什么颜色？", found, 0.5, 0.3, False)
    assert ranked[0].unit.text.startswith("身后两翅红色"), ranked[0].unit.text
    ranked, _, _, _ = attribute_first("青岚鸟是什么颜色？", found, 0.5, 0.3, False)
    assert ranked[0].unit.text.startswith("青岚鸟嘴如鹰喙")  # no part asked: rank order


def test_an_origin_and_a_split_are_stated_by_any_verb_of_their_meaning() -> None:
    origin = asked("青岚河的水是从哪儿来的？")
    assert states(origin, "发源于白石峰冰川的青岚河向东流入湖中。")
    assert not states(origin, "青岚河全长120公里，向东流入湖中。")
    split = asked("柯达食品公司一分为二是在哪一年？")
    assert states(split, "2015年，柯达食品公司拆分成两家公司。")
    assert not states(split, "2015年，柯达食品公司收购了一家面包厂。")


def test_a_relation_a_death_a_staff_and_a_former_name_are_stated_in_other_words() -> None:
    spouse = asked("柯望川嫁给了谁？")
    assert [a.name for a in spouse] == ["spouse"]
    assert states(spouse, "柯望川最终与林青结婚，林青是一名商人。")
    assert not states(spouse, "柯望川出生于江西赣州。")
    father = asked("柯望川的父亲是谁？")
    assert states(father, "父柯远，是当时的名士。")  # 父 written alone is the father
    assert not states(father, "伯父是青岚郡太守柯谦。")  # an uncle is no father
    assert not states(asked("柯望川的母亲是谁？"), "柯望川毕业于青岚中学，是其母校的骄傲。")
    death = asked("柯望川是哪一年去世的？")
    assert [a.name for a in death] == ["death"]
    assert states(death, "崇祯八年（1635年）卒。")
    assert [a.name for a in asked("柯望川去世时多大年纪？")] == ["age"]  # an age, not a date
    staff = asked("青岚公司有多少员工？")
    assert states(staff, "子公司分布于5个国家，职员人数约15万。")
    renamed = asked("青岚中学改过哪些校名？")
    assert states(renamed, "前身为青岚府学堂，曾先后更名为青岚省立中学、青岚高中等。")
    found = _found("柯望川的伯父是青岚郡太守柯谦。父柯远，是当时的名士。", "柯望川")
    ranked, _, _, addressed = attribute_first("柯望川的父亲是谁？", found, 0.5, 0.3, False)
    assert ranked[0].unit.text.startswith("父柯远") and addressed
