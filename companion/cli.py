"""The ``brick-companion`` command: open the app, or run a tool of the rules model."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="brick-companion",
        description="Table-side companion for brick-built dungeon games.",
    )
    parser.add_argument("map", nargs="?", type=Path, help="a dungeon map (.json) to open")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``brick-companion`` and ``python -m companion``."""
    args = list(sys.argv[1:] if argv is None else argv)
    parsed = build_parser().parse_args(args)
    from companion.gui.app import run_app  # Qt is imported only when a window is wanted

    return run_app(parsed.map)


if __name__ == "__main__":
    sys.exit(main())
