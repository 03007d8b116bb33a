"""Review mode: a goal → plan → execute → reflect agent over one document's structure.

Seed 001: perception (block labels, references; ``pipeline/perceive``) feeds a planner
that scores candidate sub-goals, atomic tools execute the top two, reflection checks each
claim and the coverage and stores what failed as rules for the next plan.
"""
