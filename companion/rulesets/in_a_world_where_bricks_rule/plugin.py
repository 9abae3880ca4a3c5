"""In a World Where Bricks Rule behind the ruleset interface (``companion.rules.ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.model.figures import Token
from companion.model.geometry import Board
from companion.model.mapfile import MapDocument
from companion.rules.board_cache import BoardCache
from companion.rules.plugin_base import RulesetPlugin, field_problems
from companion.rules.ruleset import GAME_KEY, Event, Resolution
from companion.rules.secrets import Secrets
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
    numbered_die,
)
from companion.rules.user_tables import TableSpec
from companion.rulesets.in_a_world_where_bricks_rule import INFO, sheets, views
from companion.rulesets.in_a_world_where_bricks_rule.actions import ACTIONS
from companion.rulesets.in_a_world_where_bricks_rule.catalog import (
    RULESET_ID,
    IawwbrCatalog,
)
from companion.rulesets.in_a_world_where_bricks_rule.move_hints import MoveHints
from companion.rulesets.in_a_world_where_bricks_rule.placing import map_problems
from companion.rulesets.in_a_world_where_bricks_rule.reasons import REASONS
from companion.rulesets.in_a_world_where_bricks_rule.resolve import resolve
from companion.rulesets.in_a_world_where_bricks_rule.rules import Ctx
from companion.rulesets.in_a_world_where_bricks_rule.setup import (
    build_battle,
    game_setup,
    scenario_setup,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle
from companion.rulesets.in_a_world_where_bricks_rule.user_tables import (
    catalog_in_play,
    user_tables,
)
from companion.rulesets.in_a_world_where_bricks_rule.validate import validate

#: A one-stud cell: the ruler reads studs, and lengths from the game's options.
TABLE_GRID = INFO.grid


class IawwbrRules(RulesetPlugin[Battle, IawwbrCatalog, Ctx]):
    """The In a World Where Bricks Rule ruleset plugin."""

    id = RULESET_ID
    title = INFO.title
    actions = ACTIONS
    grid = TABLE_GRID
    roster_required = True
    _resolution = Resolution[Battle]
    #: The bundled data, with the user's own classes (``UserTables``) when they have some.
    _default_catalog = staticmethod(catalog_in_play)
    _context = Ctx
    _build = staticmethod(build_battle)
    _validate = staticmethod(validate)
    _resolve = staticmethod(resolve)
    _order = staticmethod(views.order)
    _scenario_setup = staticmethod(scenario_setup)

    def __init__(self, catalog: IawwbrCatalog | None = None) -> None:
        super().__init__(catalog)
        self._boards = BoardCache(TABLE_GRID)
        self._hints = MoveHints()
        self._profiles: dict[tuple[str | None, str | None], FigureProfile | None] = {}
        self._profiles_of = self.catalog
        #: The odds asked about the last state (with the catalog they were worked out with).
        self._odds: tuple[Battle | None, IawwbrCatalog, dict[tuple[Any, ...], Odds | None]] = (
            None,
            self.catalog,
            {},
        )

    def user_tables(self) -> Sequence[TableSpec[Any]]:
        """The tables the user may fill in (``UserTables``): home-made classes."""
        return user_tables()

    # -- scenarios ------------------------------------------------------------------------
    def reasons(self) -> Mapping[str, str]:
        return REASONS

    def query(self, state: Battle, query: Mapping[str, Any]) -> Any:
        return views.query(self._ctx(state), query)

    def compare(self, state: Battle, expected: Mapping[str, Any]) -> list[str]:
        problems: list[str] = []
        for fid, fields in expected.items():
            if fid == GAME_KEY:
                actual = views.game_fields(self._ctx(state))
            elif fid in state.fighters:
                actual = views.figure_fields(self._ctx(state), state.fighters[fid])
            else:
                problems.append(f"{fid}: no such character")
                continue
            problems += field_problems(fid, actual, fields)
        return problems

    # -- a game at the table --------------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return views.option_specs(self.catalog)

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        return ()

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        return game_setup(doc, party, options, self.catalog)

    def table_problems(self, doc: MapDocument) -> list[tuple[str, str]]:
        """Bases over the table's edge or over one another (``placing``), each figure on
        the default base; a roster's bases are checked again by ``game_setup``."""
        return map_problems(doc)

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        """A class's profile (a frozen value), made once per class: the window asks for
        every figure's after every action."""
        if self._profiles_of is not self.catalog:
            self._profiles, self._profiles_of = {}, self.catalog
        key = (class_id, monster_id)
        if key not in self._profiles:
            self._profiles[key] = self._profile(class_id)
        return self._profiles[key]

    def _profile(self, class_id: str | None) -> FigureProfile | None:
        cls = self.catalog.classes.get(class_id or "")
        if cls is None:
            return None
        length = float(self.catalog.default_options().length_studs)
        ranged = cls.ability("innate_range") is not None
        return FigureProfile(
            name=cls.name,
            move=int(length),
            melee=True,
            reach=False,
            ranged=(0.0, length) if ranged else None,
            base_squares=2.0,  # a minifig's round 2x2 base on the one-stud table
        )

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        if kind == "class":
            return [(c.id, c.name) for c in self.catalog.classes.values()]
        return []

    def board(self, state: Battle) -> Board:
        return self._boards.board(
            state,
            state.table,
            lambda: [
                Token(id=f.id, x=int(f.x), y=int(f.y), side=f.side, dead=f.knocked_out)
                for f in state.fighters.values()
            ],
        )

    def figures(self, state: Battle) -> dict[str, FigureView]:
        return views.figure_views(self._ctx(state))

    def turn(self, state: Battle) -> TurnView:
        return views.turn_view(self._ctx(state))

    def prompts(self, state: Battle) -> Sequence[Prompt]:
        return views.prompts(self._ctx(state))

    def choices(self, state: Battle, figure_id: str | None) -> Sequence[ActionChoice]:
        return views.choices(self._ctx(state), figure_id, self.validate)

    def moves(self, state: Battle, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        """The move hint (``move_hints``), measured once for the same table and bases."""
        return self._hints.moves(self._ctx(state), figure_id)

    def area(
        self, state: Battle, action: Mapping[str, Any]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        return [], []  # no area effects in the text

    def odds(self, state: Battle, action: Mapping[str, Any]) -> Odds | None:
        """The odds (``views.odds``), worked out once per state and action: the window
        asks again each time the pointer comes back onto a target (a ranged attack's
        cover is five sight lines)."""
        try:
            key = tuple(sorted(action.items()))
            hash(key)
        except TypeError:  # a list in the action: asked afresh
            return views.odds(self._ctx(state), action)
        memo = self._odds  # read once: a game loading in another thread may replace it
        if memo[0] is not state or memo[1] is not self.catalog:
            memo = self._odds = (state, self.catalog, {})
        kept = memo[2]
        if key not in kept:
            kept[key] = views.odds(self._ctx(state), action)
        return kept[key]

    def describe(self, before: Battle, action: Mapping[str, Any], events: Sequence[Event]) -> str:
        return views.describe(self._ctx(before), action, events)

    def dice_specs(self) -> Sequence[DieSpec]:
        return (numbered_die(6), numbered_die(20))

    def ruler_notes(self, board: Board, a: tuple[int, int], b: tuple[int, int]) -> list[str]:
        return views.ruler_notes(self.catalog, board, a, b)

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """A turn begun or ended (or passed): undo and redo step over it (``Bookkeeping``)."""
        return action.get("action") in ("end_activation",)

    def marks(self, state: Battle) -> Sequence[BoardMark]:
        return ()  # the table's terrain says it all

    def secrets(self, state: Battle) -> Secrets:
        """Nothing: both players see the whole table, every unit and every roll
        (``PublicInfo``; a table map's hidden areas are still left out by the map)."""
        return Secrets()

    # -- the roster and its sheets (CharacterSheets) ---------------------------------
    def blank_roster(self) -> dict[str, Any]:
        return sheets.blank_roster()

    def check_roster(self, party: Mapping[str, Any]) -> None:
        sheets.check_roster(party, self.catalog)

    def sheets(self, party: Mapping[str, Any], state: Battle | None = None) -> list[SheetView]:
        return sheets.sheets(party, state, self.catalog)

    def roster_figures(self, party: Mapping[str, Any]) -> list[RosterFigure]:
        return sheets.roster_figures(party, self.catalog)

    def creation_fields(self, party: Mapping[str, Any]) -> SheetView:
        return sheets.creation_fields(party, self.catalog)

    def add_character(self, party: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        return sheets.add_character(party, values, self.catalog)

    def edit_character(
        self, party: Mapping[str, Any], character_id: str, key: str, value: Any
    ) -> dict[str, Any]:
        return sheets.edit_character(party, character_id, key, value, self.catalog)

    def remove_character(self, party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
        return sheets.remove_character(party, character_id)
