"""The graph's nodes, one module per role (see ``agent/graph.py`` for the wiring)."""
