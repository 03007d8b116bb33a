"""The learning route as a reader sees it: found walking the app on a 10-K, where from
step 10 on a step's terms were set at the outer level of the list (three spaces of indent
end a "10. " item) and the report's certifications, filed after its signatures, were four
steps of the route. Invented filing (``tests/test_knowledge_outline.py``'s)."""

from __future__ import annotations

from markdown_it import MarkdownIt

from pipeline.knowledge.analysis import index_terms
from pipeline.knowledge.models import KnowledgeGraph, RouteStep, RouteTerm
from pipeline.knowledge.route import build_route, route_markdown
from tests.test_knowledge_outline import COVER_LINES, FILING, TITLE, _doc


def test_every_steps_terms_are_nested_under_it_however_many_steps() -> None:
    steps = [
        RouteStep(
            order=n,
            section=f"Chapter {n}",
            label="",
            pages=(n, n),
            terms=[RouteTerm(term=f"term-{n}", page=n, chunk_id=f"d#{n}")],
        )
        for n in range(1, 13)
    ]
    for lang in ("en", "zh"):
        tokens = MarkdownIt().parse(route_markdown(steps, lang=lang))
        outer = next(t for t in tokens if t.type == "ordered_list_open")
        # one ordered list of twelve items, each holding a bullet list with its term
        items = [t for t in tokens if t.type == "list_item_open" and t.level == outer.level + 1]
        assert len(items) == 12
        inner = [t for t in tokens if t.type == "bullet_list_open"]
        assert len(inner) == 12 and all(t.level > outer.level for t in inner)
        assert sum(1 for t in tokens if t.type == "ordered_list_open") == 1


def test_no_step_is_a_cover_line_contents_signature_or_certification() -> None:
    attested = "The registrant has duly caused this report to be signed on its behalf."
    rows = [
        *[(t, lv, pg, [attested] if t == "SIGNATURES" else txt) for t, lv, pg, txt in FILING],
        ("CERTIFICATION PURSUANT TO SECTION 302", 1, 13, ["I, Jane Roe, certify that I have"]),
        ("SECTION 906 OF THE SARBANES-OXLEY ACT OF 2002", 1, 14, ["I certify that the report"]),
    ]
    doc = _doc(rows, TITLE, 14)
    steps = build_route(doc, index_terms(doc, []), KnowledgeGraph())
    names = [s.section for s in steps]
    assert any(n.startswith("Item 7") for n in names), names
    for line in [*COVER_LINES, "TABLE OF CONTENTS", "SIGNATURES", "CERTIFICATION", "SECTION 906"]:
        assert not any(line.lower() in n.lower() for n in names), (line, names)
