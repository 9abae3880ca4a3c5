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
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.model.geometry.rules import GridRules
from companion.model.mapfile import MapDocument, MapOptions, new_document
from companion.plugins import load_plugin, one_entry, origin, protocol_members, registered
from companion.rules.capabilities import (
    BoardKind,
    BoardSection,
    Bookkeeping,
    CharacterSheets,
    TableCheck,
    board_kind,
)
from companion.rules.dice import Dice
from companion.rules.reasons import reason_problems
from companion.rules.table import (
    ActionChoice,
    DieSpec,
    FigureView,
    OptionSpec,
    Prompt,
    SetupChoice,
    TurnView,
)
from companion.rules.verdict import Verdict

__all__ = [  # the optional capabilities that were declared here first, still found here
    "BoardSection",
    "Bookkeeping",
    "CharacterSheets",
    "TableCheck",
]

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
    """What every ruleset plugin provides: the required core.

    Identity, actions, data and options, set-up, the turn, the figures, the choices,
    validate and resolve, the log's wording, the dice, scenarios and the outcome
    (``TurnView.outcome``).  Everything else is a capability it may offer
    (``companion.rules.capabilities``: a grid board, a graph board, move hints, areas,
    odds, ruler notes, sheets...), asked for with ``isinstance``.  A ruleset without a
    ``GridBoard`` plays without a map: ``setup_choices`` and ``game_setup`` are then given
    a blank table document (``blank_table``) that holds only the ruleset's id.
    """

    #: Stable id, e.g. "brickquest"; also the folder of its data in ``resources/rulesets``.
    id: str
    title: str
    #: Parses the ruleset's tagged union of actions (JSON, dicts).
    actions: TypeAdapter[ActionT]

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
        """What ``figure_id`` may do now, or the table's own actions (None): BrickQuest's
        BrickMaster's, shown in the window's Game menu."""
        ...

    def describe(self, before: StateT, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        """One sentence for the game log: who did what, with the dice."""
        ...

    def dice_specs(self) -> Sequence[DieSpec]:
        """The dice the ruleset rolls, with their faces' labels (``DiceRoll.die`` ids)."""
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
PLANNED = ("brickmasters_of_the_unknown",)

#: What a plugin object must have: the ``Ruleset`` protocol's attributes and methods (the
#: required core only; capabilities are asked for where they are used).
_MEMBERS = protocol_members(Ruleset)


def _registered() -> dict[str, list[metadata.EntryPoint]]:
    """Ruleset id -> the entry points that register it (more than one is a conflict)."""
    return registered(ENTRY_POINT_GROUP)


def available_rulesets() -> list[str]:
    """The ids of the registered rulesets (loading one may still fail: ``get_ruleset``)."""
    return sorted(_registered())


@dataclass(frozen=True)
class RulesetInfo:
    """What lists a ruleset without loading it (File → New): its id, title, scale and the
    kind of its board.

    A ruleset declares one as ``INFO`` in the package of its plugin's module, a module
    light to import (no rules, no data): the window lists every ruleset at start-up and
    loads one only when a map or game of it is opened (``ruleset_info``).
    """

    id: str
    title: str
    #: Its maps' geometry (``GridBoard.grid``): a blank map is drawn and measured with it
    #: before anything loads the ruleset.  A ruleset played without a map leaves the
    #: default, never used.
    grid: GridRules = field(default_factory=GridRules)
    #: Its board's kind: ``"graph"`` is played without a map (``GraphBoard``).
    board: BoardKind = "squares"

    @property
    def studs_per_square(self) -> int:
        """4: a grid of squares four studs a side; 1: a table measured in studs."""
        return self.grid.studs_per_square

    @property
    def needs_map(self) -> bool:
        """Whether its games are played on a map (every board but a graph)."""
        return self.board != "graph"


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
    grid = getattr(plugin, "grid", None)
    return RulesetInfo(
        plugin.id,
        plugin.title,
        grid if isinstance(grid, GridRules) else GridRules(),
        board=board_kind(plugin),
    )


def blank_table(ruleset_id: str, title: str = "") -> MapDocument:
    """The document a game played without a map is made on: one blank square that names
    the ruleset (the game file keeps no map for it; opening it makes this again)."""
    doc = new_document(1, 1, border=False, name=title or ruleset_id)
    doc.options = MapOptions(ruleset=ruleset_id)
    return doc


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
