"""Knowledge components on real documents: term precision, mind-map fidelity, summary
citation support, and speed.

    python bench/knowledge.py                # all documents
    python bench/knowledge.py --docs adobe cmrc --dump   # also print unjudged term samples

Beside precision: the share of terms with a definition, the share that are table line
items (a table cell's text, neither defined nor named elsewhere: should be 0), the share
matching any table cell, and whether the mind map's root is the title the cover prints.

Term precision uses hand judgements in ``bench/knowledge_judgements.json``: for each
document, 30 terms sampled (fixed seed) from everything extracted, each judged a real
term of the document with a correct definition where one is given. Terms that have no
judgement yet are counted as unjudged, never as right.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.zh_corpus import build_pdf, load_articles  # noqa: E402
from pipeline.knowledge.api import list_terms, load_view  # noqa: E402
from pipeline.knowledge.mindmap import heading_outline  # noqa: E402
from pipeline.knowledge.models import MindNode, Summary  # noqa: E402
from pipeline.models import Component  # noqa: E402
from pipeline.service import Folio  # noqa: E402
from pipeline.stage_context import StageContext  # noqa: E402
from pipeline.stages.registry import stage_for  # noqa: E402
from settings import Settings  # noqa: E402

SAMPLES = ROOT.parent / "shared" / "samples"
SEEDS = ROOT.parent / "shared" / "seeds"
JUDGEMENTS = Path(__file__).with_name("knowledge_judgements.json")
COMPONENTS: tuple[Component, ...] = ("terms", "mindmap", "graph", "route", "summary")
_NUMBERED = re.compile(r"^(\d{1,2}(?:\.\d{1,2})?)\s+\S")


@dataclass
class Case:
    key: str
    make: Callable[[Path], Path]
    truth: Callable[[Path], list[tuple[int, str]]] | None = None
    # How the mind map's root must begin: the title as the first page prints it (read by
    # hand from each cover); None where the document has no title of its own.
    root: str | None = None
    split: str = "-"


def _copy(src: Path, name: str) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        dst = tmp / name
        shutil.copy(src, dst)
        return dst

    return make


def _cmrc(outline: bool) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        path = tmp / f"cmrc_zh{'_outline' if outline else ''}.pdf"
        arts = load_articles(SAMPLES / "cmrc2018" / "cmrc2018_trial.json")
        tree = build_pdf(arts, path, outline=outline)
        path.with_suffix(".json").write_text(json.dumps(tree, ensure_ascii=False))
        return path

    return make


def _json_truth(path: Path) -> list[tuple[int, str]]:
    return [(lvl, t) for lvl, t in json.loads(path.with_suffix(".json").read_text())]


def _pdf_outline(path: Path) -> list[tuple[int, str]]:
    import pymupdf

    with pymupdf.open(path) as doc:
        return [(lvl, " ".join(title.split())) for lvl, title, _ in doc.get_toc()]


def _md_truth(path: Path) -> list[tuple[int, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(#{1,6})\s+(.+?)\s*#*$", line)
        if m:
            out.append((len(m.group(1)), m.group(2).strip()))
    return out


def _numbered_truth(path: Path) -> list[tuple[int, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _NUMBERED.match(line.strip())
        if m and len(line.strip()) <= 40:
            out.append((m.group(1).count(".") + 1, line.strip()))
    return out


def _zh_policy(tmp: Path) -> Path:
    from testkit.knowledge_docs import zh_policy_docx

    return zh_policy_docx(tmp / "差旅费用管理办法.docx")


def cases() -> list[Case]:
    fb = SAMPLES / "financebench" / "pdfs"
    tr = SAMPLES / "financebench-train" / "pdfs"
    return [
        Case("cmrc", _cmrc(True), _json_truth),
        Case("cmrc-typography", _cmrc(False), _json_truth),
        Case("seed000", _copy(SEEDS / "000_470ced81705ac36b.txt", "seed000.txt"), _numbered_truth),
        Case("seed001", _copy(SEEDS / "001_df25d38adadcd7b7.txt", "seed001.txt")),
        Case("seed002", _copy(SEEDS / "002_f38e5596c5ff09af.txt", "seed002.md"), _md_truth),
        Case(
            "bestbuy-2019", _copy(tr / "BESTBUY_2019_10K.pdf", "BESTBUY_2019_10K.pdf"),
            _pdf_outline, "BEST BUY CO., INC.", "train",
        ),
        Case(
            "adobe-2015", _copy(tr / "ADOBE_2015_10K.pdf", "ADOBE_2015_10K.pdf"),
            _pdf_outline, "ADOBE SYSTEMS INCORPORATED", "train",
        ),
        Case(
            "amcor-2023q2", _copy(tr / "AMCOR_2023Q2_10Q.pdf", "AMCOR_2023Q2_10Q.pdf"),
            _pdf_outline, "AMCOR PLC", "train",
        ),
        Case(
            "adobe", _copy(fb / "ADOBE_2022_10K.pdf", "ADOBE_2022_10K.pdf"),
            _pdf_outline, "ADOBE INC.", "dev",
        ),
        # Its outline holds bookmark labels ("Highlights"), not the heading texts: no truth.
        Case(
            "amcor-q4", _copy(fb / "AMCOR_2023Q4_EARNINGS.pdf", "AMCOR_2023Q4.pdf"), None,
            "Amcor reports fiscal 2023 results", "dev",
        ),
        Case(
            "fedreg", _copy(SAMPLES / "pdfs/tables/federal-register-2020-17221.pdf", "fedreg.pdf")
        ),
        Case(
            "pfizer", _copy(fb / "Pfizer_2023Q2_10Q.pdf", "Pfizer_2023Q2_10Q.pdf"), None,
            "PFIZER INC.", "dev",
        ),
        Case("zh-policy", _zh_policy, None, "青禾科技有限公司差旅费用管理办法"),
    ]  # fmt: skip


def table_cells(folio: Folio, doc_id: str) -> set[str]:
    """Keys of every text cell of the document's tables (as the term base keys terms)."""
    from pipeline.knowledge.terms import norm_key

    out: set[str] = set()
    for b in folio.store.blocks(doc_id):
        if b.kind == "table" and b.table is not None:
            for row in b.table.rows:
                for cell in row:
                    text = " ".join(cell.split()).strip(" :：")
                    if text and not any(ch.isdigit() for ch in text[:1]):
                        out.add(norm_key(text))
    return out


_NAMED = {"definition", "alias", "heading", "llm"}


def term_shares(folio: Folio, doc_id: str) -> tuple[float, float, float]:
    """Share of terms with a definition; share that are table line items (a table cell's
    text, not defined or named anywhere else); share matching a table cell at all."""
    from pipeline.knowledge.store import load_terms
    from pipeline.knowledge.terms import norm_key

    terms = load_terms(folio.db, doc_id)
    if not terms:
        return 0.0, 0.0, 0.0
    cells = table_cells(folio, doc_id)
    in_cell = [t for t in terms if any(norm_key(n) in cells for n in [t.term, *t.aliases])]
    rows = [t for t in in_cell if not t.definition and not _NAMED & set(t.sources)]
    n = len(terms)
    return sum(1 for t in terms if t.definition) / n, len(rows) / n, len(in_cell) / n


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


def _title(text: str) -> str:
    return re.sub(r"[\W_]+", "", text).lower()


def tree_depths(items: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(depth in the tree, title) from (heading level, title): a level-3 heading under a
    level-1 one is one step deeper, as in the mind map."""
    stack: list[int] = []
    out = []
    for level, title in items:
        while stack and stack[-1] >= level:
            stack.pop()
        stack.append(level)
        out.append((len(stack), _title(title)))
    return out


def tree_match(
    got: list[tuple[int, str]], want: list[tuple[int, str]]
) -> tuple[float, float, bool]:
    """Recall and precision of (depth, title) pairs; exact = the same tree in the same order.
    ``got`` holds mind-map depths, ``want`` heading levels."""
    g = [(d, _title(t)) for d, t in got]
    w = tree_depths(want)
    if g and g[0][0] == 0:  # the mind map's root is the document's title heading
        g = [(d + 1, t) for d, t in g]
    hits = sum(1 for x in g if x in w)
    recall = sum(1 for x in w if x in g) / len(w) if w else 1.0
    precision = hits / len(g) if g else 1.0
    return recall, precision, g == w


def run_components(folio: Folio, doc_id: str) -> tuple[dict[str, float], float]:
    """Wall time of each component, and CPU time of all of them (less noisy on a shared
    machine)."""
    times: dict[str, float] = {}
    cpu = time.process_time()
    for comp in COMPONENTS:
        doc = folio.store.require(doc_id)
        ctx = StageContext(
            doc, folio.settings, folio.store, folio.index, folio.embedder, lambda f, m: None
        )
        t = time.perf_counter()
        folio.store.set_status(doc_id, comp, "running")
        stage_for(comp)(ctx)
        folio.store.set_status(doc_id, comp, "ready")
        times[comp] = time.perf_counter() - t
    return times, time.process_time() - cpu


def citation_support(folio: Folio, doc_id: str) -> tuple[int, int]:
    """Summary sentences whose cited chunk holds the sentence on the cited page and in the
    cited section."""
    from pipeline.knowledge.source import load_doc_text

    view = load_view(folio.db, doc_id, "summary")
    if view is None:
        return 0, 0
    summary = Summary.model_validate(view.data)
    doc = load_doc_text(folio.store, doc_id)
    page_text: dict[int, str] = {}
    ok = total = 0
    for s in summary.overview + [x for sec in summary.sections for x in sec.sentences]:
        total += 1
        if s.page not in page_text:
            page_text[s.page] = _norm(" ".join(b.text for b in folio.store.blocks(doc_id, s.page)))
        chunk = folio.store.get_chunk(s.chunk_id)
        in_chunk = chunk is not None and _norm(s.text) in _norm(chunk.text)
        on_page = _norm(s.text) in page_text[s.page]
        label = doc.sections[s.section_index].label if s.section_index < len(doc.sections) else ""
        ok += int(in_chunk and on_page and label == s.section)
    return ok, total


def sample_terms(folio: Folio, doc_id: str, key: str, n: int = 30) -> list[tuple[str, str]]:
    terms = list_terms(folio.db, doc_id)
    rng = random.Random(f"knowledge-bench:{key}")
    picked = rng.sample(terms, min(n, len(terms)))
    return [(t.term, t.definition) for t in picked]


def judge(key: str, sample: list[tuple[str, str]], judgements: dict) -> tuple[int, int, list]:
    mine = judgements.get(key, {})
    if not isinstance(mine, dict):
        mine = {}
    right = judged = 0
    unjudged = []
    for term, definition in sample:
        j = mine.get(term)
        if j is None or (definition and j.get("definition", definition) != definition):
            unjudged.append((term, definition))
            continue
        judged += 1
        right += int(bool(j["ok"]))
    return right, judged, unjudged


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", nargs="*", help="keys of the documents to run (default: all)")
    ap.add_argument("--dump", action="store_true", help="print unjudged term samples as JSON")
    args = ap.parse_args()
    judgements = json.loads(JUDGEMENTS.read_text(encoding="utf-8")) if JUDGEMENTS.exists() else {}
    tmp = Path(tempfile.mkdtemp(prefix="folio-kbench-"))
    settings = Settings(data_dir=tmp / "data", embedding_model="none", workers=2)
    folio = Folio(settings)
    from pipeline.knowledge.keyphrases import _pos, _zh_tables

    t = time.perf_counter()
    _zh_tables()
    _pos("warm")
    print(f"one-time load (jieba tables, English lexicon): {time.perf_counter() - t:.2f}s\n")
    header = (
        f"{'doc':16} {'split':>5} {'pages':>5} {'terms':>5} {'prec':>9} {'defs':>5} {'rows':>5} "
        f"{'cells':>5} {'root':>4} {'headings R/P':>13} {'exact':>5} "
        f"{'cites ok':>9} {'cover':>5} {'=pars':>5} "
        + " ".join(f"{c:>7}" for c in COMPONENTS)
        + f" {'total':>6} {'cpu':>6}"
    )
    print(header)
    unjudged_all: dict[str, list] = {}
    roots: dict[str, str] = {}
    for case in cases():
        if args.docs and case.key not in args.docs:
            continue
        path = case.make(tmp)
        res = folio.ingest([path], run_background=False)[0]
        if not res.doc_id:
            print(f"{case.key:16} failed: {res.error}")
            continue
        doc = folio.document(res.doc_id)
        times, cpu = run_components(folio, res.doc_id)
        n_terms = len(list_terms(folio.db, res.doc_id))
        right, judged, unjudged = judge(
            case.key, sample_terms(folio, res.doc_id, case.key), judgements
        )
        if unjudged:
            unjudged_all[case.key] = unjudged
        prec = f"{right}/{judged}" if judged else "-"
        heads = "-"
        exact = "-"
        view = load_view(folio.db, res.doc_id, "mindmap")
        root = MindNode.model_validate(view.data["root"]) if view else MindNode(title="", level=0)
        got = [(d, t) for d, t in heading_outline(root)]
        parsed = [(b.level, b.text) for b in folio.store.blocks(res.doc_id) if b.kind == "heading"]
        same_as_parse = "yes" if tree_match(got, parsed)[2] else "no"
        if case.truth is not None:
            r, p, ex = tree_match(got, case.truth(path))
            heads, exact = f"{r:.2f}/{p:.2f}", "yes" if ex else "no"
        defs, rows, cells = term_shares(folio, res.doc_id)
        root_ok = (
            "-" if case.root is None else ("yes" if root.title.startswith(case.root) else "no")
        )
        roots[case.key] = root.title
        ok, total = citation_support(folio, res.doc_id)
        summ = load_view(folio.db, res.doc_id, "summary")
        cover = summ.data.get("coverage", 0.0) if summ else 0.0
        print(
            f"{case.key:16} {case.split:>5} {doc.pages:>5} {n_terms:>5} {prec:>9} {defs:>5.2f} "
            f"{rows:>5.2f} {cells:>5.2f} {root_ok:>4} {heads:>13} {exact:>5} "
            f"{ok:>4}/{total:<4} {cover:>5.2f} {same_as_parse:>5} "
            + " ".join(f"{times[c]:>6.2f}s" for c in COMPONENTS)
            + f" {sum(times.values()):>5.2f}s {cpu:>5.2f}s"
        )
    print("\nmind-map roots:")
    for key, title in roots.items():
        print(f"  {key:16} {title}")
    if args.dump and unjudged_all:
        print(json.dumps(unjudged_all, ensure_ascii=False, indent=1))
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
