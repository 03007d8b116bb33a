"""How the offline answerer writes a chosen answer: the direct answer first (the clause of
the best unit that answers, with its citation id), then the supporting quotes, the column
headers a table row needs, and follow-up questions from the cited passages'
neighbourhood. The strategies (``answering/``) write their candidates with these."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent import prompts
from agent.answer_kinds import FIGURE
from agent.evidence import Evidence, Passage, Unit, clean, units
from agent.figures.attribute_rows import attribute_columns, attribute_sentence, titles_table
from agent.figures.en_said import scaled_cell
from agent.figures.grid import clean_label, scale_named
from agent.figures.row_said import row_said
from agent.head_repair import repaired
from agent.models.checkboxes import AFTER as BOXES_AFTER
from agent.models.checkboxes import lead as box_lead
from agent.models.corroborate import corroborating
from agent.models.features import Ask
from agent.models.follow import follow_ups
from agent.models.judge import (
    YEARISH,
    Candidate,
    same_text,
)
from agent.models.kind_lead import phrased, unheld_note
from agent.models.spans import answer_clause
from agent.models.support_quotes import back_matter, supports
from agent.models.table_header import heads_for_row, stacked_header
from agent.question import parse
from pipeline.text.lang import script_language, split_sentences

FOLLOW_HEADER: dict[prompts.Lang, str] = {"en": "Follow-up questions:", "zh": "延伸问题："}


def overview_candidates(evidence: Sequence[Evidence]) -> list[Candidate]:
    """The overview tool's sentences, as units of the passages that hold them."""
    out: list[Candidate] = []
    for ev in evidence:
        if ev.reads != "overview":
            continue
        for quote in ev.quotes:
            p = next((p for p in ev.passages if quote in p.text), None)
            if p is None or any(same_text(quote, c.unit.text) for c in out):
                continue
            start = p.text.index(quote)
            unit = Unit(start, start + len(quote), quote, "sentence")
            out.append(Candidate(p, unit, 1.0, frozenset(), len(out)))
    return out


def overview_body(chosen: list[Candidate], lang: prompts.Lang) -> str:
    """The document's overview sentences, one a line, each cited."""
    doc_lang = script_language(" ".join(c.unit.text for c in chosen))
    lead = prompts.CROSS_LANGUAGE_LEAD[lang] if (lang == "zh") != (doc_lang == "zh") else ""
    lines = [lead] if lead else []
    lines.append(prompts.OVERVIEW_HEADER[lang])
    lines += [f"- {sentence(c.unit.text, c, doc_lang)}" for c in chosen]
    return "\n".join(lines)


def with_follow_ups(
    body: str,
    question: str,
    evidence: Sequence[Evidence],
    cited: Sequence[Passage],
    lang: prompts.Lang,
    *,
    quoted: Sequence[str],
) -> str:
    follow = follow_ups(question, evidence, cited, lang, quoted=quoted)
    return body + ("\n\n" + FOLLOW_HEADER[lang] + "\n" + bullets(follow) if follow else "")


def with_sources(question: str, body: str, evidence: Sequence[Evidence], lang: prompts.Lang) -> str:
    """The draft with a quote of each other place on another page that states its figures
    for the same item (``corroborate.py``): the statement's cell beside the sentence."""
    found = corroborating(question, body.splitlines(), evidence)
    # a figure's other statement, never the exhibit index or a certification naming it
    found = [(p, u) for p, u in found if not back_matter(u.text)]
    if not found:
        return body
    header = prompts.SUPPORT_HEADER[lang]
    doc_lang = script_language(" ".join(u.text for _, u in found))
    quotes = []
    for c, head in with_column_headers([Candidate(p, u, 0.0, frozenset(), 0) for p, u in found]):
        line = _line(c, head, lang, doc_lang)
        if not any(same_text(line, old) for old in body.splitlines()):
            quotes.append(f"- {line}")
    if not quotes:
        return body
    return "\n".join([body, *([] if header in body else [header]), *quotes])


def bullets(lines: Sequence[str]) -> str:
    return "\n".join(f"- {q}" for q in lines)


def render(
    chosen: list[tuple[Candidate, Candidate | None]],
    ask: Ask,
    lang: prompts.Lang,
    *,
    scale: str = "",
) -> str:
    """The direct answer on the first line, then the quotes that support it; ``scale`` is
    the one the document states, for a row whose table states none."""
    doc_lang = script_language(" ".join(c.unit.text for c, _ in chosen))
    lead = prompts.CROSS_LANGUAGE_LEAD[lang] if (lang == "zh") != (doc_lang == "zh") else ""
    (first, head), rest = chosen[0], chosen[1:]
    quotes = [_line(c, h, lang, doc_lang) for c, h in rest if supports(c, first, ask.question)]
    row = first.unit.kind == "row"
    span = (first.unit.start, first.unit.end)
    who = phrased(ask.question, row_text(first.unit.text), rows=True) if row else None
    said = (
        f"{who} [{first.passage.chunk_id}]."
        if who
        else row_said(first.passage, span, ask.question, lang, scale=scale)
        if row
        else None
    )
    if said is not None:  # a sentence, then the row quoted
        direct = said
        quotes.insert(0, _line(first, head, lang, doc_lang))
    elif row and (named := _row_sentence(first, head, lang, ask.question)) is not None:
        direct, attributes = named
        if attributes:  # the value and what it is said, then the row as printed
            quotes.insert(0, _line(first, head, lang, doc_lang))
    elif row:
        direct = _pairs_sentence(first, lang) or _line(first, head, lang, doc_lang)
    elif (said := phrased(ask.question, first.unit.text)) is not None:
        # the thing asked said in one sentence, then the sentence it is read from
        direct = f"{said} [{first.passage.chunk_id}]."
        quotes.insert(0, _line(first, None, lang, doc_lang))
    else:
        text = first.unit.text
        start, end = answer_clause(ask, text)
        if end - start >= _CLAUSE_SHARE * len(text):
            start, end = 0, len(text)
        clause = text[start:end]
        if start and clause[:1].islower():  # a clause read out of its sentence opens one
            clause = clause[0].upper() + clause[1:]
        direct = sentence(clause, first, doc_lang)
        if (start, end) != (0, len(text)):  # the whole sentence the clause comes from
            quotes.insert(0, _line(first, None, lang, doc_lang))
    boxed, quote = ticked(ask.question, chosen, lang)
    if boxed:  # a form's tick box answers: the box's word first, then the line as before
        if not same_text(quote, first.unit.text):
            quotes.insert(0, direct)
        direct = boxed
    lines = [lead, direct] if lead else [direct]
    note = unheld_note(ask.question, [c.unit.text for c, _ in chosen])
    lines[-1:-1] = [note] if note else []  # none holds the thing asked: say so first
    if quotes:
        lines += [prompts.SUPPORT_HEADER[lang], *(f"- {q}" for q in quotes)]
    return "\n".join(lines)


def ticked(
    question: str, chosen: list[tuple[Candidate, Candidate | None]], lang: str
) -> tuple[str, str]:
    """The yes/no a tick box of the chosen units gives a yes/no question ("No: “… Yes ☐
    No ☒” [id].") and the line it quotes, or ("", "")."""
    if "yes/no" not in parse(question).kinds:
        return "", ""
    # the boxes may stand after the unit's sentence ("… Securities Act. Yes ☒ No ☐")
    texts = [(_with_boxes_after(c), c.passage.chunk_id) for c, _ in chosen]
    return box_lead(question, texts, lang)


def _with_boxes_after(c: Candidate) -> str:
    after = c.passage.text[c.unit.end : c.unit.end + BOXES_AFTER]
    return c.unit.text + after


def _line(c: Candidate, head: Candidate | None, lang: prompts.Lang, doc_lang: str) -> str:
    if c.unit.kind != "row":
        return sentence(c.unit.text, c, doc_lang)
    columns = ""
    if head is not None:  # the periods the figures belong to, read with the row
        label = "列" if lang == "zh" else "columns"
        full = repaired(head.unit.text)  # a stacked word with its own column ("head_repair")
        heads = heads_for_row(c.unit.text, full) or row_text(full)
        columns = f" ⟨{label}: {heads}⟩"
    # A row announcing the rows below it ("… was defeated: | |") says its fact without the
    # colon; with it the reflection reads a lead-in, which needs no source, and drops the id.
    return f"{row_text(c.unit.text).rstrip(':： ')}{columns} [{c.passage.chunk_id}]"


# A clause holding this much of its sentence is the sentence ("In this role, she …"
# cut to "she …" reads as a fragment, and the sentence quoted after it would repeat it).
_CLAUSE_SHARE = 0.8
_EMPTY_CELL = frozenset({"", "—", "–", "-", "−"})
_NIL: dict[prompts.Lang, str] = {"en": "— (nil)", "zh": "—（无）"}
_UNIT_NOTE = re.compile(r"[（(]?\s*单位\s*[:：][^)）]*[)）]?")


def _row_sentence(
    c: Candidate, head: Candidate | None, lang: prompts.Lang, question: str
) -> tuple[str, bool] | None:
    """A table row as the direct answer, read as a sentence: each figure with the column
    it is under, then the table's title ("Dividends paid: (4,048) in 2022; (4,789) in 2021
    (Statements of Cash Flows, in thousands)"), not the row's cells in a line; in English,
    a row of a table whose columns say what each cell is, not a period, as the value and
    what it is (``attribute_rows.py``; the bool says so: the row is quoted after it). None
    when its cells do not line up with a header's."""
    if head is None or "|" not in c.unit.text:
        return None
    heads = [clean(x) for x in head.unit.text.strip().strip("|").split("|")]
    cells = [clean(x) for x in c.unit.text.strip().strip("|").split("|")]
    if len(heads) != len(cells) or len(cells) < 2 or not cells[0]:
        return None
    # a dash under a period's header is a printed nil ("—" dividends paid this year): said
    # as such, never left out, so the year beside it does not read as the one asked
    nil = _NIL[lang]
    pairs = [
        (h, nil if v in _EMPTY_CELL else v)
        for h, v in zip(heads[1:], cells[1:], strict=True)
        if v  # a blank cell prints nothing (a merged header's other half)
    ]
    if all(v == nil for _, v in pairs) or any(
        (not h or h in ("$", "%")) and v != nil for h, v in pairs
    ):
        return None
    # a cell of prose ends its own sentences ("…计入营业外支出99,456.06 元。"): inside the
    # row's one sentence they are clauses, or the claim splits from its citation
    pairs = [(h, _clauses(v)) for h, v in pairs if h and h not in ("$", "%")]
    label, cid = clean_label(cells[0]).rstrip(":： "), c.passage.chunk_id
    # "(Dollars in Millions) (Dollars in Millions)": a title repeated over merged cells
    title = re.sub(r"(\([^()]*\))(?:\s*\1)+", r"\1", heads[0]).rstrip(",;:，；： ")
    # a sum of a table in yuan beside a text column: at a reader's scale, its unit said
    scaled = [(h, scaled_cell(v, scale_named(title), lang) or v) for h, v in pairs]
    if scaled != pairs and not titles_table(_UNIT_NOTE.sub("", title)):
        title = ""  # "(单位：元) 项目": the unit, now said with each sum, and no title
    pairs = scaled
    if not titles_table(title):  # "Region", "项目": the label column's name, no title
        title = ""
    wrapped = title.startswith(("(", "（")) and title.endswith((")", "）"))
    if lang == "zh":
        said = "，".join(f"{h}为{v}" for h, v in pairs)
        note = title if wrapped else f"（{title}）" if title else ""
        return f"{label}：{said}{note} [{cid}]。", False
    if not title and attribute_columns(heads[1:]):
        return f"{attribute_sentence(label, pairs, question)} [{cid}].", True
    said = "; ".join(f"{v} in {h}" for h, v in pairs)
    note = f" {title}" if wrapped else f" ({title})" if title else ""
    return f"{label}: {said}{note} [{cid}].", False


def _clauses(cell: str) -> str:
    """A cell's Chinese text without the stops that end its sentences (the last dropped,
    the others read as semicolons)."""
    return re.sub(r"[。！？]\s*", "；", cell.strip()).rstrip("；")


def _pairs_sentence(c: Candidate, lang: prompts.Lang) -> str | None:
    """A row of labels each followed by its figure ("报告期末普通股股东总数 | 79,053 |
    表决权恢复的优先股股东总数 | 0"), read as "label: figure; label: figure"; None for
    any other row."""
    cells = [x for x in (clean(x) for x in c.unit.text.strip().strip("|").split("|")) if x]
    if len(cells) < 4 or len(cells) % 2:
        return None
    labels, figures = cells[0::2], cells[1::2]
    if not all(_FIGURE_CELL.fullmatch(f) for f in figures) or any(
        _FIGURE_CELL.fullmatch(x) for x in labels
    ):
        return None
    cid = c.passage.chunk_id
    if lang == "zh":
        return "；".join(f"{x}：{f}" for x, f in zip(labels, figures, strict=True)) + f" [{cid}]。"
    return "; ".join(f"{x}: {f}" for x, f in zip(labels, figures, strict=True)) + f" [{cid}]."


def sentence(text: str, c: Candidate, doc_lang: str) -> str:
    """The unit with its citation id after each of its sentences (a unit widened to its
    neighbour holds two: each is a claim the reflection checks on its own)."""
    text = clean(text).rstrip("，,；;：:、 ")
    end = "" if text[-1:] in ".。!！?？" else ("。" if doc_lang == "zh" else ".")
    marker = f" [{c.passage.chunk_id}]"
    if _continues(c) and text[:1].islower() and text.startswith(clean(c.unit.text)[:12]):
        text = "… " + text  # the passage opens inside a sentence begun in the one before
    parts = [text[s:e] for s, e in split_sentences(text)] or [text]
    if len(parts) == 1:
        return f"{text}{marker}{end}"
    glue = "" if doc_lang == "zh" else " "
    # the id before each sentence's own end mark: a mark after it opens the next claim
    marked = [f"{p[:-1]}{marker}{p[-1]}" if p[-1:] in ".。!！?？" else p + marker for p in parts]
    return glue.join(marked) + end


def _continues(c: Candidate) -> bool:
    """Does the unit open its passage, which a chunk boundary cut inside a sentence?"""
    return not c.passage.text[: c.unit.start].strip()


def row_text(text: str) -> str:
    """A table row as it reads in an answer: cells joined by " | ", currency signs kept with
    their figures, empty cells dropped."""
    if "|" not in text:
        return clean(text)
    cells = [clean(c) for c in text.strip().strip("|").split("|")]
    out: list[str] = []
    carry = ""
    for cell in cells:
        if cell in ("$", "€", "£", "¥", "(", "RMB"):
            carry = cell
            continue
        if cell:
            out.append(f"{carry}{cell}" if carry else cell)
        carry = ""
    # a table printing its labels right of the figures ("21.2 | cash generated from …"):
    # read as rows read everywhere else, the label first
    if len(out) >= 2 and _FIGURE_CELL.fullmatch(out[0]) and not _FIGURE_CELL.fullmatch(out[-1]):
        words = [c for c in out if not _FIGURE_CELL.fullmatch(c)]
        out = words + [c for c in out if _FIGURE_CELL.fullmatch(c)]
    return " | ".join(out)


_FIGURE_CELL = re.compile(r"[-−(]?[$€£¥]?\s?\(?[-−]?[\d,.]+\)?%?")


def with_column_headers(chosen: list[Candidate]) -> list[tuple[Candidate, Candidate | None]]:
    """Each chosen unit with, for a table row, the row of its passage that names the
    columns (the years), so figures read with their periods."""
    out: list[tuple[Candidate, Candidate | None]] = []
    seen: set[tuple[str, int]] = set()
    for c in chosen:
        key = (c.passage.chunk_id, c.unit.start)
        if key in seen:
            continue
        seen.add(key)
        head = _column_header(c) if c.unit.kind == "row" else None
        if head is not None and same_text(head.unit.text, c.unit.text):
            head = None
        out.append((c, head))
    return out


def _column_header(c: Candidate) -> Candidate | None:
    """The header rows above a Markdown row, merged (``table_header.py``: a group over its
    parts, a second header opening later rows); else the first row of a Markdown table,
    or the last row above naming two or more years."""
    stacked = stacked_header(c.passage.text, c.unit.start) if _markdown(c.unit.text) else None
    if stacked is not None:
        return Candidate(c.passage, stacked, 0.0, frozenset(), 0)
    best = None
    parts = units(c.passage.text)
    first = parts[0] if parts else None
    if first is not None and first.text.lstrip().startswith("|") and first.start < c.unit.start:
        cells = [x for x in first.text.split("|") if x.strip()]
        if len(cells) >= 2 and not FIGURE.search(first.text) and len(first.text) < 200:
            best = first
    for u in parts:
        if best is not None or u.start >= c.unit.start:
            break
        if len(set(YEARISH.findall(u.text))) >= 2 and len(u.text) < 200:
            best = u
    if best is None:
        return None
    return Candidate(c.passage, Unit(best.start, best.end, best.text, "row"), 0.0, frozenset(), 0)


def _markdown(text: str) -> bool:
    return text.lstrip().startswith("|")
