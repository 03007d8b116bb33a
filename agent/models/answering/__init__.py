"""The offline answerer's strategies: each reads the typed question (``agent.question``)
and the turn's evidence and offers scored candidates (``candidate.py``); the composer
(``agent/models/compose.py``) weighs them all and checks the chosen one."""
