"""``brick-companion sheets GAME.game.jsonl -o SHEETS.pdf`` for a game that keeps its own
sheets (``GameSheets``: QUBQST's party): the sheets as the game has them now, painted by
``companion.printing.roster.pdf`` on an offscreen application, as the window's Party tab
prints them.  Exit status 0 when the PDF is written, 2 on bad input (one line naming the
file).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.rules.game import GAME_SUFFIX
from companion.rules.session import MAX_FILE_BYTES
from companion.safefile import FileProblem, read_head

#: The ``--paper`` names and their page sizes.
PAPER = {"a4": "A4", "letter": "Letter"}


def _offers_game_sheets(path: Path) -> bool:
    """Whether ``path`` is a game whose ruleset keeps its own sheets."""
    from companion.rules.capabilities import GameSheets
    from companion.rules.ruleset import get_ruleset

    if not path.name.endswith(GAME_SUFFIX):
        return False
    try:
        head = read_head(path, MAX_FILE_BYTES, what="game")
        header = json.loads(head.split(b"\n", 1)[0].decode("utf-8"))
        ruleset_id = header.get("ruleset") if isinstance(header, dict) else None
        return isinstance(ruleset_id, str) and isinstance(get_ruleset(ruleset_id), GameSheets)
    except (FileProblem, ValueError, LookupError):
        return False  # the other branches' loaders say what is wrong with it


def export(path: Path, output: Path, paper: str = "a4") -> int:
    """Write the game's sheets to ``output``; the exit status."""
    from companion.rules.capabilities import GameSheets
    from companion.rules.game import Game, GameFileError

    try:
        game = Game.open(path, mend=False)
    except GameFileError as exc:
        print(f"sheets: error: {path}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    rules = game.ruleset
    views = list(rules.game_sheets(game.state)) if isinstance(rules, GameSheets) else []
    if not views:
        print(f"sheets: error: {path}: the game has no sheets", file=sys.stderr)
        return 2
    if output.is_dir():
        print(f"sheets: error: {output}: is a folder; give a PDF file name", file=sys.stderr)
        return 2
    from companion.printing.headless import ensure_application
    from companion.printing.roster.pdf import export_sheets_pdf

    app = ensure_application()
    try:
        pages = export_sheets_pdf(
            views, output, PAPER.get(paper, "A4"), title=f"{rules.title}: party sheet"
        )
    except (OSError, ValueError, RuntimeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"sheets: error: {output}: {reason}", file=sys.stderr)
        return 2
    finally:
        del app
    print(f"{output}: {pages} pages for {len(views)} sheets")
    return 0


def main(args: argparse.Namespace) -> int | None:
    """The ``sheets`` command's branch for games with sheets of their own: the exit
    status, or None when ``args.party`` is not such a game."""
    if not _offers_game_sheets(args.party):
        return None
    return export(args.party, args.output, args.paper)
