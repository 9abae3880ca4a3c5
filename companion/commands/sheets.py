"""``brick-companion sheets PARTY.json|GAME.game.jsonl -o SHEETS.pdf``: sheets, no window.

Reads the party with the app's checked loader — or a game, whose sheets show the game's
hit points, spell points and swag — then calls the GUI's own PDF export
(``companion.gui.rulesets.brickquest.export.export_sheets_pdf``) on an offscreen application.
Exit status 0 when the PDF is written, 2 on bad input (one line naming the file).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.rules.game import GAME_SUFFIX

if TYPE_CHECKING:  # the GUI (and Qt) is imported only when the PDF is written
    from companion.gui.export.pdf import PageSizeName

PAPER: dict[str, PageSizeName] = {"a4": "A4", "letter": "Letter"}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="brick-companion sheets",
        description="Export a party's (or a game's) printable sheets and table aids to a PDF.",
    )
    p.add_argument(
        "party", type=Path, help=f"a party file (.party.json) or a game (*{GAME_SUFFIX})"
    )
    p.add_argument("-o", "--output", type=Path, required=True, help="the PDF to write")
    p.add_argument("--paper", choices=sorted(PAPER), default="a4", help="paper size")
    p.add_argument("--no-aids", action="store_true", help="leave out the table-aid pages")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    from companion.commands import roster_sheets

    status = roster_sheets.main(args)  # a roster (or a game of one): its ruleset's sheets
    if status is not None:
        return status
    from companion.rules.game import Game, GameFileError
    from companion.rulesets.brickquest.catalog import default_catalog
    from companion.rulesets.brickquest.character import Party, PartyFileError
    from companion.rulesets.brickquest.game_sheets import game_party

    try:
        if args.party.name.endswith(GAME_SUFFIX):
            game = Game.open(args.party)
            if game.ruleset.id != "brickquest":  # BrickQuest's party sheets print here
                rules = game.ruleset
                print(
                    f"sheets: error: {args.party}: the ruleset {rules.title!r} ({rules.id}) "
                    "has no character sheets to print",
                    file=sys.stderr,
                )
                return 2
            party = game_party(game.header.party, game.figures())
        else:
            party = Party.load(args.party)
    except PartyFileError as exc:
        print(f"sheets: error: {exc.in_file(str(args.party))}", file=sys.stderr)
        return 2
    except GameFileError as exc:
        print(f"sheets: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    if not party.characters and args.no_aids:
        print(f"sheets: error: {args.party}: the party has no characters", file=sys.stderr)
        return 2
    if args.output.is_dir():
        print(f"sheets: error: {args.output}: is a folder; give a PDF file name", file=sys.stderr)
        return 2
    from companion.gui.export.headless import ensure_application
    from companion.gui.rulesets.brickquest.export import ExportError, export_sheets_pdf

    app = ensure_application()
    try:
        pages = export_sheets_pdf(
            args.output,
            party.characters,
            default_catalog(),
            page_size=PAPER[args.paper],
            include_aids=not args.no_aids,
        )
    except (ExportError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"sheets: error: {args.output}: {reason}", file=sys.stderr)
        return 2
    finally:
        del app
    print(f"{args.output}: {pages} pages for {len(party.characters)} characters")
    return 0
