"""An invented annual report whose cover prints the registrant's name as a logo image (the
name is only in the signatures), with a placeholder metadata title and the boilerplate a
filing carries: signatures, an officer's certification and an award agreement's
attestation. Written for these tests; no external text."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from testkit import pdfgen
from testkit.pdfgen import Item

REGISTRANT = "HARBOUR LANTERN WORKS, INC."
TITLE = f"{REGISTRANT} — Form 10-K, fiscal year ended December 31, 2031"
WITNESS = "IN WITNESS WHEREOF, I have hereunto set my hand this 12th day of March, 2032."

_COVER = [
    Item("UNITED STATES SECURITIES AND EXCHANGE COMMISSION", 11, True),
    Item("Washington, D.C. 20549", 9),
    Item("FORM 10-K", 14, True),
    Item("ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT", 9),
    Item("For the fiscal year ended December 31, 2031", 9),
    Item("For the transition period from to", 9),
    Item("Commission File Number 001-09999", 9, gap=60),  # the logo goes in the gap
    Item("(Exact name of registrant as specified in its charter)", 8),
    Item("Delaware 12-3456789", 9),
]
_BUSINESS = [
    Item("PART I", 13, True),
    Item("Item 1. Business", 12, True),
    Item(
        "Harbour Lantern Works designs and sells solar garden lanterns to hardware chains and "
        "garden centres across three regions. The Lumen Rewards program gives a store one free "
        "lantern for every forty it buys within a season. A beacon unit is a lantern that "
        "comes with its charging base and mounting post as one package."
    ),
    Item(
        "Our lanterns are assembled in two plants and shipped from a single warehouse near the "
        "port. Seasonal demand peaks in spring, when most stores restock their garden aisles."
    ),
    Item("Item 7. Management's Discussion and Analysis", 12, True),
    Item(
        "Net sales rose by twelve percent as more stores joined the Lumen Rewards program. "
        "Gross margin narrowed because glass and battery cells cost more than a year before. "
        "Freight costs fell when the warehouse moved closer to the port."
    ),
]
_SIGNATURES = [
    Item("SIGNATURES", 12, True),
    Item(
        "Pursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of "
        "1934, the registrant has duly caused this report to be signed on its behalf by the "
        "undersigned, thereunto duly authorized."
    ),
    Item(REGISTRANT, 10),
    Item("(Registrant)", 9),
    Item("By: /s/ Jane Roe", 9),
    Item("Dated: March 12, 2032", 9),
]
_AGREEMENT = [
    Item("Lantern Award Agreement", 12, True),
    Item(
        "The company grants the holder the number of restricted shares set forth below, which "
        "vest in four equal parts on the anniversaries of the grant date."
    ),
    Item("“Vesting Date” means each anniversary of the grant date on which a part vests."),
    Item(WITNESS),
    Item(
        "I, Jane Roe, certify that I have reviewed this annual report on Form 10-K of the "
        "registrant and that it does not contain any untrue statement of a material fact."
    ),
]


def logo_filing_pdf(path: Path) -> Path:
    """Cover with the name as an image, a business part, signatures, an agreement."""
    doc = pymupdf.open()
    cover = doc.new_page(width=pdfgen.A4[0], height=pdfgen.A4[1])
    pdfgen.write_flow(cover, _COVER)
    # The logo: a drawing where the name would be printed, no text in it.
    cover.draw_rect(pymupdf.Rect(200, 262, 395, 300), color=(0.1, 0.2, 0.5), fill=(0.1, 0.2, 0.5))
    for items in (_BUSINESS, _SIGNATURES, _AGREEMENT):
        pdfgen.write_flow(doc.new_page(width=pdfgen.A4[0], height=pdfgen.A4[1]), items)
    doc.set_metadata({"title": "Document"})
    doc.save(path)
    return path
