"""Brickmasters of the Unknown behind the ruleset interface (``companion.rules.ruleset``):
an encounter of minifigs on a stud table, four phases a round (VOCABULARY.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.model.figures import Token
from companion.model.geometry import Board
from companion.model.mapfile import MapDocument
from companion.rules.board_cache import BoardCache
from companion.rules.facing import FacingSpec
from companion.rules.plugin_base import RulesetPlugin, field_problems
from companion.rules.ruleset import GAME_KEY, Event, Resolution
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
    SetupChoice,
    TurnView,
    numbered_die,
)
from companion.rulesets.brickmasters_of_the_unknown import INFO, views
from companion.rulesets.brickmasters_of_the_unknown.actions import ACTIONS
from companion.rulesets.brickmasters_of_the_unknown.catalog import (
    RULESET_ID,
    BmotuCatalog,
    default_catalog,
)
from companion.rulesets.brickmasters_of_the_unknown.dtypes import LADDER
from companion.rulesets.brickmasters_of_the_unknown.options import option_specs
from companion.rulesets.brickmasters_of_the_unknown.reasons import REASONS
from companion.rulesets.brickmasters_of_the_unknown.resolve import resolve
from companion.rulesets.brickmasters_of_the_unknown.rules import FACING, Ctx
from companion.rulesets.brickmasters_of_the_unknown.setup import (
    build_encounter,
    game_setup,
    scenario_setup,
    setup_choices,
    table_problems,
    weapon_of,
)
from companion.rulesets.brickmasters_of_the_unknown.sheets import BmotuSheets
from companion.rulesets.brickmasters_of_the_unknown.state import Encounter
from companion.rulesets.brickmasters_of_the_unknown.validate import validate

TABLE_GRID = INFO.grid


class BmotuRules(BmotuSheets, RulesetPlugin[Encounter, BmotuCatalog, Ctx]):
    """The Brickmasters of the Unknown ruleset plugin."""

    id = RULESET_ID
    title = INFO.title
    actions = ACTIONS
    grid = TABLE_GRID
    _resolution = Resolution[Encounter]
    _default_catalog = staticmethod(default_catalog)
    _context = Ctx
    _build = staticmethod(build_encounter)
    _validate = staticmethod(validate)
    _resolve = staticmethod(resolve)
    _order = staticmethod(views.order)
    _scenario_setup = staticmethod(scenario_setup)

    def __init__(self, catalog: BmotuCatalog | None = None) -> None:
        super().__init__(catalog)
        self._boards = BoardCache(TABLE_GRID)

    # -- scenarios ------------------------------------------------------------------------
    def reasons(self) -> Mapping[str, str]:
        return REASONS

    def query(self, state: Encounter, query: Mapping[str, Any]) -> Any:
        return views.query(self._ctx(state), query)

    def compare(self, state: Encounter, expected: Mapping[str, Any]) -> list[str]:
        problems: list[str] = []
        ctx = self._ctx(state)
        for fid, fields in expected.items():
            if fid == GAME_KEY:
                actual = views.game_fields(ctx)
            elif fid in state.figs:
                actual = views.figure_fields(ctx, state.figs[fid])
            else:
                problems.append(f"{fid}: no such figure")
                continue
            problems += field_problems(fid, actual, fields)
        return problems

    # -- a game at the table --------------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return option_specs()

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        return setup_choices(doc, self.catalog)

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        return game_setup(doc, party, options, choices, self.catalog)

    def table_problems(self, doc: MapDocument) -> list[tuple[str, str]]:
        """Figures that are no class or mook, off the table, on walls, or on one another
        (``TableCheck``); ``game_setup`` refuses the same."""
        return table_problems(doc, self.catalog)

    def facing_spec(self) -> FacingSpec:
        """Eight facings; the forward semicircle, all round with Parthian shot."""
        return FACING

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        cat = self.catalog
        if class_id and class_id in cat.classes:
            c = cat.classes[class_id]
            name, move = c.name, c.move
            weapons: list[str] = []
        elif monster_id and monster_id in cat.mooks:
            m = cat.mooks[monster_id]
            name, move = m.name, m.move
            weapons = [cat.beast_weapon] if m.beast else []
        else:
            return None
        from companion.rulesets.brickmasters_of_the_unknown.setup import _MOOK_WEAPONS, KITS

        weapons += (
            KITS.get(class_id or "", {}).get("weapons", [])
            if class_id
            else _MOOK_WEAPONS.get(monster_id or "", [])
        )
        ws = [weapon_of(cat, w) for w in weapons if w in cat.weapons]
        shots = [w.shoot_range for w in ws if w.shoot_range]
        return FigureProfile(
            name=name,
            move=move,
            melee=any(w.fight_range for w in ws),
            reach=any((w.fight_range or 0) > 2 for w in ws),
            ranged=(0.0, float(max(shots))) if shots else None,
            base_squares=2.0,
        )

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        if kind == "class":
            return [(c.id, c.name) for c in self.catalog.classes.values()]
        if kind == "monster":
            return [(m.id, m.name) for m in self.catalog.mooks.values()]
        return []

    def board(self, state: Encounter) -> Board:
        return self._boards.board(
            state,
            state.table,
            lambda: [
                Token(id=f.id, x=int(f.x), y=int(f.y), side=f.side, dead=f.broken)
                for f in state.figs.values()
            ],
        )

    def marks(self, state: Encounter) -> Sequence[BoardMark]:
        return ()

    def figures(self, state: Encounter) -> dict[str, FigureView]:
        return views.figure_views(self._ctx(state))

    def turn(self, state: Encounter) -> TurnView:
        return views.turn_view(self._ctx(state))

    def prompts(self, state: Encounter) -> Sequence[Prompt]:
        return ()

    def choices(self, state: Encounter, figure_id: str | None) -> Sequence[ActionChoice]:
        return views.choices(self._ctx(state), figure_id, self.validate)

    def moves(self, state: Encounter, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        return views.moves(self._ctx(state), figure_id)

    def odds(self, state: Encounter, action: Mapping[str, Any]) -> Odds | None:
        return views.odds(self._ctx(state), action)

    def describe(
        self, before: Encounter, action: Mapping[str, Any], events: Sequence[Event]
    ) -> str:
        return views.describe(action, events, {f.id: f.name for f in before.figs.values()})

    def dice_specs(self) -> Sequence[DieSpec]:
        return tuple(numbered_die(n) for n in LADDER)

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """A pass keeps the round going: undo and redo step over it (``Bookkeeping``)."""
        return action.get("action") == "pass"
