"""Which places a company operates in is answered by the passage naming them, and a yes/no
question's qualifier ("one-off", "in its results", "does it see … as") need not be said
again by the statement deciding it. Every document and name here is invented."""

from __future__ import annotations

from agent.evidence import Evidence, Passage, units
from agent.models.candidates import Candidate
from agent.models.places_lead import asks_places, places, places_first
from agent.models.sections import stated_verdict


def _passage(text: str, cid: str, section: str = "Business") -> Passage:
    return Passage(chunk_id=cid, doc_id="qw", page=4, page_end=4, section=section, text=text)


def _units(p: Passage, score: float) -> list[Candidate]:
    return [Candidate(p, u, score, frozenset(), i) for i, u in enumerate(units(p.text))]


def test_which_places_is_asked_by_its_noun() -> None:
    for q in (
        "Which countries does Quillon operate in?",
        "In which geographic regions does Quillon do business?",
        "What are the geographies that Quillon primarily operates in?",
        "Which regions do Quillon's net sales come from?",
    ):
        assert asks_places(q), q
    for q in ("What risks does Quillon face?", "Which segment grew fastest?"):
        assert not asks_places(q), q
    # a place is a capitalised name; "us" is a pronoun, "International" names no place
    said = places("Our International segment serves us in the U.S., Canada and Latin America.")
    assert said == {"u.s.", "canada", "latin america"}


def test_the_passage_naming_the_most_places_leads() -> None:
    near = _passage("We will keep testing new store concepts around the country.", "qw#30")
    named = _passage(
        "Information About Our Segments\nWe have operations in the U.S., Canada and Mexico. "
        "Our Domestic segment is our largest.",
        "qw#4",
    )
    chosen = _units(near, 0.9)
    found = [*chosen, *_units(named, 0.2)]
    led = places_first("Which countries does Quillon operate in?", chosen, found)
    assert led[0].passage is named and places(led[0].unit.text) >= {"canada", "mexico"}
    assert all(c in led for c in chosen)  # nothing chosen is dropped
    # not a question of places: the selector's order stands
    assert places_first("What does Quillon test?", chosen, found) == chosen


def test_a_table_of_regions_leads_with_its_rows() -> None:
    table = _passage(
        "| Net sales | 2022 |\n|---|---|\n| North America | 1,092 |\n| Latin America | 269 |\n"
        "| Europe | 1,030 |\n| Asia Pacific | 421 |",
        "qw#29",
    )
    caption = _passage("The tables disaggregate net sales by geography.", "qw#28")
    chosen = _units(caption, 0.9)
    led = places_first(
        "Which regions do Quillon's net sales come from?", chosen, _units(table, 0.3)
    )
    written = " ".join(c.unit.text for c in led)
    for region in ("North America", "Latin America", "Europe", "Asia Pacific"):
        assert region in written


def test_a_qualifier_asked_is_not_needed_to_decide() -> None:
    scope = [Evidence(tool="search_document", query="q", owner=["Quillon"], passages=[])]
    gain = ["Operating income in 2016 included a $430 million gain on the sale of Pier 9."]
    asked = "Were there any one-off gains in Quillon's 2016 results?"
    assert stated_verdict(asked, scope, gain) == "yes"
    breach = ["Security breaches could expose us to liability and harm our reputation."]
    assert stated_verdict("Does Quillon see security breaches as a risk?", scope, breach) == "yes"
    # the thing itself must still be said: a statement of another move decides nothing
    other = ["Operating income in 2016 rose on higher ticket prices."]
    assert stated_verdict(asked, scope, other) is None


def test_a_list_of_subsidiaries_names_no_place_of_operation() -> None:
    subsidiaries = _passage(
        "| Name | Jurisdiction |\n|---|---|\n| Quillon Canada Ltd. | Canada |\n"
        "| Quillon Europe GmbH | Germany |\n| Quillon Japan K.K. | Japan |\n"
        "| Quillon Brasil Ltda. | Brazil |",
        "qw#300",
        section="Subsidiaries",
    )
    divisions = _passage("We operate in North America and Europe.", "qw#5")
    near = _passage("Our people work across many countries.", "qw#9")
    chosen = _units(near, 0.9)
    found = [*chosen, *_units(subsidiaries, 0.5), *_units(divisions, 0.2)]
    led = places_first("Which countries does Quillon operate in?", chosen, found)
    assert led[0].passage is divisions


def test_causes_after_a_lead_in_are_listed() -> None:
    from agent.models.answering.cause import following

    bullets = _passage(
        "Other income—net increased $6.1 billion, mainly due to:\n"
        "• net periodic benefit credits;\n• lower asset impairment charges; and\n"
        "• higher net gains on equity securities.\nOther deductions fell in 2020.",
        "qw#44",
    )
    lead = next(u for u in units(bullets.text) if "mainly due to" in u.text)
    lead = type(lead)(lead.start, bullets.text.index(":") + 1, "x mainly due to:", "sentence")
    listed = [u.text for u in following(bullets, lead)]
    assert len(listed) == 3 and all(t.startswith("•") for t in listed)
    table = _passage(
        "Other expense was unfavorable primarily due to the following:\n"
        "| (Dollars in Billions) | 2022 | 2021 |\n|---|---|---|\n"
        "| Separation costs | 1.0 | 0.1 |\n| Litigation related | 0.9 | 2.3 |",
        "qw#35",
    )
    lead = next(u for u in units(table.text) if u.kind == "sentence")
    rows = [u.text for u in following(table, lead)]
    assert [r.split("|")[1].strip() for r in rows] == ["Separation costs", "Litigation related"]
    # a sentence that gives its cause itself introduces no list
    plain = _passage("Sales rose due to volume.\n• Item one.", "qw#1")
    assert following(plain, units(plain.text)[0]) == []


def test_every_unit_naming_a_place_is_a_candidate_of_a_places_question() -> None:
    from agent.models.judge import candidates

    table = _passage(
        "Net sales by geography:\n| Region | 2022 |\n|---|---|\n| North America | 1,092 |\n"
        "| Europe | 1,030 |",
        "qw#29",
    )
    evidence = [Evidence(tool="search_document", query="q", passages=[table])]
    _, found = candidates("Which regions do Quillon's net sales come from?", evidence)
    named = {p for c in found for p in places(c.unit.text)}
    assert {"north america", "europe"} <= named
