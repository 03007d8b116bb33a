"""A document is labelled with its own language: a French scan is "fr", not "en" (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.service import Folio
from pipeline.text.latin import document_language, latin_language

FRENCH = (
    "Le conseil de la coopérative s'est réuni mardi pour examiner les comptes de l'année. "
    "Les membres ont approuvé l'achat de deux pressoirs et la rénovation du chai avant les "
    "vendanges. La trésorière a rappelé que les cotisations doivent être versées avant la fin "
    "du mois de juin."
)
GERMAN = (
    "Der Vorstand der Genossenschaft hat am Dienstag die Jahresrechnung geprüft. Die Mitglieder "
    "haben den Kauf von zwei Pressen und die Renovierung des Kellers vor der Weinlese genehmigt."
)
ENGLISH = (
    "The board of the cooperative met on Tuesday to review the year's accounts. Members approved "
    "the purchase of two presses and the renovation of the cellar before the harvest."
)


def test_latin_script_text_is_told_apart() -> None:
    assert latin_language(FRENCH) == "fr"
    assert latin_language(GERMAN) == "de"
    assert latin_language(ENGLISH) == "en"


def test_the_script_verdict_stands_for_other_scripts() -> None:
    assert document_language("zh", FRENCH) == "zh"
    assert document_language("mixed", FRENCH) == "mixed"
    assert document_language("en", FRENCH) == "fr"


def test_an_ingested_french_note_is_labelled_fr(folio: Folio, tmp_path: Path) -> None:
    fr = tmp_path / "compte-rendu.md"
    fr.write_text(f"# Compte rendu\n\n{FRENCH}\n\n{FRENCH}\n", encoding="utf-8")
    en = tmp_path / "minutes.md"
    en.write_text(f"# Minutes\n\n{ENGLISH}\n", encoding="utf-8")
    results = {r.name: r for r in folio.ingest([fr, en], wait=True)}
    assert folio.document(results["compte-rendu.md"].doc_id or "").language == "fr"
    assert folio.document(results["minutes.md"].doc_id or "").language == "en"


@pytest.mark.slow  # real OCR of a page
def test_a_french_scan_is_labelled_fr(folio: Folio, tmp_path: Path) -> None:
    from tests.scangen import ScanPage, scanned_pdf

    pdf = tmp_path / "scan-fr.pdf"
    lines = [
        "Le conseil de la cooperative s'est reuni mardi",
        "pour examiner les comptes de l'annee. Les membres",
        "ont approuve l'achat de deux pressoirs et la",
        "renovation du chai avant les vendanges de septembre.",
        "La tresoriere a rappele que les cotisations doivent",
        "etre versees avant la fin du mois de juin prochain.",
    ]
    scanned_pdf(pdf, [ScanPage(lines=lines)])
    (res,) = folio.ingest([pdf], wait=True)
    doc = folio.document(res.doc_id or "")
    assert doc.language == "fr", (doc.language, [c.text for c in folio.store.chunks(doc.doc_id)])
