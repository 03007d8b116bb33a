"""Agent events → chat messages and source cards (pure functions, no Gradio)."""

from __future__ import annotations

from dataclasses import dataclass

from agent.schemas import Answer, AnswerEvent, Citation, StatusEvent, Timing, TokenEvent
from ui.messages import (
    Turn,
    answer_markdown,
    apply,
    citation_cards_html,
    followups,
    history_messages,
    last_answer,
    link_markers,
    turn_messages,
)


def cite(marker: int, quote: str = "five days", **kw: object) -> Citation:
    return Citation(
        marker=marker,
        chunk_id=f"doc#{marker}",
        doc_id="doc",
        page=marker + 1,
        section="Leave > Carry-over",
        quote=quote,
        **kw,
    )


def answer(**kw: object) -> Answer:
    base: dict[str, object] = {
        "answer": "Up to five days carry over [1][2].",
        "citations": [cite(1), cite(2)],
        "follow_up_questions": ["When do they expire?", "When do they expire?", "Who approves?"],
        "latency_ms": 1500,
    }
    base.update(kw)
    return Answer(**base)


def test_stream_shows_searching_then_tokens_then_final_answer() -> None:
    turn = Turn("How much leave carries over?")
    msgs = turn_messages(turn, "en")
    assert msgs[0] == {"role": "user", "content": "How much leave carries over?"}
    assert msgs[1]["metadata"]["status"] == "pending"
    assert "Searching" in msgs[1]["metadata"]["title"]

    apply(turn, StatusEvent(message="searching: annual leave carry-over"))
    apply(turn, StatusEvent(message="searching: annual leave carry-over"))  # repeats fold
    apply(turn, TokenEvent(text="Up to "))
    apply(turn, TokenEvent(text="five"))
    msgs = turn_messages(turn, "en")
    assert msgs[1]["content"] == "- searching: annual leave carry-over"
    assert msgs[2]["content"].startswith("Up to five")

    apply(turn, AnswerEvent(answer=answer(), conversation_id="c1"))
    msgs = turn_messages(turn, "en")
    assert turn.conversation_id == "c1" and turn.seconds == 1.5
    assert msgs[1]["metadata"]["status"] == "done"
    assert msgs[1]["metadata"]["duration"] == 1.5
    assert 'data-marker="1"' in msgs[2]["content"] and 'data-marker="2"' in msgs[2]["content"]
    assert "[1]" not in msgs[2]["content"]


def test_status_is_in_chinese_when_asked() -> None:
    msgs = turn_messages(Turn("年假能结转几天？"), "zh")
    assert "检索" in msgs[1]["metadata"]["title"]


def test_answers_cannot_inject_markup() -> None:
    evil = answer(
        answer='<img src=x onerror="alert(1)"> [click](javascript:alert(1)) '
        "![t](http://x/y.png) [1]"
    )
    md = answer_markdown(evil, "en")
    assert "<img" not in md and "&lt;img" in md
    assert "](javascript" not in md and "![" not in md and "[click]" not in md
    assert '<sup class="folio-cite" data-marker="1">1</sup>' in md
    user = turn_messages(Turn("<script>alert(1)</script>"), "en")[0]["content"]
    assert "<script>" not in user


def test_marker_lists_become_separate_badges() -> None:
    out = link_markers("text &#91;1, 3&#93; and &#91;2，4&#93;")
    assert out.count('class="folio-cite"') == 4
    assert link_markers("no markers &#91;a&#93;") == "no markers &#91;a&#93;"


def test_a_badge_keeps_its_full_stop_and_the_word_before_it_on_one_line() -> None:
    out = link_markers("employees &#91;1&#93;. 收入为5元&#91;2&#93;。")
    # a non-breaking space joins the word and the badge; the run holds badge and stop
    assert out.startswith('employees\u00a0<span class="folio-cite-run">')
    assert '<sup class="folio-cite" data-marker="1">1</sup>.</span>' in out
    assert (
        '收入为5元<span class="folio-cite-run">'
        '<sup class="folio-cite" data-marker="2">2</sup>。</span>' in out
    )


def test_refused_answer_looks_different() -> None:
    refused = answer(answer="The documents do not say.", citations=[], refused=True)
    md = answer_markdown(refused, "en")
    assert md.startswith('<div class="folio-refused">')
    assert "Not found in the documents" in md
    assert "folio-refused" not in answer_markdown(answer(), "en")
    assert "文档中未找到答案" in answer_markdown(refused, "zh")


def test_notice_and_timing_are_shown() -> None:
    md = answer_markdown(answer(notice="endpoint failed, answered offline"), "en")
    assert "*endpoint failed, answered offline*" in md
    assert "offline · 1.5 s" in md


def test_the_timing_badge_tells_where_the_time_went_in_both_languages() -> None:
    timing = Timing(search_ms=200, model_ms=800, tools_ms=300, reflection_ms=100, total_ms=1500)
    timed = answer(timing=timing)
    en = answer_markdown(timed, "en")
    assert (
        'title="model 0.8 s · tools 0.3 s (searches 0.2 s, summed over calls run side by side)'
        ' · reflection 0.1 s · total 1.5 s">offline · 1.5 s</span>' in en
    )
    zh = answer_markdown(timed, "zh")
    assert "工具 0.3 秒（其中检索累计 0.2 秒，多次并行）· 核查 0.1 秒 · 合计 1.5 秒" in zh
    # An answer stored before answers were timed keeps a plain badge.
    assert "title=" not in answer_markdown(answer(), "en")


def test_error_replaces_the_answer() -> None:
    turn = Turn("q")
    turn.error = "the model endpoint timed out"
    msgs = turn_messages(turn, "en")
    assert msgs[1]["metadata"]["status"] == "done"
    assert "timed out" in msgs[2]["content"]


def test_followups_are_deduplicated_and_capped() -> None:
    assert followups(answer()) == ["When do they expire?", "Who approves?"]
    many = answer(follow_up_questions=[f"q{i}" for i in range(6)])
    assert len(followups(many)) == 3
    assert followups(None) == []


def test_citation_cards_are_numbered_escaped_and_mark_the_active_one() -> None:
    a = answer(citations=[cite(2, quote="<b>two</b>"), cite(1, quote="one")])
    html = citation_cards_html(a, "en", active=2, doc_names={"doc": "<i>Policy</i>.pdf"})
    assert html.index('data-marker="1"') < html.index('data-marker="2"')
    assert 'class="folio-card active" data-marker="2"' in html
    assert "<b>two</b>" not in html and "&lt;b&gt;two&lt;/b&gt;" in html
    assert "<i>Policy" not in html and "&lt;i&gt;Policy&lt;/i&gt;.pdf" in html
    assert "p. 3" in html and "Leave &gt; Carry-over" in html
    assert "第 3 页" in citation_cards_html(a, "zh")
    assert "appear here" in citation_cards_html(None, "en")


@dataclass
class Stored:
    role: str
    content: str
    answer: Answer | None = None


def test_history_is_rebuilt_with_formatted_answers() -> None:
    a = answer()
    history = [Stored("user", "q1"), Stored("assistant", a.answer, a), Stored("user", "<q2>")]
    msgs = history_messages(history, "en")
    assert [m["role"] for m in msgs] == ["user", "assistant", "user"]
    assert "folio-cite" in msgs[1]["content"]
    assert msgs[2]["content"] == "&lt;q2&gt;"
    assert last_answer(history) is a
    assert last_answer([Stored("user", "x")]) is None


def test_cards_of_documents_without_pages_name_lines() -> None:
    a = answer(citations=[cite(1, line_nos=[12, 14]), cite(2)])
    html = citation_cards_html(a, "en", unpaged={"doc"})
    assert "lines 12–14" in html and "p. 3" not in html
    assert "第 12–14 行" in citation_cards_html(a, "zh", unpaged={"doc"})
