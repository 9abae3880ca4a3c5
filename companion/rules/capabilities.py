"""What a ruleset may offer beyond the required core (``companion.rules.ruleset.Ruleset``).

Every capability is a ``runtime_checkable`` protocol: a ruleset has it when its plugin has
its members (structural typing, nothing to declare).  The window and the commands ask
``isinstance(ruleset, Capability)`` and show only what is offered: no move hints without
``MoveHints``, no odds panel without ``AttackOdds``, no map without ``GridBoard``...
Adding a capability here never requires editing a ruleset that lacks it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol, cast, runtime_checkable

from companion.model.dungeon import DungeonMap
from companion.model.geometry import Board
from companion.model.geometry.rules import GridRules
from companion.model.mapfile import MapDocument

# Declared in its own module, found here with the others.
from companion.rules.facing import Facings as Facings
from companion.rules.facing import facing_spec_of as facing_spec_of
from companion.rules.graph import GraphView
from companion.rules.secrets import Secrets
from companion.rules.table import (
    BoardMark,
    FigureProfile,
    MoveOption,
    Odds,
    RosterFigure,
    SheetView,
)
from companion.rules.user_tables import UserTables as UserTables

#: The shapes a ruleset's board may take: a grid of squares (BrickQuest), a table
#: measured in studs (In a World Where Bricks Rule), spaces on a lattice (Heroica), or a
#: graph of places without geometry (QUBQST's cubes).  Every kind but ``"graph"`` is
#: played on a map (``GridBoard``).
BoardKind = Literal["squares", "studs", "spaces", "graph"]
BOARD_KINDS: tuple[BoardKind, ...] = ("squares", "studs", "spaces", "graph")


# -- boards --------------------------------------------------------------------------------
@runtime_checkable
class GridBoard(Protocol):
    """A ruleset played on a map: squares, a stud table or spaces, measured by the
    geometry (``companion.model.geometry``).  Its games start from a map file.

    Without it a game needs no map (``GraphBoard`` draws its board instead)."""

    #: The geometry's numbers for its maps: steps, scale (squares or studs), heights.
    grid: GridRules

    def board(self, state: Any) -> Board:
        """The geometry's view of the state: the dungeon and the figures standing on it."""
        ...

    def marks(self, state: Any) -> Sequence[BoardMark]:
        """What the game's board shows now besides terrain and figures (space colours,
        chests, locked doors...), drawn by the map; empty for most rulesets."""
        ...

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        """Move, attacks and size of a figure of this class or monster (None: unknown)."""
        ...

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        """``(id, name)`` of every ``"class"`` or ``"monster"`` a map figure may be."""
        ...


@runtime_checkable
class RulerNotes(Protocol):
    """A ruleset whose BrickRuler adds words of its own between two squares."""

    def ruler_notes(self, board: Board, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
        """What the BrickRuler adds in this ruleset's terms between two squares (lengths,
        base contact...); empty when the squares and studs say it all."""
        ...


@runtime_checkable
class GraphBoard(Protocol):
    """A ruleset whose board is a graph of places without geometry (QUBQST's cubes, a
    duel's rooms): the window draws its places and links, and a click on a place fills
    an action's ``"place"`` need.  Its games need no map."""

    def places(self, state: Any) -> GraphView:
        """The places, their links, the figures at each and the current place."""
        ...


@runtime_checkable
class GameSheets(Protocol):
    """A ruleset whose game keeps its own sheets, without a roster (QUBQST's party:
    Hit Power, WEK, Casting Points, gold, gems, items): the window shows them beside
    the log and prints them.

    Optional: a ruleset with a roster (``CharacterSheets``) shows its sheets there."""

    def game_sheets(self, state: Any) -> Sequence[SheetView]:
        """The game's sheets as they stand now, in the order to show and print them."""
        ...


# -- what the players may know -------------------------------------------------------------
@runtime_checkable
class PublicInfo(Protocol):
    """A ruleset with hidden information of its own: figures not yet met, a casket's
    token, a boss's relic, places not yet found (``Secrets``).

    Optional: without it the players' view (``companion.rules.public_view``) still leaves
    out a map's hidden rooms and everything in them, shows every place of a graph board,
    and never sends BrickMaster-only notes.  Never raises."""

    def secrets(self, state: Any) -> Secrets:
        """What the players may not know in ``state``, besides the hidden rooms."""
        ...


# -- hints the table shows -------------------------------------------------------------------
@runtime_checkable
class MoveHints(Protocol):
    """A ruleset that tells where a figure can move with one action (the map tints it)."""

    def moves(self, state: Any, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        """Where the figure can move with one action, each with its cheapest path."""
        ...


@runtime_checkable
class Areas(Protocol):
    """A ruleset with area actions (templates, blasts): what an area would cover."""

    def area(
        self, state: Any, action: Mapping[str, Any]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        """The squares an area action would cover and the living figures in them."""
        ...


@runtime_checkable
class AttackOdds(Protocol):
    """A ruleset that computes the exact odds of an attack (the odds panel shows them)."""

    def odds(self, state: Any, action: Mapping[str, Any]) -> Odds | None:
        """The exact odds of an attack or damaging spell (None for other actions)."""
        ...


@runtime_checkable
class TableActor(Protocol):
    """A ruleset whose table actions are taken by a named actor (BrickQuest's
    BrickMaster): the window titles their menu with the label.  Without it the table's
    actions (``Ruleset.choices(state, None)``) are still offered, under "Table"."""

    #: The actor id its table actions name ("brickmaster").
    table_actor: str
    #: How the table calls it ("BrickMaster").
    table_actor_label: str


_OFFERS: dict[tuple[type, type], bool] = {}


def offers(ruleset: object, capability: type) -> bool:
    """``isinstance(ruleset, capability)``, remembered per plugin class: a structural
    check costs tens of microseconds, and the map asks for every figure it draws."""
    key = (type(ruleset), capability)
    got = _OFFERS.get(key)
    if got is None:
        got = _OFFERS[key] = isinstance(ruleset, capability)
    return got


def table_actor_label(ruleset: object) -> str:
    """What the window calls whoever takes the table's actions in ``ruleset``."""
    return ruleset.table_actor_label if isinstance(ruleset, TableActor) else "Table"


def board_kind(ruleset: object) -> BoardKind:
    """The kind of board a loaded ruleset plays on: ``"graph"`` without a map, else
    squares or studs as its grid measures (a ruleset may declare it: ``board_kind``)."""
    declared = getattr(ruleset, "board_kind", None)
    if declared in BOARD_KINDS:
        return cast(BoardKind, declared)
    if isinstance(ruleset, GridBoard):
        return "studs" if ruleset.grid.studs_per_square == 1 else "squares"
    return "graph"


def needs_map(ruleset: object) -> bool:
    """Whether a game of ``ruleset`` is played on a map (it has a ``GridBoard``)."""
    return isinstance(ruleset, GridBoard)


# -- maps, rosters and the log ----------------------------------------------------------------
@runtime_checkable
class BoardSection(Protocol):
    """A ruleset whose maps carry a section of its own, ``MapDocument.board`` (a JSON
    object: a Heroica board's locations, features and items).

    Optional: a map whose ruleset lacks it may not have a board.  Neither method raises
    for any JSON object; a malformed one is a list of problems.
    """

    def board_problems(
        self, board: Mapping[str, Any], dungeon: DungeonMap
    ) -> list[tuple[str, str]]:
        """Every problem of ``board`` on the map ``dungeon``, as (place, message), the
        place from the map file's top ("board.features[2]"); empty: it is sound."""
        ...

    def board_marks(self, board: Mapping[str, Any], dungeon: DungeonMap) -> list[BoardMark]:
        """What the map editor draws of ``board`` (best effort on a faulty one)."""
        ...


@runtime_checkable
class TableCheck(Protocol):
    """A ruleset that checks a map as its games are played on it: figures where they may
    stand, a quest its heroes can finish.  ``game_setup`` refuses a map for these same
    problems, so ``brick-companion validate`` refuses what ``game new`` would.

    Optional: a ruleset without it takes any map that loads.  Never raises.
    """

    def table_problems(self, doc: MapDocument) -> list[tuple[str, str]]:
        """Every reason a game could not start on ``doc``, as (place, message), the place
        from the map file's top ("figures[2] 'gob'", "board.target"); empty: playable."""
        ...


@runtime_checkable
class Bookkeeping(Protocol):
    """A ruleset some of whose actions only keep the game going (a turn begun or ended, a
    figure passing): undo and redo step over them to the previous or next action a
    player would call one (``Game.undo_step``).

    Optional: without it every action is a step of its own.
    """

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` (as logged) is bookkeeping rather than a player's action."""
        ...


@runtime_checkable
class CharacterSheets(Protocol):
    """A ruleset whose characters live in a roster (its ``party`` document) and are shown,
    edited, created and printed through neutral sheets (``SheetView``).

    Optional: a ruleset with GUI widgets of its own (``companion.gui.rulesets.<id>``)
    may leave it out.  Every method raises ``ValueError`` naming the bad value and where.
    """

    #: A game needs a roster (True), or may take its characters from the map (False).
    roster_required: bool

    def blank_roster(self) -> dict[str, Any]:
        """An empty roster, ready for characters."""
        ...

    def check_roster(self, party: Mapping[str, Any]) -> None:
        """Raise ``ValueError`` listing every problem of a roster read from a file."""
        ...

    def sheets(self, party: Mapping[str, Any], state: Any | None = None) -> list[SheetView]:
        """Every character's sheet; with a game's ``state``, with the game's numbers."""
        ...

    def roster_figures(self, party: Mapping[str, Any]) -> list[RosterFigure]:
        """The roster's characters as map figures (the Figures tool places them): the
        side and class each is placed with; ``ValueError`` for a roster that is not valid."""
        ...

    def creation_fields(self, party: Mapping[str, Any]) -> SheetView:
        """The fields a new character is made from, with their defaults."""
        ...

    def add_character(self, party: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        """The roster with a new character made from ``values`` (``creation_fields`` keys)."""
        ...

    def edit_character(
        self, party: Mapping[str, Any], character_id: str, key: str, value: Any
    ) -> dict[str, Any]:
        """The roster with one field of one character changed."""
        ...

    def remove_character(self, party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
        """The roster without ``character_id``."""
        ...
