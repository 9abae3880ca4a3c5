"""``brick-companion validate FILE...``: check project files before game night.

Each file is recognised by its content (a map, a party, a scenario or a game) and read
with the same loader the app uses.  Every problem is printed on its own line as
``FILE: PLACE: what is wrong``; a sound file gets ``FILE: ok (kind)``.  Exit status 0
when every file is sound, 2 otherwise.

``--user-tables`` checks the user's own rows of every ruleset's tables (``UserTables``:
``<data dir>/rulesets/<ruleset>/<table>.toml``) with the loader the game uses, each
problem as ``FILE: entry N 'id' (line L): field: what is wrong``.  A ``.toml`` file given
by name is checked as the table its folder and name say (``.../brickquest/monsters.toml``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.model.mapfile import FORMAT_NAME as MAP_FORMAT
from companion.model.mapfile import MAX_FILE_BYTES, MapDocument
from companion.rules.maps import load_map_bytes
from companion.safefile import (
    FileProblem,
    Problem,
    parse_json,
    read_bounded,
    read_head,
    text_problem,
)

PARTY_FORMAT = "brick-companion-party"
#: Rosters: a skirmish's characters, every side (a ruleset's ``CharacterSheets``).
ROSTER_FORMAT = "brick-companion-roster"
GAME_FORMAT = "brick-companion-game"
#: How much of a file is read to tell whether it is a game (a JSON Lines log).
_HEAD_BYTES = 64 * 1024
#: The most read of a game's first line: a game log's cap (``rules.session.MAX_FILE_BYTES``).
MAX_GAME_BYTES = 16 * 1024 * 1024
#: The suffix of the game files the app writes: such a file is checked as a game.
GAME_SUFFIX = ".game.jsonl"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="brick-companion validate",
        description="Check maps, parties, scenarios and games; list every problem.",
    )
    p.add_argument(
        "files",
        nargs="*",
        type=Path,
        help="project files to check (a RULESET/TABLE.toml file: the user's rows of a table)",
    )
    p.add_argument(
        "--user-tables",
        action="store_true",
        help="also check the user's own table files of every ruleset "
        "(<data dir>/rulesets/<ruleset>/<table>.toml: homebrew monsters...)",
    )
    return p


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    if not args.files and not args.user_tables:
        p.error("give files to check, or --user-tables")
    status = validate_files(args.files) if args.files else 0
    if args.user_tables:
        status = max(status, validate_user_tables())
    return status


def validate_user_tables(out: TextIO | None = None) -> int:
    """Check the user's table files of every ruleset; 0 if all are sound, else 2."""
    from companion.commands.user_tables import user_table_report

    stream = out if out is not None else sys.stdout
    lines, sound = user_table_report()
    for line in lines:
        stream.write(line + "\n")
    stream.flush()
    return 0 if sound else 2


def validate_files(paths: list[Path], out: TextIO | None = None) -> int:
    """Check each file, print its problems (or ok); 0 if all are sound, else 2."""
    stream = out if out is not None else sys.stdout
    sound = True
    for path in paths:
        kind, lines, notice = _check(path)
        if lines:
            sound = False
            for line in lines:
                stream.write(line + "\n")
        else:
            stream.write(f"{path}: ok ({kind})" + (f"; notice: {notice}" if notice else "") + "\n")
    stream.flush()
    return 0 if sound else 2


def check_file(path: Path) -> tuple[str, list[str]]:
    """The kind of file and one line per problem (no lines: the file is sound)."""
    kind, lines, _notice = _check(path)
    return kind, lines


def _check(path: Path) -> tuple[str, list[str], str]:
    """``check_file`` and what reading had to overlook (a game's torn last line)."""
    name = str(path)
    kind = "unknown"
    try:
        kind = _kind(path)
        notice = _CHECKERS[kind](path)
    except FileProblem as exc:
        return kind, exc.in_file(name).lines(), ""
    except ValueError as exc:  # games: the game module's own error, a ValueError
        text = " ".join(str(exc).split())
        return kind, [text if text.startswith(name) else f"{name}: {text}"], ""
    return kind, [], notice or ""


def _kind(path: Path) -> str:
    """A file's kind: a game by its name (``.game.jsonl``) or its first line's ``format``
    (read up to a game log's cap, however the header is written); else by the JSON
    document's ``format`` or keys."""
    if path.suffix == ".toml":
        return "user table"
    head = read_head(path, _HEAD_BYTES, what="project file")
    if path.name.endswith(GAME_SUFFIX):
        return "game"
    if b"\n" not in head and len(head) == _HEAD_BYTES:
        head = read_head(path, MAX_GAME_BYTES, what="project file")  # a long first line
    first = head.split(b"\n", 1)[0]
    try:
        header = json.loads(first) if first.lstrip().startswith(b"{") else None
    except (ValueError, RecursionError):
        header = None
    if isinstance(header, dict) and header.get("format") == GAME_FORMAT:
        return "game"
    data = read_bounded(path, MAX_FILE_BYTES, what="project file")
    raw = parse_json(data, file=str(path))
    if isinstance(raw, dict):
        if raw.get("format") == MAP_FORMAT:
            return "map"
        if raw.get("format") == PARTY_FORMAT:
            return "party"
        if raw.get("format") == ROSTER_FORMAT:
            return "roster"
        if "checks" in raw or ("ruleset" in raw and "map" in raw):
            return "scenario"
    raise FileProblem(
        'not a project file; expected a map, party or roster (with "format"), a scenario '
        '(with "checks") or a game log (first line with "format": "brick-companion-game")',
        file=str(path),
    )


def read_map_file(path: Path) -> MapDocument:
    """A map file read and checked as ``validate`` checks it (``game new --map``): it loads,
    and its ruleset could start a game on it (``TableCheck``)."""
    from companion.rules.maps import table_problems

    doc = load_map_bytes(read_bounded(path, MAX_FILE_BYTES, what="map file"), source=str(path))
    problems = [Problem(place, message) for place, message in table_problems(doc)]
    if problems:
        raise FileProblem(file=str(path), problems=problems)
    return doc


def read_party_file(path: Path) -> dict[str, Any]:
    """A party or roster file read and checked as ``validate`` checks it, as its JSON
    (``game new --party``); ``FileProblem`` naming the file and the place."""
    kind = _kind(path)
    if kind not in ("party", "roster"):
        raise FileProblem(f"a {kind} file, not a party or a roster", file=str(path))
    _CHECKERS[kind](path)
    raw = parse_json(read_bounded(path, MAX_FILE_BYTES, what=f"{kind} file"), file=str(path))
    problem = text_problem(raw)
    if problem is not None:
        raise FileProblem(file=str(path), problems=[problem])
    return dict(raw)


def _check_map(path: Path) -> None:
    read_map_file(path)


def _check_party(path: Path) -> None:
    """A party file: checked by the ruleset that keeps party files (``PartyFiles``)."""
    from companion.rules.parties import party_rulesets

    found = party_rulesets(PARTY_FORMAT)
    if not found:
        raise FileProblem("no ruleset keeps party files", file=str(path))
    found[0].check_party_file(path)


def _check_roster(path: Path) -> None:
    """A roster: checked by the ruleset it names (``CharacterSheets.check_roster``)."""
    from companion.rules.ruleset import CharacterSheets, UnknownRuleset, get_ruleset

    raw = parse_json(read_bounded(path, MAX_FILE_BYTES, what="roster"), file=str(path))
    rid = raw.get("ruleset") if isinstance(raw, dict) else None
    try:
        rules = get_ruleset(str(rid))
    except UnknownRuleset as exc:
        raise FileProblem(f"ruleset: {exc}", file=str(path)) from None
    if not isinstance(rules, CharacterSheets):
        raise FileProblem(f"ruleset: {rid!r} keeps no rosters", file=str(path))
    try:
        rules.check_roster(raw)
    except ValueError as exc:
        raise FileProblem(str(exc), file=str(path)) from None


def _check_scenario(path: Path) -> None:
    from companion.rules.scenario import load_scenario, run_scenario

    run_scenario(load_scenario(path), str(path))


def _check_game(path: Path) -> str:
    """A game replayed, unchanged; what opening it would mend (a torn last line)."""
    try:
        from companion.rules.game import open_game
    except ImportError:
        raise FileProblem("game files cannot be checked by this build", file=str(path)) from None
    return open_game(path, mend=False).notice  # checking a file never changes it


def _check_user_table(path: Path) -> None:
    from companion.commands.user_tables import check_table_file

    problems = check_table_file(path)
    if problems:
        raise FileProblem(
            file=str(path), problems=[Problem(p.place(), p.message) for p in problems]
        )


_CHECKERS = {
    "user table": _check_user_table,
    "map": _check_map,
    "party": _check_party,
    "roster": _check_roster,
    "scenario": _check_scenario,
    "game": _check_game,
}
