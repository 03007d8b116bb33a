"""The parts of structure-aware chunking (``pipeline/chunk.py`` puts them together)."""
