"""The mind map's outline, a phone's first view of the map (invented report)."""

from __future__ import annotations

from ui.mindmap_outline import outline_html

MAP = """# HARBOUR LANTERN WORKS, INC. — Form 10-K, fiscal year ended December 31, 2031

Key terms: lanterns, harbour fees

- PART I (p3–16) — lanterns, harbour fees
  - Item 1. Business (p3–5) — lanterns
    - Lantern Repair (p3)
  - Item 1A. Risk Factors (p6–15)
- PART II (p17–40)
  - Item 7. <Results> & Outlook (p20)
"""


def test_every_branch_is_listed_closed_under_the_title_with_its_pages() -> None:
    html = outline_html(MAP)
    assert html.startswith('<div class="folio-map-outline">')
    assert "HARBOUR LANTERN WORKS, INC." in html
    # the first level in order, each a closed branch naming its pages
    assert html.index("PART I") < html.index("PART II")
    assert html.count("<details>") == 3 and "<details open" not in html  # PART I, Item 1, PART II
    assert '<span class="folio-outline-where">p3–16</span>' in html
    assert "<li>Item 1A. Risk Factors" in html  # a leaf is no branch
    assert "Key terms" not in html and "harbour fees" not in html  # titles only
    assert "&lt;Results&gt; &amp; Outlook" in html  # the document's text is escaped


def test_a_map_without_nodes_gives_no_outline() -> None:
    assert outline_html("# Just a title\n") == ""
    assert outline_html("") == ""
