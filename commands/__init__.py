"""Command-line subcommands. Each module exposes ``register(subparsers)``."""

from __future__ import annotations

import argparse

from commands import chat, documents, inspect, knowledge, perceive, review, search

MODULES = [documents, search, knowledge, chat, review, inspect, perceive]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cli.py",
        description="Folio: talk to your documents. Every subcommand accepts --json.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress details")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in MODULES:
        module.register(sub)
    for command in sub.choices.values():
        command.add_argument(
            "--workspace",
            default="local",
            metavar="NAME",
            help="the workspace to act in (default: local); others' documents are invisible",
        )
    return parser
