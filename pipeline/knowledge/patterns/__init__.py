"""Definitional and alias patterns in Chinese and English, applied to one sentence.

Each finder (``zh.find_zh``, ``en.find_en``, ``glossary.find_glossary``) returns candidates
(``surface.Found``) with the term, its definition (when the pattern gives one) and aliases.
"""
