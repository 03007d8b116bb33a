"""What the summary and the terms read of a document: its own text, not its boilerplate.

Left out are the sentences the shared classifier (``pipeline/text/boilerplate.py``, the
one the review uses) calls boilerplate — signatures, certifications, the auditor's
standard wording, exhibit indexes, safe-harbour notices, cover form lines — and, in a
periodic report (Form 10-K, 10-Q, 20-F), the exhibits filed after its signatures: the
bylaws, indentures, plans and agreements attached to it define their own words
("Participant", "Award") and sign themselves ("IN WITNESS WHEREOF …"), but are not what
the report says. A current report (Form 8-K) is kept whole: its exhibit is its content.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pipeline.knowledge.source import DocText, Sentence
from pipeline.knowledge.title_filing import REGISTRANT
from pipeline.text.boilerplate import is_boilerplate

_PERIODIC = re.compile(r"\bForm (?:10-K|10-Q|20-F|40-F|10-KT|10-QT)\b")
_SIGNING = re.compile(r"has duly caused this (?:annual |quarterly )?report to be signed", re.I)
# Financial statements printed after the signatures (an "F-page" report): still the report.
_STATEMENTS = re.compile(
    r"report of independent registered public accounting firm|index to (?:consolidated )?"
    r"financial statements|^consolidated (?:balance sheets?|statements? of)",
    re.I,
)


def report_end(doc: DocText) -> int:
    """The last page of a periodic report's own text (the page its signing sentence is on);
    the last page of the document when it is no periodic report or none is found."""
    if not _PERIODIC.search(doc.title):
        return doc.pages
    signed = next((s.page for s in doc.sentences if s.page > 1 and _SIGNING.search(s.text)), 0)
    if not signed:
        return doc.pages
    later = [sec for sec in doc.sections[1:] if sec.page_start > signed]
    if any(_STATEMENTS.search(sec.title.strip()) for sec in later):
        return doc.pages
    return signed


def unread(doc: DocText) -> set[int]:
    """Ids of the sentences neither the summary nor the terms read."""
    end = report_end(doc)
    return {
        s.idx
        for s in doc.sentences
        # The registrant caption stays: it is what tells a filing's cover (``has_cover``).
        if s.page > end or (is_boilerplate(s.text) and not REGISTRANT.match(s.text))
    }


def read_only(doc: DocText) -> DocText:
    """The document with its unread sentences blanked (ids and sections kept, so every
    index into it still holds) and the tables of appended exhibits dropped."""
    skip = unread(doc)
    if not skip:
        return doc
    end = report_end(doc)
    sentences: list[Sentence] = [
        replace(s, text="", emphasis=[]) if s.idx in skip else s for s in doc.sentences
    ]
    tables = [t for t in doc.tables if t.page <= end]
    return replace(doc, sentences=sentences, tables=tables)
