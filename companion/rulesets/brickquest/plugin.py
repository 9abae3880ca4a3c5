"""BrickQuest behind the ruleset interface (``companion.rules.ruleset.Ruleset``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    Board,
    area_circle,
    area_cone,
    area_line,
    area_square,
    figure_distance,
    figure_sight,
    line_of_sight,
    reachable,
    ruler_distance,
    squares_of,
)
from companion.model.mapfile import MapDocument
from companion.rules.places import place_name
from companion.rules.plugin_base import RulesetPlugin, field_problems
from companion.rules.ruleset import GAME_KEY, Event, Resolution
from companion.rules.secrets import Secrets
from companion.rules.table import (
    ActionChoice,
    BoardMark,
    DieSpec,
    FacingSpec,
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
from companion.rules.user_tables import TableSpec
from companion.rulesets.brickquest import INFO, table
from companion.rulesets.brickquest.actions import ACTIONS, Action
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import MAX_PARTY_FILE_BYTES, PARTY_FORMAT, Party
from companion.rulesets.brickquest.context import Ctx, move_allowance
from companion.rulesets.brickquest.forced import force_refusal
from companion.rulesets.brickquest.game_setup import OPTION_SPECS, game_setup, setup_choices
from companion.rulesets.brickquest.grid import BRICKQUEST_FACING, BRICKQUEST_GRID
from companion.rulesets.brickquest.odds import odds
from companion.rulesets.brickquest.reasons import REASONS
from companion.rulesets.brickquest.resolve import resolve
from companion.rulesets.brickquest.scenario_setup import scenario_setup
from companion.rulesets.brickquest.schema import ClassDef, MonsterDef
from companion.rulesets.brickquest.setup import SetupError, build_state, table_problems
from companion.rulesets.brickquest.state import GameState
from companion.rulesets.brickquest.user_tables import catalog_in_play, user_tables
from companion.rulesets.brickquest.validate import validate
from companion.safefile import read_bounded

Square = tuple[int, int]
#: BrickQuest's one die, the six-sided one (``dice_specs``).
DICE = (numbered_die(6),)


class QueryError(ValueError):
    """A scenario query that cannot be answered (unknown kind, figure or shape)."""


class BrickQuestRules(RulesetPlugin[GameState, BrickQuestCatalog, Ctx]):
    """The BrickQuest ruleset plugin."""

    id = "brickquest"
    title = INFO.title
    actions = ACTIONS
    grid = BRICKQUEST_GRID
    #: Who takes the table's actions (``TableActor``): the window's menu is named for it.
    table_actor = "brickmaster"
    table_actor_label = "BrickMaster"
    #: Party files (``companion.rules.parties.PartyFiles``) and the part that prints them.
    party_format = PARTY_FORMAT
    printing_part = "companion.printing.rulesets.brickquest.plugin:BrickQuestPrinting"
    _resolution = Resolution[GameState]
    #: The bundled data, with the user's monsters (``UserTables``) when they have some.
    _default_catalog = staticmethod(catalog_in_play)
    _context = Ctx
    _build = staticmethod(build_state)
    _validate = staticmethod(validate)
    _resolve = staticmethod(resolve)
    _scenario_setup = staticmethod(scenario_setup)

    def user_tables(self) -> Sequence[TableSpec[Any]]:
        """The tables the user may fill in (``UserTables``): the monster cards."""
        return user_tables()

    def check_party_file(self, path: Path) -> None:
        data = read_bounded(path, MAX_PARTY_FILE_BYTES, what="party file")
        Party.from_json_bytes(data, source=str(path))

    def force_refusal(self, state: GameState, action: Action) -> str | None:
        """Why forcing ``action`` would not do what was asked (``Session.act``)."""
        return force_refusal(self._ctx(state), action)

    def acting_order(self, state: GameState) -> Sequence[str]:
        living = [f for f, fig in state.figures.items() if not fig.dead]
        if state.initiative is None:
            return living
        order = [f for f in state.initiative if f in living]
        if state.current in order:
            i = order.index(state.current)
            order = order[i:] + order[:i]
        return order

    # -- a game at the table ----------------------------------------------------------
    def option_specs(self) -> Sequence[OptionSpec]:
        return OPTION_SPECS

    def setup_choices(self, doc: MapDocument) -> Sequence[SetupChoice]:
        return setup_choices(doc, self.catalog)

    def game_setup(
        self,
        doc: MapDocument,
        party: Mapping[str, Any] | None,
        options: Mapping[str, Any],
        choices: Mapping[str, Mapping[str, Any]],
    ) -> dict[str, Any]:
        problems = self.table_problems(doc)
        if problems:
            raise SetupError("; ".join(f"{place}: {message}" for place, message in problems))
        return game_setup(doc, party, options, choices, self.catalog)

    def table_problems(self, doc: MapDocument) -> list[tuple[str, str]]:
        """Figures on a square they may not stand on (a wall, a barrel...)."""
        return table_problems(doc)

    def profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        # Asked for every figure of the map on each change: made once per card.
        key = (class_id, monster_id)
        hit = self._profiles.get(key)
        if hit is None or hit[0] is not self.catalog:
            hit = self._profiles[key] = (self.catalog, self._profile(class_id, monster_id))
        return hit[1]

    @cached_property
    def _profiles(
        self,
    ) -> dict[tuple[str | None, str | None], tuple[BrickQuestCatalog, FigureProfile | None]]:
        return {}

    def _profile(self, class_id: str | None, monster_id: str | None) -> FigureProfile | None:
        card: ClassDef | MonsterDef | None = self.catalog.classes.get(
            class_id or ""
        ) or self.catalog.monsters.get(monster_id or "")
        if card is None:
            return None
        att = card.attack
        ranged = None
        if att.has_ranged and att.min_range is not None and att.max_range is not None:
            ranged = (float(att.min_range), float(att.max_range))
        large = card.has_ability("large_creature")
        return FigureProfile(
            name=card.name,
            move=int(card.move),
            melee=att.has_melee,
            reach=att.has_reach,
            ranged=ranged,
            large=large,
            slips_through=card.moves_through_occupied,
            # A Large Creature covers 2x2 squares from its north-west square (the
            # ``large_footprint`` option's default; a game may set it to 1).
            base_squares=2.0 if large else 1.0,
            anchor="corner",
        )

    def figure_kinds(self, kind: str) -> list[tuple[str, str]]:
        table = self.catalog.classes if kind == "class" else self.catalog.monsters
        return [(k, v.name) for k, v in table.items()]

    def board(self, state: GameState) -> Board:
        return self._ctx(state).board

    def figures(self, state: GameState) -> dict[str, FigureView]:
        return table.figure_views(self._ctx(state))

    def turn(self, state: GameState) -> TurnView:
        return table.turn_view(state)

    def prompts(self, state: GameState) -> Sequence[Prompt]:
        return table.prompts(self._ctx(state))

    def choices(self, state: GameState, figure_id: str | None) -> Sequence[ActionChoice]:
        return table.choices(self._ctx(state), figure_id)

    def moves(self, state: GameState, figure_id: str) -> dict[tuple[int, int], MoveOption]:
        return table.moves(self._ctx(state), figure_id)

    def area(
        self, state: GameState, action: Mapping[str, Any]
    ) -> tuple[list[tuple[int, int]], list[str]]:
        try:
            return table.area(self._ctx(state), action)
        except (ValidationError, LookupError):
            return [], []

    def odds(self, state: GameState, action: Mapping[str, Any]) -> Odds | None:
        try:
            return odds(self._ctx(state), action)
        except (ValidationError, LookupError, AssertionError):
            return None

    def describe(
        self, before: GameState, action: Mapping[str, Any], events: Sequence[Event]
    ) -> str:
        return table.describe(before, action, [e.text for e in events])

    # -- scenario queries -------------------------------------------------------------

    def dice_specs(self) -> Sequence[DieSpec]:
        return DICE

    def facing_spec(self) -> FacingSpec:
        """Four facings and a 90° firing arc (``Facings``)."""
        return BRICKQUEST_FACING

    def ruler_notes(self, board: Board, a: Square, b: Square) -> list[str]:
        return []  # squares, studs and height say it all

    def bookkeeping(self, action: Mapping[str, Any]) -> bool:
        """A turn begun or ended (or passed): undo and redo step over it (``Bookkeeping``)."""
        return action.get("action") in ("begin_turn", "end_turn")

    def marks(self, state: GameState) -> Sequence[BoardMark]:
        return ()  # the map's terrain and objects say it all

    def secrets(self, state: GameState) -> Secrets:
        """A monster hiding inside a barrel or sarcophagus is not met yet (``PublicInfo``);
        the hidden rooms are the map's to say.  A character's sheet holds nothing secret:
        BrickQuest's casters cast from their class's list, with nothing prepared."""
        return Secrets(
            figures=frozenset(
                f.id for f in state.figures.values() if f.inside is not None and f.side != "party"
            )
        )

    def query(self, state: GameState, query: Mapping[str, Any]) -> dict[str, Any]:
        ctx = self._ctx(state)
        kind = query.get("query")
        if kind == "distance":
            a, b = self._square(ctx, query, "from"), self._square(ctx, query, "to")
            ta, tb = self._token(ctx, query, "from", a), self._token(ctx, query, "to", b)
            if ta.size > 1 or tb.size > 1:  # to a Large Creature's nearest square
                return {"value": round(figure_distance(ctx.board, ta, tb), 4)}
            return {"value": round(ruler_distance(ctx.board, a, b), 4)}
        if kind == "line_of_sight":
            a, b = self._square(ctx, query, "from"), self._square(ctx, query, "to")
            ta, tb = self._token(ctx, query, "from", a), self._token(ctx, query, "to", b)
            if ta.size > 1 or tb.size > 1:  # to any square of a Large Creature
                sight = figure_sight(ctx.board, ta, tb)
            else:
                sight = line_of_sight(ctx.board, a, b)
            out: dict[str, Any] = {"value": sight.clear}
            if not sight.clear and sight.blocked_by is not None:
                out["blocked_by"] = list(sight.blocked_by)
            return out
        if kind == "reachable":
            actor = ctx.figure(str(query.get("actor")))
            reach = reachable(ctx.board, actor.id, move_allowance(ctx.card(actor), actor))
            return {"value": [list(sq) for sq in reach.squares()]}
        if kind == "area":
            return {"value": [list(sq) for sq in squares_of(self._area(ctx, query))]}
        raise QueryError(
            f"query: unknown query {kind!r} (distance, line_of_sight, reachable, area)"
        )

    def _square(self, ctx: Ctx, query: Mapping[str, Any], key: str) -> Square:
        where = query.get(key)
        if isinstance(where, str):
            return ctx.figure(where).pos
        if (
            isinstance(where, list | tuple)
            and len(where) == 2
            and all(isinstance(v, int) for v in where)
        ):
            sq = (int(where[0]), int(where[1]))
            if not ctx.state.dungeon.in_bounds(*sq):
                raise QueryError(f"{key}: square {place_name(sq)} is off the map")
            return sq
        raise QueryError(f"{key}: give a figure id or a square [x, y]")

    def _token(self, ctx: Ctx, query: Mapping[str, Any], key: str, square: Square) -> Token:
        """The figure a query names by id, measured by its footprint; a square named is
        measured as a figure of one square standing there."""
        where = query.get(key)
        if isinstance(where, str):
            fig = ctx.figure(where)
            if fig.inside is None:
                return ctx.token(fig)
        return Token(id=f"[{square[0]}, {square[1]}]", x=square[0], y=square[1], side="")

    def _area(self, ctx: Ctx, query: Mapping[str, Any]):
        shape = query.get("shape")
        origin = self._square(ctx, query, "origin")
        size = query.get("size")
        if not isinstance(size, int | float) or size < 0 or size > 64:
            raise QueryError("size: give a number from 0 to 64")
        facing = self._facing(ctx, query, origin)
        if shape == "circle":
            return area_circle(ctx.board, origin, float(size))
        if shape == "cone":
            return area_cone(ctx.board, origin, facing, float(size))
        if shape == "line":
            toward = self._square(ctx, query, "toward") if "toward" in query else facing
            return area_line(ctx.board, origin, toward, float(size))
        if shape == "square":
            return area_square(ctx.board, origin, int(size))
        raise QueryError(f"shape: unknown area shape {shape!r} (circle, cone, line, square)")

    def _facing(self, ctx: Ctx, query: Mapping[str, Any], origin: Square) -> Facing:
        if "facing" in query:
            try:
                return Facing(query["facing"])
            except ValueError:
                raise QueryError(f"facing: {query['facing']!r} is not N, E, S or W") from None
        fig = ctx.living_at(origin)
        return fig.facing if fig else Facing.N

    # -- rules scenarios -------------------------------------------------------------
    def reasons(self) -> Mapping[str, str]:
        return REASONS

    def compare(self, state: GameState, expected: Mapping[str, Any]) -> list[str]:
        """Differences from ``{figure: {hp, sp, at, facing, dead, items, effects, explosives}}``
        and ``{"_game": {round, acting, needs_initiative}}``."""
        problems = []
        for fid, fields in expected.items():
            if fid == GAME_KEY:
                problems += self._compare_game(state, fields)
                continue
            fig = state.figures.get(fid)
            if fig is None:
                problems.append(f"{fid}: no such figure")
                continue
            actual = {
                "hp": fig.hp,
                "sp": fig.sp,
                "at": [fig.x, fig.y],
                "facing": fig.facing.value,
                "dead": fig.dead,
                "items": sorted(fig.items),
                "effects": sorted(a.id for a in fig.afflictions),
                "explosives": fig.explosives,
                "side": fig.side,
                "monster": fig.monster_id,
            }
            for key, want in fields.items():
                if key not in actual:
                    problems.append(f"{fid}.{key}: not a field that can be checked")
                    continue
                got = actual[key]
                if isinstance(want, list) and key in ("items", "effects"):
                    want = sorted(want)
                if got != want:
                    problems.append(f"{fid}.{key}: expected {want!r}, got {got!r}")
        return problems

    def _compare_game(self, state: GameState, fields: Mapping[str, Any]) -> list[str]:
        turn = table.turn_view(state)
        actual = {
            "round": turn.round,
            "acting": turn.acting,
            "needs_initiative": turn.needs_initiative,
        }
        return field_problems(GAME_KEY, actual, fields, what="a game field")
