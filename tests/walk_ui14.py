"""Browser walk (ui14): the app as a demanding user sees it, two visitors at once.

Written before any UI change and run cold; kept unchanged afterwards. Visitor A (English,
desktop) drops PepsiCo's May 30 2023 8-K and, a moment later, J&J's Q2 2023 release; looks
at the mind map and terms, asks shorthand questions, clicks a follow-up suggestion and the
second source card while watching the page pane, then opens Inspect. Visitor Z (Chinese,
phone) drops a CMRC training article (0-127, as .txt) and the Chinese report, asks in
Chinese, clicks a follow-up, opens Review. Training documents only.

Every change of the chat page pane is logged in the browser (caption, image address, image
loaded or not) so a stale page under a new caption shows up in the printout.

    nice python bench/walk_ui14.py /tmp/ui14/walk    # screenshots in artifacts/browser/
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from playwright.sync_api import Locator, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browserkit import ARTIFACTS, Session, launch_chromium, serve

S = Path("/work/shared/samples")
K8 = S / "financebench-train/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf"
REL = S / "financebench-train/pdfs/JOHNSON_JOHNSON_2023Q2_EARNINGS.pdf"
ZH = S / "pdfs/zh/issue-67-example.pdf"
CMRC = S / "cmrc2018/cmrc2018_trial.json"
ARTICLE = 11  # training split (articles 0-127)

# Logs every pane change: what a person sees when a caption changes before its image.
PANE_LOG_JS = """() => {
  window.__pane = [];
  const t0 = performance.now();
  const look = () => {
    const cap = document.querySelector('#chat-pane-caption');
    const img = document.querySelector('#chat-pane-image img');
    const box = document.querySelector('#chat-pane-image');
    const shown = !!img && !!box && box.offsetParent !== null
      && getComputedStyle(img).visibility !== 'hidden';
    const row = {t: Math.round(performance.now() - t0),
      caption: cap ? cap.innerText.trim().slice(0, 90) : '',
      src: img ? img.src.slice(-40) : '', complete: !!img && img.complete, shown};
    const last = window.__pane[window.__pane.length - 1];
    if (!last || last.caption !== row.caption || last.src !== row.src
        || last.complete !== row.complete || last.shown !== row.shown) window.__pane.push(row);
  };
  new MutationObserver(look).observe(document.body,
    {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener('load', look, true);
}"""


def article_file(out: Path) -> Path:
    data = json.loads(CMRC.read_text(encoding="utf-8"))["data"][ARTICLE]
    text = "\n\n".join(p["context"] for p in data["paragraphs"])
    path = out / f"{data['title']}.txt"
    path.write_text(f"{data['title']}\n\n{text}\n", encoding="utf-8")
    return path


def row(s: Session, name: str) -> Locator:
    return s.page.locator("#lib-table tr[data-doc]", has_text=name)


def answers(s: Session) -> Locator:
    return s.page.locator("#chat-bot .message.bot:has(.folio-answer-meta)")


def ask(s: Session, question: str) -> str:
    before = answers(s).count()
    s.page.fill("#chat-question textarea", question)
    s.page.click("#chat-send")
    expect(answers(s)).to_have_count(before + 1, timeout=180_000)
    return answers(s).last.inner_text()


def follow_ups(s: Session) -> list[str]:
    time.sleep(1.0)
    return [
        b.inner_text()
        for b in s.page.locator("[id^=chat-followup-]").all()
        if b.is_visible() and b.inner_text().strip()
    ]


def pick(s: Session, picker: str, name: str) -> None:
    s.page.click(f"{picker} input")
    s.page.locator("ul[role=listbox] li", has_text=name).first.click()


def report(tag: str, s: Session, q: str, said: str) -> None:
    print(f"\n[{tag}] Q: {q}\n  A: {said[:600]!r}")
    print(f"  follow-ups: {follow_ups(s)}")
    print(f"  pane caption: {s.page.locator('#chat-pane-caption').inner_text()!r}")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=120_000)
    txt = article_file(out)
    with serve(out / "data", "walk-ui14.log") as app, launch_chromium() as b:
        a = Session(b, app.url, "en-US")
        z = Session(b, app.url, "zh-CN", size=(390, 844))
        a.upload(K8)
        z.upload(txt)
        # A demanding user drops the second file as soon as the first one shows in the zone.
        a.page.wait_for_timeout(300)
        a.page.set_input_files("#lib-upload input[type=file] >> nth=0", [str(REL)])
        z.upload(ZH)
        for s, f in ((a, K8), (a, REL), (z, txt), (z, ZH)):
            expect(row(s, f.name).locator("[data-comp=index]")).to_have_attribute(
                "data-state", "ready", timeout=900_000
            )
        a.shot("walk14-a-library", full=False)
        z.shot("walk14-z-library", full=True)
        print("A rows:", a.page.locator("#lib-table tr[data-doc]").all_inner_texts())
        print("Z rows:", z.page.locator("#lib-table tr[data-doc]").all_inner_texts())

        a.tab("knowledge")
        pick(a, "#kn-doc", REL.stem)
        a.page.wait_for_timeout(4000)
        a.shot("walk14-a-mindmap", full=True)
        print("A terms:", a.page.locator("#kn-terms").inner_text()[:800])
        z.tab("knowledge")
        pick(z, "#kn-doc", txt.stem)
        z.page.wait_for_timeout(4000)
        z.shot("walk14-z-mindmap", full=True)
        print("Z terms:", z.page.locator("#kn-terms").inner_text()[:600])

        a.tab("chat")
        z.tab("chat")
        a.page.evaluate(PANE_LOG_JS)
        z.page.evaluate(PANE_LOG_JS)
        for tag, s, q in (
            ("A1", a, "What were JnJ's worldwide sales in Q2 2023 and how did they change?"),
            ("Z1", z, "罗保铭本科毕业于哪所大学？"),
            ("A2", a, "How large is PepsiCo's new 364-day credit facility and who is the agent?"),
            ("Z2", z, "东北电气本报告期的净利润是多少？"),
        ):
            said = ask(s, q)
            s.shot(f"walk14-{tag.lower()}", full=tag.startswith("Z"))
            report(tag, s, q, said)
        # Follow-up suggestions are questions the documents should answer.
        for tag, s in (("A3", a), ("Z3", z)):
            fu = s.page.locator("#chat-followup-0")
            if fu.is_visible():
                q = fu.inner_text()
                before = answers(s).count()
                fu.click()
                expect(answers(s)).to_have_count(before + 1, timeout=180_000)
                s.shot(f"walk14-{tag.lower()}-followup", full=tag.startswith("Z"))
                report(tag, s, q, answers(s).last.inner_text())
        said = ask(a, "Did JnJ raise its 2023 adjusted EPS guidance?")
        report("A4", a, "Did JnJ raise its 2023 adjusted EPS guidance?", said)
        cards = a.page.locator("#chat-cards .folio-card")
        if cards.count() > 1:
            cards.nth(1).click()
            a.page.wait_for_timeout(3000)
            a.shot("walk14-a4-card2", full=False)
            print("  card 2 caption:", a.page.locator("#chat-pane-caption").inner_text())
        for tag, s in (("A", a), ("Z", z)):
            print(f"\npane log {tag}:")
            for r in s.page.evaluate("() => window.__pane"):
                print("  ", r)

        a.tab("inspect")
        pick(a, "#ins-doc", K8.stem)
        a.page.wait_for_timeout(4000)
        a.shot("walk14-a-inspect", full=True)
        z.tab("review")
        z.page.wait_for_timeout(2000)
        z.shot("walk14-z-review", full=True)
        print("\ntracebacks", app.tracebacks())
        print("error toasts A", a.error_toasts(), "Z", z.error_toasts())
        a.close()
        z.close()
    print("screenshots:", sorted(str(p) for p in ARTIFACTS.glob("walk14-*.png")))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ui14/walk"))
