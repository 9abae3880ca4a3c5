"""The game file: its header (what a game is made from), its errors, and reading it back.

A game file (``companion.rules.game``) is a session log whose first line, the
``GameHeader``, holds the map, the party, the options, the choices, the dice mode and the
seed.  ``read_game`` reads one, checks its header against its ruleset, migrates what an
older version stored and replays its log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.mapfile import MapDocument, MapFileError
from companion.rules.capabilities import needs_map
from companion.rules.maps import load_map_bytes
from companion.rules.ruleset import Ruleset, blank_table
from companion.rules.session import (
    CHAINED,
    LogLines,
    Session,
    SessionError,
    _parse_header,
    _ruleset,
    chain_file,
    read_log,
)
from companion.rules.setups import OptionError, stored_options
from companion.rules.user_tables import changed_tables
from companion.safefile import text_problem

GAME_FORMAT: Final = "brick-companion-game"
#: 2: records chained by hashes (``logchain``); a version 1 game is chained on opening.
GAME_VERSION = 2
#: The suffix the window offers for game files.
GAME_SUFFIX = ".game.jsonl"

DiceMode = Literal["app", "typed"]


class GameFileError(SessionError):
    """A game that cannot be made or opened; the message names the file and the place.

    ``part`` says which input of a new game is at fault, so a caller can name it first:
    ``map``, ``party``, ``options``, ``choices``, ``seed``, ``ruleset`` or ``file`` (the game
    file itself, already named in the message)."""

    def __init__(self, message: str, part: str = "map") -> None:
        super().__init__(message)
        self.part = part


class GameOptionError(GameFileError):
    """A new game's option that its ruleset does not have, or a value its spec refuses."""


class GameHeader(BaseModel):
    """The first line of a game file: everything the game was made from."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    format: Literal["brick-companion-game"]
    version: int = Field(ge=1, le=GAME_VERSION)
    ruleset: str = Field(max_length=64)
    #: The map the game is played on; None for a ruleset played without one (a graph
    #: board, no ``GridBoard``): its game is made on a ``blank_table``.
    map: dict[str, Any] | None = None
    party: dict[str, Any] | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    choices: dict[str, dict[str, Any]] = Field(default_factory=dict)
    dice: DiceMode = "app"
    seed: int = Field(default=0, ge=0, le=2**63)
    #: The user's rows of the ruleset's tables the game began with, by table id: a short
    #: hash of each (``companion.rules.user_tables.rows_fingerprint``); none: bundled only.
    user_tables: dict[str, str] = Field(default_factory=dict)


def read_game(path: Path, *, mend: bool = True) -> tuple[GameHeader, Session, MapDocument]:
    """Read a game file and replay it: its header, its session and its table;
    ``GameFileError`` says what is wrong and where.

    A last line cut off by a crash is cut from the file too, unless ``mend`` is off
    (checking a file must not change it); a version 1 game is chained (mended only)."""
    try:
        log = read_log(path, mend=mend)
        header = _parse_header(log, GameHeader, "a game header")
        problem = text_problem(header.model_dump(include={"party", "options", "choices"}))
        if problem is not None:
            raise GameFileError(f"{path}: line 1: {problem}")
        ruleset = _ruleset(path, header.ruleset)
        header, migrated = header_options(path, header, ruleset)
        doc = game_table(path, header, ruleset)
        session = session_for(ruleset, header, doc, f"{path}: line 1")
        changed = changed_tables(ruleset, header.ruleset, header.user_tables)
        told = (
            f"{path.name}: your {', '.join(changed)} table(s) have changed since this "
            "game began; it is replayed with them as they are now."
        )
        try:
            session.replay(log, chained=header.version >= CHAINED)
        except SessionError as exc:
            if changed:
                raise GameFileError(f"{exc} ({told})") from None
            raise
        if changed:
            session.notice = " ".join(filter(None, [session.notice, told]))
        if migrated:
            told = f"{path.name}: line 1: " + "; ".join(migrated) + "."
            session.notice = " ".join(filter(None, [session.notice, told]))
        if session.chain is None and mend:
            header = chain_old_log(path, header, log, session)
    except GameFileError:
        raise
    except SessionError as exc:
        raise GameFileError(str(exc)) from None
    return header, session, doc


def session_for(
    ruleset: Ruleset[Any, Any], header: GameHeader, doc: MapDocument, where: str
) -> Session:
    """The session a header sets up through the ruleset's ``game_setup``; a set-up problem
    is a ``GameFileError`` naming ``where`` and the input it lies in."""
    try:
        setup = ruleset.game_setup(doc, header.party, header.options, header.choices)
        return Session(ruleset, setup, header=header)
    except (ValueError, LookupError, ValidationError) as exc:
        text = str(exc)
        raise GameFileError(f"{where}: {text}" if where else text, part=input_part(text)) from None


#: The first word of a set-up problem's place, and the input of a new game it lies in.
_PARTS: Final = {
    "party": "party",
    "roster": "party",
    "characters": "party",
    "options": "options",
    "choices": "choices",
    "seed": "seed",
}


def input_part(text: str) -> str:
    """The input of a new game a problem's place (``party.characters.0: ...``) lies in."""
    head = text.split(":", 1)[0].split(".", 1)[0].split(" ", 1)[0].strip()
    if head == "figures" and ": the party's " in text:  # a figure's sheet in the party
        return "party"
    return _PARTS.get(head, "map")


def game_table(path: Path, header: GameHeader, ruleset: Ruleset[Any, Any]) -> MapDocument:
    """The map a game file's header holds, or the blank table of a game played without
    one; ``GameFileError`` when the header and the ruleset disagree about the map."""
    where = f"{path}: line 1"
    on_map = needs_map(ruleset)
    if header.map is None:
        if on_map:
            raise GameFileError(f"{where}: the ruleset {header.ruleset!r} is played on a map")
        return blank_table(header.ruleset, ruleset.title)
    if not on_map:
        raise GameFileError(
            f"{where}: the ruleset {header.ruleset!r} is played without a map, yet the game "
            "holds one"
        )
    try:
        doc = load_map_bytes(json.dumps(header.map).encode(), source=f"{path}: map")
    except MapFileError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    _same_ruleset(header.ruleset, doc, where)
    return doc


def _same_ruleset(ruleset_id: str, doc: MapDocument, where: str) -> None:
    """A game is played under the ruleset its map was made for."""
    if doc.options.ruleset != ruleset_id:
        raise GameFileError(
            f"{where}: the map is made for the ruleset {doc.options.ruleset!r}, not {ruleset_id!r}"
        )


def header_options(
    path: Path, header: GameHeader, ruleset: Ruleset[Any, Any]
) -> tuple[GameHeader, list[str]]:
    """The header with its options read by the ruleset's specs (``stored_options``): a
    value of the wrong kind is refused naming the option; a version 1 game's ``true`` for
    a whole-number option is migrated to 1 (written so when the game is chained)."""
    try:
        options, migrated = stored_options(
            ruleset.option_specs(), header.options, before_kinds=header.version < CHAINED
        )
    except OptionError as exc:
        raise GameFileError(f"{path}: line 1: {exc}") from None
    if migrated:
        header = header.model_copy(update={"options": options})
    return header, migrated


def chain_old_log(path: Path, header: GameHeader, log: LogLines, session: Session) -> GameHeader:
    """A version 1 game, read and sound, rewritten chained (its records unchanged, the old
    file kept as ``FILE.bak``); if it cannot be written the game stays unchained."""
    new = header.model_copy(update={"version": GAME_VERSION})
    try:
        records = [line for _, line in log.records]
        session.chain = chain_file(path, new.model_dump_json().encode(), records)
    except OSError:
        return header
    session._header = new
    told = f"{path.name}: brought to game file version {GAME_VERSION} (records chained by hashes);"
    session.notice = " ".join(
        filter(None, [session.notice, f"{told} the old file is {path.name}.bak."])
    )
    return new
