"""The move hint of a base on a table (``reachable_cells``): every cell one straight move
away, measured for all cells at once from sample rays kept per reach and place in the cell.

The same test as :func:`~companion.model.geometry.tabletop.straight_move`, cell by cell
(``tests/test_tabletop_reach.py`` holds the plain algorithm as its reference).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from companion.model.dungeon import DungeonMap
from companion.model.geometry.tabletop import (
    _EPS,
    _SIDE,
    _STEP,
    Base,
    Square,
    StraightMove,
    TableLayers,
)
from companion.model.kept import Kept


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
#: (None: no cell in reach; kept in a one-tuple.)
_RAYS: Kept[tuple[_Rays | None]] = Kept(16)
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
    hit = _RAYS.get(key)
    if hit is None:
        hit = _RAYS.put(key, (_make_rays(cx, cy, reach, side, edges=shared),))
    return hit[0]


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
