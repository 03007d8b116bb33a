"""A Chinese sentence a page break cut: read whole, never as a title, and the rest of one a
chunk's end cut goes on with the next chunk's opening, whatever the chunks repeat. Invented
text."""

from __future__ import annotations

from agent.evidence import Passage, units
from agent.models.answering.continued import continued
from agent.models.cut_sentence import rest_of
from agent.models.judge import Candidate


def _p(n: int, text: str) -> Passage:
    return Passage(chunk_id=f"d#{n}", doc_id="d", page=n + 1, page_end=n + 1, text=text)


def test_a_line_a_page_break_cut_is_no_title() -> None:
    # the chunk opens with the sentence the one before ended with, cut by the page's end
    cut = "第二代守卫(林望川)死\n前派遣信鸽去给城主送信，信鸽也因此留在了青岚城堡里。之后城主被杀。"
    first = units(cut)[0]
    assert first.kind == "sentence" and first.text.endswith("青岚城堡里。")
    word = "不过在剧中末期却因与敌人谈\n判而惨遭拆解，青岚司令才得以挽回残局。"
    assert [u.kind for u in units(word)] == ["sentence"]  # 谈判 runs across the break
    # a title over its article stays one
    titled = "青岚草\n青岚草（学名：），又称宽叶苔，是茅膏菜属的植物。"
    assert [u.kind for u in units(titled)] == ["heading", "sentence"]
    titled = "柯望川起义\n柯望川叛乱，爆发于正德六年，青岚地区一场民变。"
    assert units(titled)[0].kind == "heading"
    titled = "棱柱\n棱柱是几何学中的一种常见的三维多面体。若用于截平面的平面数为n。"
    assert units(titled)[0].kind == "heading"


def test_the_rest_of_a_cut_sentence_skips_what_the_next_chunk_repeats() -> None:
    before = _p(0, "柯望川经营饭店。第二代守卫(林望川)死")
    after = _p(1, "第二代守卫(林望川)死\n前派遣信鸽去给城主送信。之后城主被杀。")
    got = rest_of(before, units(before.text)[-1], {"d#1": after})
    assert got is not None
    assert got[0] is after and got[1].text == "前派遣信鸽去给城主送信。"
    assert after.text[got[1].start : got[1].end] == got[1].text
    # without the overlap the next chunk's opening is the rest
    plain = _p(1, "设高中部和初中部。校园面积180亩。")
    cut = _p(0, "青岚中学是一所全寄宿制完全中学，")
    got = rest_of(cut, units(cut.text)[-1], {"d#1": plain})
    assert got is not None and got[1].text == "设高中部和初中部。"
    # a sentence with its end mark goes on with nothing
    whole = _p(0, "青岚中学是一所完全中学。")
    assert rest_of(whole, units(whole.text)[-1], {"d#1": plain}) is None


def test_a_sentence_cut_after_a_comma_goes_on_in_the_answer() -> None:
    cut = _p(0, "青岚中学是一所全寄宿制完全中学，")
    c = Candidate(cut, units(cut.text)[-1], 1.0, frozenset(), 0)
    nxt = _p(1, "设高中部和初中部。校园面积180亩。")
    rest = rest_of(cut, c.unit, {"d#1": nxt})
    assert rest is not None
    body = "青岚中学是一所全寄宿制完全中学 [d#0]。"
    line = continued(body, c, rest)
    assert line.startswith("青岚中学是一所全寄宿制完全中学，设高中部和初中部。")
    assert "[d#0] [d#1]" in line


def test_a_passage_its_chunk_s_end_cut_brings_the_next_chunk() -> None:
    from types import SimpleNamespace
    from typing import Any, cast

    import agent.tools
    from pipeline.models import Chunk

    def chunk(n: int, text: str) -> Chunk:
        return Chunk(chunk_id=f"d#{n}", doc_id="d", n=n, text=text, section=["青岚中学"],
                     page_start=n + 1, page_end=n + 1)  # fmt: skip

    store = {"d#1": chunk(1, "设高中部和初中部。校园面积180亩。"), "d#3": chunk(3, "另一段。")}
    asked: list[str] = []

    def get_chunks(ids: Any) -> dict[str, Chunk]:
        asked.extend(ids)
        return {i: store[i] for i in ids if i in store}

    ctx = cast(Any, SimpleNamespace(corpus=SimpleNamespace(get_chunks=get_chunks), doc_ids=["d"]))
    cut = Passage(chunk_id="d#0", doc_id="d", page=1, page_end=1, section="青岚中学",
                  text="青岚中学是一所全寄宿制完全中学，")  # fmt: skip
    whole = Passage(chunk_id="d#2", doc_id="d", page=3, page_end=3, section="青岚中学",
                    text="青岚中学创建于1906年。")  # fmt: skip
    got = agent.tools._with_continuations(ctx, [cut, whole])
    assert [p.chunk_id for p in got] == ["d#0", "d#1", "d#2"]
    assert "d#3" not in asked  # a passage ending its sentence brings nothing


def test_an_id_after_an_end_mark_cites_the_uncited_sentence_before_it() -> None:
    from agent.citations import parse_claims

    # a quote of two sentences, the id written after the first one's end mark
    first, second = parse_claims("青岚部署100枚飞弹。 [d#6] 由于限制，弹头为核弹头。 [d#6]")
    assert first.ids == ["d#6"] and second.ids == ["d#6"]
    # a sentence with no id of its own later on the line keeps the one before it
    first, second = parse_claims("青岚部署100枚飞弹。 [d#1] 青岚部署了雷达。")
    assert first.ids == [] and second.ids == ["d#1"]
