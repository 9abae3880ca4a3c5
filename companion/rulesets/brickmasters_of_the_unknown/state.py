"""The state of an encounter: the table, the minifigs on it and where the round stands.

Frozen values, replaced (never changed) by each action.  A figure carries everything the
rules read about it, resolved from the catalog when the encounter is built (its dice,
move, gimmicks, weapons, armour), so the rules never look a figure up twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.model.dungeon import DungeonMap
from companion.model.geometry.tabletop import Base, TableLayers
from companion.rulesets.brickmasters_of_the_unknown.options import Options

Stat = Literal["fight", "shoot", "cast", "adventure"]
STATS: tuple[Stat, ...] = ("fight", "shoot", "cast", "adventure")
Phase = Literal["initiative", "action", "final_shots", "combat", "spells", "over"]
#: The four phases of a round, in order, with their titles.
PHASES: tuple[tuple[Phase, str], ...] = (
    ("action", "Action"),
    ("final_shots", "Final shots"),
    ("combat", "Combat resolution"),
    ("spells", "Spell resolution"),
)
DamageClass = Literal["light", "standard", "heavy"]


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon as the rules read it: its fighting and shooting ranges in studs (None: it
    is not used so), damage class, the opening it attacks through."""

    id: str
    name: str
    fight_range: float | None
    shoot_range: float | None
    damage: DamageClass = "standard"
    #: Crossbows, pistols and muskets: no final shot.
    reloads: bool = False
    #: Spears, lances and bows fight or shoot through a 1-stud opening; the rest need 2.
    opening: int = 2
    #: A hand weapon may be discarded to absorb a hit.
    hand: bool = True

    def range(self, shooting: bool) -> float | None:
        return self.shoot_range if shooting else self.fight_range


@dataclass(frozen=True, slots=True)
class Effect:
    """A spell's lasting effect on a figure, with the rounds it has left."""

    kind: str  # "bump", "asleep", "webbed", "haste", "slow", "turned", "frog", "charmed"
    rounds: int
    stat: Stat | None = None
    amount: int = 0
    #: Charm: the side the figure fights for while it lasts.
    side: str = ""
    #: The round it began: a spell resolved in a round counts its turns from the next.
    since: int = 0


@dataclass(frozen=True, slots=True)
class Fig:
    """One minifig (a character, a mook or a beast) and what the encounter did to it."""

    id: str
    name: str
    side: str
    #: The class or mook id, and its title ("Fighter", "Orc").
    kind: str
    kind_name: str
    is_character: bool
    #: Die sizes (2..20) of the four stats, before the encounter's bumps.
    dice: tuple[tuple[Stat, int], ...]
    #: Stats marked "u" in the mook table: treated as an unarmed roll.
    unarmed_stats: frozenset[Stat]
    move: int
    #: How armour slows it: (pieces free, per so many pieces, studs lost) (L17).
    move_penalty: tuple[int, int, int]
    gimmicks: tuple[str, ...]
    weapons: tuple[Weapon, ...]
    #: Removable armour pieces worn (names), the printed torso and inherent armour.
    armour: tuple[str, ...]
    torso: bool
    inherent: int
    #: Items that may absorb a hit once the armour is gone (cape, staff, headgear...).
    items: tuple[str, ...]
    #: Spellcasting gear carried (wand, staff, cape, wizard hat, wizard beard).
    gear: tuple[str, ...]
    spells_known: tuple[str, ...]
    prepared: tuple[str, ...]
    spells_left: int
    gems: tuple[str, ...]
    beast: bool
    undead: bool
    x: float
    y: float
    radius: float
    facing: str
    elevation: int
    #: The pieces it began the encounter with (the track's maximum; Heal restores them).
    armour_start: tuple[str, ...] = ()
    broken: bool = False
    initiative: int | None = None
    #: Breaks ties of initiative: higher first (the tie's extra d6s, or the order placed).
    tiebreak: int = 0
    effects: tuple[Effect, ...] = ()
    used: frozenset[str] = frozenset()

    @property
    def cell(self) -> tuple[int, int]:
        return (int(self.x), int(self.y))

    @property
    def base(self) -> Base:
        return Base(self.id, self.x, self.y, self.radius, self.side, self.elevation)

    def die(self, stat: Stat) -> int:
        return dict(self.dice)[stat]

    def count(self, gimmick: str) -> int:
        """How many times it has the gimmick (they may be taken several times)."""
        return self.gimmicks.count(gimmick)

    def effect(self, kind: str) -> Effect | None:
        return next((e for e in self.effects if e.kind == kind), None)

    def with_(self, **changes: Any) -> Fig:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Casting:
    """A spell (or special action) declared in the action phase, resolved later."""

    caster: str
    spell: str
    targets: tuple[str, ...]
    mode: str = ""
    stat: Stat | None = None
    to: tuple[int, int] | None = None
    gem: bool = False
    #: The caster lost its roll and may discard an item to roll again.
    lost: bool = False


@dataclass(frozen=True, slots=True)
class Barrier:
    """Web/Wall's barrier: wall cells on the table for its turns, and what they were."""

    cells: tuple[tuple[int, int], ...]
    terrain: tuple[int, ...]
    rounds: int
    since: int


@dataclass(frozen=True, slots=True)
class PendingHits:
    """A fight won against several figures: the winner allocates its hits."""

    winner: str
    hits: int
    among: tuple[str, ...]
    shooting: bool


@dataclass(frozen=True, slots=True)
class Encounter:
    """Everything the rules read; replaced, never changed, by each action."""

    table: DungeonMap
    figs: dict[str, Fig]
    sides: tuple[str, ...]
    options: Options
    round: int = 1
    phase: Phase = "initiative"
    #: Who has acted (or passed) in this phase.
    acted: frozenset[str] = frozenset()
    #: Figures that delayed their move, and the friend each waits for.
    delayed: tuple[tuple[str, str], ...] = ()
    #: Spells declared this round, in the order declared.
    castings: tuple[Casting, ...] = ()
    pending: PendingHits | None = None
    #: Figures whose flight succeeded this round: no combat, no shooting.
    fled: frozenset[str] = frozenset()
    winner: str | None = None
    #: Web/Wall's barriers standing on the table.
    walls: tuple[Barrier, ...] = ()
    #: The last adventure roll: (figure, total, the other's total or None, success).
    last_adventure: tuple[str, int, int | None, bool | None] | None = None
    layers: TableLayers | None = None
    notes: tuple[str, ...] = field(default=())

    def with_(self, **changes: Any) -> Encounter:
        return replace(self, **changes)

    @property
    def table_layers(self) -> TableLayers:
        return self.layers if self.layers is not None else TableLayers.of(self.table)

    def fig(self, fid: str) -> Fig:
        return self.figs[fid]

    def standing(self) -> list[Fig]:
        return [f for f in self.figs.values() if not f.broken]

    def bases(self, *, exclude: str | None = None) -> list[Base]:
        """Bases on the table: broken figures still lie there (they are not removed)."""
        return [f.base for f in self.standing() if f.id != exclude]

    def replace_fig(self, f: Fig) -> Encounter:
        return self.with_(figs={**self.figs, f.id: f})
