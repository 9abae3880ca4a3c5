"""``brick-companion sheets ROSTER.roster.json -o SHEETS.pdf``: a roster's sheets, no window.

The branch of the ``sheets`` command for rulesets that keep their characters in a roster
(``CharacterSheets``): a roster file (``format`` "brick-companion-roster"), or a game of
such a ruleset, whose sheets then show the game's numbers (hits, knocked out...).  The
ruleset named in the file makes the sheets; ``companion.printing.roster.pdf`` paints them on an
offscreen application.  Exit status 0 when the PDF is written, 2 on bad input (one line
naming the file).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.rules.game import GAME_SUFFIX
from companion.rules.roster_files import ROSTER_FORMAT
from companion.rules.session import MAX_FILE_BYTES
from companion.safefile import FileProblem, parse_json, read_bounded, read_head

#: Most bytes read of a file to tell whether it is a roster (larger ones are not).
PEEK_BYTES = 4 * 1024 * 1024
#: The ``--paper`` names and their page sizes.
PAPER = {"a4": "A4", "letter": "Letter"}


@dataclass(frozen=True)
class RosterSource:
    """A file whose sheets come from a roster: a roster file, or a game of a roster."""

    path: Path
    game: bool


def _is_roster(doc: Any) -> bool:
    return isinstance(doc, dict) and doc.get("format") == ROSTER_FORMAT


def _roster_ruleset(ruleset_id: object) -> bool:
    """Whether a game's ruleset keeps its characters in a roster (its sheets are the
    ruleset's, even for a game played with the map's own figures)."""
    from companion.rules.ruleset import CharacterSheets, get_ruleset

    if not isinstance(ruleset_id, str):
        return False
    try:
        return isinstance(get_ruleset(ruleset_id), CharacterSheets)
    except LookupError:
        return False


def roster_source(path: Path) -> RosterSource | None:
    """``path`` as a roster's sheets, or None when it is not a roster (nor a game with
    one) — or cannot be read: the caller's own loader then says why."""
    try:
        if path.name.endswith(GAME_SUFFIX):
            head = read_head(path, MAX_FILE_BYTES, what="game")
            header = json.loads(head.split(b"\n", 1)[0].decode("utf-8"))
            party = header.get("party") if isinstance(header, dict) else None
            ruleset = header.get("ruleset") if isinstance(header, dict) else None
            game = _is_roster(party) or _roster_ruleset(ruleset)
            return RosterSource(path, game=True) if game else None
        data = read_bounded(path, PEEK_BYTES, what="roster")
        doc = parse_json(data, file=str(path))
    except (FileProblem, ValueError):
        return None
    return RosterSource(path, game=False) if _is_roster(doc) else None


def _load(source: RosterSource) -> tuple[Any, dict[str, Any], Any | None]:
    """(the ruleset, the roster, the game's state or None); ``ValueError`` names the file."""
    from companion.rules.roster_files import read_roster_file, sheets_rules

    if not source.game:
        ruleset_id, roster = read_roster_file(source.path)
        return sheets_rules(ruleset_id), roster, None
    from companion.rules.game import Game, GameFileError

    try:
        game = Game.open(source.path, mend=False)
        rules = sheets_rules(game.ruleset.id)
    except (GameFileError, ValueError) as exc:
        raise ValueError(" ".join(str(exc).split())) from None
    return rules, dict(game.header.party or {}), game.state


def export(source: RosterSource, output: Path, paper: str = "a4", aids: bool = True) -> int:
    """Write the PDF of ``source``'s sheets, laid out as its ruleset says (``aids``: with
    its track strips); the exit status (messages on stderr/stdout)."""
    from companion.rules.printing import print_layout

    try:
        rules, roster, state = _load(source)
        views = rules.sheets(roster, state)
        layout = print_layout(rules, roster, state)
    except ValueError as exc:
        text = " ".join(str(exc).split())
        named = text if text.startswith(str(source.path)) else f"{source.path}: {text}"
        print(f"sheets: error: {named}", file=sys.stderr)
        return 2
    if not views:
        what = "game" if source.game else "roster"
        print(f"sheets: error: {source.path}: the {what} has no characters", file=sys.stderr)
        return 2
    if output.is_dir():
        print(f"sheets: error: {output}: is a folder; give a PDF file name", file=sys.stderr)
        return 2
    from companion.printing.headless import ensure_application
    from companion.printing.roster.pdf import export_sheets_pdf

    app = ensure_application()
    name = str(roster.get("name") or "Roster")
    try:
        pages = export_sheets_pdf(
            views,
            output,
            PAPER.get(paper, "A4"),
            title=f"{name}: character sheets",
            layout=layout if aids else layout.model_copy(update={"strips": ()}),
        )
    except (OSError, ValueError, RuntimeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        print(f"sheets: error: {output}: {reason}", file=sys.stderr)
        return 2
    finally:
        del app
    print(f"{output}: {pages} pages for {len(views)} characters")
    return 0


def main(args: argparse.Namespace) -> int | None:
    """The ``sheets`` command's roster branch: the exit status, or None when ``args.party``
    is not a roster (the party branch then reads it)."""
    source = roster_source(args.party)
    if source is None:
        return None
    return export(source, args.output, args.paper, aids=not getattr(args, "no_aids", False))
