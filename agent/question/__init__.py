"""The question, read once: what it names, asks and wants (``parsed.Question``), and the
readers it is made from. Below both ``agent.figures`` and ``agent.models``: both read the
question here, neither asks the other what it says."""

from agent.question.parsed import Question, parse

__all__ = ["Question", "parse"]
