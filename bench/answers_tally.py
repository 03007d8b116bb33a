"""What ``bench/answers.py`` counts per split, the targets its figures are held to, and the
table it prints (train beside validation; misses with ``--verbose``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bench.common import percentile, print_table, rate

TARGETS = {
    "gold figure in the answer": ">= 0.6",
    "gold page cited (FinanceBench)": ">= 0.8",
    "gold page cited (FinanceBench, numeric)": ">= 0.9",
    "gold page cited (FinanceBench, non-numeric)": ">= 0.8",
    "Chinese gold span in the answer": ">= 0.85",
    "heading-only answers (Chinese)": "0",
    "unrelated questions refused": ">= 0.95",
    "wrong-document questions refused": ">= 0.95",
    "general knowledge refused": ">= 0.95",
    "general knowledge with document words refused": ">= 0.95",
    "statement pages as tables": ">= 0.9",
    "latency p95 ms": "< 1000",
    "supporting quotes sharing content with the question": "1.0",
    "answers with a follow-up question": "1.0",
    "answers showing one source card twice": "0",
    "self-contradicting answers": "0",
    "computed values outside sane bounds": "0",
    "answers naming an internal key": "0",
}


@dataclass
class Tally:
    figure: list[bool] = field(default_factory=list)
    page: list[bool] = field(default_factory=list)  # FinanceBench: a gold page cited?
    page_numeric: list[bool] = field(default_factory=list)  # ... of a question with a gold figure
    page_other: list[bool] = field(default_factory=list)  # ... of one without (a topic, yes/no)
    # FinanceBench's kind of question → figure hits (of those with a gold figure), page hits:
    # where the misses lie, as aggregates (the validation split's questions stay unread)
    by_kind: dict[str, tuple[list[bool], list[bool]]] = field(default_factory=dict)
    zh_page: list[bool] = field(default_factory=list)  # CMRC: the article's page cited?
    span: list[bool] = field(default_factory=list)
    heading: list[bool] = field(default_factory=list)
    refused: list[bool] = field(default_factory=list)  # wrong document and general knowledge
    wrong_doc: list[bool] = field(default_factory=list)  # a question of another document
    general: list[bool] = field(default_factory=list)  # general_questions.json
    # answerability_questions.json by kind: world knowledge whose words the document uses,
    # arithmetic, another company, another period
    kinds: dict[str, list[bool]] = field(default_factory=dict)
    tables: list[bool] = field(default_factory=list)
    latency: list[int] = field(default_factory=list)
    quotes: list[bool] = field(default_factory=list)  # each supporting quote: related?
    follow: list[bool] = field(default_factory=list)  # each answer given: any follow-up?
    twins: list[bool] = field(default_factory=list)  # each answer given: a card shown twice?
    cpu: list[int] = field(default_factory=list)  # CPU ms of the process per answer
    pages: list[int] = field(default_factory=list)  # pages cited per FinanceBench answer
    misses: list[str] = field(default_factory=list)
    contradicting: int = 0  # answers saying a figure is not given, then giving figures
    insane: int = 0  # computed figures that cannot be what they are called
    keys: int = 0  # answers naming something by an internal key


def _mean_pages(t: Tally) -> str:
    return f"{sum(t.pages) / len(t.pages):.2f}" if t.pages else "—"


def _ms(latency: list[int], q: float) -> str:
    return str(int(percentile(latency, q))) if latency else "—"


FB_KINDS = ("metrics-generated", "domain-relevant", "novel-generated")


def _kind_rows() -> list[tuple[str, Callable[[Tally], str]]]:
    """One row per FinanceBench kind: gold figure and gold page, each as hits/questions."""

    def cell(kind: str) -> Callable[[Tally], str]:
        def fn(t: Tally) -> str:
            figures, pages = t.by_kind.get(kind, ([], []))
            return f"{sum(figures)}/{len(figures)} · {sum(pages)}/{len(pages)}"

        return fn

    return [(f"  {kind}: figure · page", cell(kind)) for kind in FB_KINDS]


def report(tallies: dict[str, Tally], verbose: bool) -> None:
    rows: list[list[object]] = []
    metrics: list[tuple[str, Callable[[Tally], str]]] = [
        ("gold figure in the answer", lambda t: rate(t.figure)),
        ("gold page cited (FinanceBench)", lambda t: rate(t.page)),
        ("gold page cited (FinanceBench, numeric)", lambda t: rate(t.page_numeric)),
        ("gold page cited (FinanceBench, non-numeric)", lambda t: rate(t.page_other)),
        *_kind_rows(),
        ("gold page cited (Chinese)", lambda t: rate(t.zh_page)),
        ("pages cited per 10-K answer (mean)", _mean_pages),
        ("Chinese gold span in the answer", lambda t: rate(t.span)),
        ("heading-only answers (Chinese)", lambda t: str(sum(t.heading))),
        ("supporting quotes sharing content with the question", lambda t: rate(t.quotes)),
        ("answers with a follow-up question", lambda t: rate(t.follow)),
        ("answers showing one source card twice", lambda t: f"{sum(t.twins)}/{len(t.twins)}"),
        ("unrelated questions refused", lambda t: rate(t.refused)),
        ("wrong-document questions refused", lambda t: rate(t.wrong_doc)),
        ("general knowledge refused", lambda t: rate(t.general)),
        (
            "general knowledge with document words refused",
            lambda t: rate(t.kinds.get("world", [])),
        ),
        ("arithmetic refused", lambda t: rate(t.kinds.get("arithmetic", []))),
        ("another company's figures refused", lambda t: rate(t.kinds.get("other_company", []))),
        ("a period not covered refused", lambda t: rate(t.kinds.get("other_period", []))),
        ("statement pages as tables", lambda t: rate(t.tables)),
        ("self-contradicting answers", lambda t: str(t.contradicting)),
        ("computed values outside sane bounds", lambda t: str(t.insane)),
        ("answers naming an internal key", lambda t: str(t.keys)),
        ("latency p50 ms", lambda t: _ms(t.latency, 50)),
        ("latency p95 ms", lambda t: _ms(t.latency, 95)),
        ("CPU p50 ms", lambda t: _ms(t.cpu, 50)),
        ("CPU p95 ms", lambda t: _ms(t.cpu, 95)),
    ]
    for name, fn in metrics:
        rows.append([name, fn(tallies["train"]), fn(tallies["validation"]), TARGETS.get(name, "")])
    print_table("Answers (train | validation)", ["metric", "train", "validation", "target"], rows)
    if verbose:
        for split, t in tallies.items():
            print(f"\n### misses ({split})")
            for m in t.misses:
                print("-", m)
