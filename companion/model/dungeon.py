"""The dungeon map: a grid of squares with terrain, floor heights, stairs, objects and rooms.

Arrays are indexed ``[y, x]`` (row, column); every public method takes ``(x, y)``.
Row 0 is the top (north) edge.  This module holds no rules about who may move or
see where: it only says what stands on each square.  ``companion.model.geometry``
turns it into distances, sight lines, areas and reachable squares.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

import numpy as np

#: Largest map side the app accepts (squares).  A 512x512 dungeon is 128 rooms a side.
MAX_SIDE = 512
#: Highest floor a square may have, in bricks (one base-36 digit in text maps).
MAX_FLOOR = 35
#: Height given to a wall that the map gives no height: it blocks any sight line.
FULL_HEIGHT = 10_000.0


class Terrain(IntEnum):
    """What the floor of a square is."""

    FLOOR = 0
    WALL = 1
    WATER = 2
    LAVA = 3
    FIRE_SPOUT = 4
    OBSTACLE = 5
    DOOR_OPEN = 6
    DOOR_CLOSED = 7
    DOOR_LOCKED = 8
    STAIRS = 9
    VOID = 10
    #: Swamp, thick brush: a table-top game's slow ground (BrickQuest treats it as floor).
    DIFFICULT = 11

    @property
    def is_door(self) -> bool:
        return self in (Terrain.DOOR_OPEN, Terrain.DOOR_CLOSED, Terrain.DOOR_LOCKED)


#: Text-map characters (shared/scenarios/FORMAT.md), plus ``L`` for a locked door.
TERRAIN_CHARS: dict[str, Terrain] = {
    ".": Terrain.FLOOR,
    "#": Terrain.WALL,
    "~": Terrain.WATER,
    "=": Terrain.LAVA,
    "^": Terrain.FIRE_SPOUT,
    "o": Terrain.OBSTACLE,
    "+": Terrain.DOOR_CLOSED,
    "/": Terrain.DOOR_OPEN,
    "L": Terrain.DOOR_LOCKED,
    "s": Terrain.STAIRS,
    " ": Terrain.VOID,
    "%": Terrain.DIFFICULT,
}
CHAR_OF_TERRAIN: dict[Terrain, str] = {t: c for c, t in TERRAIN_CHARS.items()}

#: Terrain a figure can never stand on or step through (doors: only while shut).
IMPASSABLE = frozenset(
    {
        Terrain.WALL,
        Terrain.WATER,
        Terrain.LAVA,
        Terrain.OBSTACLE,
        Terrain.VOID,
        Terrain.DOOR_CLOSED,
        Terrain.DOOR_LOCKED,
    }
)
#: Terrain that blocks a sight line.
OPAQUE = frozenset({Terrain.WALL, Terrain.OBSTACLE, Terrain.DOOR_CLOSED, Terrain.DOOR_LOCKED})
#: Terrain that stops a diagonal step cutting past it.
CORNER_BLOCKING = frozenset(
    {Terrain.WALL, Terrain.OBSTACLE, Terrain.DOOR_CLOSED, Terrain.DOOR_LOCKED}
)
#: Height (bricks) of an ``o`` obstacle square when the map gives none.
DEFAULT_OBSTACLE_HEIGHT = 2


class Facing(StrEnum):
    """One of the four cardinal directions a 4x4 base can face."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> tuple[int, int]:
        """The (dx, dy) of one step forward; y grows southward."""
        return _DELTAS[self]

    @property
    def index(self) -> int:  # type: ignore[override]  # the quarter-turn number, not str.index
        return "NESW".index(self.value)

    @property
    def degrees(self) -> float:
        """Its angle clockwise from north (N 0, E 90, S 180, W 270)."""
        return 90.0 * self.index

    def turned(self, quarter_turns: int) -> Facing:
        """Facing after ``quarter_turns`` clockwise 90° turns (negative: anticlockwise)."""
        return Facing("NESW"[(self.index + quarter_turns) % 4])

    @property
    def left(self) -> Facing:
        return self.turned(-1)

    @property
    def right(self) -> Facing:
        return self.turned(1)

    @property
    def opposite(self) -> Facing:
        return self.turned(2)


_DELTAS = {Facing.N: (0, -1), Facing.E: (1, 0), Facing.S: (0, 1), Facing.W: (-1, 0)}


class ObjectKind(StrEnum):
    """Furniture that stands on a square."""

    CHEST = "chest"
    BARREL = "barrel"
    BOOKCASE = "bookcase"
    SARCOPHAGUS = "sarcophagus"
    LEVER = "lever"
    SHELF = "shelf"


#: Usual heights in bricks, used when an object is placed without one.
DEFAULT_OBJECT_HEIGHT: dict[ObjectKind, int] = {
    ObjectKind.CHEST: 2,
    ObjectKind.BARREL: 3,
    ObjectKind.BOOKCASE: 6,
    ObjectKind.SARCOPHAGUS: 2,
    ObjectKind.LEVER: 2,
    ObjectKind.SHELF: 4,
}


@dataclass(frozen=True, slots=True)
class MapObject:
    """A chest, barrel, lever… on one square.  Chests open from the square they face."""

    kind: ObjectKind
    height: int
    facing: Facing = Facing.S
    is_open: bool = False
    locked: bool = False
    contents: tuple[str, ...] = ()

    @property
    def blocks_movement(self) -> bool:
        """Every object is in the way except a lever, which is set into wall or floor."""
        return self.kind is not ObjectKind.LEVER


@dataclass(slots=True)
class Room:
    """A named region; play mode may hide it until the party opens its door."""

    name: str
    hidden: bool = False


@dataclass(slots=True)
class DungeonMap:
    """A rectangular dungeon of ``width`` x ``height`` squares."""

    terrain: np.ndarray  # uint8 [y, x], Terrain values
    floor: np.ndarray  # int16 [y, x], floor height in bricks
    stairs: np.ndarray  # int8 [y, x], Facing index the stairs rise toward, -1 if none
    feature_height: np.ndarray  # int16 [y, x]: a wall's or obstacle's height; 0 = default
    room_of: np.ndarray  # int16 [y, x]: index into rooms, -1 if none
    objects: dict[tuple[int, int], MapObject] = field(default_factory=dict)
    rooms: list[Room] = field(default_factory=list)
    name: str = "Untitled dungeon"

    # -- construction ---------------------------------------------------------
    @classmethod
    def blank(cls, width: int, height: int, fill: Terrain = Terrain.FLOOR) -> DungeonMap:
        """A map of ``width`` x ``height`` squares of one terrain at height 0."""
        check_size(width, height)
        shape = (height, width)
        return cls(
            terrain=np.full(shape, int(fill), dtype=np.uint8),
            floor=np.zeros(shape, dtype=np.int16),
            stairs=np.full(shape, -1, dtype=np.int8),
            feature_height=np.zeros(shape, dtype=np.int16),
            room_of=np.full(shape, -1, dtype=np.int16),
        )

    def copy(self) -> DungeonMap:
        return DungeonMap(
            terrain=self.terrain.copy(),
            floor=self.floor.copy(),
            stairs=self.stairs.copy(),
            feature_height=self.feature_height.copy(),
            room_of=self.room_of.copy(),
            objects=dict(self.objects),
            rooms=[Room(r.name, r.hidden) for r in self.rooms],
            name=self.name,
        )

    # -- shape ----------------------------------------------------------------
    @property
    def width(self) -> int:
        return int(self.terrain.shape[1])

    @property
    def height(self) -> int:
        return int(self.terrain.shape[0])

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def squares(self) -> Iterator[tuple[int, int]]:
        for y in range(self.height):
            for x in range(self.width):
                yield x, y

    # -- per-square look-ups --------------------------------------------------
    def terrain_at(self, x: int, y: int) -> Terrain:
        return Terrain(int(self.terrain[y, x]))

    def floor_at(self, x: int, y: int) -> int:
        return int(self.floor[y, x])

    def stairs_at(self, x: int, y: int) -> Facing | None:
        d = int(self.stairs[y, x])
        return None if d < 0 else Facing("NESW"[d])

    def room_at(self, x: int, y: int) -> Room | None:
        i = int(self.room_of[y, x])
        return None if i < 0 else self.rooms[i]

    def object_at(self, x: int, y: int) -> MapObject | None:
        return self.objects.get((x, y))

    # -- derived layers used by the geometry ------------------------------------
    def blocks_movement(self) -> np.ndarray:
        """Bool [y, x]: squares no figure may enter (terrain or a standing object)."""
        blocked = np.isin(self.terrain, [int(t) for t in IMPASSABLE])
        for (x, y), obj in self.objects.items():
            if obj.blocks_movement:
                blocked[y, x] = True
        return blocked

    def blocks_corners(self) -> np.ndarray:
        """Bool [y, x]: squares that forbid a diagonal step past their corner."""
        blocked = np.isin(self.terrain, [int(t) for t in CORNER_BLOCKING])
        for (x, y), obj in self.objects.items():
            if obj.blocks_movement:
                blocked[y, x] = True
        return blocked

    def blocks_sight(self) -> np.ndarray:
        """Bool [y, x]: squares that block a flat sight line (walls, shut doors, obstacles)."""
        blocked = np.isin(self.terrain, [int(t) for t in OPAQUE])
        for (x, y), obj in self.objects.items():
            if obj.blocks_movement:
                blocked[y, x] = True
        return blocked

    def column_top(self) -> np.ndarray:
        """Float [y, x]: the top of each square's column in bricks, for elevation-aware sight.

        Floor plus whatever stands on it: a wall or shut door without a given height
        reaches ``FULL_HEIGHT``; an obstacle its height (``DEFAULT_OBSTACLE_HEIGHT`` if
        none); an object its height.  Figures are added by the geometry, not here.
        """
        top = self.floor.astype(np.float64)
        t = self.terrain
        fh = self.feature_height
        tall = np.isin(t, [int(Terrain.WALL), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED)])
        top = np.where(tall & (fh <= 0), FULL_HEIGHT, top)
        top = np.where(tall & (fh > 0), self.floor + fh, top)
        obstacle = t == int(Terrain.OBSTACLE)
        top = np.where(obstacle, self.floor + np.where(fh > 0, fh, DEFAULT_OBSTACLE_HEIGHT), top)
        for (x, y), obj in self.objects.items():
            if obj.blocks_movement:
                top[y, x] = max(top[y, x], float(self.floor[y, x] + obj.height))
        return top


def check_size(width: int, height: int) -> None:
    """Refuse map sizes the app cannot hold, with a message naming the problem."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ValueError(f"map size {width}x{height} squares is outside 1..{MAX_SIDE} on each side")
