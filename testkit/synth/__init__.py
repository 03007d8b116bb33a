"""Synthetic annual reports for measuring answers on layouts and wordings nobody tuned on
(``bench/synth_filings.py``)."""
