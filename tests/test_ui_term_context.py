"""A term the document never defines shows the sentence it is used in: the part around the
term, the term marked, escaped (found in the app: a long sentence's first 160 characters
showed "initial public offering" without the words, and a footnote's list hid its term)."""

from __future__ import annotations

from ui.term_context import CONTEXT_CHARS, context_html

LONG = (
    "Second quarter other expense, net includes $37 million related to the company's 10.4% "
    "interest in Quillmere Care, Inc. held through the year and accounted for at fair value "
    "from the time of the initial public offering (IPO) through the end of the quarter."
)


def test_a_term_late_in_a_long_sentence_is_shown_with_the_words_around_it() -> None:
    html = context_html(LONG, ["initial public offering", "IPO"])
    assert "<mark>initial public offering</mark>" in html
    assert html.startswith("…") and "from the time of the" in html
    shown = html.replace("<mark>", "").replace("</mark>", "").strip("…")
    assert len(shown) <= CONTEXT_CHARS + 10
    assert " " + shown.split(" ", 1)[0] in " " + LONG  # cut at a word, not inside one


def test_an_alias_marks_the_sentence_when_the_term_is_not_written() -> None:
    html = context_html(
        "Each track may use one of 16 musical instrument digital channels (MIDI).",
        ["Musical Instrument Digital Interface", "MIDI"],
    )
    assert "<mark>MIDI</mark>" in html
    assert (
        context_html(
            "本公司收到青岚证券监督委员会（简称青岚证监会）的通知。", ["青岚证监会"]
        ).count("<mark>青岚证监会</mark>")
        == 1
    )


def test_the_sentence_is_escaped_and_a_sentence_without_the_term_is_cut_as_before() -> None:
    assert context_html("<script>x</script> uses MIDI", ["MIDI"]).startswith("&lt;script&gt;")
    plain = context_html("word " * 60, ["absent"])
    assert plain.endswith("…") and "<mark>" not in plain and len(plain) == CONTEXT_CHARS
