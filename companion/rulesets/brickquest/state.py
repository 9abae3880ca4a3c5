"""A BrickQuest game state: the board, the figures on it, and what is going on.

States are immutable values: every change makes a new state (``evolve``), so a
session can keep one per log entry and undo by stepping back.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.model.dungeon import DungeonMap, Facing
from companion.model.figures import Token
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.schema import ClassDef, MonsterDef

Square = tuple[int, int]


class Options(BaseModel):
    """The optional rules, switched per game.  Unknown options are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    los: Literal["3d", "flat"] = "3d"
    height_bonus: bool = False
    critical_hits: bool = False
    breakaway: bool = False
    holding: bool = False
    walls_stop_areas: bool = True
    #: Characters wielding enchanted weapons ignore Incorporeal (the text's exception);
    #: monsters' attacks still count only 5s and 6s.
    enchanted_weapons: bool = False
    #: Roll initiative again every this many rounds (0: once for the whole game, the
    #: text's default; 1, 3 or 5 for competing players, as the text suggests).
    reroll_initiative: Literal[0, 1, 3, 5] = 0
    #: Squares per side a Large Creature covers: 2 (2x2 squares, the default reading of
    #: "The corpse is left in the square(s) it occupied previously") or 1 (one square,
    #: only taller).  ``game_setup.OPTION_SPECS`` documents it.
    large_footprint: Literal[1, 2] = 2


class Affliction(BaseModel):
    """A condition on a figure: ``rounds`` left (None: until cured), who caused it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    rounds: int | None = None
    source: str | None = None
    #: Ongoing hostile spell effects roll to break (a 6) at the start of the source's turn.
    breakable: bool = False
    value: int = 0


class TurnState(BaseModel):
    """What a figure has done in its current turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    started: bool = False
    actions_used: int = 0
    moves: int = 0
    attacks: int = 0
    attack_mode: Literal["melee", "ranged"] | None = None
    cast: bool = False
    turned_undead: bool = False
    sapper_used: bool = False
    raging: bool = False
    first_action: str | None = None
    #: The first action's straight-line move: (step dx, step dy, squares), for Charge.
    charge_line: tuple[int, int, int] | None = None
    held: bool = False


class FigureState(BaseModel):
    """One figure: a character (``class_id``) or a monster (``monster_id``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    side: str
    class_id: str | None = None
    monster_id: str | None = None
    weapon: str | None = None
    x: int
    y: int
    facing: Facing = Facing.S
    hp: int
    max_hp: int
    sp: int = 0
    max_sp: int = 0
    dead: bool = False
    afflictions: tuple[Affliction, ...] = ()
    items: tuple[str, ...] = ()
    explosives: int = 0
    #: Prowess / Ninja Focus dice on attack this turn (the rest of the pool on defense).
    focus_attack: int = 0
    #: Defense dice given up for Rage until the next turn.
    rage_penalty: int = 0
    disarmed: bool = False
    turns_taken: int = 0
    breath_turn: int | None = None
    attacked_since_turn: bool = False
    #: Breakaway (optional rule): made its one extra attack since its last turn began,
    #: and the figures that broke away from it (it may not try them again).
    breakaway_attacked: bool = False
    breakaway_tried: tuple[str, ...] = ()
    meditating: bool = False
    inside: Square | None = None
    #: Squares this figure has stood on (Teleport goes back to one of them).
    visited: tuple[Square, ...] = ()
    turn: TurnState = Field(default_factory=TurnState)
    #: The card's optional abilities this figure has (a casting snakeman, a poisoner).
    optional_abilities: tuple[str, ...] = ()

    @property
    def pos(self) -> Square:
        return (self.x, self.y)

    def has(self, affliction: str) -> bool:
        return any(a.id == affliction for a in self.afflictions)

    def affliction(self, affliction: str) -> Affliction | None:
        return next((a for a in self.afflictions if a.id == affliction), None)

    def without(self, *afflictions: str) -> tuple[Affliction, ...]:
        return tuple(a for a in self.afflictions if a.id not in afflictions)

    def with_affliction(self, affliction: Affliction) -> FigureState:
        """A copy carrying ``affliction`` in place of any other with the same id."""
        return self.model_copy(update={"afflictions": (*self.without(affliction.id), affliction)})


class Charge(BaseModel):
    """A Sapper's charge waiting for its fuse."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    owner: str
    ability: str
    squares: tuple[Square, ...]
    rounds: int


class GameState(BaseModel):
    """The whole game at one moment."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    options: Options = Field(default_factory=Options)
    dungeon: DungeonMap
    figures: dict[str, FigureState]
    round: int = 1
    #: Acting order when turn order is enforced; None: any figure may act.
    initiative: tuple[str, ...] | None = None
    #: The number each figure goes on, once initiative is rolled (empty: order set by hand).
    initiative_numbers: dict[str, int] = Field(default_factory=dict)
    current: str | None = None
    charges: tuple[Charge, ...] = ()
    wards: tuple[Square, ...] = ()
    floor_items: dict[Square, tuple[str, ...]] = Field(default_factory=dict)
    #: Temporary walls (Wall of Stone): square -> (caster, rounds left, terrain under it).
    stone_walls: dict[Square, tuple[str, int, int]] = Field(default_factory=dict)
    #: Magic Lock: door or chest square -> (caster, rounds left).
    magic_locks: dict[Square, tuple[str, int]] = Field(default_factory=dict)
    #: Figures holding this round (optional rule), in the order they held.
    held: tuple[str, ...] = ()
    #: The end of the round, when the figures that held act (in initiative order).
    holding_phase: bool = False
    #: Initiative must be rolled before anyone acts (a new game, or a re-roll round).
    needs_initiative: bool = False

    def figure(self, figure_id: str) -> FigureState:
        return self.figures[figure_id]

    def with_figure(self, fig: FigureState) -> GameState:
        figures = dict(self.figures)
        figures[fig.id] = fig
        return self.model_copy(update={"figures": figures})

    def evolve(self, **changes: object) -> GameState:
        return self.model_copy(update=changes)

    def living_at(self, square: Square) -> FigureState | None:
        return next(
            (f for f in self.figures.values() if f.pos == square and not f.dead and not f.inside),
            None,
        )

    def tokens(self, catalog: BrickQuestCatalog) -> list[Token]:
        """The figures as the geometry sees them (figures hidden inside objects left out).

        A Large Creature covers ``options.large_footprint`` squares per side.  A figure's
        token is kept (``_TOKENS``): the states of a game share their unchanged figures, so
        a replay places only the figures an action changed."""
        out = []
        footprint = self.options.large_footprint
        for f in self.figures.values():
            if f.inside is not None:
                continue
            key = (id(f), id(catalog), footprint)
            hit = _TOKENS.get(key)
            if hit is not None and hit[0] is f and hit[1] is catalog:
                out.append(hit[2])
                continue
            card = profile(catalog, f)
            token = Token(
                id=f.id,
                x=f.x,
                y=f.y,
                side=f.side,
                facing=f.facing,
                large=card.large,
                dead=f.dead,
                slips_through=card.moves_through_occupied or f.has("ethereal"),
                size=footprint if card.large else 1,
            )
            if len(_TOKENS) >= _TOKENS_LIMIT:
                _TOKENS.clear()
            _TOKENS[key] = (f, catalog, token)
            out.append(token)
        return out

    def size_of(self, catalog: BrickQuestCatalog, fig: FigureState) -> int:
        """Squares per side the figure covers (a Large Creature: ``large_footprint``)."""
        return self.options.large_footprint if profile(catalog, fig).large else 1


#: ``GameState.tokens``' answers: (id of the figure, of the catalog, the footprint) ->
#: (figure, catalog, token).  Figures are frozen, and an entry holds its figure and
#: catalog, so an id is never another's while it is kept.
_TOKENS: dict[tuple[int, int, int], tuple[FigureState, BrickQuestCatalog, Token]] = {}
_TOKENS_LIMIT = 8192


def profile(catalog: BrickQuestCatalog, fig: FigureState) -> ClassDef | MonsterDef:
    """The class or monster card a figure is built from."""
    if fig.class_id is not None:
        return catalog.classes[fig.class_id]
    assert fig.monster_id is not None
    return catalog.monsters[fig.monster_id].fitted(fig.optional_abilities)
