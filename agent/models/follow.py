"""Follow-up questions from the cited passages' neighbourhood: what a reader asks next.

The neighbourhood is what comes right after each cited quote in its passage, then the other
passages found on the same or the next page of the same document. From each neighbouring
unit comes one topic the question did not ask about: for a table row its line item (asked
as a figure), for a sentence its most telling phrase — a name or a rare word in Chinese
(jieba's word rarity and part of speech), a run of content words in English. A topic is
always whole words; a longer one is skipped, never cut.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from agent import prompts
from agent.evidence import Evidence, Passage, Unit, units
from agent.scope import stem
from pipeline.text.segment import EN_STOPWORDS, _get_jieba, everyday_word

MAX_FOLLOW_UPS = 3
_MAX_TOPIC = 40
_HAN = re.compile(r"[\u4e00-\u9fff]")
_YEAR = re.compile(r"(?:19|20)\d{2}")
_NOUNISH = ("n", "nr", "ns", "nt", "nz", "vn", "eng")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z&'-]*")
_ROW_LABEL = re.compile(r"\s{2,}|\s*\|\s*|\s+(?=[($]?\s?-?\d)")
_LABEL_WORDS = re.compile(r"[A-Za-z\u4e00-\u9fff]")


def follow_ups(
    question: str,
    evidence: Sequence[Evidence],
    cited: Sequence[Passage],
    lang: prompts.Lang,
    *,
    quoted: Sequence[str] = (),
) -> list[str]:
    """2-3 questions about what surrounds the cited passages (not the ``quoted`` units
    themselves), none about what was asked."""
    asked = question.lower() + "\n" + "\n".join(quoted).lower()
    out: list[str] = []
    topics: set[str] = set()
    for u in _neighbourhood(evidence, cited, quoted):
        q = _question_for(u, asked, topics, lang)
        if q is not None:
            out.append(q)
            if len(out) == MAX_FOLLOW_UPS:
                break
    return out


def _neighbourhood(
    evidence: Sequence[Evidence], cited: Sequence[Passage], quoted: Sequence[str]
) -> Iterator[Unit]:
    seen = {p.chunk_id for p in cited}
    for p in cited:  # what follows the quote in its passage, then what comes before it
        parts = [u for u in units(p.text) if u.kind != "heading"]
        at = next((i for i, u in enumerate(parts) if any(u.text in q for q in quoted)), 0)
        after, before = parts[at + 1 :], parts[:at]
        yield from (u for u in after + before if not any(u.text in q for q in quoted))
    near = {(p.doc_id, pg) for p in cited for pg in range(p.page, p.page_end + 2)}
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen or (p.doc_id, p.page) not in near:
                continue
            seen.add(p.chunk_id)
            yield from (u for u in units(p.text) if u.kind != "heading")


def _question_for(u: Unit, asked: str, topics: set[str], lang: prompts.Lang) -> str | None:
    if u.kind == "row":
        topic = _row_label(u.text)
        template = prompts.FOLLOW_UP[lang]["figure"]
    else:
        topic = _zh_topic(u.text, asked) if _HAN.search(u.text) else _en_topic(u.text, asked)
        template = prompts.FOLLOW_UP[lang]["topic"]
    if not topic or len(topic) > _MAX_TOPIC:
        return None
    key = stem(topic)
    if key in topics or topic.lower() in asked:
        return None
    topics.add(key)
    return template.format(topic=topic)


def _row_label(text: str) -> str:
    """A row's line item, when the row holds figures (not a header of years) and the
    label says something (two words or more, or a Chinese term)."""
    cells = _ROW_LABEL.split(text.strip(" |"), maxsplit=1)
    label = cells[0].strip(" |$:")
    figures = re.findall(r"\d[\d,.]*", cells[1] if len(cells) > 1 else "")
    if not any(not _YEAR.fullmatch(f) for f in figures) or not _LABEL_WORDS.search(label):
        return ""
    n_words = len(label.split()) if label.isascii() else len(label) // 2
    if not 2 <= n_words <= 8:
        return ""
    words = label.split()
    plain = words[0][:1].isupper() and all(w.islower() for w in words[1:])
    return label[0].lower() + label[1:] if plain and not words[0].isupper() else label


def _zh_topic(text: str, asked: str) -> str:
    """The rarest run of names and nouns in the sentence that the question does not use."""
    best, best_rank = "", -1.0
    for run in _noun_runs(text, asked):
        phrase = "".join(w for w, _ in run)
        if phrase.lower() in asked:
            continue
        named = any(f in ("nr", "ns", "nt", "nz") for _, f in run)
        rank = (2.0 if named else 1.0) + sum(0.0 if everyday_word(w) else 1.0 for w, _ in run)
        if rank > best_rank:
            best, best_rank = phrase, rank
    return best


def _noun_runs(text: str, asked: str) -> list[list[tuple[str, str]]]:
    """Runs of adjacent nouns and names ("部门" + "负责人") without a word the question
    asked about; a topic is a whole phrase."""
    import jieba.posseg as pseg

    _get_jieba()
    runs: list[list[tuple[str, str]]] = [[]]
    for w in pseg.cut(text):
        word, flag = w.word.strip(), w.flag
        nounish = flag.startswith(_NOUNISH) and len(word) >= (3 if flag == "eng" else 2)
        if nounish and word.lower() not in asked:
            runs[-1].append((word, flag))
        elif runs[-1]:
            runs.append([])
    return [r for r in runs if r and len(r) <= 3]


def _en_topic(text: str, asked: str) -> str:
    """The longest run (2-4 words) of content words the question does not use; a capitalised
    name first."""
    runs: list[list[str]] = [[]]
    for m in re.finditer(r"[A-Za-z][A-Za-z&'-]*|[^\sA-Za-z]+", text):
        tok = m.group(0)
        if _EN_WORD.fullmatch(tok) and tok.lower() not in EN_STOPWORDS:
            runs[-1].append(tok)
        else:
            runs.append([])
    options = []
    for run in runs:
        if not 2 <= len(run) <= 4 or any(w.lower().endswith("ly") for w in run):
            continue
        phrase = " ".join(run)
        if all(w.lower() in asked for w in run):
            continue
        named = all(w[0].isupper() for w in run)
        options.append((named, len(run), phrase))
    if not options:
        return ""
    _, _, phrase = max(options)
    return (
        phrase
        if phrase[:2].isupper() or all(w[0].isupper() for w in phrase.split())
        else (phrase.lower())
    )
