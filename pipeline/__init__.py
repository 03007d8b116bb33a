"""Folio pipeline: parse, OCR, chunk, index, embed, knowledge components."""
