"""What validators and resolvers share: the state, the data, the board, and turn budgets."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from difflib import get_close_matches
from functools import cached_property

from companion.model.dungeon import DungeonMap
from companion.model.figures import Token
from companion.model.geometry import Board, SightLine
from companion.model.geometry.attacks import attack_sight, attack_sights
from companion.model.geometry.board import TerrainLayers
from companion.model.kept import Kept
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.grid import BRICKQUEST_GRID
from companion.rulesets.brickquest.schema import (
    ActionBudget,
    ClassDef,
    MonsterDef,
    Rage,
    Spellcaster,
    SpellDef,
    SpellList,
)
from companion.rulesets.brickquest.state import FigureState, GameState, TurnState, profile

Square = tuple[int, int]
#: Actions per round when nothing changes it (the text: "two actions").
BASE_ACTIONS = 2
#: Conditions that make a figure lose its special abilities, spellcasting included.
NO_SPECIALS = ("hiccups",)
#: Hostile ongoing spell effects: each target rolls to break them (a 6) at the start of
#: the caster's turn.
BREAKABLE = ("cursed", "hiccups", "silenced", "blinded")


class UnknownFigure(LookupError):
    """An action names a figure that is not in the game."""

    def __init__(self, figure_id: str, known: list[str]) -> None:
        self.figure_id = figure_id
        near = get_close_matches(figure_id, known, n=3)
        hint = f"did you mean {', '.join(map(repr, near))}? " if near else ""
        super().__init__(f"unknown figure {figure_id!r} ({hint}figures: {', '.join(known)})")

    def __str__(self) -> str:
        return self.args[0]


class Unresolvable(ValueError):
    """A forced action that cannot be carried out at all (a spell that does not exist, a
    square off the map, an item the figure does not have): nothing happens."""


class BoardCache:
    """The boards of the last few states, and the terrain layers of the last few maps.

    States are immutable values and a resolver that changes the map makes a new
    ``DungeonMap`` (never writes into the old one), so a state's board depends only on the
    state object, and the terrain layers (the costly part of a board) only on the map
    object: a figure's move makes a new state with the same map, whose board reuses the
    layers and only places the figures again.  Entries keep their state or map alive,
    so an identity can never be reused for another object while it is cached.
    """

    def __init__(self, states: int = 16, maps: int = 4) -> None:
        self._states: Kept[Board] = Kept(states)
        self._maps: Kept[TerrainLayers] = Kept(maps)

    def board(self, state: GameState, catalog: BrickQuestCatalog) -> Board:
        """The board of ``state``: cached, or built on the cached layers of its map."""
        held = (state, catalog)
        hit = self._states.get(id(state), held)
        if hit is not None:
            return hit
        board = Board(
            state.dungeon,
            state.tokens(catalog),
            los_mode=state.options.los,
            walls_stop_areas=state.options.walls_stop_areas,
            rules=BRICKQUEST_GRID,
            _layers=self._layers(state.dungeon),
        )
        return self._states.put(id(state), board, held)

    def layers(self, dungeon: DungeonMap) -> TerrainLayers:
        """The terrain layers of ``dungeon`` (what blocks movement, sight...), cached."""
        return self._layers(dungeon)

    def _layers(self, dungeon: DungeonMap) -> TerrainLayers:
        hit = self._maps.get(id(dungeon), (dungeon,))
        if hit is not None:
            return hit
        return self._maps.put(id(dungeon), TerrainLayers(dungeon.copy()), (dungeon,))

    def clear(self) -> None:
        self._states.clear()
        self._maps.clear()


#: Shared by every ``Ctx``: validating, resolving and the table's questions about one
#: state all see one board.
BOARDS = BoardCache()


@dataclass(frozen=True)
class Ctx:
    """One state seen through the rules data."""

    state: GameState
    catalog: BrickQuestCatalog

    @cached_property
    def board(self) -> Board:
        return BOARDS.board(self.state, self.catalog)

    def figure(self, figure_id: str) -> FigureState:
        try:
            return self.state.figures[figure_id]
        except KeyError:
            raise UnknownFigure(figure_id, list(self.state.figures)) from None

    def card(self, fig: FigureState) -> ClassDef | MonsterDef:
        return profile(self.catalog, fig)

    # -- footprints: a Large Creature covers ``options.large_footprint`` squares a side --
    def size(self, fig: FigureState) -> int:
        """Squares per side the figure covers (1, or 2 for a Large Creature)."""
        # Its card decides (``profile``: the class, or the monster and its optional
        # abilities), with the state's footprint option: asked once per card.
        key = (fig.class_id, fig.monster_id, fig.optional_abilities)
        sizes = self._sizes
        got = sizes.get(key)
        if got is None:
            got = sizes[key] = self.state.size_of(self.catalog, fig)
        return got

    @cached_property
    def _sizes(self) -> dict[tuple[str | None, str | None, tuple[str, ...]], int]:
        return {}

    @cached_property
    def sides_and_names(self) -> tuple[dict[str, str], dict[str, str]]:
        """Every figure's side and name, by id (a harmful choice's ``confirm`` reads them)."""
        figures = self.state.figures.values()
        return {f.id: f.side for f in figures}, {f.id: f.name for f in figures}

    @cached_property
    def aims(self) -> dict[tuple[str, tuple[object, ...]], tuple[str, ...]]:
        """The figures a caster's spells aimed at one figure are allowed for their target,
        by the kind of aim (``table_spells_and_things._aimed``), found in this state."""
        return {}

    @cached_property
    def sights(self) -> dict[tuple[str, str], SightLine]:
        """Figures' sight of figures measured in this state (``sight``)."""
        return {}

    def measure_sights(self, viewer: FigureState, targets: Iterable[FigureState]) -> None:
        """Measure ``viewer``'s sight of each of ``targets`` not measured yet, together
        (``attack_sights``: the same lines, fewer NumPy calls), for ``sight`` to answer:
        asked before ``sight`` is asked of many figures.  All stand on the board."""
        new = [t for t in targets if (viewer.id, t.id) not in self.sights]
        if not new:
            return
        board = self.board
        lines = attack_sights(board, board.token(viewer.id), [board.token(t.id) for t in new])
        for t, line in zip(new, lines, strict=True):
            self.sights[(viewer.id, t.id)] = line

    @cached_property
    def square_sights(self) -> dict[tuple[str, str | None, Square], SightLine]:
        """Other sight lines measured in this state (``validate_magic``'s caster to a
        square, or to a figure hidden in an object): each measured once."""
        return {}

    def sight(self, viewer: FigureState, target: FigureState) -> SightLine:
        """``viewer``'s sight of ``target`` (``attack_sight`` on this state's board: an
        attack's and a spell's alike), measured once per state: the table's choices ask
        it of every figure for each attack mode and each spell aimed at one, and the
        validation of each candidate again.  Both stand on the board (neither hidden in
        an object)."""
        key = (viewer.id, target.id)
        seen = self.sights.get(key)
        if seen is None:
            board = self.board
            seen = attack_sight(board, board.token(viewer.id), board.token(target.id))
            self.sights[key] = seen
        return seen

    def monster_size(self, monster_id: str) -> int:
        """Squares per side a monster of this card covers (a summoned Stone Elemental)."""
        card = self.catalog.monsters.get(monster_id)
        return self.state.options.large_footprint if card is not None and card.large else 1

    def squares(self, fig: FigureState, at: Square | None = None) -> list[Square]:
        """The squares the figure covers standing on ``at`` (default: where it stands)."""
        return footprint(at if at is not None else fig.pos, self.size(fig))

    def token(self, fig: FigureState) -> Token:
        """The figure as the geometry sees it, where it stands now."""
        return Token(
            id=fig.id,
            x=fig.x,
            y=fig.y,
            side=fig.side,
            facing=fig.facing,
            large=self.card(fig).large,
            dead=fig.dead,
            size=self.size(fig),
        )

    def living_at(self, square: Square) -> FigureState | None:
        """The living figure covering ``square`` (figures inside objects cover nothing)."""
        for f in self.state.figures.values():
            if f.dead or f.inside is not None:
                continue
            if f.pos == square:
                return f
            n = self.size(f)
            if n > 1 and f.x <= square[0] < f.x + n and f.y <= square[1] < f.y + n:
                return f
        return None

    def stand_height(self, fig: FigureState) -> int:
        """The floor under the figure: the highest floor its squares have."""
        dungeon = self.state.dungeon
        return max(dungeon.floor_at(*sq) for sq in self.squares(fig) if dungeon.in_bounds(*sq))

    def enemies(self, a: FigureState, b: FigureState) -> bool:
        return a.side != b.side


#: A turn not yet started (frozen: one value serves every figure).
NOTHING_DONE = TurnState()


def current_turn(fig: FigureState) -> TurnState:
    """The figure's turn so far; a turn not yet started has used nothing."""
    return fig.turn if fig.turn.started else NOTHING_DONE


def action_limit(card: ClassDef | MonsterDef, fig: FigureState, turn: TurnState) -> int:
    """Actions this turn: 2, or the card's budget, +Rage, and only 1 under Hiccups."""
    if any(fig.has(c) for c in NO_SPECIALS):
        return 1
    budget = card.ability("action_budget")
    limit = BASE_ACTIONS
    if isinstance(budget, ActionBudget):
        if budget.actions is not None:
            limit = budget.actions
        else:
            limit = (budget.moves or 0) + (budget.attacks or 0)
    rage = card.ability("rage")
    if turn.raging and isinstance(rage, Rage):
        limit += rage.extra_actions
    return limit


def move_allowance(card: ClassDef | MonsterDef, fig: FigureState) -> int:
    """Squares one move action may cover: the card's Move, a Speed Potion's bonus, or
    the ethereal float rate."""
    ethereal = fig.affliction("ethereal")
    if ethereal is not None:
        return ethereal.value or 4
    speed = fig.affliction("speed")
    return card.move + (speed.value if speed else 0)


def spell_lists(card: ClassDef | MonsterDef) -> tuple[SpellList, ...]:
    if isinstance(card, ClassDef):
        return card.spell_lists
    caster = card.ability("spellcaster")
    return (caster.spell_list,) if isinstance(caster, Spellcaster) else ()


def may_know(card: ClassDef | MonsterDef, spell: SpellDef) -> bool:
    """Whether the card's own lists include ``spell`` (vampires: Ethereality only)."""
    if spell.spell_list not in spell_lists(card):
        return False
    caster = card.ability("spellcaster")
    if isinstance(caster, Spellcaster) and caster.allowed_spells is not None:
        return spell.id in caster.allowed_spells
    return True


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def footprint(at: Square, size: int) -> list[Square]:
    """The squares a figure of ``size`` covers standing on ``at`` (its north-west square)."""
    if size == 1:
        return [at]
    return [(at[0] + dx, at[1] + dy) for dy in range(size) for dx in range(size)]


def squares_apart(a: list[Square], b: list[Square]) -> int:
    """Squares (Chebyshev) between the nearest squares of two footprints."""
    if len(a) == 1 and len(b) == 1:
        return chebyshev(a[0], b[0])
    return min(chebyshev(p, q) for p in a for q in b)


def sustaining(fig: FigureState) -> str | None:
    """The sustained spell (War Drums, Stone Elemental) the figure keeps up, if any."""
    upkeep = fig.affliction("sustaining")
    return upkeep.source if upkeep else None


def carried_spells(fig: FigureState) -> dict[str, str]:
    """Spells available from scrolls and books carried: spell id -> the item string.

    A carried scroll is ``scroll:<spell>``, a book ``book:<spell>+<spell>+<spell>``.
    """
    found: dict[str, str] = {}
    for item in fig.items:
        kind, _, spells = item.partition(":")
        if kind in ("scroll", "book") and spells:
            for spell in spells.split("+"):
                found.setdefault(spell, item)
    return found


def item_base(item: str) -> str:
    """The catalog id of a carried item string (``scroll:levin_bolt`` -> ``scroll``)."""
    return item.partition(":")[0].partition("@")[0]


def item_multiplier(item: str) -> int:
    """How many times stronger or more valuable a carried item is (``ruby@x5`` -> 5)."""
    return int(item.partition("@x")[2] or 1)


def item_worth(items: Iterable[str], catalog: BrickQuestCatalog) -> int:
    """The gold the carried ``items`` are worth together."""
    total = 0
    for item in items:
        card = catalog.items.get(item_base(item))
        if card is not None and card.value_gold:
            total += card.value_gold * item_multiplier(item)
    return total
