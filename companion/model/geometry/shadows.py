"""Whole-map sight from one square, vectorised: every square's line of sight at once.

Two exact methods, chosen by :func:`companion.model.geometry.sight.visible_squares`:

* **Shadows** (flat sight, and 3d squares that block every possible line).  In each of
  the eight canonical frames (see :mod:`.crossings`) a blocking square ``(x, j)`` hides
  exactly the targets whose slope ``Y / X`` lies strictly inside
  ``((2j - 1) / (2x + 1), (2j + 1) / (2x - 1))`` and whose depth ``X`` is greater than
  ``x``.  Targets are sorted by slope once per map size, so each blocker covers a run of
  consecutive positions; a sparse-table "paint the minimum" gives every target the depth
  of the nearest blocker covering it, in O(n log n) for n squares.
* **Pairs** (3d squares that block some lines only, when they are few: figures on a
  flat floor).  Each such square's run lists the targets whose segment crosses it; every
  (square, target) pair gets the exact height test.
* **Scan** (the same, when such squares are many: rough or hilly floors).  The remaining
  targets' crossed squares are tested column by column from both ends at once, in chunks
  that double in size; a target drops out as soon as one square blocks it.

Slopes are compared as floats: two different slopes of a map up to 512 squares differ by
more than 1e-6, far above rounding, and equal ones round alike.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.model.geometry.crossings import FRAMES, tri_index

#: What :func:`min_over_runs` gives a position no run covers (deeper than any map).
NO_RUN = 1 << 30
#: The scan's float32 arithmetic is exact for column tops up to this height (bricks)
#: above the eye; taller squares must be handled as always-blocking before the scan.
MAX_SCAN_HEIGHT = 4096
#: Heights in the scan are compared as float32: true differences are at least 1/511
#: (doubled heights are rationals over X or Y), rounding errors below 1e-5.
_HEIGHT_SLACK = 1e-4
_F = np.float32
#: Largest scratch array of the scan, in elements (4 MB of float32, 8 MB of indices).
_WORK_ELEMENTS = 1 << 20

_SWAP = np.array([f[0] for f in FRAMES])
_SX = np.array([f[1] for f in FRAMES], dtype=np.int64)
_SY = np.array([f[2] for f in FRAMES], dtype=np.int64)


@dataclass(frozen=True)
class SlopeTables:
    """The canonical triangle ``1 <= X <= depth, 0 <= Y <= X`` sorted by slope."""

    depth: int
    xs: np.ndarray  # int32 [n]: X of the n-th target by slope
    ys: np.ndarray  # int32 [n]
    first: np.ndarray  # int64 [tri]: first sorted position a blocker at tri(x, j) hides
    stop: np.ndarray  # int64 [tri]: one past the last


def _frozen(*arrays: np.ndarray) -> None:
    for a in arrays:
        a.setflags(write=False)


@lru_cache(maxsize=4)
def slope_tables(depth: int) -> SlopeTables:
    """Slope-sorted targets and each blocker's hidden run, for frames ``depth`` deep."""
    x = np.repeat(np.arange(depth + 1, dtype=np.int64), np.arange(1, depth + 2))
    j = np.arange(x.size, dtype=np.int64) - tri_index(x, np.zeros_like(x))
    target = x >= 1
    tx, ty = x[target], j[target]
    slope = ty / tx
    order = np.argsort(slope, kind="stable")
    sorted_slope = slope[order]
    lo = (2 * j - 1) / (2 * x + 1)
    hi = np.where(x >= 1, (2 * j + 1) / np.maximum(2 * x - 1, 1), -1.0)
    first = np.searchsorted(sorted_slope, lo, side="right")
    stop = np.maximum(np.searchsorted(sorted_slope, hi, side="left"), first)
    tables = SlopeTables(depth, tx[order].astype(np.int32), ty[order].astype(np.int32), first, stop)
    _frozen(tables.xs, tables.ys, tables.first, tables.stop)
    return tables


@lru_cache(maxsize=4)
def _frame_targets(depth: int, width: int) -> tuple[np.ndarray, ...]:
    """Every frame's slope-sorted targets, frame after frame (cached per map size).

    ``(positions, X, Y, flat offsets)``: their index (0 .. 8n - 1), canonical depth and
    row, and flat-index offset ``dy * width + dx`` from the origin.
    """
    t = slope_tables(depth)
    x = t.xs.astype(np.int64)[None, :]
    j = t.ys.astype(np.int64)[None, :]
    dx = np.where(_SWAP[:, None], j, x) * _SX[:, None]
    dy = np.where(_SWAP[:, None], x, j) * _SY[:, None]
    out = (
        np.arange(8 * t.xs.size, dtype=np.int32),
        np.tile(t.xs, 8),
        np.tile(t.ys, 8),
        (dy * width + dx).ravel().astype(np.intp),
    )
    _frozen(*out)
    return out


def _frame_limits(shape: tuple[int, int], origin: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """How far each frame's canonical x and j axes reach inside the map."""
    h, w = shape
    ox, oy = origin
    ext_x = np.where(_SX > 0, w - 1 - ox, ox)
    ext_y = np.where(_SY > 0, h - 1 - oy, oy)
    lim_x = np.where(_SWAP, ext_y, ext_x).astype(np.int32)
    lim_j = np.where(_SWAP, ext_x, ext_y).astype(np.int32)
    return lim_x, lim_j


def _blocker_frames(dx: np.ndarray, dy: np.ndarray) -> tuple[np.ndarray, ...]:
    """Canonical ``(frame, x, j, source)`` of offsets, twice for those on a frame boundary.

    ``source[k]`` is the index in ``dx``/``dy`` the k-th entry came from.
    """
    ax, ay = np.abs(dx), np.abs(dy)
    swap = ay > ax
    x = np.maximum(ax, ay)
    j = np.minimum(ax, ay)
    frame = 4 * swap + 2 * (dx < 0) + (dy < 0)
    # On an axis or a diagonal the offset lies in two frames.
    edge = np.flatnonzero((j == 0) | (j == x))
    e_frame = frame[edge]
    on_axis = j[edge] == 0
    e_frame = np.where(on_axis, np.where(swap[edge], e_frame ^ 2, e_frame ^ 1), e_frame ^ 4)
    return (
        np.concatenate([frame, e_frame]),
        np.concatenate([x, x[edge]]),
        np.concatenate([j, j[edge]]),
        np.concatenate([np.arange(dx.size), edge]),
    )


class Shadows:
    """Every square of a map seen from one origin, ready to be shadowed by blockers.

    Sorting the targets by slope and dropping those off the map is done once; each call
    of :meth:`hidden` or :meth:`pairs` then costs only its own blockers' runs.  Its arrays
    live in per-thread scratch space: one ``Shadows`` is valid until the next one is made
    in the same thread.
    """

    def __init__(self, shape: tuple[int, int], origin: tuple[int, int]) -> None:
        h, w = shape
        self.shape = shape
        self.origin = origin
        self.depth = depth = max(h, w) - 1
        self.n = 0
        if depth == 0:
            return
        self.tables = tables = slope_tables(depth)
        n_d = tables.xs.size
        lim_x, lim_j = _frame_limits(shape, origin)
        keep: np.ndarray = _work("sh_keep", 8 * n_d, np.bool_).reshape(8, n_d)
        np.less_equal(tables.xs, lim_x[:, None], out=keep)
        keep &= tables.ys <= lim_j[:, None]
        keep = keep.ravel()
        self.before = _work("sh_before", keep.size + 1, np.int32)
        self.before[0] = 0
        np.cumsum(keep, out=self.before[1:])
        self.n = n = int(self.before[-1])
        positions, depths, rows, offsets = _frame_targets(depth, w)
        self.kept = np.compress(keep, positions, out=_work("sh_kept", n, np.int32))
        # Flat map index of every kept target, its depth and its row.
        self.flat = np.take(offsets, self.kept, out=_work("sh_flat", n, np.intp))
        self.flat += origin[1] * w + origin[0]
        self.target_depth = np.take(depths, self.kept, out=_work("sh_depth", n, np.int32))
        self.target_row = np.take(rows, self.kept, out=_work("sh_row", n, np.int32))

    def _runs(self, bx: np.ndarray, by: np.ndarray) -> tuple[np.ndarray, ...]:
        """Per blocker and frame: ``(first, stop, x, j, frame, source)`` of its shadow run.

        Kept targets ``first:stop`` are those whose slope its shadow covers (nearer ones
        included); ``source`` indexes ``bx``/``by``.  The origin is never a blocker.
        """
        ox, oy = self.origin
        bdx = bx.astype(np.int64) - ox
        bdy = by.astype(np.int64) - oy
        idx = np.flatnonzero((bdx != 0) | (bdy != 0))
        if idx.size < bdx.size:
            bdx, bdy = bdx[idx], bdy[idx]
        b_frame, bx_c, bj_c, src = _blocker_frames(bdx, bdy)
        tri = tri_index(bx_c, bj_c)
        base = b_frame * self.tables.xs.size
        first = self.before[base + self.tables.first[tri]]
        stop = self.before[base + self.tables.stop[tri]]
        return first, stop, bx_c, bj_c, b_frame, idx[src]

    def nearest(self, bx: np.ndarray, by: np.ndarray) -> np.ndarray:
        """Per kept target, the depth of the nearest blocker whose shadow covers it."""
        if not bx.size:
            return np.full(self.n, NO_RUN, dtype=np.int32)
        first, stop, bx_c = self._runs(bx, by)[:3]
        return min_over_runs(first, stop, bx_c, self.n)

    def pairs(self, bx: np.ndarray, by: np.ndarray, limit: int) -> tuple[np.ndarray, ...] | None:
        """Every (target, blocker) with the blocker on the target's segment, or None.

        Returns ``(target, source, x, j)``: kept-target indices, the blockers' indices in
        ``bx``/``by`` and their canonical squares in the target's frame; None when the
        blockers' shadows hold more than ``limit`` targets between them.
        """
        first, stop, bx_c, bj_c, _, src = self._runs(bx, by)
        length = np.maximum(stop - first, 0)
        total = int(length.sum())
        if total > limit:
            return None
        which = np.repeat(np.arange(length.size), length)
        target = np.arange(total) - np.repeat(np.cumsum(length) - length, length)
        target += np.repeat(first, length)
        beyond = self.target_depth[target] > bx_c[which]
        which, target = which[beyond], target[beyond]
        return target, src[which], bx_c[which], bj_c[which]

    def hidden(self, bx: np.ndarray, by: np.ndarray) -> np.ndarray:
        """Bool [y, x]: the segment from the origin crosses one of the squares ``(bx, by)``."""
        out = np.zeros(self.shape, dtype=bool)
        if self.n:
            out.ravel()[self.flat] = self.nearest(bx, by) < self.target_depth
        return out


def shadowed(
    shape: tuple[int, int], origin: tuple[int, int], bx: np.ndarray, by: np.ndarray
) -> np.ndarray:
    """Bool [y, x]: the segment from ``origin``'s centre crosses one of the blocking squares.

    ``bx``, ``by``: the blocking squares' coordinates.  End squares never count (the
    origin's own square and the target's); the origin itself comes out False.
    """
    return Shadows(shape, origin).hidden(bx, by)


def min_over_runs(first: np.ndarray, stop: np.ndarray, value: np.ndarray, n: int) -> np.ndarray:
    """For each position ``0 <= p < n`` the least ``value`` whose run ``[first, stop)`` holds p.

    Positions no run covers get ``NO_RUN``.  A run of length ``L`` is written as two
    overlapping blocks of length ``2^floor(log2 L)``; the blocks are then pushed down level
    by level to single positions.
    """
    length = stop - first
    some = length > 0
    if not some.all():
        first, stop, value, length = first[some], stop[some], value[some], length[some]
    if not value.size:
        return np.full(n, NO_RUN, dtype=np.int32)
    level = (np.frexp(length.astype(np.float64))[1] - 1).astype(np.int64)
    levels = int(level.max()) + 1
    table = _work("runs", levels * n, np.int32).reshape(levels, n)
    table.fill(NO_RUN)
    flat = table.ravel()
    value = value.astype(np.int32)
    np.minimum.at(flat, level * n + first, value)
    np.minimum.at(flat, level * n + stop - np.left_shift(1, level), value)
    for k in range(levels - 1, 0, -1):
        half = 1 << (k - 1)
        upper = table[k]
        lower = table[k - 1]
        np.minimum(lower, upper, out=lower)
        np.minimum(lower[half:], upper[: n - half], out=lower[half:])
    return table[0].copy()


def scan_blocked_3d(
    top: np.ndarray,
    floor: np.ndarray,
    origin: tuple[int, int],
    tx: np.ndarray,
    ty: np.ndarray,
    eye2: int,
    aim2: int,
) -> np.ndarray:
    """Bool per target square ``(tx[i], ty[i])``: the 3d sight line from ``origin`` is blocked.

    ``top`` and ``floor`` are int64 [y, x] (column tops with figures, floors); the line
    runs from ``eye2 / 2`` bricks above the origin's floor to ``aim2 / 2`` above the
    target's.  In the
    canonical frame the line's height above the eye where it crosses the column edge
    ``x -/+ 1/2`` is ``c (2x -/+ 1) / 2X`` and where it crosses the row edge
    ``j -/+ 1/2`` is ``c (2j -/+ 1) / 2Y`` (``c`` the climb from eye to head).  A rising
    line is lowest where it enters a square (the later of the two edges), a falling one
    where it leaves (the earlier), so the square blocks when its top is above both
    candidate heights.  Doubled, the tops are whole numbers and the line's heights
    rationals over ``X`` or ``Y`` (at most 511), so a true difference is at least 1/511;
    float32 rounding stays below 1e-5 for the heights that reach the scan, and a slack of
    1e-4 makes the float test exact.  It agrees with the integer test of
    :func:`companion.model.geometry.crossings.blocks_line` used for single sight lines.
    """
    h, w = top.shape
    ox, oy = origin
    pad = w + 1  # rise is padded so a row next to the map can be read (and ignored)
    fo = int(floor[oy, ox])
    # Twice the height of each column top above the eye, less the slack.  Squares higher
    # than any sight line (walls) are clipped: they never reach the scan uncovered.
    rise = np.zeros(h * w + 2 * pad, dtype=_F)
    lift = 2 * (top.ravel() - fo) - eye2
    np.minimum(lift, 4 * MAX_SCAN_HEIGHT, out=lift)
    rise[pad:-pad] = lift
    rise -= _F(_HEIGHT_SLACK)
    dx = (tx - ox).astype(_F)
    dy = (ty - oy).astype(_F)
    ax, ay = np.abs(dx), np.abs(dy)
    swap = ay > ax
    X = np.maximum(ax, ay)
    Y = np.minimum(ax, ay)
    sx = np.where(dx < 0, _F(-1), _F(1))
    sy = np.where(dy < 0, _F(-1), _F(1))
    climb = (floor[ty, tx] - fo).astype(_F) + _F((aim2 - eye2) / 2)
    side = np.where(climb >= 0, _F(-1), _F(1))
    with np.errstate(divide="ignore", invalid="ignore"):
        inv_x = np.where(X > 0, climb / X, _F(0))
        inv_y = np.where(Y > 0, climb / Y, _F(0))
    # One row per quantity, one column per target; gathered once per round.
    params = np.stack(
        [
            np.ones_like(X),  # 0: next column from the start
            X - 1,  # 1: next column from the end
            X,  # 2
            Y,  # 3
            np.where(swap, sy * w, sx),  # 4: flat-index step per canonical column
            np.where(swap, sx, sy * w),  # 5: ... per canonical row
            2 * inv_x,  # 6: column-edge height = [6] * x + [7]
            side * inv_x,  # 7
            2 * inv_y,  # 8: row-edge height = [8] * j + [9]
            np.where(Y > 0, side * inv_y, _F(-np.inf)),  # 9
        ]
    )
    o_flat = _F(oy * w + ox + pad)
    blocked = np.zeros(tx.size, dtype=bool)
    alive = np.flatnonzero(X > 1)
    chunk = 2
    while alive.size:
        # Bound the scratch arrays (2 * chunk rows per target) to _WORK_ELEMENTS each.
        step = max(1, _WORK_ELEMENTS // (2 * chunk))
        if alive.size <= step:
            now = _scan_round(params, alive, chunk, rise, o_flat)
        else:
            now = np.concatenate(
                [
                    _scan_round(params, alive[k : k + step], chunk, rise, o_flat)
                    for k in range(0, alive.size, step)
                ]
            )
        blocked[alive[now]] = True
        params[0, alive] += chunk
        params[1, alive] -= chunk
        alive = alive[~now]
        alive = alive[params[0, alive] <= params[1, alive]]
        chunk *= 2
    return blocked


def _scan_round(
    params: np.ndarray, alive: np.ndarray, chunk: int, rise: np.ndarray, o_flat: np.float32
) -> np.ndarray:
    """One round of :func:`scan_blocked_3d` for targets ``alive``: which are blocked now.

    Works in place on per-thread scratch arrays of shape ``(2 * chunk, alive)``: the
    first half of the rows counts columns from the start, the rest from the end; columns
    past the other end are clamped, which re-tests a column already due.
    """
    n = alive.size
    rows = 2 * chunk
    p = np.take(params, alive, axis=1, out=_work("p", params.shape[0] * n, _F).reshape(-1, n))
    a_lo, a_hi, aX, aY, step_x, step_j, col_k, col_c, row_k, row_c = p
    ar = np.arange(chunk, dtype=_F)[:, None]
    cols = _work("cols", rows * n, _F).reshape(rows, n)
    np.add(a_lo, ar, out=cols[:chunk])
    np.minimum(cols[:chunk], a_hi, out=cols[:chunk])
    np.subtract(a_hi, ar, out=cols[chunk:])
    np.maximum(cols[chunk:], a_lo, out=cols[chunk:])
    r = _work("r", rows * n, _F).reshape(rows, n)
    np.multiply(cols, 2 * aY, out=r)
    r += aX - aY
    two_x = 2 * aX
    j = _work("j", rows * n, _F).reshape(rows, n)
    np.divide(r, two_x, out=j)
    np.trunc(j, out=j)
    # The segment also crosses row j + 1 when it gets there before the column ends.
    t = _work("t", rows * n, _F).reshape(rows, n)
    np.multiply(j, two_x, out=t)
    np.subtract(r, t, out=t)
    two = _work("two", rows * n, np.bool_).reshape(rows, n)
    np.greater(t, 2 * (aX - aY), out=two)
    # Flat index of the square in row j: cols * step_x + j * step_j + origin.
    np.multiply(cols, step_x, out=t)
    np.multiply(j, step_j, out=r)
    t += r
    t += o_flat
    idx = _work("idx", rows * n, np.intp).reshape(rows, n)
    np.copyto(idx, t, casting="unsafe")
    # Heights of the line at the column edge and at the row edge (doubled, above the eye).
    col_h = _work("col_h", rows * n, _F).reshape(rows, n)
    np.multiply(cols, col_k, out=col_h)
    col_h += col_c
    row_h = r
    np.multiply(j, row_k, out=row_h)
    row_h += row_c
    top = t
    hit = _work("hit", rows * n, np.bool_).reshape(rows, n)
    np.take(rise, idx, out=top)
    np.maximum(col_h, row_h, out=j)
    np.greater(top, j, out=hit)
    row_h += row_k
    idx += step_j.astype(np.intp)
    np.take(rise, idx, out=top, mode="clip")
    hit2 = _work("hit2", rows * n, np.bool_).reshape(rows, n)
    np.maximum(col_h, row_h, out=j)
    np.greater(top, j, out=hit2)
    hit2 &= two
    hit |= hit2
    return hit.any(axis=0, out=np.empty(n, np.bool_))


_WORK = threading.local()


def _work(name: str, size: int, dtype: type) -> np.ndarray:
    """A per-thread scratch array named ``name`` (contents undefined).

    Fresh large arrays land on fresh memory pages on every call, which costs more than
    the arithmetic done in them; these are kept and reused.  Each name has one user at a
    time: the scan, the runs table and the current :class:`Shadows`.
    """
    pool = getattr(_WORK, "pool", None)
    if pool is None:
        pool = _WORK.pool = {}
    buf = pool.get(name)
    if buf is None or buf.size < size:
        buf = pool[name] = np.empty(max(size, 4096), dtype=dtype)
    return buf[:size]
