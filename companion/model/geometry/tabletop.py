"""Table-top geometry: figures on round bases placed freely on a table, measured in studs.

Skirmish texts (In a World Where Bricks Rule, Brickmasters of the Unknown) have no grid:
a figure stands anywhere, distances are in studs or "lengths", and two figures fight when
their bases touch.  The table is still a :class:`~companion.model.dungeon.DungeonMap`, one
cell per stud, so the map editor paints it and its heights give elevation; a figure's
base is a disc centred on the middle of a cell.

Every function takes plain values (:class:`Base`, the map's arrays) and knows no rule:
how long a move may be, how tall blocks and what a contact is are the caller's numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from companion.model.dungeon import DungeonMap, Terrain

Point = tuple[float, float]
Square = tuple[int, int]

#: Terrain no figure may cross or stand on, whatever its height.
TABLE_BARRIERS = frozenset(
    {
        Terrain.WALL,
        Terrain.VOID,
        Terrain.DOOR_CLOSED,
        Terrain.DOOR_LOCKED,
        Terrain.WATER,
        Terrain.LAVA,
    }
)
#: How finely a straight line is sampled, in studs.
_STEP = 0.25
#: Besides its centre line, a moving base sweeps two lines this far to either side (studs):
#: inside a one-stud cell, so a figure beside a wall may still move along it.
_SIDE = 0.45
_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Base:
    """A figure on the table: its base's centre (studs), radius and standing height."""

    id: str
    x: float
    y: float
    radius: float = 1.0
    side: str = ""
    #: The top it stands on, in bricks.
    elevation: int = 0

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def moved(self, point: Point, elevation: int) -> Base:
        return Base(self.id, point[0], point[1], self.radius, self.side, elevation)


def centre_of(square: Square) -> Point:
    """The middle of a one-stud cell: where a figure placed on it stands."""
    return (square[0] + 0.5, square[1] + 0.5)


def cell_of(point: Point) -> Square:
    """The cell a point lies in."""
    return (math.floor(point[0]), math.floor(point[1]))


def centre_distance(a: Base, b: Base) -> float:
    """Studs from the centre of ``a``'s base to the centre of ``b``'s."""
    return math.hypot(a.x - b.x, a.y - b.y)


def gap(a: Base, b: Base) -> float:
    """Studs between the edges of the two bases (0 when they touch, negative if they overlap)."""
    return centre_distance(a, b) - a.radius - b.radius


def in_contact(a: Base, b: Base, tolerance: float) -> bool:
    """The bases touch: their gap is at most ``tolerance`` studs."""
    return gap(a, b) <= tolerance + _EPS


def tops(dungeon: DungeonMap) -> np.ndarray:
    """Float [y, x]: the top of every cell in bricks (floor plus what stands there)."""
    return dungeon.column_top().astype(float)


def barriers(dungeon: DungeonMap) -> np.ndarray:
    """Bool [y, x]: cells no figure may cross or stand on (walls, shut doors, void...)."""
    return np.isin(dungeon.terrain, [int(t) for t in TABLE_BARRIERS])


@dataclass(frozen=True, eq=False)
class TableLayers:
    """A table's arrays the measurements read, made once (a table in play never changes):
    the top of every cell, the barriers, the void and the difficult ground."""

    top: np.ndarray
    wall: np.ndarray
    void: np.ndarray
    difficult: np.ndarray

    @classmethod
    def of(cls, dungeon: DungeonMap) -> TableLayers:
        return cls(
            top=tops(dungeon),
            wall=barriers(dungeon),
            void=_void(dungeon),
            difficult=dungeon.terrain == int(Terrain.DIFFICULT),
        )


def _void(dungeon: DungeonMap) -> np.ndarray:
    """Bool [y, x]: no ground at all (beyond the table's edge): even a jetpack stops."""
    return dungeon.terrain == int(Terrain.VOID)


def standing_height(dungeon: DungeonMap, point: Point) -> int:
    """The top a figure whose centre is at ``point`` stands on, in bricks."""
    x, y = cell_of(point)
    return int(min(dungeon.column_top()[y, x], 10_000))


def _samples(start: Point, end: Point, side: float) -> tuple[np.ndarray, int]:
    """Points [k * n, 2] along the segment and along two lines ``side`` studs either side
    (k is 1 or 3), and n, the points per line: point ``i`` is ``(i % n) / (n - 1)`` along."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy)
    n = max(2, math.ceil(length / _STEP) + 1)
    t = np.linspace(0.0, 1.0, n)
    xs = sx + (ex - sx) * t
    ys = sy + (ey - sy) * t
    if length == 0 or side == 0:
        return np.stack([xs, ys], axis=1), n
    px, py = -(ey - sy) / length * side, (ex - sx) / length * side
    return np.concatenate(
        [
            np.stack([xs, ys], axis=1),
            np.stack([xs + px, ys + py], axis=1),
            np.stack([xs - px, ys - py], axis=1),
        ]
    ), n


def _cells(points: np.ndarray, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, bool]:
    """Row and column of each point's cell, and whether some point was off the table."""
    cols = np.floor(points[:, 0]).astype(np.int64)
    rows = np.floor(points[:, 1]).astype(np.int64)
    h, w = shape
    inside = (cols >= 0) & (cols < w) & (rows >= 0) & (rows < h)
    return rows[inside], cols[inside], not bool(inside.all())


def segment_distance(p: Point, a: Point, b: Point) -> tuple[float, float]:
    """Distance from ``p`` to the segment ``a``-``b``, and where along it (0..1) it is least."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(ax + t * dx - p[0], ay + t * dy - p[1]), t


@dataclass(frozen=True, slots=True)
class StraightMove:
    """What a straight move from a base's centre to a point crosses."""

    #: Studs the centre travels.
    length: float
    #: The move leaves the table.
    off_table: bool
    #: The first cell on the way that is a barrier, or as tall as ``tall`` above the mover.
    blocked_at: Square | None
    #: A figure whose base stands in the way.
    through: str | None
    #: A figure whose base the mover's would overlap where it stops.
    onto: str | None
    #: The move crosses a cell of difficult terrain.
    difficult: bool
    #: The top the mover stands on at the end.
    elevation: int


def _sweep(
    top: np.ndarray,
    wall: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    own: np.ndarray,
    elevation: float,
    tall: float,
    ignore_tall: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Walk ``n`` paths of ``k`` steps at once (cells ``rows``/``cols`` [n, lines, k], the
    centre line first), following the ground: a step onto a cell less than ``tall`` above
    the height the mover stands at goes onto it (up or down); a taller cell, or a barrier,
    stops the path.  ``own`` marks the start cell, which never stops it.

    Until a path is stopped the mover stands on its centre line's previous cell (on its
    own height while still in its start cell), so every step is checked at once.
    Returns, per path: whether it is stopped, the first stopping step (k if none) and the
    height the mover stands at after the last step."""
    n, _lines, k = rows.shape
    cell_top = top[rows, cols]  # [n, lines, k]
    centre = np.where(own[:, 0, :], float(elevation), cell_top[:, 0, :])  # [n, k]
    before = np.concatenate([np.full((n, 1), float(elevation)), centre[:, :-1]], axis=1)
    bad = wall[rows, cols]
    if not ignore_tall:
        bad = bad | (cell_top >= before[:, None, :] + tall - _EPS)
    bad &= ~own
    step_bad = bad.any(axis=1)  # [n, k]
    stopped = step_bad.any(axis=1)
    first = np.where(stopped, np.argmax(step_bad, axis=1), k)
    return stopped, first, centre[:, -1]


def straight_move(
    dungeon: DungeonMap,
    mover: Base,
    to: Point,
    others: Iterable[Base],
    *,
    tall: float,
    ignore_tall: bool = False,
    ignore_figures: bool = False,
    layers: TableLayers | None = None,
) -> StraightMove:
    """Check a straight move of ``mover``'s base to ``to``: what blocks it and what it crosses.

    A cell blocks when it is a barrier, or (unless ``ignore_tall``) when its top stands
    ``tall`` bricks or more above the height the mover stands on there (it may step down
    any height).  Another base blocks when the path brings the two bases to overlap; one
    overlapped only at the end is ``onto``.
    """
    layers = layers or TableLayers.of(dungeon)
    top = layers.top
    start = mover.centre
    points, per_line = _samples(start, to, min(_SIDE, mover.radius))
    rows, cols, off = _cells(points, top.shape)
    blocked_at: Square | None = None
    end_height = mover.elevation
    if not off:
        lines = len(points) // per_line
        r = rows.reshape(1, lines, per_line)
        c = cols.reshape(1, lines, per_line)
        wall_map = layers.wall
        # Flying (``ignore_tall``) passes over walls and water, never past the table's
        # void, and must still come down on open ground.
        path_wall = layers.void if ignore_tall else wall_map
        own = (c == math.floor(start[0])) & (r == math.floor(start[1])) & ~wall_map[r, c]
        stopped, first, height = _sweep(
            top, path_wall, r, c, own, mover.elevation, tall, ignore_tall
        )
        end = cell_of(to)
        if not stopped[0] and wall_map[end[1], end[0]]:
            stopped[0], first[0] = True, per_line - 1
        if stopped[0]:
            i = int(first[0])
            # Name the wall, else the tallest cell, where the path stopped.
            wall = path_wall[r[0, :, i], c[0, :, i]] | (i == per_line - 1)
            line = (
                int(np.argmax(wall)) if wall.any() else int(np.argmax(top[r[0, :, i], c[0, :, i]]))
            )
            blocked_at = (int(c[0, line, i]), int(r[0, line, i]))
        end_height = int(min(height[0], 10_000))
    through = onto = None
    for other in others:
        if other.id == mover.id:
            continue
        reach = mover.radius + other.radius - _EPS
        d, t = segment_distance(other.centre, start, to)
        if math.hypot(to[0] - other.x, to[1] - other.y) < reach:
            onto = onto or other.id
        elif d < reach and not ignore_figures and t > 0:
            through = through or other.id
    difficult = False
    if not off:
        difficult = bool(layers.difficult[rows, cols].any())
    return StraightMove(
        length=math.hypot(to[0] - start[0], to[1] - start[1]),
        off_table=off,
        blocked_at=blocked_at,
        through=through,
        onto=onto,
        difficult=difficult,
        elevation=end_height,
    )


def sight_blocked(
    dungeon: DungeonMap,
    a: Base,
    b: Base,
    others: Sequence[Base],
    *,
    tall: float,
    target_point: Point | None = None,
    layers: TableLayers | None = None,
) -> Square | str | None:
    """What blocks the sight line from ``a``'s centre to ``b``'s (or ``target_point``).

    A cell blocks when it is a wall-like barrier or stands ``tall`` bricks above the ground
    line between the two figures' heights; a third figure's base on the line blocks too
    (characters are tall).  Returns the first blocking cell, the blocking figure's id, or
    None for a clear line.
    """
    layers = layers or TableLayers.of(dungeon)
    top = layers.top
    end = b.centre if target_point is None else target_point
    points, n = _samples(a.centre, end, 0.0)
    t = np.linspace(0.0, 1.0, n)
    rows, cols, _ = _cells(points, top.shape)
    if len(rows) == n:
        ground = a.elevation + (b.elevation - a.elevation) * t
        own_a = (cols == math.floor(a.x)) & (rows == math.floor(a.y))
        own_b = (cols == math.floor(end[0])) & (rows == math.floor(end[1]))
        walls = np.isin(
            dungeon.terrain[rows, cols],
            [int(Terrain.WALL), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED)],
        )
        stop = (walls | (top[rows, cols] >= ground + tall - _EPS)) & ~own_a & ~own_b
        if stop.any():
            i = int(np.argmax(stop))
            return (int(cols[i]), int(rows[i]))
    for other in others:
        if other.id in (a.id, b.id):
            continue
        d, t_at = segment_distance(other.centre, a.centre, end)
        if d < other.radius - _EPS and 0 < t_at < 1:
            return other.id
    return None


def terrain_blocks(
    dungeon: DungeonMap,
    lines: Sequence[tuple[Point, Point, float, float]],
    *,
    tall: float,
    layers: TableLayers | None = None,
) -> np.ndarray:
    """Bool [len(lines)]: for each ``(start, end, start_elevation, end_elevation)``, whether
    ``sight_blocked`` with no figures in the way finds a blocking cell on it: the same
    samples and the same tests, for many lines at once."""
    out = np.zeros(len(lines), bool)
    if not lines:
        return out
    layers = layers or TableLayers.of(dungeon)
    top = layers.top
    h, w = top.shape
    walls = [int(Terrain.WALL), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED)]
    spans = np.array([(s[0], s[1], e[0], e[1], ea, eb) for s, e, ea, eb in lines], float)
    counts = np.array(
        [
            max(2, math.ceil(math.hypot(e[0] - s[0], e[1] - s[1]) / _STEP) + 1)
            for s, e, _, _ in lines
        ]
    )
    for n in np.unique(counts):
        group = np.flatnonzero(counts == n)
        sx, sy, ex, ey, ea, eb = (spans[group, i][:, None] for i in range(6))
        t = np.linspace(0.0, 1.0, int(n))
        cols = np.floor(sx + (ex - sx) * t).astype(np.int64)
        rows = np.floor(sy + (ey - sy) * t).astype(np.int64)
        # A line with a point off the table is not tested for cells (as in sight_blocked).
        inside = ((cols >= 0) & (cols < w) & (rows >= 0) & (rows < h)).all(axis=1)
        if not inside.any():
            continue
        cols, rows = cols[inside], rows[inside]
        sx, sy, ex, ey, ea, eb = (v[inside] for v in (sx, sy, ex, ey, ea, eb))
        ground = ea + (eb - ea) * t
        own_a = (cols == np.floor(sx)) & (rows == np.floor(sy))
        own_b = (cols == np.floor(ex)) & (rows == np.floor(ey))
        wall = np.isin(dungeon.terrain[rows, cols], walls)
        stop = (wall | (top[rows, cols] >= ground + tall - _EPS)) & ~own_a & ~own_b
        out[group[inside]] = stop.any(axis=1)
    return out


def cover_fraction(
    dungeon: DungeonMap,
    a: Base,
    b: Base,
    others: Sequence[Base],
    *,
    tall: float,
    layers: TableLayers | None = None,
) -> float:
    """The share of five sight lines, to points across ``b``'s base, that are blocked."""
    layers = layers or TableLayers.of(dungeon)
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    offsets = (0.0, 0.45, -0.45, 0.9, -0.9)
    blocked = sum(
        sight_blocked(
            dungeon,
            a,
            b,
            others,
            tall=tall,
            target_point=(b.x + px * o * b.radius, b.y + py * o * b.radius),
            layers=layers,
        )
        is not None
        for o in offsets
    )
    return blocked / len(offsets)


def line_cells(a: Square, b: Square) -> list[Square]:
    """The cells a straight line from the middle of ``a`` to the middle of ``b`` passes
    through, in order (for drawing a straight move)."""
    points, _ = _samples(centre_of(a), centre_of(b), 0.0)
    out: list[Square] = []
    for x, y in points:
        cell = (math.floor(x), math.floor(y))
        if not out or out[-1] != cell:
            out.append(cell)
    return out
