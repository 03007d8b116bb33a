"""A phone (390 px) reaches every tab, Chat above all, with one tap in either language, and
the Review tab shows no empty export box before anything is reviewed (found trying the app:
Chat sat in the tab bar's "…" menu on a phone; an empty "Export" box opened the Review tab)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browserkit import ARTIFACTS, Session, serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]

from playwright.sync_api import Browser, expect  # noqa: E402

TABS = ("library", "knowledge", "chat", "inspect", "review")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("app-data"), "app-phone.log") as app:
        yield app.url


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_phone_reaches_chat_in_one_tap(browser: Browser, server: str, locale: str) -> None:
    phone = Session(browser, server, locale, size=(390, 844))
    page = phone.page
    for name in TABS:
        button = page.locator(f"#tab-{name}-button")
        assert button.is_visible(), f"{name} tab hidden on a phone"
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.tab("chat")
    page.wait_for_selector("#tab-chat", state="visible", timeout=10_000)
    phone.shot(f"phone-tabs-{locale[:2]}", full=False)
    phone.close()


def test_review_shows_no_export_box_before_a_review(browser: Browser, server: str) -> None:
    s = Session(browser, server, "en-US")
    s.tab("review")
    s.page.wait_for_selector("#rv-goal", state="visible", timeout=10_000)
    assert not s.page.locator("#rv-files").is_visible()
    s.close()


# Every word of a Library name in one piece: a word broken over two lines draws two boxes.
_SPLIT_WORDS = """() => {
  const split = [];
  for (const cell of document.querySelectorAll('#lib-table td.name')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (range.getClientRects().length > 1) split.push(m[0]);
      }
    }
  }
  return split;
}"""


_PICKER = """() => {
  const input = document.querySelector('#kn-doc input');
  const arrow = input.parentElement.querySelector('.icon-wrap');
  const style = getComputedStyle(input);
  return {overflow: style.textOverflow, arrow_left: arrow.getBoundingClientRect().left,
          text_right: input.getBoundingClientRect().right - parseFloat(style.paddingRight)};
}"""


def test_a_phone_library_breaks_names_between_words(
    browser: Browser, server: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("names")
    names = ["Harbour_Lantern_Quarterly_Board_Minutes_2031.md", "Lantern-Works-Policy-Notes.md"]
    for name in names:
        (folder / name).write_text("# Minutes\n\nThe board met on 3 March 2031 and agreed.\n")
    phone = Session(browser, server, "en-US", size=(390, 844))
    phone.upload(*(folder / n for n in names))
    for name in names:
        expect(phone.page.locator("#lib-table tr[data-doc]", has_text=name[:12])).to_have_count(
            1, timeout=120_000
        )
    rows = phone.page.locator("#lib-table tr[data-doc]")
    rows.last.scroll_into_view_if_needed()
    phone.page.mouse.wheel(0, 200)
    phone.shot("phone-library-names", full=False)
    assert phone.page.evaluate(_SPLIT_WORDS) == []
    # a picker's long name ends in "…" before its arrow, never under it
    phone.tab("knowledge")
    expect(phone.page.locator("#kn-doc input")).not_to_have_value("")
    picker = phone.page.evaluate(_PICKER)
    phone.page.locator("#kn-doc").screenshot(path=str(ARTIFACTS / "phone-picker.png"))
    assert picker["overflow"] == "ellipsis" and picker["text_right"] <= picker["arrow_left"]
    phone.close()


_MAP_DOC = """# Harbour Lantern Works Annual Review

## Lantern Repair

The repair shop mends the harbour's lanterns every spring.

## Harbour Fees

Harbour fees pay for the lantern keepers and the oil.

## Keepers

Keepers light the lanterns at dusk.
"""


def test_a_phones_first_view_of_the_mind_map_is_its_outline(
    browser: Browser, server: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Found trying the app: a phone's first view of a report's map was its title box
    alone, the branches off the frame's edge; a desktop keeps the drawing alone."""
    doc = tmp_path_factory.mktemp("map") / "lantern-review.md"
    doc.write_text(_MAP_DOC, encoding="utf-8")
    phone = Session(browser, server, "en-US", size=(390, 844))
    phone.upload(doc)
    expect(
        phone.page.locator("#lib-table tr[data-doc]", has_text="lantern").locator(
            "[data-comp=mindmap]"
        )
    ).to_have_attribute("data-state", "ready", timeout=120_000)
    phone.tab("knowledge")
    outline = phone.page.locator("#kn-mindmap-body .folio-map-outline")
    expect(outline).to_be_visible(timeout=30_000)
    expect(outline).to_contain_text("Harbour Fees")
    box = outline.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] < 844  # on the first screen, not below the drawing
    phone.shot("phone-mindmap-outline", full=False)
    desktop = Session(browser, server, "en-US", state=phone.context.storage_state())
    desktop.tab("knowledge")
    expect(desktop.page.locator("#kn-mindmap-body img")).to_be_visible(timeout=30_000)
    assert not desktop.page.locator("#kn-mindmap-body .folio-map-outline").is_visible()
    desktop.close()
    phone.close()
