"""The state of a battle: the table, the characters on it, and where the round stands."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.model.dungeon import DungeonMap
from companion.model.geometry.tabletop import Base, TableLayers
from companion.rulesets.in_a_world_where_bricks_rule.schema import Options


@dataclass(frozen=True, slots=True)
class Fighter:
    """One character: the roster's attributes and what the battle did to it."""

    id: str
    name: str
    side: str
    class_id: str
    level: int
    defense: int
    armor: str
    shield: bool
    weapon: str | None
    weapon_name: str
    #: Base centre, in studs, and its radius.
    x: float
    y: float
    radius: float
    elevation: int
    hits: int = 0
    knocked_out: bool = False

    @property
    def cell(self) -> tuple[int, int]:
        return (int(self.x), int(self.y))

    @property
    def base(self) -> Base:
        return Base(self.id, self.x, self.y, self.radius, self.side, self.elevation)

    def with_(self, **changes: Any) -> Fighter:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class GroundItem:
    """A weapon (or other item) lying on the table, to be picked up with a move action."""

    id: str
    weapon: str | None
    name: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Battle:
    """Everything the rules read; replaced, never changed, by each action."""

    table: DungeonMap
    fighters: dict[str, Fighter]
    #: Sides in the order they activate, youngest player's first.
    sides: tuple[str, ...]
    options: Options
    round: int = 1
    #: The round's 4d6 roll; None until it is rolled.
    roll: int | None = None
    #: Who the roll let act this round.
    eligible: frozenset[str] = frozenset()
    #: Who has been activated (or passed) this round.
    done: frozenset[str] = frozenset()
    #: Who has spent every action of its activation this round.
    spent: frozenset[str] = frozenset()
    #: Hit by a Wizard: "can't act this round".
    stunned: frozenset[str] = frozenset()
    #: The side whose player activates next.
    side_index: int = 0
    #: The character being activated, its actions spent, and whether it broke free.
    active: str | None = None
    actions_used: int = 0
    broke_free: bool = False
    #: Uses of once-a-round abilities this round, by character.
    blasts: frozenset[str] = frozenset()
    items: tuple[GroundItem, ...] = ()
    #: The winning side once only one side has characters left.
    winner: str | None = None
    #: The last round's roll and who acted in it, kept for the tracker between rounds.
    last_roll: int | None = None
    last_eligible: frozenset[str] = frozenset()
    last_done: frozenset[str] = frozenset()
    #: The table's arrays, made once (``build_battle``): the table never changes in play.
    layers: TableLayers | None = None
    notes: tuple[str, ...] = field(default=())

    def with_(self, **changes: Any) -> Battle:
        return replace(self, **changes)

    @property
    def table_layers(self) -> TableLayers:
        """The table's arrays (made here if the battle was built without them)."""
        return self.layers if self.layers is not None else TableLayers.of(self.table)

    def fighter(self, fid: str) -> Fighter:
        return self.fighters[fid]

    def standing(self) -> list[Fighter]:
        """Characters still in the battle (not knocked out)."""
        return [f for f in self.fighters.values() if not f.knocked_out]

    def bases(self, *, exclude: str | None = None) -> list[Base]:
        """Bases on the table (knocked-out characters are removed from the battle)."""
        return [f.base for f in self.standing() if f.id != exclude]

    @property
    def side_to_act(self) -> str | None:
        return (
            self.sides[self.side_index] if self.roll is not None and self.winner is None else None
        )
