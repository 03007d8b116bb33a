"""Figures from tables: a line item's cell for a period, and metrics computed from cited
cells with the working shown (issue 10, parts 2 and 3)."""
