"""A filing's cover and front matter run to the heading its body opens with ("PART I"):
the summary quotes none of it, and opens with the sentence saying what the company is.
Invented filing."""

from __future__ import annotations

from pipeline.knowledge.describe import self_description
from pipeline.knowledge.source import DocText, Section, Sentence, section_label
from pipeline.knowledge.summary import build_summary, cover_end

PAGES = [
    (1, "FORM 10-K", ["(Exact name of registrant as specified in its charter)."]),
    (
        2,
        "Cover continued",
        [
            "As of March 1, 2026, there were 412,000,000 shares of common stock outstanding.",
            "Portions of the proxy statement for the annual meeting are incorporated herein.",
        ],
    ),
    (
        3,
        "PART I Item 1. Business",
        [
            "Founded in 1990, Velmor Systems Incorporated is one of the largest makers of pumps.",
            "We sell pumps and valves to water utilities in forty countries around the world.",
            "Our products are made in six plants that we own in Europe and in Asia.",
        ],
    ),
    (
        4,
        "Item 7. Results",
        [
            "Net sales rose by six percent as water utilities ordered more large pumps this year.",
            "Operating margin improved because the new plant in Asia ran at full capacity.",
            "We expect demand from mining customers to stay strong in the coming year.",
        ],
    ),
]


def _doc() -> DocText:
    sections = [Section(0, "Velmor Systems Incorporated", 0, "", None, 1, 4)]
    sentences: list[Sentence] = []
    for page, title, texts in PAGES:
        sec = Section(len(sections), title, 1, title, 0, page, page)
        sections[0].children.append(sec.idx)
        for text in texts:
            sec.sentences.append(len(sentences))
            sentences.append(Sentence(len(sentences), text, sec.idx, page, f"v#{page}", 0))
        sections.append(sec)
    # a long report: pages the test does not spell out
    sentences[-1].page = sections[-1].page_start = sections[-1].page_end = 12
    return DocText("v", "Velmor Systems Incorporated — Form 10-K", "en", sections, sentences)


def test_the_cover_runs_to_the_heading_the_body_opens_with() -> None:
    doc = _doc()
    assert cover_end(doc) == 2
    said = " ".join(s.text for s in build_summary(doc).overview)
    assert "shares of common stock outstanding" not in said, said
    assert build_summary(doc).overview[0].text.startswith("Founded in 1990, Velmor"), said


def test_a_company_named_incorporated_is_no_legal_form() -> None:
    opening = ["Founded in 1990, Velmor Systems Incorporated is one of the largest makers."]
    assert self_description([*opening, "We offer pumps."], "Velmor") == 0


def test_a_legal_notice_is_no_summary_sentence() -> None:
    from pipeline.knowledge.summary import _readable

    notice = (
        "Actual results may differ materially from those expressed in forward-looking statements."
    )
    said = "Net sales rose by six percent as water utilities ordered more large pumps this year."
    assert not _readable(Sentence(0, notice, 1, 3, "v#3", 0))
    assert _readable(Sentence(1, said, 1, 3, "v#3", 0))


def _current_report() -> DocText:
    """A three-page 8-K whose cover lines are headings of their own and whose body opens
    with the one item it files, 'Item 5.07.'."""
    heads = [
        (1, "WASHINGTON, D.C. 20549", []),
        (1, "FORM 8-K", []),
        (1, "(Exact name of registrant as specified in its charter)", []),
        (
            3,
            "Item 5.07. Submission of Matters to a Vote of Security Holders.",
            [
                "Velmor Systems held its annual meeting of shareholders on May 3, 2026.",
                "The shareholders elected every one of the twelve nominees to the board.",
            ],
        ),
    ]
    sections = [Section(0, "Velmor Systems — Form 8-K", 0, "", None, 1, 3)]
    sentences: list[Sentence] = []
    for page, title, texts in heads:
        sec = Section(len(sections), title, 1, section_label(title), 0, page, page)
        sections[0].children.append(sec.idx)
        for text in texts:
            sec.sentences.append(len(sentences))
            sentences.append(Sentence(len(sentences), text, sec.idx, page, f"v#{page}", 0))
        sections.append(sec)
    return DocText("v", "Velmor Systems — Form 8-K", "en", sections, sentences)


def test_a_current_reports_item_is_named_whole_and_its_cover_is_no_section() -> None:
    doc = _current_report()
    summary = build_summary(doc)
    assert summary.overview and summary.overview[0].heading.startswith("Submission of Matters")
    assert all(p.section == "Item 5.07" for p in summary.overview), summary.overview
    assert summary.left_out == [], summary.left_out  # the cover's lines are not sections
