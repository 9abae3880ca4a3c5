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
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

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


def reachable_cells(
    dungeon: DungeonMap,
    mover: Base,
    reach: float,
    others: Sequence[Base],
    *,
    tall: float,
    ignore_tall: bool = False,
    ignore_figures: bool = False,
    layers: TableLayers | None = None,
) -> dict[Square, StraightMove]:
    """Every cell whose centre ``mover`` can reach in one straight move of at most ``reach``
    studs, with what the move crosses (no blocking cell, no base in the way or overlapped).

    The same test as :func:`straight_move`, made for every cell at once: the cells each
    move's samples fall in are kept by :func:`_rays` (the same for every mover of the same
    reach standing at the same place in its cell), so a call only reads the table."""
    layers = layers or TableLayers.of(dungeon)
    cx, cy = mover.centre
    rays = _rays(cx, cy, reach, min(_SIDE, mover.radius))
    if rays is None:
        return {}
    top = layers.top
    h, w = top.shape
    fx, fy = math.floor(cx), math.floor(cy)
    half, size = rays.half, 2 * rays.half + 1
    x0, y0 = fx - half, fy - half
    ax0, ax1, ay0, ay1 = max(0, x0), min(w, x0 + size), max(0, y0), min(h, y0 + size)
    if ax0 >= ax1 or ay0 >= ay1:
        return {}
    # The table around the mover, off the table a barrier (a move leaving it is not found).
    inner = (slice(ay0 - y0, ay1 - y0), slice(ax0 - x0, ax1 - x0))
    part = (slice(ay0, ay1), slice(ax0, ax1))
    path_w = np.ones((size, size), bool)
    path_w[inner] = (layers.void if ignore_tall else layers.wall)[part]
    wall_w = np.ones((size, size), bool)
    wall_w[inner] = layers.wall[part]
    top_w = np.zeros((size, size))
    top_w[inner] = top[part]
    diff_w = np.zeros((size, size), bool)
    diff_w[inner] = layers.difficult[part]
    path_f, wall_f, top_f, diff_f = (a.ravel() for a in (path_w, wall_w, top_w, diff_w))
    check_cell, run_cell = rays.cells_at(cx, cy)
    start = half * size + half
    elevation = float(mover.elevation)
    own = not wall_f[start]  # the start cell never stops the move (unless a barrier)
    # The height the mover stands at on each run of its centre line's samples.
    height = top_f[run_cell]
    if own:
        height[run_cell == start] = elevation
    height[0] = elevation  # before the first sample
    if own:  # the start cell stops no check: neither a barrier nor tall
        path_f, top_f = path_f.copy(), top_f.copy()
        path_f[start], top_f[start] = False, -np.inf
    bad = path_f[check_cell]
    if not ignore_tall:
        bad |= top_f[check_cell] >= (height + tall - _EPS)[rays.check_before]
    ok = ~np.logical_or.reduceat(bad, rays.check_start) & ~wall_f[rays.end]
    # A base farther than the reach, both radii and a stud more comes near no move.
    blockers = [
        o
        for o in others
        if o.id != mover.id
        and math.hypot(o.x - cx, o.y - cy) <= reach + mover.radius + o.radius + 1.0
    ]
    free = np.flatnonzero(ok)
    if blockers and len(free):
        ex_, ey_ = (fx + rays.dx[free]) + 0.5, (fy + rays.dy[free]) + 0.5
        length = rays.length[free]
        dx, dy = ex_ - cx, ey_ - cy
        ox = np.array([[o.x] for o in blockers])
        oy = np.array([[o.y] for o in blockers])
        near = np.array([[mover.radius + o.radius - _EPS] for o in blockers])
        along = np.clip(((ox - cx) * dx + (oy - cy) * dy) / (length * length), 0, 1)
        blocked = np.hypot(ex_ - ox, ey_ - oy) < near
        if not ignore_figures:
            d = np.hypot(cx + along * dx - ox, cy + along * dy - oy)
            blocked |= (d < near) & (along > 0)
        ok[free] = ~blocked.any(axis=0)
    found = np.flatnonzero(ok)
    if not len(found):
        return {}
    difficult = np.logical_or.reduceat(diff_f[check_cell], rays.check_start)[found]
    ends = np.minimum(height[rays.last_run[found]], 10_000).astype(np.int64)
    moves = rays.moves
    out: dict[Square, StraightMove] = {}
    for s, x, y, diff, end in zip(
        found.tolist(),
        rays.dx[found].tolist(),
        rays.dy[found].tolist(),
        difficult.tolist(),
        ends.tolist(),
        strict=True,
    ):
        move = moves.get((s, diff, end))
        if move is None:
            move = moves[(s, diff, end)] = StraightMove(
                length=float(rays.length[s]),
                off_table=False,
                blocked_at=None,
                through=None,
                onto=None,
                difficult=diff,
                elevation=end,
            )
        out[(fx + x, fy + y)] = move
    return out


@dataclass(frozen=True, eq=False)
class _Rays:
    """The samples of every straight move one reach long from a point, as cells of a
    window ``2 * half + 1`` cells wide centred on the mover's cell (row-major indices).

    Move ``s`` (to the cell ``dx[s], dy[s]`` from the mover's) is checked by the checks
    ``check_start[s]`` up to the next move's: a cell some sample of it falls in, and the
    run of centre-line samples just before (``check_before``, ``run_cell``; run 0 is before
    the first sample), whose height a tall cell is measured from.  Consecutive samples in
    the same cell, measured from the same run, are one check: a cell's test is the same.
    A sample lying on a cell's edge (``edge_*``) is found again for each mover: rounding
    may put it on either side depending on where on the table the mover stands."""

    half: int
    dx: np.ndarray
    dy: np.ndarray
    length: np.ndarray
    end: np.ndarray
    last_run: np.ndarray
    run_cell: np.ndarray
    check_cell: np.ndarray
    check_before: np.ndarray
    check_start: np.ndarray
    edge_vx: np.ndarray
    edge_ox: np.ndarray
    edge_vy: np.ndarray
    edge_oy: np.ndarray
    edge_check: np.ndarray
    edge_run: np.ndarray
    edge_on_run: np.ndarray
    #: The answers made so far, by move, difficult ground and end height (immutable,
    #: shared between hints).
    moves: dict[tuple[int, bool, int], StraightMove] = field(default_factory=dict)

    def cells_at(self, cx: float, cy: float) -> tuple[np.ndarray, np.ndarray]:
        """The window cell of every check and of every run for a mover centred at
        ``(cx, cy)``: those kept, but for samples on a cell's edge, found again as
        :func:`straight_move` finds them."""
        if not len(self.edge_check):
            return self.check_cell, self.run_cell
        size = 2 * self.half + 1
        x0, y0 = math.floor(cx) - self.half, math.floor(cy) - self.half
        ex = np.floor((cx + self.edge_vx) + self.edge_ox).astype(np.int64) - x0
        ey = np.floor((cy + self.edge_vy) + self.edge_oy).astype(np.int64) - y0
        cell = np.clip(ey, 0, size - 1) * size + np.clip(ex, 0, size - 1)
        check_cell, run_cell = self.check_cell.copy(), self.run_cell.copy()
        check_cell[self.edge_check] = cell
        run_cell[self.edge_run] = cell[self.edge_on_run]
        return check_cell, run_cell


#: Rays made, by where in its cell the mover stands (or where it stands), reach and side.
_RAYS: OrderedDict[tuple[object, ...], _Rays | None] = OrderedDict()
_RAYS_KEPT = 16
_RAYS_LOCK = threading.Lock()
#: A sample nearer a cell's edge than this (studs) is found again for each mover.
_EDGE = 1e-6


def _rays(cx: float, cy: float, reach: float, side: float) -> _Rays | None:
    """The rays of a mover at ``(cx, cy)``: kept, and shared by every mover whose centre
    lies at the same place in its cell when that place is a multiple of 1/1024 stud on a
    table under 2**20 studs (then every offset to a cell centre is exact, and every
    sample's cell is the same one shifted, but for those on an edge)."""
    fx, fy = cx - math.floor(cx), cy - math.floor(cy)
    shared = (
        abs(cx) < 2**20
        and abs(cy) < 2**20
        and 0 <= reach < 1024
        and (fx * 1024).is_integer()
        and (fy * 1024).is_integer()
    )
    key: tuple[object, ...] = (
        ("at", fx, fy, reach, side) if shared else ("point", cx, cy, reach, side)
    )
    with _RAYS_LOCK:
        if key in _RAYS:
            _RAYS.move_to_end(key)
            return _RAYS[key]
    rays = _make_rays(cx, cy, reach, side, edges=shared)
    with _RAYS_LOCK:
        _RAYS[key] = rays
        while len(_RAYS) > _RAYS_KEPT:
            _RAYS.popitem(last=False)
    return rays


def _make_rays(cx: float, cy: float, reach: float, side: float, *, edges: bool) -> _Rays | None:
    """Sample every move as :func:`straight_move` does (by its own length, the same
    values) and keep which cells the samples fall in: every move's samples in one flat
    array per line (the centre line and one either side)."""
    fx, fy = math.floor(cx), math.floor(cy)
    r = math.ceil(reach) + 1
    half = r + 3  # every sample, even one on an edge, lies inside the window
    size = 2 * half + 1
    ys, xs = np.mgrid[fy - r : fy + r + 1, fx - r : fx + r + 1]
    ex, ey = xs.ravel() + 0.5, ys.ravel() + 0.5
    length = np.hypot(ex - cx, ey - cy)
    keep = (length <= reach + _EPS) & (length > 0)
    ex, ey, length = ex[keep], ey[keep], length[keep]
    moves = len(ex)
    if moves == 0:
        return None
    counts = np.maximum(2, np.ceil(length / _STEP).astype(np.int64) + 1)
    spaced = {int(k): np.linspace(0.0, 1.0, int(k)) for k in np.unique(counts)}
    t = np.concatenate([spaced[k] for k in counts.tolist()])
    owner = np.repeat(np.arange(moves), counts)  # the move of each sample
    first = np.zeros(len(t), bool)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    first[starts] = True
    last = starts + counts - 1
    gx, gy = ex - cx, ey - cy
    vx, vy = gx[owner] * t, gy[owner] * t
    px, py = cx + vx, cy + vy
    nx, ny = (-gy / length * side)[owner], (gx / length * side)[owner]
    zero = np.zeros(len(t))
    lines = [(px, py, zero, zero), (px + nx, py + ny, nx, ny), (px - nx, py - ny, -nx, -ny)]
    cells, idents, edge_marks = [], [], []
    for n, (lx, ly, _ox, _oy) in enumerate(lines):
        cell = (np.floor(ly).astype(np.int64) - fy + half) * size + (
            np.floor(lx).astype(np.int64) - fx + half
        )
        if edges:
            edge = (np.abs(lx - np.rint(lx)) < _EDGE) | (np.abs(ly - np.rint(ly)) < _EDGE)
        else:
            edge = np.zeros(len(t), bool)
        # An edge sample is a run and a check of its own: it never equals its neighbours.
        ident = np.where(edge, -1 - np.arange(len(t)) - n * len(t), cell)
        cells.append(cell)
        idents.append(ident)
        edge_marks.append(edge)
    centre = idents[0]
    new_run = first.copy()
    new_run[1:] |= centre[1:] != centre[:-1]
    run_id = np.cumsum(new_run)  # run 0: before the first sample
    before = np.zeros(len(t), np.int64)
    before[1:] = run_id[:-1]
    before[first] = 0
    changed = first.copy()
    changed[1:] |= before[1:] != before[:-1]
    check_cell, check_before, check_owner, edge_at = [], [], [], []
    at = 0
    for cell, ident, edge in zip(cells, idents, edge_marks, strict=True):
        new = changed.copy()
        new[1:] |= ident[1:] != ident[:-1]
        check_cell.append(cell[new])
        check_before.append(before[new])
        check_owner.append(owner[new])
        edge_at.append(np.cumsum(new)[edge] - 1 + at)
        at += int(new.sum())
    owners = np.concatenate(check_owner)
    order = np.argsort(owners, kind="stable")  # the checks of each move together
    where = np.empty_like(order)
    where[order] = np.arange(len(order))
    picked = [np.flatnonzero(e) for e in edge_marks]
    on_run = np.concatenate([np.full(len(p), n == 0) for n, p in enumerate(picked)])
    edge_run = run_id[picked[0]]
    cols = xs.ravel()[keep] - fx
    rows = ys.ravel()[keep] - fy
    return _Rays(
        half=half,
        dx=cols,
        dy=rows,
        length=length,
        end=(rows + half) * size + cols + half,
        last_run=run_id[last],
        run_cell=np.concatenate([[half * size + half], cells[0][new_run]]),
        check_cell=np.concatenate(check_cell)[order],
        check_before=np.concatenate(check_before)[order],
        check_start=np.searchsorted(owners[order], np.arange(moves)),
        edge_vx=np.concatenate([vx[p] for p in picked]),
        edge_ox=np.concatenate([line[2][p] for line, p in zip(lines, picked, strict=True)]),
        edge_vy=np.concatenate([vy[p] for p in picked]),
        edge_oy=np.concatenate([line[3][p] for line, p in zip(lines, picked, strict=True)]),
        edge_check=where[np.concatenate(edge_at)],
        edge_run=edge_run,
        edge_on_run=on_run,
    )


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
