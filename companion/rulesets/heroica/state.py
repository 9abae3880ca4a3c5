"""The state of a Heroica quest: the board, the heroes and monsters, the turn, the tracks.

Every value is frozen; each action gives a new :class:`Quest`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from companion.rulesets.heroica.schema import Options

Cell = tuple[int, int]

#: The phases of a hero's turn, in order (``tables.toml`` [[phases]]).
UPKEEP: Final = "upkeep"
MOVEMENT: Final = "hero_movement"
COMBAT: Final = "hero_combat"
MONSTER_MOVEMENT: Final = "monster_movement"
MONSTER_COMBAT: Final = "monster_combat"
PHASES: Final = (UPKEEP, MOVEMENT, COMBAT, MONSTER_MOVEMENT, MONSTER_COMBAT)


@dataclass(frozen=True, slots=True)
class Location:
    """A map tile: its spaces (a link piece's spaces are in two locations)."""

    id: str
    name: str
    realm: str
    cells: frozenset[Cell]
    boss: bool = False


@dataclass(frozen=True, slots=True)
class Hero:
    """A hero and its hero pack."""

    id: str
    name: str
    hero: str
    at: Cell
    health: int
    skill: int
    gold: int = 0
    blessed: bool = False
    cursed: bool = False
    #: Potions, weapons and armour, relics: item ids, in the order gained.
    potions: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    relics: tuple[str, ...] = ()
    key: bool = False
    torch: bool = False
    #: The Staff's temporary health, lost first.
    temporary: int = 0
    #: A Snake's bite or being stuck on rocks: no movement next turn.
    lose_move: bool = False
    #: Damage added to the next attack (Strength potion).
    strength: int = 0
    #: Devoured by the Dragon, or out of the game (option hero_defeat = out).
    out: bool = False
    defeats: int = 0

    def with_(self, **changes: Any) -> Hero:
        return replace(self, **changes)

    def carries(self, item: str) -> bool:
        return item in self.gear or item in self.relics or item in self.potions


@dataclass(frozen=True, slots=True)
class Monster:
    id: str
    kind: str
    at: Cell
    health: int
    relic: str | None = None
    #: The Crystal of Deflection on its head.
    crystal: bool = False

    def with_(self, **changes: Any) -> Monster:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Feature:
    """A chest, casket, rocks, map, magic door or space, locked door or generator."""

    id: str
    kind: str
    at: Cell
    to: Cell | None = None
    token: str | None = None
    boss: str | None = None
    sealed: bool = False

    def with_(self, **changes: Any) -> Feature:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Item:
    """An item lying on a space."""

    id: str
    item: str
    at: Cell


@dataclass(frozen=True, slots=True)
class Quest:
    """Everything the rules read; replaced, never changed, by each action."""

    spaces: frozenset[Cell]
    locations: dict[str, Location]
    #: Each space's colour (its own, else its first location's realm's); ``own_colours``:
    #: the spaces the board colours itself.
    colours: dict[Cell, str]
    heroes: dict[str, Hero]
    monsters: dict[str, Monster]
    features: dict[str, Feature]
    items: dict[str, Item]
    #: Heroes in seating order (clockwise); the first player is rolled for.
    seats: tuple[str, ...]
    options: Options
    start: Cell
    variation: str = "co_operative"
    #: The monster whose defeat ends the game (None: play until the Fire Track fills).
    target: str | None = None
    #: The seat of the hero whose turn it is; None until the first player is rolled.
    turn: int | None = None
    #: The first player's seat: a round of the table begins at its turn (or, once that
    #: hero is out, at the next hero in play clockwise).
    first: int = 0
    round: int = 1
    phase: str = UPKEEP
    #: The movement roll's face (None: not rolled); spaces it still allows.
    move_face: str | None = None
    moves_left: int = 0
    #: Spaces moved this turn; the move ended by a forced stop.
    moved: int = 0
    stopped: bool = False
    #: Obligations: monsters to fight, the chest, casket or rocks to search.
    #: This turn's movement was lost (Snake, rocks); a skill, a Shield choice, a magic
    #: space or map was used.
    move_lost: bool = False
    skill_used: bool = False
    shield_used: bool = False
    magic_used: bool = False
    must_fight: tuple[str, ...] = ()
    must_search: str | None = None
    fought: bool = False
    #: The monster phases: who still moves, who still attacks.
    to_move: tuple[str, ...] = ()
    to_attack: tuple[str, ...] = ()
    monsters_started: bool = False
    fire: int = 0
    boss_track: int = 0
    #: Dungeon Master play: the monsters move only in the Dungeon Master's turn, after
    #: every hero's; ``dm_left``: monsters it may still move (0: not its turn).
    dungeon_master: bool = False
    dm_left: int = 0
    #: Map Build: the board grows inside ``bounds`` (width, height) with the tiles added so
    #: far; ``bosses``: Boss Monster locations added; ``expanded``: this turn's expansion.
    map_build: bool = False
    bounds: tuple[int, int] = (256, 256)
    tiles_used: tuple[str, ...] = ()
    bosses: int = 0
    expanded: bool = False
    #: The Dragon woke (a hero entered Lava Mountain); its fire attack is due now.
    dragon_awake: bool = False
    dragon_due: bool = False
    #: Heroica Token holder.
    token: str | None = None
    outcome: str | None = None
    own_colours: dict[Cell, str] = field(default_factory=dict)
    notes: tuple[str, ...] = field(default=())
    #: The monsters defeated so far, in order (they leave ``monsters``).
    defeated: tuple[str, ...] = ()

    def with_(self, **changes: Any) -> Quest:
        return replace(self, **changes)

    @property
    def active(self) -> str | None:
        """The hero whose turn it is."""
        return self.seats[self.turn] if self.turn is not None and self.outcome is None else None

    def in_play(self) -> list[Hero]:
        return [h for h in self.heroes.values() if not h.out]

    def occupant(self, cell: Cell) -> str | None:
        """The hero or monster on ``cell``."""
        for h in self.heroes.values():
            if not h.out and h.at == cell:
                return h.id
        for m in self.monsters.values():
            if m.at == cell:
                return m.id
        return None

    def feature_at(self, cell: Cell) -> Feature | None:
        """The feature that takes ``cell`` (not a door: doors are edges)."""
        for f in self.features.values():
            if f.at == cell and f.kind != "locked_door":
                return f
        return None

    def items_at(self, cell: Cell) -> list[Item]:
        return [i for i in self.items.values() if i.at == cell]

    def locations_of(self, cell: Cell) -> list[str]:
        """The locations ``cell`` is in (two on a link piece)."""
        return [loc.id for loc in self.locations.values() if cell in loc.cells]
