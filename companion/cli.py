"""The ``brick-companion`` command: open the app, or run a tool of the rules model."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="brick-companion",
        description="Table-side companion for brick-built dungeon games. "
        "'brick-companion rules check FILE...' runs rules scenarios.",
    )
    parser.add_argument("map", nargs="?", type=Path, help="a dungeon map (.json) to open")
    parser.add_argument("--party", type=Path, help="a party file (.party.json) to open")
    return parser


def rules_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="brick-companion rules", description="Rules tools.")
    sub = parser.add_subparsers(dest="tool", required=True)
    check = sub.add_parser(
        "check", help="run scenario files and print one JSON line per check"
    )
    check.add_argument("files", nargs="+", type=Path, help="scenario files or folders")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``brick-companion`` and ``python -m companion``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["rules"]:
        parsed = rules_parser().parse_args(args[1:])
        from companion.rules.check import check_files

        return check_files(parsed.files)
    parsed = app_parser().parse_args(args)
    from companion.gui.app import run_app  # Qt is imported only when a window is wanted

    return run_app(parsed.map, parsed.party)


if __name__ == "__main__":
    sys.exit(main())
