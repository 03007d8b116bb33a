"""A small contract-like document for the review tests (generic clauses written for them)."""

from __future__ import annotations

from pathlib import Path

CONTRACT_MD = """# Services Agreement

## 1. Definitions

"Services" means the maintenance work described in Appendix B.

"Fee" means the monthly amount stated in Table 1.

## 2. Obligations of the Supplier

2.1 The Supplier shall perform the Services with reasonable skill and care.

2.2 The Supplier must notify the Customer of any delay within 5 business days.

2.3 The Supplier shall not subcontract the Services without prior written consent.

## 3. Payment

3.1 The Customer shall pay each invoice within 30 days, as set out in Table 1.

3.2 Late payments bear interest at 1.5% per month.

Table 1 Fees

| Item | Monthly fee | Cap |
|---|---|---|
| Standard support | 1,200 | 14,400 |
| Extended support | 2,000 | 24,000 |

## 4. Liability

4.1 A party in breach shall pay liquidated damages of 500 per day of delay,
as described in Section 3.2.

4.2 Neither party is liable for indirect losses.

## 5. Termination

5.1 Either party may terminate this Agreement for material breach on 30 days written notice.

## Appendix B Services

The Services include monthly inspections and repairs of the listed equipment.
"""


def contract_md(folder: Path) -> Path:
    path = folder / "services_agreement.md"
    path.write_text(CONTRACT_MD, encoding="utf-8")
    return path
