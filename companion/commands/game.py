"""``brick-companion game``: the same game as the window, from the command line.

    game new --map MAP.json [--party PARTY.json] [--seed N] [--dice app|typed]
             [--option KEY=VALUE]... [--choice FIGURE.KEY=VALUE]... GAME
    game act GAME 'ACTION_JSON' [--dice 3,5,6] [--force "why"]
    game state GAME | game undo GAME | game redo GAME | game log GAME [--markdown]

Exit status: 0 applied (the outcome as JSON), 1 an illegal action (the reasons as JSON,
nothing written), 2 bad input (one clear line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.model.mapfile import MapFileError, load_map_bytes
from companion.rules.dice import DiceError
from companion.rules.game import Game, GameFileError
from companion.rules.session import IllegalAction, SessionError

MAX_INPUT_BYTES = 16 * 1024 * 1024


class BadInput(ValueError):
    """Input the command cannot use; the message says what and where."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="brick-companion game", description="Play a game headless.")
    sub = p.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="start a game from a map and a party")
    new.add_argument("--map", type=Path, required=True)
    new.add_argument("--party", type=Path)
    new.add_argument("--ruleset", help="default: the ruleset the map names")
    new.add_argument("--seed", type=int)
    new.add_argument("--dice", choices=("app", "typed"), default="app")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.add_argument("--choice", action="append", default=[], metavar="FIGURE.KEY=VALUE")
    new.add_argument("game", type=Path)
    act = sub.add_parser("act", help="validate and apply one action")
    act.add_argument("game", type=Path)
    act.add_argument("action", help='the action as JSON, e.g. \'{"actor": "harry", ...}\'')
    act.add_argument("--dice", help="faces typed from the table, e.g. 3,5,6")
    act.add_argument("--force", metavar="WHY", help="apply an illegal action, saying why")
    for name in ("state", "undo", "redo", "log"):
        one = sub.add_parser(name)
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
    except (BadInput, GameFileError, SessionError, DiceError, MapFileError) as exc:
        print(f"game {args.command}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "new":
        return _new(args)
    game = Game.open(args.game)
    if game.notice:
        print(f"game: notice: {game.notice}", file=sys.stderr)
    if args.command == "act":
        action = _json(args.action, "ACTION_JSON")
        faces = _faces(args.dice, game.ruleset) if args.dice is not None else None
        out = game.act(action, faces=faces, force=args.force)
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
    doc = load_map_bytes(_read(args.map), source=str(args.map))
    party = (
        _json(_read(args.party).decode("utf-8", "replace"), str(args.party)) if args.party else None
    )
    options = {k: _value(v) for k, v in (_pair(o, "--option") for o in args.option)}
    choices: dict[str, dict[str, Any]] = {}
    for raw in args.choice:
        key, value = _pair(raw, "--choice")
        figure, _, field = key.partition(".")
        if not field:
            raise BadInput(f"--choice {raw!r}: write FIGURE.KEY=VALUE")
        choices.setdefault(figure, {})[field] = value.split("+") if field == "abilities" else value
    if args.game.exists():
        raise BadInput(f"{args.game}: already exists; choose another name")
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
    print(
        json.dumps(
            {"created": str(args.game), "acting": game.turn().acting, "round": game.turn().round}
        )
    )
    return 0


def _read(path: Path) -> bytes:
    try:
        if not path.is_file():
            raise BadInput(f"{path}: not a regular file")
        if path.stat().st_size > MAX_INPUT_BYTES:
            raise BadInput(f"{path}: larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB")
        return path.read_bytes()
    except OSError as exc:
        raise BadInput(f"{path}: cannot read ({exc.strerror})") from None


def _json(text: str, where: str) -> Any:
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BadInput(f"{where}: not JSON ({exc})") from None
    if not isinstance(value, dict):
        raise BadInput(f"{where}: give a JSON object")
    return value


def _faces(text: str, ruleset: Any) -> list[int | str]:
    """Typed faces: numbers, or the labels of the ruleset's dice ("Shield,3/Sword" in
    Heroica), each read on the die it is rolled for."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    values: list[int | str] = [int(p) if p.lstrip("-").isdigit() else p for p in parts]
    try:
        ruleset.parse_faces(values)
    except ValueError as exc:
        raise BadInput(f"--dice {text!r}: {exc}") from None
    return values


def _pair(raw: str, flag: str) -> tuple[str, str]:
    key, sep, value = raw.partition("=")
    if not sep or not key:
        raise BadInput(f"{flag} {raw!r}: write KEY=VALUE")
    return key, value


def _value(text: str) -> Any:
    """An option value: true/false, a whole number, or the text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def _log_line(game: Game, line: Any, markdown: bool) -> str:
    dice = "; ".join(game.roll_text(r) for r in line.rolls)
    forced = f" [FORCED: {line.why}]" if line.forced else ""
    text = f"{line.index + 1}. {line.text}{forced}" + (f" (dice: {dice})" if dice else "")
    return f"- {text}" if markdown else text
