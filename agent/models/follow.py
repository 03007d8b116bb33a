"""Follow-up questions from the cited passages' neighbourhood: what a reader asks next.

The neighbourhood is what comes right after each cited quote in its passage, then the other
passages found on the same or the next page of the same document. Each neighbouring unit
becomes the question it answers, about the passage's subject (its section title):

- "父亲是李国华。" → an attribute and the kind of its value: "青木正弘的父亲是谁？";
- "位于……" / "is located in" → "……位于哪里？";
- "1975年由……" / "In 1990, …" → a dated event: "……在1975年发生了什么？";
- a name the question did not use → "小林千代和青木正弘有什么关系？";
- a table row → its line item's figure ("What was total net revenue?").

A unit that fits none of these asks nothing (no question about a bare topic). Every part
of a question is whole words of the document; a part too long is skipped, never cut.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from agent import prompts
from agent.answer_kinds import holds
from agent.evidence import Evidence, Passage, Unit, units
from agent.figures.follow_rows import follow_label, reader_case, titled_name
from agent.figures.render import copula
from agent.models.follow_en import (
    MIN_SENTENCE_WORDS,
    POINTING,
    dated_actor,
    en_form,
    follow_words,
    whole_name,
)
from agent.models.follow_fields import zh_office_topics
from agent.models.follow_offices import office_topics
from agent.models.spans import opens_mid_sentence
from agent.role_field import asked_role
from agent.scope import stem
from pipeline.text.periods import YEAR_RE
from pipeline.text.script import HAN, HAN_RE
from pipeline.text.segment import EN_STOPWORDS, _get_jieba, everyday_word

MAX_FOLLOW_UPS = 3
_MAX_TOPIC = 24
_MAX_TOPIC_WORDS = 8
_MAX_SUBJECT = 20
_ROW_LABEL = re.compile(r"\s{2,}|\s*\|\s*|\s+(?=[($]?\s?-?\d)")
_HEADER_RULE = re.compile(r"[ \t]*\n[ \t]*\|?[ \t]*:?-{3,}")  # the rule under a table's header
_LABEL_WORDS = re.compile(r"[A-Za-z" + HAN + r"]")
_NUMBERING = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百\d]+[章节条部分篇]|item\s+\d+[a-z]?\.?|[\d.]+|[一二三四五六七八九十]+、)\s*",
    re.I,
)
# A numbered part of a document: "Article II", "Section 2.01", "Schedule IV".
_PART_NUMBER = re.compile(r"^[A-Za-z]+\s+(?:[IVXLC]+|\d+\.\d+)\b")
_ZH_DATE = re.compile(r"^(?:在|于|自|从)?((?:公元前?)?\d{3,4}年(?:\d{1,2}月)?(?:\d{1,2}日)?)")
_COPULA = re.compile(r"\b(?:is|are|was|were)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:we|our|us)\b", re.I)
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]*(?:\s+(?:&\s+)?[A-Z][\w'-]*)*")


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
    found: list[tuple[int, int, str]] = []
    topics: set[str] = set()
    own = _own_names(question, evidence)
    if lang == "en":  # an office is named in the document's English only
        for n, office in enumerate(office_topics(_near_texts(evidence, cited), asked)):
            wording = prompts.FOLLOW_UP[lang]["attribute_person_bare"]
            said = wording.format(verb="is", topic=office)
            found.append((_PREFERENCE.index("attribute"), n - _OFFICES_FIRST, said))
    elif asked_role(question):  # who holds the fields' other offices ("主管会计工作负责人")
        for n, office in enumerate(zh_office_topics(_near_texts(evidence, cited), question)):
            said = prompts.FOLLOW_UP[lang]["office"].format(topic=office)
            found.append((_PREFERENCE.index("attribute"), n - _OFFICES_FIRST, said))
    for n, (p, u) in enumerate(_neighbourhood(evidence, cited, quoted)):
        if u.kind != "row" and opens_mid_sentence(u.text):
            continue  # "or because …": a fragment of a sentence the chunk cut asks nothing
        made = _question_for(p, u, asked, topics, lang, own=own)
        if made is not None and all(made[1] != q for _, _, q in found):
            found.append((_PREFERENCE.index(made[0].split("_")[0]), n, made[1]))
        if len(found) >= 4 * MAX_FOLLOW_UPS:
            break
    # What the neighbourhood says of the subject before names it merely mentions.
    return [q for _, _, q in sorted(found)[:MAX_FOLLOW_UPS]]


_OFFICES_FIRST = 1000  # before the neighbourhood's attributes: the table the answer is read in
_PREFERENCE = ("attribute", "located", "rule", "dated", "change", "figure", "relation")


def _neighbourhood(
    evidence: Sequence[Evidence], cited: Sequence[Passage], quoted: Sequence[str]
) -> Iterator[tuple[Passage, Unit]]:
    seen = {p.chunk_id for p in cited}
    for p in cited:  # what follows the quote in its passage, then what comes before it
        parts = [u for u in units(p.text) if u.kind != "heading"]
        at = next((i for i, u in enumerate(parts) if any(u.text in q for q in quoted)), 0)
        after, before = parts[at + 1 :], parts[:at]
        yield from ((p, u) for u in after + before if not any(u.text in q for q in quoted))
    near = {(p.doc_id, pg) for p in cited for pg in range(p.page, p.page_end + 2)}
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id in seen or (p.doc_id, p.page) not in near:
                continue
            seen.add(p.chunk_id)
            yield from ((p, u) for u in units(p.text) if u.kind != "heading")


def _near_texts(evidence: Sequence[Evidence], cited: Sequence[Passage]) -> list[str]:
    """The cited passages, then the others found on their pages or the next."""
    near = {(p.doc_id, pg) for p in cited for pg in range(p.page, p.page_end + 2)}
    seen = {p.chunk_id for p in cited}
    out = [p.text for p in cited]
    for ev in evidence:
        for p in ev.passages:
            if p.chunk_id not in seen and (p.doc_id, p.page) in near:
                seen.add(p.chunk_id)
                out.append(p.text)
    return out


def _question_for(
    p: Passage,
    u: Unit,
    asked: str,
    topics: set[str],
    lang: prompts.Lang,
    *,
    own: dict[str, str],
) -> tuple[str, str] | None:
    """The unit's question (its form, its wording), or None."""
    if HAN_RE.search(p.text):
        subject = _subject(p)
    else:  # a passage written in the first person is about the document's own company
        first_person = _FIRST_PERSON.search(p.text) is not None
        subject = _en_subject(p) or (own.get(p.doc_id, "") if first_person else "")
    if u.kind == "row":  # a row of figures ("Net sales | 7,354"), not a line of words
        cells = _ROW_LABEL.split(u.text.strip(" |"), maxsplit=1)  # ("Ann Lee  56  Chief …")
        rest = cells[1] if len(cells) > 1 else ""
        figures = sum(c.isalpha() for c in rest) <= sum(c.isdigit() for c in rest)
        # a table's header ("项目 | 2018年1-3月 | 增减%") names its columns, no item
        figures = figures and not _HEADER_RULE.match(p.text, u.end)
        form, topic = ("figure", _row_label(u.text)) if figures else ("", "")
        # by a name in the question's language, never a firm's or a person's, nor a
        # segment's or a product's that names no amount ("What was Home Care?")
        topic = follow_label(topic, lang) if topic else ""
        topic = "" if titled_name(topic) else _sentence_case(reader_case(topic))
    elif HAN_RE.search(u.text):
        form, topic = _zh_form(u.text, subject, asked)
    else:
        form, topic = en_form(u.text, subject, asked, p.text)
        # "What happened on May 26?" names no one: the one the dated sentence tells of
        subject = subject or (dated_actor(u.text) if form == "dated" else "")
    if not form or _too_long(topic) or (u.kind == "row" and not topic):
        return None  # a row without a line item to name would ask "What was ?"
    if _unbalanced(topic):
        return None  # cut inside brackets ("Statement on Form S-4 (File No."): no whole name
    key = stem(topic) if topic else form
    if key in topics or (topic and topic.lower() in asked):
        return None
    if not _wordable(lang, topic + subject, p, u):
        return None
    bare = not subject or "'s " in topic
    template = _template(prompts.FOLLOW_UP[lang], form, not bare)
    if template is None:
        return None  # the question would not say what it is about
    topics.add(key)
    # the copula the sentence uses: "Liabilities assumed were …" asks "What were …"
    said = _COPULA.search(u.text) if form.startswith("attribute") else None
    verb = said.group(0).lower() if said else "is"
    if form == "figure":  # "What were net sales?", "What was cost of sales?"
        verb = copula(topic)
    if form.startswith("change_"):
        verb = form.split("_", 1)[1]
    return form, template.format(topic=topic, subject=subject, verb=verb)


def _wordable(lang: prompts.Lang, phrases: str, p: Passage, u: Unit) -> bool:
    """Can a question in ``lang`` be worded from the unit's phrases? Not an English one from
    Chinese phrases, nor a Chinese one from an English sentence's (a row's label is said in
    the question's language, ``follow_label``)."""
    if lang == "en":
        return not HAN_RE.search(phrases)
    return u.kind == "row" or bool(HAN_RE.search(p.text))


def _unbalanced(topic: str) -> bool:
    return any(topic.count(a) != topic.count(b) for a, b in ("()", "（）", "[]", "“”"))


def _too_long(topic: str) -> bool:
    """A topic too long to ask about (it is skipped, never cut): Chinese by characters,
    other languages by words ("net cash provided by operating activities" is one item)."""
    if HAN_RE.search(topic):
        return len(topic) > _MAX_TOPIC
    return len(topic.split()) > _MAX_TOPIC_WORDS


def _template(templates: dict[str, str], form: str, subject: bool) -> str | None:
    """The form's wording (an attribute of an unnamed kind as a plain attribute), with a
    subject or, where the language has one, without."""
    for name in (form, form.rsplit("_", 1)[0]):
        key = name if subject else name + "_bare"
        if key in templates:
            return templates[key]
    return None


def _en_subject(p: Passage) -> str:
    """What an English passage is about: the name its first sentence opens with."""
    said = [u.text for u in units(p.text) if u.kind == "sentence"]
    # "Legal Proceedings.": a heading line, not the sentence the passage opens with
    first = next((t for t in said if len(t.split()) >= MIN_SENTENCE_WORDS), "")
    m = re.match(r"[A-Z][\w&'-]*(?:\s+(?:of\s+)?[A-Z][\w&'-]*){0,3}", first.strip())
    # "Effective May 26, 2031, …": a sentence opening with its date names no subject
    name = m.group(0) if m and whole_name(first.strip(), 0, m.end()) else ""
    if name.split()[:1] and name.split()[0].lower() in POINTING:  # "Every Critical Vendor"
        name = name.split(" ", 1)[1] if " " in name else ""
    # One capitalised word opening a sentence may be any word ("Ferry services …").
    if len(name.split()) < 2 or name.split()[0].lower() in EN_STOPWORDS:
        return ""
    return name


def _own_names(question: str, evidence: Sequence[Evidence]) -> dict[str, str]:
    """Document id → its own name as its passages write it ("PepsiCo", "Johnson &
    Johnson"): a word of the document's file name, capitalised, in its most used form (the
    question's when no passage writes it). A 10-K says "we": this is who "we" are."""
    out: dict[str, str] = {}
    texts: dict[str, list[str]] = {}
    for ev in evidence:
        for p in ev.passages:
            texts.setdefault(p.doc_id, []).append(p.text)
    for doc, said in texts.items():
        words = [w.lower() for w in re.findall(r"[A-Za-z]{3,}", doc)]
        own = {stem(w) for w in words}
        forms = Counter(
            name
            for text in [*said, question]
            for m in _CAPITALISED.finditer(text)
            if (name := _named(m.group(0), own, words)) and not name.isupper()
        )
        if forms:
            out[doc] = forms.most_common(1)[0][0]
    return out


def _named(run: str, own: set[str], joined: Sequence[str] = ()) -> str:
    """The part of a run of capitalised words that names the document ("Kestrel Foods" of
    "Kestrel Foods Annual", "PepsiCo" of "PepsiCo Beverages"): its file name's words, or
    words a file name writes run together ("Best Buy" of "bestbuy-10k")."""
    words = run.split()
    for n in range(len(words), 1, -1):  # the longest run the file name writes as one word
        if re.sub(r"[^a-z]", "", "".join(words[:n]).lower()) in joined:
            return " ".join(words[:n])
    kept: list[str] = []
    for word in words:
        if word != "&" and stem(word.lower()) not in own:
            break
        kept.append(word)
    return " ".join(kept).rstrip(" &")


def _subject(p: Passage) -> str:
    """What the passage is about: its own section title, numbering dropped ("第一章 总则" →
    "总则"), when short enough to name in a question."""
    title = _NUMBERING.sub("", p.section.split(" > ")[-1]).strip(" :：")
    size = len(title) if HAN_RE.search(title) else 3 * len(title.split())
    return title if title and size <= _MAX_SUBJECT else ""


def _zh_form(text: str, subject: str, asked: str) -> tuple[str, str]:
    """The question a Chinese sentence answers about ``subject``: (form, topic)."""
    import jieba.posseg as pseg

    _get_jieba()
    vocab = follow_words()
    date = _ZH_DATE.match(text)
    words = [(w.word, w.flag) for w in pseg.cut(text) if w.word.strip()]
    i = 0
    while i < len(words) and (
        words[i][0] in vocab.pronouns or words[i][0] in subject or words[i][1] == "x"
    ):
        i += 1
    rest = words[i:]
    if rest and rest[0][0] in vocab.located:
        return "located", ""
    noun: list[str] = []
    j = 0
    while j < len(rest) and rest[j][1].startswith(("n", "vn")) and len(noun) < 2:
        noun.append(rest[j][0])
        j += 1
    if noun and j < len(rest) and rest[j][0] in vocab.copulas:
        topic = "".join(noun)
        value = "".join(w for w, _ in rest[j + 1 :])
        kind = next(
            (k for k in ("person", "place", "date", "number") if holds(k, value, asked)), ""
        )
        return (f"attribute_{kind}" if kind else "attribute"), topic
    if date and date.group(1).lower() not in asked:
        return "dated", date.group(1)
    rule = _rule(words)
    if rule and rule.lower() not in asked:
        return "rule", rule
    # Names from the dictionary only: a name jieba guesses may be cut ("德川家康" → "川家康").
    for word, flag in ((w.word, w.flag) for w in pseg.cut(text, HMM=False)):
        # a name or a rare term, not an everyday word ("商业银行", "国语")
        named = flag in ("nr", "nrfg", "nrt", "nt", "nz") and len(word) >= 2
        named = named and not everyday_word(word)
        if named and word.lower() not in asked and word not in subject and subject not in word:
            return "relation", word
    return "", ""


def _rule(words: list[tuple[str, str]]) -> str:
    """A rule's first clause up to the verb after its modal ("未休完的年假……可以顺延"):
    asked back, it is the question whether and how the rule applies."""
    text = ""
    for n, (word, flag) in enumerate(words):
        if flag == "x":
            return ""  # the modal is not in the first clause
        text += word
        if word in follow_words().modals and n + 1 < len(words) and words[n + 1][1].startswith("v"):
            return text + words[n + 1][0]
    return ""


def _sentence_case(label: str) -> str:
    """ "Reported sales" → "reported sales"; an acronym or a name opening it keeps its
    capitals ("EPS", "MedTech")."""
    first = label.split(" ", 1)[0]
    return label[:1].lower() + label[1:] if first[1:].islower() else label


def _row_label(text: str) -> str:
    """A row's line item, when the row holds figures (not a header of years) and the
    label says something (two words or more, or a Chinese term)."""
    cells = _ROW_LABEL.split(text.strip(" |"), maxsplit=1)
    # what brackets hold is a unit, a footnote or a sign ("(MILLIONS)", "(a)", "(loss)"):
    # the line item is what stands outside them
    label = " ".join(re.sub(r"\([^()]*\)", " ", cells[0]).split()).strip(" |$:")
    # a Chinese cell wrapped over lines ("香港中央结算\n有限公\n司") is one name
    label = re.sub(r"(?<=[" + HAN + r"])\s+(?=[" + HAN + r"])", "", label)
    figures = re.findall(r"\d[\d,.]*", cells[1] if len(cells) > 1 else "")
    if not any(not YEAR_RE.fullmatch(f) for f in figures) or not _LABEL_WORDS.search(label):
        return ""
    if _PART_NUMBER.match(label) and len(figures) == 1:
        return ""  # a contents line ("ARTICLE II AMOUNTS AND TERMS … | 14"): a page, no figure
    n_words = len(label.split()) if label.isascii() else len(label) // 2
    if not 2 <= n_words <= 8:
        return ""
    words = label.split()
    plain = words[0][:1].isupper() and all(w.islower() for w in words[1:])
    return label[0].lower() + label[1:] if plain and not words[0].isupper() else label
