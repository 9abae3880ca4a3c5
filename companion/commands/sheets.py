"""``brick-companion sheets PARTY.json|GAME.game.jsonl -o SHEETS.pdf``: sheets, no window.

A roster (or a game of a ruleset with rosters) is printed from its ``SheetView`` values
(``roster_sheets``); a party file (or a game of its ruleset) by the printing part of the
ruleset that keeps party files (``companion.rules.parties.PartyFiles``, BrickQuest's),
which reads it with the app's checked loader — a game's sheets show the game's hit
points, spell points and swag.  The pages are painted by ``companion.printing`` on an
offscreen application, as the window prints them.  Exit status 0 when the PDF is written,
2 on bad input (one line naming the file).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.rules.game import GAME_SUFFIX

if TYPE_CHECKING:  # Qt is imported only when the PDF is written
    from companion.printing.pdf import PageSizeName
    from companion.rules.parties import PartyFiles

PAPER: dict[str, PageSizeName] = {"a4": "A4", "letter": "Letter"}
#: Most bytes of a file read to learn its ``format`` (a party is a few kilobytes).
PEEK_BYTES = 4 * 1024 * 1024


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


def _peek(path: Path) -> object:
    """The ``format`` (a party) or ``ruleset`` (a game's header) of ``path``, or None when
    it cannot be read: the ruleset's own loader then says why."""
    from companion.safefile import FileProblem, read_head

    try:
        head = read_head(path, PEEK_BYTES, what="party file")
        if path.name.endswith(GAME_SUFFIX):
            header = json.loads(head.split(b"\n", 1)[0].decode("utf-8"))
            return header.get("ruleset") if isinstance(header, dict) else None
        doc = json.loads(head.decode("utf-8"))
        return doc.get("format") if isinstance(doc, dict) else None
    except (FileProblem, ValueError, RecursionError):
        return None


def party_rules(path: Path) -> PartyFiles | None:
    """The ruleset whose party ``path`` holds: the one ruleset with party files, or the
    one whose format (a game: whose id) the file names; None when none says so."""
    from companion.rules.parties import party_rulesets

    found = party_rulesets()
    if len(found) > 1 or path.name.endswith(GAME_SUFFIX):  # a game names its ruleset
        said = _peek(path)
        found = [r for r in found if said in (r.party_format, r.id)]
    return found[0] if len(found) == 1 else None


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    from companion.commands import game_sheets, roster_sheets

    status = game_sheets.main(args)  # a game that keeps its own sheets (QUBQST's party)
    if status is not None:
        return status
    status = roster_sheets.main(args)  # a roster (or a game of one): its ruleset's sheets
    if status is not None:
        return status
    rules = party_rules(args.party)
    if rules is None:
        print(f"sheets: error: {args.party}: no ruleset prints this party", file=sys.stderr)
        return 2
    if args.output.is_dir():
        print(f"sheets: error: {args.output}: is a folder; give a PDF file name", file=sys.stderr)
        return 2
    from companion.printing.document import ExportError
    from companion.printing.headless import ensure_application
    from companion.printing.rulesets import BrokenPrintingPart, PaperInputError, party_printing

    app = ensure_application()
    try:
        printed = party_printing(rules).party_pdf(
            args.party, args.output, paper=PAPER[args.paper], aids=not args.no_aids
        )
    except (PaperInputError, BrokenPrintingPart) as exc:
        print(f"sheets: error: {exc}", file=sys.stderr)
        return 2
    except (ExportError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"sheets: error: {args.output}: {reason}", file=sys.stderr)
        return 2
    finally:
        del app
    print(f"{args.output}: {printed.pages} pages for {printed.characters} characters")
    return 0
