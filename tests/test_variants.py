"""A word written in a variant form of one of its characters (砲 for 炮, 著 for 着) is the
same word: searched in every form, matched in any. Invented text."""

from __future__ import annotations

from pipeline.models import Chunk, Document
from pipeline.service import Folio
from pipeline.store.sqlite_index import SqliteIndex
from pipeline.text.variants import fold, spellings


def test_folding_keeps_the_length_and_spellings_give_each_form() -> None:
    text = "青岚快砲写著长篠之战"
    assert len(fold(text)) == len(text)
    assert fold(text) == fold("青岚快炮写着长筿之战")
    assert spellings("快炮")[0] == "快炮" and "快砲" in spellings("快炮")
    assert spellings("青岚") == ["青岚"]


def _add(folio: Folio, doc_id: str, texts: list[str]) -> None:
    chunks = [
        Chunk(chunk_id=f"{doc_id}#{i}", doc_id=doc_id, n=i, text=t, section=["青岚"],
              page_start=i + 1, page_end=i + 1)
        for i, t in enumerate(texts)
    ]  # fmt: skip
    with folio.db.transaction() as tx:
        folio.store.upsert(
            Document(doc_id=doc_id, name=f"{doc_id}.txt", kind="txt", size=1, content_hash=doc_id),
            conn=tx,
        )
        folio.index.replace_document(doc_id, chunks, conn=tx)
        folio.store.set_status(doc_id, "index", "ready", conn=tx)


def test_a_search_in_one_form_finds_the_text_writing_another(folio: Folio) -> None:
    _add(folio, "qinglan", ["青岚的防空快砲射程四千公尺。", "青岚的港口有三座码头。"])
    index = folio.index
    assert isinstance(index, SqliteIndex)
    # "炮" is the word searched: the text writes it "砲"
    found = index.lexical("炮", ["qinglan"], n=5, section_weight=0.5)
    assert [cid for cid, _ in found] == ["qinglan#0"]
    assert not index.lexical("鱼", ["qinglan"], n=5, section_weight=0.5)


def test_a_question_word_matches_a_text_writing_another_form() -> None:
    from agent.evidence import Evidence, Passage
    from agent.models.features import hits, make_ask
    from agent.scope import DocStats

    text = "Q-17防空快砲的有效射程四千公尺。"
    stats = DocStats(chunks=1, df={}, initials=frozenset(), texts=(text,))  # type: ignore[arg-type]
    assert stats.count("快炮") == 1
    p = Passage(chunk_id="q#0", doc_id="q", page=1, page_end=1, text=text)
    ev = Evidence(
        tool="search_document",
        query="Q-17快炮的有效射程是多少？",
        passages=[p],
        term_df={"快炮": 1, "射程": 1, "有效": 2},
        scope_chunks=10,
    )
    ask = make_ask("Q-17快炮的有效射程是多少？", [ev])
    assert "快炮" in hits(ask, text)


# Words written for one another (variants.json "words"): a short form and the name it
# stands for, and verbs of one meaning. Invented text of an invented town.


def test_each_word_of_a_group_gives_the_others_inside_a_longer_word() -> None:
    from pipeline.text import lexicon
    from pipeline.text.variants import word_forms

    for key in lexicon.keys("variants.words"):
        forms = lexicon.words(f"variants.words.{key}")
        for form in forms:
            others = word_forms(f"{form}期间")  # the form inside a word the cutter made
            # every other form not holding this one is offered in its place
            assert all(f"{o}期间" in others for o in forms if form not in o), (form, others)
    assert word_forms("青岚港") == ()


def test_a_search_for_a_short_form_finds_the_name_written_in_full(folio: Folio) -> None:
    _add(folio, "qinglan", ["第二次世界大战期间，青岚港被占领。", "青岚的港口有三座码头。"])
    index = folio.index
    assert isinstance(index, SqliteIndex)
    found = index.lexical("二战", ["qinglan"], n=5, section_weight=0.5)
    assert [cid for cid, _ in found] == ["qinglan#0"]


def test_a_question_word_matches_a_text_writing_another_wording() -> None:
    from agent.evidence import Evidence, Passage
    from agent.models.features import hits, make_ask
    from agent.scope import DocStats

    text = "1931年，青岚足球队在决赛中战胜了白沙队，第二次世界大战后解散。"
    stats = DocStats(chunks=1, df={}, initials=frozenset(), texts=(text,))  # type: ignore[arg-type]
    assert stats.count("打败") == 1 and stats.count("二战") == 1
    assert stats.count("输给") == 0  # no group holds both: lost is not beat
    question = "青岚足球队在决赛中打败了谁？"
    p = Passage(chunk_id="q#0", doc_id="q", page=1, page_end=1, text=text)
    ev = Evidence(
        tool="search_document",
        query=question,
        passages=[p],
        term_df={"青岚": 1, "足球队": 1, "决赛": 1, "打败": 1},
        scope_chunks=10,
    )
    assert "打败" in hits(make_ask(question, [ev]), text)
