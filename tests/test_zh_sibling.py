"""A question about one thing of a kind asked under the heading of another of that kind
("<甲>野鸭" under "<乙>野鸭") is not answered by a unit that never writes the thing asked,
though a sentence before it names both: what the unit says is of its heading's thing.
Every article here is invented."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.subject import sibling_of

TEXT = "灰背野鸭与绿头野鸭有些分别。牠们每年迁徙两次，最快每小时可飞90公里。"


def _passage(section: str) -> Passage:
    return Passage(chunk_id="d#1", doc_id="d", page=1, page_end=1, section=section, text=TEXT)


def test_a_unit_under_another_of_the_kind_is_of_its_heading() -> None:
    p = _passage("鸟类志 > 灰背野鸭")
    unit = units(TEXT)[1]
    assert sibling_of("绿头野鸭", p, unit) == "灰背野鸭"


def test_the_thing_itself_or_a_unit_writing_it_is_no_sibling() -> None:
    p = _passage("鸟类志 > 灰背野鸭")
    first, second = units(TEXT)[0], units(TEXT)[1]
    assert sibling_of("灰背野鸭", p, second) == ""  # the heading's own thing
    assert sibling_of("绿头野鸭", p, first) == ""  # the unit writes it
    assert sibling_of("青石江大桥", p, second) == ""  # nothing of its kind
