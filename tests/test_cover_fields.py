"""A cover-page field asked for is read from the value printed over or beside its label,
in its column when fields stand side by side. Invented covers only."""

from __future__ import annotations

from agent.cover_field import Field, asked_field, asked_fields, field_value
from agent.evidence import Evidence, Passage
from agent.models.answering.cover import STRATEGY
from agent.question import parse

COLUMNS = """QUILLMORE TEXTILES CORP.
(Exact name of registrant as specified in its charter)
Vermont  04-5550123
(State or other jurisdiction of  (I.R.S. Employer
incorporation or organization)  Identification No.)
18 Weaver Street, Burlington, Vermont 05401
(Address of principal executive offices)"""

UNBRACKETED = """Idaho  55-0001111
State or other jurisdiction of  (I.R.S. Employer
incorporation or organization  Identification No.)"""

BESIDE = "9 Harbor Row, Portland, Maine 04101 (Address of principal executive offices) (zip code)"


def _field(question: str) -> Field:
    f = asked_field(question)
    assert f is not None, question
    return f


def test_a_question_names_the_field_it_asks() -> None:
    assert _field("In which state is Quillmore incorporated?").name == "incorporation"
    assert _field("Under the laws of which state is Quillmore organized?").name == "incorporation"
    assert _field("What is the address of Quillmore's head office?").name == "address"
    # organised into segments is no incorporation; a yes/no question asks a verdict
    assert asked_field("Into which segments is Quillmore organized?") is None
    assert asked_field("Is Quillmore incorporated in Vermont?") is None


def test_a_date_asked_is_no_cover_field() -> None:
    # the cover prints the state, never the year: the sentence saying when answers
    assert asked_field("In what year was Quillmore incorporated?") is None
    assert asked_field("When was Quillmore incorporated?") is None
    assert _field("Where is Quillmore incorporated?").name == "incorporation"


def test_the_value_is_the_one_in_the_labels_column() -> None:
    state = field_value(_field("Where is it incorporated?"), COLUMNS)
    assert state is not None and state.value == "Vermont"  # not the I.R.S. number beside it
    assert state.label == "(State or other jurisdiction of incorporation or organization)"
    address = field_value(_field("What is its address?"), COLUMNS)
    assert address is not None and address.value == "18 Weaver Street, Burlington, Vermont 05401"


def test_a_label_without_brackets_or_after_its_value_on_one_line() -> None:
    state = field_value(_field("Where is it incorporated?"), UNBRACKETED)
    assert state is not None and state.value == "Idaho"
    address = field_value(_field("What is its address?"), BESIDE)
    assert address is not None and address.value == "9 Harbor Row, Portland, Maine 04101"
    assert address.label == "(Address of principal executive offices)"  # not "(zip code)"


def test_no_value_when_the_label_has_only_labels_above_it() -> None:
    text = "(Exact name of registrant as specified in its charter)\n(State of incorporation)"
    assert field_value(_field("Where is it incorporated?"), text) is None


def test_the_cover_strategy_cites_the_cover_passage() -> None:
    q = parse("In which state is Quillmore Textiles incorporated?")
    cover = Passage(chunk_id="q#1", doc_id="q", page=1, page_end=1, text=COLUMNS)
    later = Passage(chunk_id="q#40", doc_id="q", page=30, page_end=30, text=UNBRACKETED)
    ev = Evidence(tool="read_page", reads="page", query="1", passages=[later, cover])
    found = STRATEGY.candidates(q, [ev], "en")
    assert [c.cited[0].chunk_id for c in found] == ["q#1"]  # a later page is no cover
    assert found[0].body.startswith("Vermont ") and "[q#1]" in found[0].body


TABLE = """| Title of each class | Trading Symbol(s) | Name of each exchange on which registered |
|---|---|---|
| Common Stock, $0.01 par value | QLMR | Nasdaq Global Market |"""


def test_a_column_head_has_its_value_in_the_row_under_it() -> None:
    asked = asked_fields("Under what symbol and on which exchange does it trade?")
    fields = {f.name: f for f in asked}
    symbol = field_value(fields["symbol"], TABLE)
    assert symbol is not None and symbol.said == "Trading Symbol(s): QLMR"
    exchange = field_value(fields["exchange"], TABLE)
    assert exchange is not None and exchange.value == "Nasdaq Global Market"
    # exchange rates are no stock exchange, an amount listed no listing, to address no address
    assert asked_fields("How do exchange rates affect Quillmore?") == []
    assert asked_fields("What was the total listed for inventories?") == []
    assert asked_fields("How does Quillmore address climate risks?") == []
    assert not STRATEGY.applies(parse("What was Quillmore's revenue at its headquarters in 2024?"))


def test_another_companys_headquarters_are_not_read_from_this_cover() -> None:
    """The cover answers for its own registrant only: a company the documents never name
    (the search found its name missing) is not this cover's."""
    from agent.models.compose import compose

    cover = Passage(chunk_id="q#1", doc_id="q", page=1, page_end=1, text=COLUMNS)

    def searched(missing: set[str]) -> Evidence:
        df = {"quillmore": 1, "orbiton": 0, "principal": 1, "executive": 1, "offices": 1}
        return Evidence(
            tool="search", query="offices", passages=[cover], term_df=df, missing=sorted(missing)
        )

    own = compose("Where are Quillmore's principal executive offices?", [searched(set())], "en")
    assert "Burlington" in own, own
    other = compose(
        "Where are Orbiton's principal executive offices?", [searched({"orbiton"})], "en"
    )
    assert "Burlington" not in other, other


def test_a_supplier_the_filing_names_has_no_field_on_its_cover() -> None:
    """A brand the filing names in passing ("brands we sell, including Orbiton"), asked
    where it is headquartered, is not the registrant whose cover this is."""
    from agent.models.compose import compose

    cover = Passage(chunk_id="q#1", doc_id="q", page=1, page_end=1, text=COLUMNS)
    brands = Passage(
        chunk_id="q#9",
        doc_id="q",
        page=8,
        page_end=8,
        text="We sell the brands of our partners, including Orbiton and Weftline.",
    )
    df = {"orbiton": 1, "headquartered": 0, "quillmore": 1}
    ev = Evidence(
        tool="search",
        query="headquartered",
        passages=[cover, brands],
        term_df=df,
        owner=["Quillmore", "Textiles"],
    )
    assert "Burlington" in compose("Where is Quillmore headquartered?", [ev], "en")
    other = compose("Where is Orbiton headquartered?", [ev], "en")
    assert "Burlington" not in other, other


def test_a_field_asked_of_a_holder_the_cover_does_not_name_is_not_read() -> None:
    """ "The ticker symbol of the biggest bank in the world" names no company, yet asks the
    field of a holder this cover is not; the registrant's own name is printed on it."""
    q_own = parse("Under what symbol does Quillmore's common stock trade?")
    q_other = parse("What is the ticker symbol of the biggest bank in the world?")
    cover = Passage(chunk_id="q#1", doc_id="q", page=1, page_end=1, text=f"{COLUMNS}\n\n{TABLE}")
    ev = Evidence(tool="read_page", reads="page", query="1", passages=[cover])
    assert STRATEGY.candidates(q_own, [ev], "en")
    assert STRATEGY.candidates(q_other, [ev], "en") == []
