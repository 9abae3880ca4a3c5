"""The plugin interface every ruleset fills: its data, its state, its actions, its rules.

The five rule texts differ a lot — BrickQuest's two actions a round on a grid,
Brickmasters of the Unknown's four phases and dice-type stats, Heroica's spaces and
custom dice, In a World Where Bricks Rule's 4d6 activation and d20 attacks, QUBQST's
graph of cubes — so the interface fixes only what the GUI, the command line and the
session log need: build a state from a set-up, say whether an action is legal and why,
resolve it with dice, and say whose turn it is.  Everything else is the ruleset's own.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.model.dungeon import DungeonMap
from companion.model.geometry import Board
from companion.model.geometry.rules import GridRules
from companion.model.mapfile import MapDocument
from companion.plugins import load_plugin, one_entry, origin, protocol_members, registered
from companion.rules.dice import Dice
from companion.rules.reasons import reason_problems
from companion.rules.table import (
    ActionChoice,
    BoardMark,
    DieSpec,
    FigureProfile,
    FigureView,
    MoveOption,
    Odds,
    OptionSpec,
    Prompt,
    RosterFigure,
    SetupChoice,
    SheetView,
    TurnView,
)
from companion.rules.verdict import Verdict

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=BaseModel)


class Event(BaseModel):
    """Something that happened while resolving an action, worded for the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str  # e.g. "damage", "heal", "moved", "died", "condition", "spell"
    text: str
    figure: str | None = None
    amount: int | None = None


class Resolution(BaseModel, Generic[StateT]):
    """The state after an action, and what happened on the way."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    state: StateT
    events: tuple[Event, ...] = ()


#: The reserved key of a scenario check's ``then`` for game-level expectations (the round,
#: who acts...); every other key names a figure.  The ruleset compares both.
GAME_KEY = "_game"


class ScenarioSetup(BaseModel):
    """A ruleset's reading of a scenario document's own keys (``Ruleset.scenario_setup``)."""

    model_config = ConfigDict(frozen=True)

    #: What ``initial_state`` starts from (the map or board, figures, options...).
    setup: dict[str, Any]
    #: Width and height of a square grid, if the game is played on one: squares ``[x, y]``
    #: in checks are then checked against it, and it bounds the work a file may ask for.
    grid: tuple[int, int] | None = None


def int_faces(values: Sequence[Any]) -> list[int]:
    """Typed-in die faces as whole numbers (dice whose faces are numbers, like a d6).

    ``ValueError`` when one is not a whole number.
    """
    if not all(isinstance(f, int) and not isinstance(f, bool) for f in values):
        raise ValueError("give a list of die faces, e.g. [6, 2, 3]")
    return [int(f) for f in values]


class Ruleset(Protocol[StateT, ActionT]):
    """What a ruleset plugin provides."""

    #: Stable id, e.g. "brickquest"; also the folder of its data in ``resources/rulesets``.
    id: str
    title: str
    #: Parses the ruleset's tagged union of actions (JSON, dicts).
    actions: TypeAdapter[ActionT]
    #: The geometry's numbers for its maps: steps, scale (squares or studs), heights.
    grid: GridRules

    def initial_state(self, setup: Mapping[str, Any]) -> StateT:
        """A fresh game state from a set-up document (map, figures, options)."""
        ...

    def validate(self, state: StateT, action: ActionT) -> Verdict:
        """Is ``action`` legal in ``state``?  Never raises for a well-formed action."""
        ...

    def resolve(self, state: StateT, action: ActionT, dice: Dice) -> Resolution[StateT]:
        """Apply ``action`` (legal, or forced by the BrickMaster) with rolls from ``dice``."""
        ...

    def acting_order(self, state: StateT) -> Sequence[str]:
        """Figure ids in the order they act this round (or phase), the current one first."""
        ...

    def query(self, state: StateT, query: Mapping[str, Any]) -> Any:
        """Answer a scenario's measurement query (distance, line of sight, areas...)."""
        ...

    def compare(self, state: StateT, expected: Mapping[str, Any]) -> list[str]:
        """What differs between ``state`` and ``{figure: {field: value}}``, worded.

        The reserved key ``"_game"`` holds game-level expectations (the round, who acts...),
        which the ruleset names and compares too."""
        ...

    # -- rules scenarios (companion.rules.scenario) ------------------------------------
    def scenario_setup(self, doc: Mapping[str, Any]) -> ScenarioSetup:
        """Validate a scenario document's keys other than the core's (``ruleset``,
        ``title``, ``rule``, ``seed``, ``checks``): its map or board, figures, options.
        A ``FileProblem`` (``ScenarioError``) lists every problem with its place."""
        ...

    def reasons(self) -> Mapping[str, str]:
        """Every reason code this ruleset's verdicts may give, with its sentence: the
        shared ones it uses, with the core's sentences, and its own
        (``companion.rules.reasons``; checked when the ruleset is loaded)."""
        ...

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        """A check's typed-in ``dice`` as the faces ``resolve`` reads: whole numbers, or
        the labels of the ruleset's dice ("Shield").  ``ValueError`` names a bad one.
        Rulesets whose dice show numbers use ``int_faces``."""
        ...

    # -- a game at the table (companion.rules.game and the window ask these) ----------
    def option_specs(self) -> Sequence[OptionSpec]:
        """The optional rules a new game may switch on."""
        ...

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        """The choices the cards of the map's figures leave open."""
        ...

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        """The set-up document of a new game: the map's figures, the party's characters
        linked to them by id, the options and the choices.  ``ValueError`` names a bad one."""
        ...

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        """Move, attacks and size of a figure of this class or monster (None: unknown)."""
        ...

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        """``(id, name)`` of every ``"class"`` or ``"monster"`` a map figure may be."""
        ...

    def board(self, state: StateT) -> Board:
        """The geometry's view of the state: the dungeon and the figures standing on it."""
        ...

    def figures(self, state: StateT) -> dict[str, FigureView]:
        """Every figure as the table shows it."""
        ...

    def turn(self, state: StateT) -> TurnView:
        """The round, the order and whose turn it is."""
        ...

    def prompts(self, state: StateT) -> Sequence[Prompt]:
        """Start-of-turn work for the acting figure, before its turn begins."""
        ...

    def choices(self, state: StateT, figure_id: str | None) -> Sequence[ActionChoice]:
        """What ``figure_id`` may do now, or the BrickMaster's table actions (None)."""
        ...

    def moves(self, state: StateT, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        """Where the figure can move with one action, each with its cheapest path."""
        ...

    def area(
        self, state: StateT, action: Mapping[str, Any]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        """The squares an area action would cover and the living figures in them."""
        ...

    def odds(self, state: StateT, action: Mapping[str, Any]) -> Odds | None:
        """The exact odds of an attack or damaging spell (None for other actions)."""
        ...

    def describe(self, before: StateT, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        """One sentence for the game log: who did what, with the dice."""
        ...

    def dice_specs(self) -> Sequence[DieSpec]:
        """The dice the ruleset rolls, with their faces' labels (``DiceRoll.die`` ids)."""
        ...

    def ruler_notes(self, board: Board, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
        """What the BrickRuler adds in this ruleset's terms between two squares (lengths,
        base contact...); empty when the squares and studs say it all."""
        ...

    def marks(self, state: StateT) -> Sequence[BoardMark]:
        """What the game's board shows now besides terrain and figures (space colours,
        chests, locked doors...), drawn by the map; empty for most rulesets."""
        ...


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


class UnknownRuleset(LookupError):
    """A ruleset id that is not known or not implemented yet."""


class BrokenRuleset(UnknownRuleset):
    """A registered ruleset whose plugin cannot be loaded (import error, wrong type...).

    A kind of ``UnknownRuleset``, so every place that reports an unusable id reports it too.
    """


#: The ruleset a map is measured with when no game says otherwise.
DEFAULT_RULESET = "brickquest"

#: The entry-point group rulesets register in, ``id = "module:PluginClass"``; the built-in
#: ones too (pyproject.toml), so a ruleset can live in a package of its own.
ENTRY_POINT_GROUP = "companion.rulesets"
#: Rule texts in shared/seeds that have no plugin yet.
PLANNED = ("brickmasters_of_the_unknown", "qubqst")

#: What a plugin object must have: the ``Ruleset`` protocol's attributes and methods.
_MEMBERS = protocol_members(Ruleset)


def _registered() -> dict[str, list[metadata.EntryPoint]]:
    """Ruleset id -> the entry points that register it (more than one is a conflict)."""
    return registered(ENTRY_POINT_GROUP)


def available_rulesets() -> list[str]:
    """The ids of the registered rulesets (loading one may still fail: ``get_ruleset``)."""
    return sorted(_registered())


@dataclass(frozen=True)
class RulesetInfo:
    """What lists a ruleset without loading it (File → New): its id, title and scale.

    A ruleset declares one as ``INFO`` in the package of its plugin's module, a module
    light to import (no rules, no data): the window lists every ruleset at start-up and
    loads one only when a map or game of it is opened (``ruleset_info``).
    """

    id: str
    title: str
    #: Its maps' geometry (``Ruleset.grid``): a blank map is drawn and measured with it
    #: before anything loads the ruleset.
    grid: GridRules

    @property
    def studs_per_square(self) -> int:
        """4: a grid of squares four studs a side; 1: a table measured in studs."""
        return self.grid.studs_per_square


def ruleset_info(ruleset_id: str) -> RulesetInfo:
    """The declared ``RulesetInfo`` of ``ruleset_id``, read without loading its plugin;
    a ruleset that declares none (or a wrong one) is loaded and asked.

    ``UnknownRuleset`` (``BrokenRuleset``) as ``get_ruleset`` raises it.
    """
    entries = _registered().get(ruleset_id)
    if entries:
        entry = one_entry(entries, f"ruleset {ruleset_id!r}", BrokenRuleset)
        package = entry.module.rpartition(".")[0]
        try:
            info = getattr(importlib.import_module(package), "INFO", None) if package else None
        except Exception:  # the plugin's own loading says what is wrong
            info = None
        if isinstance(info, RulesetInfo) and info.id == ruleset_id:
            return info
    plugin = get_ruleset(ruleset_id)
    return RulesetInfo(plugin.id, plugin.title, plugin.grid)


def _not_registered_hint() -> str:
    """Why no ruleset at all is registered: usually a checkout that was never installed."""
    # A literal name on purpose: PyInstaller sees this call and bundles the package's
    # metadata, entry points included, so the frozen app finds its rulesets.
    try:
        metadata.distribution("brick-companion")
    except metadata.PackageNotFoundError:
        return (
            "; brick-companion is not installed, so its entry points are missing "
            "(pip install -e . in the checkout)"
        )
    return f"; nothing is registered in the {ENTRY_POINT_GROUP!r} entry-point group"


def _load(ruleset_id: str, entry: metadata.EntryPoint) -> Ruleset[Any, Any]:
    """The plugin an entry point names; ``BrokenRuleset`` says what is wrong with it,
    its reason codes too (``reason_problems``)."""
    plugin: Ruleset[Any, Any] = load_plugin(
        ruleset_id,
        entry,
        what=f"ruleset {ruleset_id!r}",
        kind="a ruleset plugin",
        members=_MEMBERS,
        error=BrokenRuleset,
    )
    try:
        problems = reason_problems(plugin.reasons())
    except Exception as exc:  # a declaration that cannot be read is the plugin's fault
        problems = [f"reasons() failed: {type(exc).__name__}: {exc}"]
    if problems:
        where = f"ruleset {ruleset_id!r} ({origin(entry)})"
        raise BrokenRuleset(f"{where} declares its reason codes wrongly: {'; '.join(problems)}")
    return plugin


def get_ruleset(ruleset_id: str) -> Ruleset[Any, Any]:
    """The plugin for ``ruleset_id``; a clear ``UnknownRuleset`` error otherwise."""
    registered = _registered()
    entries = registered.get(ruleset_id)
    if not entries:
        if ruleset_id in PLANNED:
            raise UnknownRuleset(f"ruleset {ruleset_id!r} is not implemented yet")
        if not registered:
            raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}{_not_registered_hint()}")
        known = ", ".join(sorted(registered))
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    entry = one_entry(entries, f"ruleset {ruleset_id!r}", BrokenRuleset)
    return _load(ruleset_id, entry)
