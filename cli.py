"""Folio on the command line: ``python cli.py --help``."""

from __future__ import annotations

import logging
import sys


def main(argv: list[str] | None = None) -> int:
    from commands import build_parser

    args = build_parser().parse_args(argv)  # `--help` and usage errors end here, quickly

    from pipeline.errors import FolioError
    from pipeline.service import Folio
    from pipeline.workspace import check_name
    from settings import Settings

    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        folio = Folio(Settings(), workspace=check_name(args.workspace))
    except FolioError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        folio.recover()  # no status stays 'running' after its process died
        return int(args.func(folio, args))
    except FolioError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        folio.close()


if __name__ == "__main__":
    sys.exit(main())
