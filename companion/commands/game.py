"""``brick-companion game``: the same game as the window, from the command line.

    game new --map MAP.json [--party PARTY.json] [--seed N] [--dice app|typed]
             [--option KEY=VALUE]... [--choice FIGURE.KEY=VALUE]... GAME
    game new --ruleset ID [...] GAME     (a ruleset played without a map: a graph board)
    game act GAME 'ACTION_JSON' [--dice 3,5,6] [--force "why"]
    game state GAME | game undo GAME | game redo GAME | game log GAME [--markdown]

``"actor": "@acting"`` in an action stands for the figure whose turn it is now (``game
state`` names it as ``acting``).  An action aimed at several figures (``needs ==
"figures"``: a gang-up, hits split among losers) takes their ids as a JSON list in its
field, e.g. ``"targets": ["orc1", "orc2"]``; a facing is a compass name (``"N"``,
``"SE"``) or, where figures face any angle, degrees clockwise from north (``"facing": 30``).

Exit status: 0 applied (the outcome as JSON), 1 an illegal action (the reasons as JSON,
nothing written), 2 bad input (one clear line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.commands.argtext import die_face, plain_number, plain_word
from companion.commands.validate import read_map_file, read_party_file
from companion.model.mapfile import MapFileError
from companion.rules.dice import DiceError
from companion.rules.game import Game, GameFileError, GameOptionError
from companion.rules.session import IllegalAction, SessionError
from companion.safefile import FileProblem, parse_json, text_problem

#: Most dice typed for one action.
MAX_FACES = 100


class BadInput(ValueError):
    """Input the command cannot use; the message says what and where."""


#: An action's actor that stands for whoever acts now.
ACTING = "@acting"

EPILOG = f"""\
examples:
  game new --map MAP.json [--party PARTY.json] [--seed 7] GAME.game.jsonl
  game state GAME.game.jsonl        # whose turn it is ("acting") and the order
  game act GAME.game.jsonl '{{"actor": "{ACTING}", "action": "end_turn"}}'
  game undo GAME.game.jsonl ; game redo GAME.game.jsonl ; game log GAME.game.jsonl

"actor": "{ACTING}" stands for the figure whose turn it is now.
Several targets go in as a JSON list: '{{..., "targets": ["orc1", "orc2"]}}'; a facing
as a compass name ("N", "SE") or degrees clockwise from north ("facing": 30).
exit status: 0 applied, 1 an illegal action (its reasons as JSON), 2 bad input."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="brick-companion game",
        description="Play a game headless: the same game file as the window.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    new = sub.add_parser("new", help="start a game from a map and a party (or a ruleset alone)")
    new.add_argument(
        "--map", type=Path, help="the map to play on (not for a ruleset played without one)"
    )
    new.add_argument("--party", type=Path)
    new.add_argument(
        "--ruleset", help="default: the ruleset the map names; without --map, required"
    )
    new.add_argument("--seed", type=ascii_number)
    new.add_argument("--dice", choices=("app", "typed"), default="app")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.add_argument("--choice", action="append", default=[], metavar="FIGURE.KEY=VALUE")
    new.add_argument("game", type=Path)
    act = sub.add_parser("act", help="validate and apply one action")
    act.add_argument("game", type=Path)
    act.add_argument(
        "action",
        help=f'the action as JSON, e.g. \'{{"actor": "harry", ...}}\'; "actor": "{ACTING}" '
        'is whoever acts now; several targets as a list, e.g. "targets": ["orc1", "orc2"]; '
        'a facing as "N".."NW" or degrees clockwise from north',
    )
    act.add_argument("--dice", help="faces typed from the table, e.g. 3,5,6")
    act.add_argument("--force", metavar="WHY", help="apply an illegal action, saying why")
    helps = {
        "state": "print the state as JSON: whose turn it is (acting), the order, the figures",
        "undo": "step back one action in the log",
        "redo": "step forward again one undone action",
        "log": "print the log, one numbered line per action, with its dice",
    }
    for name, text in helps.items():
        one = sub.add_parser(name, help=text)
        one.add_argument("game", type=Path)
        if name == "log":
            one.add_argument("--markdown", action="store_true")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        return _run(args)
    except IllegalAction as exc:
        reasons = [r.model_dump(mode="json") for r in exc.verdict.reasons]
        print(json.dumps({"legal": False, "reasons": reasons}))
        return 1
    except (BadInput, GameFileError, SessionError, DiceError, MapFileError, FileProblem) as exc:
        text = " ".join(str(exc).split()).encode("utf-8", "backslashreplace").decode()
        print(f"game {args.command}: error: {text}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "new":
        return _new(args)
    game = Game.open(args.game)
    if game.notice:
        print(f"game: notice: {game.notice}", file=sys.stderr)
    if args.command == "act":
        action = _acting(_json(args.action, "ACTION_JSON"), game)
        faces = _faces(args.dice, game.ruleset) if args.dice is not None else None
        force = _text(args.force, "--force", 500) if args.force is not None else None
        out = game.act(action, faces=faces, force=force)
        print(
            json.dumps(
                {
                    "legal": not out.forced,
                    "forced": out.forced,
                    "text": out.text,
                    "events": [e.text for e in out.events],
                }
            )
        )
    elif args.command == "state":
        print(json.dumps(game.snapshot(), indent=1))
    elif args.command in ("undo", "redo"):
        # As the window's Ctrl+Z: over the bookkeeping to a player's action, said.
        what = game.undo_step() if args.command == "undo" else game.redo_step()
        print(json.dumps({"done": args.command, "acting": game.turn().acting, "what": what}))
    else:
        for line in game.log():
            print(_log_line(game, line, args.markdown))
    return 0


def _new(args: argparse.Namespace) -> int:
    if args.map is None and not args.ruleset:
        raise BadInput("give --map MAP.json, or --ruleset ID for a ruleset played without a map")
    doc = read_map_file(args.map) if args.map is not None else None
    party = read_party_file(args.party) if args.party else None
    # Read by the ruleset's option specs (``read_options``) when the game is made.
    pairs = [_pair(o, "--option") for o in args.option]
    options = {_text(k, "--option", 64): _text(v, f"--option {k}", 200) for k, v in pairs}
    choices: dict[str, dict[str, Any]] = {}
    for raw in args.choice:
        key, value = _pair(raw, "--choice")
        figure, _, field = _text(key, "--choice", 130).partition(".")
        if not field:
            raise BadInput(f"--choice {raw!r}: write FIGURE.KEY=VALUE")
        value = _text(value, "--choice", 200)
        choices.setdefault(figure, {})[field] = value.split("+") if field == "abilities" else value
    if args.game.exists():
        raise BadInput(f"{args.game}: already exists; choose another name")
    try:
        game = Game.create(
            args.game,
            doc,
            party=party,
            ruleset_id=args.ruleset,
            options=options,
            choices=choices,
            dice=args.dice,
            seed=args.seed,
        )
    except GameOptionError as exc:
        raise BadInput(f"--option {exc}") from None
    except GameFileError as exc:
        raise BadInput(_refusal(args, exc)) from None
    print(
        json.dumps(
            {"created": str(args.game), "acting": game.turn().acting, "round": game.turn().round}
        )
    )
    return 0


def _refusal(args: argparse.Namespace, exc: GameFileError) -> str:
    """A new game's refusal, starting with the file or argument at fault: the map file,
    the party file (when the party is at fault), or the option that names the input."""
    text = str(exc)
    on = f" (the map {args.map})" if args.map is not None else ""
    if exc.part == "party":
        if args.party is None:
            return f"--party: {text}{on}"
        return f"{args.party}: {text}" + (f" (with the map {args.map})" if on else "")
    if exc.part == "options":
        return f"--option {text.removeprefix('options.')}{on}"
    if exc.part == "choices":
        return f"--choice {text.removeprefix('choices.')}{on}"
    if exc.part == "seed":
        return f"--seed {args.seed}: {text.removeprefix('seed: ')}"
    if exc.part == "file":
        return text
    if args.map is None:  # no map: the ruleset is at fault
        return f"--ruleset {args.ruleset}: {text}"
    if exc.part == "ruleset":
        return f"--ruleset {args.ruleset}: {text} ({args.map})"
    return f"{args.map}: {text}"


def _acting(action: dict[str, Any], game: Game) -> dict[str, Any]:
    """``"actor": "@acting"`` replaced by the figure whose turn it is now."""
    if action.get("actor") != ACTING:
        return action
    turn = game.turn()
    if turn.acting is None:
        why = turn.outcome or turn.headline or "initiative is to be rolled"
        raise BadInput(f'"actor": "{ACTING}": nobody acts now ({why})')
    return {**action, "actor": turn.acting}


def _json(text: str, where: str) -> Any:
    data = text.encode("utf-8", "surrogateescape")
    try:
        value = parse_json(data, file=where)
    except FileProblem as exc:
        raise BadInput(f"{where}: not JSON ({exc.place or 'text'}: {exc.message})") from None
    if not isinstance(value, dict):
        raise BadInput(f"{where}: give a JSON object")
    problem = text_problem(value)
    if problem is not None:
        raise BadInput(f"{where}: {problem}")
    return value


def _faces(text: str, ruleset: Any) -> list[int | str]:
    """Typed faces: numbers in ASCII digits, or the labels of the ruleset's dice
    ("Shield,3/Sword" in Heroica), each read on the die it is rolled for."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) > MAX_FACES:
        raise BadInput(f"--dice: {len(parts)} faces; at most {MAX_FACES} for one action")
    try:
        values = [die_face(p, "face") for p in parts]
        ruleset.parse_faces(values)
    except ValueError as exc:
        raise BadInput(f"--dice {text[:60]!a}: {exc}") from None
    return values


def _pair(raw: str, flag: str) -> tuple[str, str]:
    key, sep, value = raw.partition("=")
    if not sep or not key:
        raise BadInput(f"{flag} {raw!r}: write KEY=VALUE")
    return key, value


def _text(text: str, what: str, limit: int) -> str:
    try:
        return plain_word(text, what, limit)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def ascii_number(text: str) -> int:
    """``--seed``: a whole number in ASCII digits (argparse reports a refusal)."""
    return plain_number(text, "--seed")


def _log_line(game: Game, line: Any, markdown: bool) -> str:
    dice = "; ".join(game.roll_text(r) for r in line.rolls)
    forced = f" [FORCED: {line.why}]" if line.forced else ""
    text = f"{line.index + 1}. {line.text}{forced}" + (f" (dice: {dice})" if dice else "")
    text += "".join(f" [{change}]" for change in line.changes)
    return f"- {text}" if markdown else text
