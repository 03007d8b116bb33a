"""More documents for the review benchmark, written for it (no sample text): a supply
agreement whose clause numbers hang in the margin, an English workplace policy that speaks
in "requires" and "is required to" rather than "shall", and a regulation in the
Federal Register's shape (preamble, then regulatory text in two columns). They say nothing
true about any real party or rule; they only have the shape a reviewer meets.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

Section = tuple[str, list[str]]

SUPPLY: list[Section] = [
    (
        "1. Definitions and Interpretation",
        [
            '1.1 "Products" means the packaging components listed in Schedule 1, as updated '
            "by the parties from time to time.",
            '1.2 "Purchase Order" means a written order for Products issued by the Buyer under '
            "this Agreement.",
            '1.3 "Lead Time" means the period stated in Schedule 2 between the Supplier\'s '
            "receipt of a Purchase Order and delivery.",
            "1.4 Headings are for convenience only and do not affect interpretation.",
        ],
    ),
    (
        "2. Supply and Forecasts",
        [
            "2.1 The Buyer will provide the Supplier with a rolling twelve-month forecast of "
            "its requirements on the first Business Day of each month. Forecasts are "
            "estimates only and do not commit the Buyer to purchase any quantity.",
            "2.2 The Supplier agrees to reserve production capacity sufficient to meet 120% of "
            "the quantities in the most recent forecast.",
            "2.3 The Buyer is not obliged to purchase its requirements exclusively from the "
            "Supplier.",
        ],
    ),
    (
        "3. Orders and Delivery",
        [
            "3.1 The Supplier shall acknowledge each Purchase Order within two Business Days "
            "of receipt. An order not rejected in that period is deemed accepted.",
            "3.2 The Supplier will deliver the Products DAP to the Buyer's plant within the "
            "Lead Time, packed and labelled as set out in Schedule 3.",
            "3.3 Title and risk in the Products pass to the Buyer on delivery.",
            "3.4 If the Supplier becomes aware that a delivery will be late, it is required to "
            "notify the Buyer in writing immediately, stating the cause and the expected "
            "delivery date.",
        ],
    ),
    (
        "4. Quality",
        [
            "4.1 All Products must conform to the specifications in Schedule 1 and to ISO "
            "9001 quality management requirements.",
            "4.2 The Supplier is responsible for inspecting each batch before dispatch and "
            "shall keep inspection records for five years.",
            "4.3 The Buyer may reject any Products that do not conform within 30 days after "
            "delivery. Rejected Products will be replaced or credited at the Supplier's cost.",
        ],
    ),
    (
        "5. Prices and Payment",
        [
            "5.1 Prices are fixed for the first twelve months and thereafter may be adjusted "
            "once a year by no more than the change in the producer price index.",
            "5.2 The Buyer shall pay undisputed invoices within 45 days of the invoice date.",
            "5.3 The Supplier may not invoice before the Products are delivered.",
        ],
    ),
    (
        "6. Restrictions",
        [
            "6.1 The Supplier shall not change the materials, process or place of manufacture "
            "of any Product without the Buyer's prior written approval.",
            "6.2 Neither party may assign this Agreement without the consent of the other.",
            "6.3 The Supplier must not use the Buyer's trade marks except to label the Products.",
        ],
    ),
    (
        "7. Remedies and Liability",
        [
            "7.1 For each week a delivery is late, the Supplier will pay the Buyer a service "
            "credit equal to 1.5% of the value of the late Products, up to 15% in total.",
            "7.2 The Supplier shall indemnify the Buyer against all claims arising from "
            "defective Products.",
            "7.3 Except for the indemnity in clause 7.2, each party's aggregate liability "
            "under this Agreement is limited to the amounts paid in the preceding twelve "
            "months.",
        ],
    ),
    (
        "8. Term and Termination",
        [
            "8.1 This Agreement continues for three years from the Effective Date and renews "
            "for successive one-year periods unless either party gives six months' notice.",
            "8.2 Either party may terminate this Agreement with immediate effect if the other "
            "commits a material breach that is not remedied within 30 days of notice.",
            "8.3 On termination, the Buyer must pay for all Products delivered before the "
            "termination date.",
        ],
    ),
]

POLICY: list[Section] = [
    (
        "1. Purpose",
        [
            "This policy sets out how Harbourline Logistics protects its information and "
            "systems, and what it requires of everyone who uses them.",
        ],
    ),
    (
        "2. Scope",
        [
            "The policy applies to all employees, contractors and temporary staff, and to "
            "every device that connects to the company network, whether owned by the company "
            "or not.",
        ],
    ),
    (
        "3. Responsibilities",
        [
            "The Chief Information Security Officer owns this policy and reviews it every year.",
            "Line managers are required to make sure that new members of their team complete "
            "security awareness training within their first month.",
            "Every user is responsible for the security of the accounts and devices issued to "
            "them.",
        ],
    ),
    (
        "4. Access and Passwords",
        [
            "The company requires multi-factor authentication for all remote access and for "
            "every administrator account.",
            "Users are required to choose passwords of at least 14 characters and to change "
            "them at once if they suspect they have been disclosed.",
            "Access rights are reviewed by the system owner every six months.",
        ],
    ),
    (
        "5. Devices and Data",
        [
            "Staff are required to lock their screen whenever they leave their workstation.",
            "Laptops and mobile phones that hold company data require full-disk encryption "
            "and a passcode.",
            "Confidential data may be stored only on approved company systems, and users need "
            "to delete local copies once the work is complete.",
            "Backups of business systems are kept for 90 days.",
        ],
    ),
    (
        "6. Prohibited Use",
        [
            "Users may not install software that has not been approved by IT.",
            "Sharing passwords or authentication codes with anyone, including colleagues, is "
            "prohibited.",
            "Staff are not permitted to forward company email to personal accounts.",
        ],
    ),
    (
        "7. Reporting Incidents",
        [
            "Anyone who suspects a security incident, a lost device or a phishing message is "
            "required to report it to the Service Desk within one hour of noticing it.",
            "The security team investigates each report and informs the Data Protection "
            "Officer where personal data may be affected.",
        ],
    ),
    (
        "8. Compliance",
        [
            "Breaches of this policy may result in disciplinary action, up to and including "
            "dismissal, and contractors may have their engagement terminated.",
            "Exceptions to this policy require the written approval of the Chief Information "
            "Security Officer and expire after twelve months.",
        ],
    ),
]

RULE_TITLE = "ENVIRONMENTAL PROTECTION AGENCY"
RULE_HEAD = [
    "40 CFR Part 282",
    "Underground Storage Tanks; Leak Detection and Reporting Requirements",
    "AGENCY: Environmental Protection Agency (EPA).",
    "ACTION: Final rule.",
    "SUMMARY: This final rule revises the leak detection and reporting requirements for "
    "owners and operators of underground storage tank systems. It adds monthly monitoring, "
    "annual testing of release detection equipment and a reporting deadline for suspected "
    "releases.",
    "DATES: This rule is effective January 1, 2027. Owners and operators of existing systems "
    "must comply with § 282.21 by July 1, 2027.",
    "FOR FURTHER INFORMATION CONTACT: Office of Underground Storage Tanks, telephone 202-555-0100.",
    "SUPPLEMENTARY INFORMATION: The agency proposed these changes in 2025 and received 412 "
    "comments. Most commenters supported monthly monitoring; several small operators asked "
    "for more time, and the compliance date for existing systems was moved by six months in "
    "response. The agency estimates that the rule affects about 540,000 tanks.",
    "Regulatory Flexibility Act. The agency certifies that this rule will not have a "
    "significant economic impact on a substantial number of small entities.",
    "List of Subjects in 40 CFR Part 282: Environmental protection, Hazardous substances, "
    "Petroleum, Reporting and recordkeeping requirements.",
    "For the reasons set out in the preamble, 40 CFR part 282 is amended as follows:",
]
RULE_TEXT = [
    "§ 282.20 Applicability.",
    "(a) This subpart applies to every owner and operator of an underground storage tank "
    "system that stores petroleum or a hazardous substance.",
    "(b) Tanks of 1,100 gallons or less used for farm or residential motor fuel are exempt.",
    "§ 282.21 Release detection.",
    "(a) Owners and operators must monitor each tank for releases at least once every 30 days "
    "using a method listed in paragraph (b) of this section.",
    "(b) Acceptable methods are automatic tank gauging, interstitial monitoring and "
    "statistical inventory reconciliation that meets ASTM E3225.",
    "(c) Release detection equipment is required to be tested for proper operation at least "
    "once every 12 months.",
    "(d) Owners and operators may not use manual tank gauging as the sole method for tanks "
    "larger than 2,000 gallons.",
    "§ 282.22 Reporting suspected releases.",
    "(a) An owner or operator shall report a suspected release to the implementing agency "
    "within 24 hours of discovering it.",
    "(b) The report must state the location, the substance and the estimated quantity, and "
    "is to be confirmed in writing within 7 days.",
    "§ 282.23 Recordkeeping.",
    "(a) Owners and operators are required to keep the results of monitoring for at least "
    "one year and the results of equipment tests for three years.",
    "(b) Records are to be made available to the implementing agency upon request.",
    "§ 282.24 Enforcement.",
    "Any owner or operator who fails to comply with this subpart is subject to a civil "
    "penalty of up to $25,000 per tank for each day of violation under 42 U.S.C. 6991e.",
]


class _Writer:
    """Text boxes down a page (or down columns), a new page when one is full."""

    def __init__(self, columns: int = 1) -> None:
        self.doc = pymupdf.open()
        self.columns = columns
        self.width = (451.0 - 18 * (columns - 1)) / columns
        self._new_page()

    def _new_page(self) -> None:
        self.page = self.doc.new_page(width=595, height=842)
        self.col, self.y = 0, 72.0

    def _next_column(self) -> None:
        if self.col + 1 < self.columns:
            self.col, self.y = self.col + 1, 72.0
        else:
            self._new_page()

    def write(self, text: str, size: float = 10.0, bold: bool = False, indent: float = 0) -> None:
        font = "hebo" if bold else "helv"
        if self.y > 740:
            self._next_column()
        for _ in range(2):  # nothing is written where the text does not fit: next column
            x = 72 + self.col * (self.width + 18)
            rect = pymupdf.Rect(x + indent, self.y, x + self.width, min(self.y + 250, 790))
            left = self.page.insert_textbox(rect, text, fontsize=size, fontname=font)
            if left >= 0:
                self.y = rect.y1 - left + 6
                return
            self._next_column()

    def hanging(self, number: str, text: str) -> None:
        """A clause whose number sits in the margin and whose text hangs beside it."""
        if self.y > 740:
            self._next_column()
        x = 72 + self.col * (self.width + 18)
        self.page.insert_text((x, self.y + 9), number, fontsize=10, fontname="helv")
        self.write(text, indent=36)

    def save(self, path: Path) -> Path:
        self.doc.save(path)
        self.doc.close()
        return path


def supply_pdf(path: Path) -> Path:
    """The supply agreement: a title, recitals, then numbered clauses whose numbers hang in
    the left margin beside the clause text."""
    w = _Writer()
    w.write("MASTER SUPPLY AGREEMENT", size=15, bold=True)
    w.write(
        "This Master Supply Agreement is made between Corrigan Packaging Ltd (the "
        '"Supplier") and Northfield Foods plc (the "Buyer"). The Buyer wishes to buy, and '
        "the Supplier wishes to sell, packaging components on the terms below."
    )
    for title, clauses in SUPPLY:
        w.write(title, size=12, bold=True)
        for clause in clauses:
            number, _, text = clause.partition(" ")
            w.hanging(number, text)
    w.write("Signed for the Supplier ____________    Signed for the Buyer ____________")
    return w.save(path)


def policy_pdf(path: Path) -> Path:
    """The information security policy: headed sections of plain paragraphs."""
    w = _Writer()
    w.write("Information Security and Acceptable Use Policy", size=15, bold=True)
    w.write("Harbourline Logistics, Version 3.1, approved by the Executive Committee", size=9)
    for title, paragraphs in POLICY:
        w.write(title, size=12, bold=True)
        for text in paragraphs:
            w.write(text)
    return w.save(path)


def rule_pdf(path: Path) -> Path:
    """The rule as the Federal Register prints one: agency, preamble, then the amended
    regulatory text, all in two columns."""
    w = _Writer(columns=2)
    w.write(RULE_TITLE, size=11, bold=True)
    for i, text in enumerate(RULE_HEAD):
        w.write(text, size=9, bold=i < 2)
    for text in RULE_TEXT:
        w.write(text, size=9, bold=text.startswith("§"))
    return w.save(path)
