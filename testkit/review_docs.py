"""Documents for the review benchmark that the samples lack, built here.

The contract is generic: clauses written for this benchmark in the style of a services
agreement (definitions, obligations, prohibitions, fees, liability, termination, notices)
with numbered sections and cross-references, repeated over schedules to reach many pages.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

_ARTICLES: list[tuple[str, list[str]]] = [
    (
        "1. Definitions",
        [
            '1.1 "Agreement" means this services agreement and its Appendices.',
            '1.2 "Services" means the work described in Appendix A.',
            '1.3 "Fees" means the amounts set out in Section 6.1.',
            '1.4 "Business Day" means a day other than a public holiday.',
        ],
    ),
    (
        "2. Term",
        [
            "2.1 This Agreement starts on the Effective Date and runs for 24 months.",
            "2.2 The parties may extend the term by written agreement no later than 60 days "
            "before it ends.",
        ],
    ),
    (
        "3. Obligations of the Provider",
        [
            "3.1 The Provider shall perform the Services with due skill and care.",
            "3.2 The Provider shall meet the service levels in Appendix B.",
            "3.3 The Provider must keep records of all work for at least 6 years.",
            "3.4 The Provider shall not subcontract any part of the Services without the "
            "Client's prior written consent.",
            "3.5 The Provider shall not use Client Data for any purpose other than the Services.",
        ],
    ),
    (
        "4. Obligations of the Client",
        [
            "4.1 The Client shall give the Provider access to its premises during business hours.",
            "4.2 The Client must notify the Provider of any defect within 10 Business Days.",
        ],
    ),
    (
        "5. Confidentiality",
        [
            "5.1 Each party shall keep the other party's confidential information secret.",
            "5.2 A party may not disclose confidential information except as required by law.",
        ],
    ),
    (
        "6. Fees and Payment",
        [
            "6.1 The Client shall pay a monthly fee of 4,500 for the Services.",
            "6.2 The Client shall pay each invoice within 30 days of receipt.",
            "6.3 Late payments bear interest at 1% per month, as described in Section 6.2.",
        ],
    ),
    (
        "7. Liability",
        [
            "7.1 If the Provider misses a service level in Appendix B, it shall pay liquidated "
            "damages of 2% of the monthly fee for each day of delay.",
            "7.2 The total liability of either party is capped at the Fees paid in the previous "
            "12 months.",
            "7.3 Neither party is liable for indirect or consequential loss.",
        ],
    ),
    (
        "8. Termination",
        [
            "8.1 Either party may terminate this Agreement on 90 days written notice.",
            "8.2 The Client may terminate immediately if the Provider commits a material breach "
            "of Section 3.4.",
            "8.3 On termination the Provider shall return all Client Data within 14 days.",
        ],
    ),
    (
        "9. Notices",
        [
            "9.1 Notices must be given in writing to the addresses in Appendix C.",
        ],
    ),
]

_APPENDIX = (
    "Appendix {letter} {title}",
    "This appendix describes item {i} of the {title_low}. The work covers inspection, "
    "repair and reporting for the listed equipment at site {i}, and the contact persons "
    "for each site. It adds no obligations beyond those in Section 3.",
)


def contract_pdf(path: Path, *, pages: int = 12) -> Path:
    """A contract-like PDF of at least ``pages`` pages (appendix schedules fill the rest)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 72.0

    def write(text: str, size: float = 10.5, bold: bool = False) -> None:
        nonlocal page, y
        rect = pymupdf.Rect(72, y, 523, y + 300)
        left = page.insert_textbox(rect, text, fontsize=size, fontname="hebo" if bold else "helv")
        if left < 0 or y > 760:
            page = doc.new_page(width=595, height=842)
            y = 72.0
            left = page.insert_textbox(
                pymupdf.Rect(72, y, 523, y + 300),
                text,
                fontsize=size,
                fontname="hebo" if bold else "helv",
            )
        y += 300 - left + 8

    write("SERVICES AGREEMENT", size=16, bold=True)
    for title, clauses in _ARTICLES:
        write(title, size=13, bold=True)
        for clause in clauses:
            write(clause)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    i = 0
    titles = ("Services", "Service Levels", "Addresses", "Sites", "Equipment", "Contacts")
    while len(doc) < pages or i < 3:
        letter = letters[i % 26] + ("" if i < 26 else str(i // 26))
        title = titles[i % len(titles)]
        write(_APPENDIX[0].format(letter=letter, title=title), size=13, bold=True)
        for j in range(4):
            write(_APPENDIX[1].format(i=i * 4 + j + 1, title_low=title.lower()))
        i += 1
    doc.save(path)
    doc.close()
    return path


def first_pages(src: Path, dst: Path, pages: int) -> Path:
    """The first ``pages`` pages of a PDF (the speed anchor is a 50-page document)."""
    with pymupdf.open(src) as doc:
        doc.select(list(range(min(pages, len(doc)))))
        doc.save(dst)
    return dst
