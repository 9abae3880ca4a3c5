"""The ``brick-companion`` command: open the app, or run a tool of the rules model.

Each tool is a subcommand living in a module of its own (``companion.commands.*``) with a
``main(argv) -> int``; this module only picks one.  Exit codes are shared by all tools:
0 done, 1 a rule said no (an illegal action, a failed check), 2 bad input, reported on
one line that names the file and the place, never with a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

#: Subcommand -> module whose ``main(argv)`` runs it.
SUBCOMMANDS: dict[str, str] = {
    "rules": "companion.commands.rules",
    "game": "companion.commands.game",
    "validate": "companion.commands.validate",
    "sheets": "companion.commands.sheets",
}


def app_parser() -> argparse.ArgumentParser:
    tools = ", ".join(f"'brick-companion {name} ...'" for name in SUBCOMMANDS)
    parser = argparse.ArgumentParser(
        prog="brick-companion",
        description=f"Table-side companion for brick-built dungeon games. Tools: {tools}"
        " (each with --help).",
    )
    parser.add_argument(
        "map", nargs="?", type=Path, help="a dungeon map (.json) or a game (.game.jsonl) to open"
    )
    parser.add_argument("--party", type=Path, help="a party file (.party.json) to open")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``brick-companion`` and ``python -m companion``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        try:
            module = importlib.import_module(SUBCOMMANDS[args[0]])
        except ModuleNotFoundError:
            print(f"brick-companion: '{args[0]}' is not available in this build", file=sys.stderr)
            return 2
        try:
            return int(module.main(args[1:]))
        except BrokenPipeError:
            return _reader_gone()
    parsed = app_parser().parse_args(args)
    from companion.gui.app import run_app  # Qt is imported only when a window is wanted

    return run_app(parsed.map, parsed.party)


def _reader_gone() -> int:
    """The reader of our output left (``game log GAME | head``): stop quietly, as Unix
    tools do, with the shell's code for SIGPIPE, and no traceback at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 128 + 13


if __name__ == "__main__":
    sys.exit(main())
