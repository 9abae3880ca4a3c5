"""Whole-map sight from one square, vectorised: every square's line of sight at once.

Two exact methods, chosen by :func:`companion.model.geometry.sight.visible_squares`:

* **Shadows** (flat sight, and 3d squares that block every possible line).  In each of
  the eight canonical frames a blocking square ``(x, j)`` hides exactly the targets whose
  slope ``Y / X`` lies strictly inside ``((2j - 1) / (2x + 1), (2j + 1) / (2x - 1))`` and
  whose depth ``X`` is greater than ``x``.  Targets are sorted by slope once per map size,
  so each blocker covers a run of positions; a sparse-table "paint the minimum" gives every
  target the depth of the nearest blocker covering it in O(n log n).
* **Scan** (3d squares that block some lines only).  The remaining targets' crossed
  squares are tested column by column from both ends at once, in chunks that double in
  size, and a target drops out as soon as one square blocks it; the exact integer test is
  the one :func:`line_of_sight` uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.model.geometry.crossings import FRAMES, blocks_line, column_rows, entry_exit

#: What :func:`_min_over_runs` gives a position no run covers (deeper than any map).
NO_RUN = 1 << 30

_SWAP = np.array([f[0] for f in FRAMES])
_SX = np.array([f[1] for f in FRAMES], dtype=np.int64)
_SY = np.array([f[2] for f in FRAMES], dtype=np.int64)


@dataclass(frozen=True)
class SlopeTables:
    """The canonical triangle ``1 <= X <= depth, 0 <= Y <= X`` sorted by slope."""

    depth: int
    xs: np.ndarray  # int64 [n]: X of the n-th target by slope
    ys: np.ndarray  # int64 [n]
    first: np.ndarray  # int64 [tri]: first sorted position a blocker at tri(x, j) hides
    stop: np.ndarray  # int64 [tri]: one past the last


def tri_index(x: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Index of canonical square ``(x, j)`` (``0 <= j <= x``) in triangle order."""
    return x * (x + 1) // 2 + j


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
    with np.errstate(divide="ignore"):
        lo = (2 * j - 1) / (2 * x + 1)
        hi = np.where(x >= 1, (2 * j + 1) / np.maximum(2 * x - 1, 1), -1.0)
    first = np.searchsorted(sorted_slope, lo, side="right")
    stop = np.searchsorted(sorted_slope, hi, side="left")
    stop = np.maximum(stop, first)
    tables = SlopeTables(depth, tx[order], ty[order], first, stop)
    for a in (tables.xs, tables.ys, tables.first, tables.stop):
        a.setflags(write=False)
    return tables


def _frame_limits(shape: tuple[int, int], origin: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """How far each frame's canonical x and j axes reach inside the map."""
    h, w = shape
    ox, oy = origin
    ext_x = np.where(_SX > 0, w - 1 - ox, ox)
    ext_y = np.where(_SY > 0, h - 1 - oy, oy)
    lim_x = np.where(_SWAP, ext_y, ext_x)
    lim_j = np.where(_SWAP, ext_x, ext_y)
    return lim_x, lim_j


def _offsets(frames: np.ndarray, x: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    swap = _SWAP[frames]
    dx = np.where(swap, j, x) * _SX[frames]
    dy = np.where(swap, x, j) * _SY[frames]
    return dx, dy


def shadowed(opaque: np.ndarray, origin: tuple[int, int]) -> np.ndarray:
    """Bool [y, x]: the segment from ``origin``'s centre crosses an ``opaque`` square.

    End squares never count (the origin's own square and the target's).
    """
    h, w = opaque.shape
    ox, oy = origin
    tables = slope_tables(max(h, w) - 1)
    n_d = tables.xs.size
    lim_x, lim_j = _frame_limits((h, w), origin)
    keep = (tables.xs[None, :] <= lim_x[:, None]) & (tables.ys[None, :] <= lim_j[:, None])
    keep = keep.ravel()
    before = np.zeros(keep.size + 1, dtype=np.int64)
    np.cumsum(keep, out=before[1:])
    kept = np.flatnonzero(keep)
    n = kept.size
    out = np.zeros((h, w), dtype=bool)
    if n == 0:
        return out
    t_frame, t_pos = np.divmod(kept, n_d)
    t_x = tables.xs[t_pos]
    # Blockers: every opaque square, seen from each frame it lies in.
    by, bx = np.nonzero(opaque)
    bdx = bx.astype(np.int64) - ox
    bdy = by.astype(np.int64) - oy
    cx = np.where(_SWAP[:, None], bdy[None, :] * _SY[:, None], bdx[None, :] * _SX[:, None])
    cj = np.where(_SWAP[:, None], bdx[None, :] * _SX[:, None], bdy[None, :] * _SY[:, None])
    valid = (cx >= 1) & (cj >= 0) & (cj <= cx)
    b_frame = np.nonzero(valid)[0]
    cx, cj = cx[valid], cj[valid]
    if cx.size:
        tri = tri_index(cx, cj)
        base = b_frame * n_d
        first = before[base + tables.first[tri]]
        stop = before[base + tables.stop[tri]]
        nearest = _min_over_runs(first, stop, cx, n)
        hidden = nearest < t_x
    else:
        hidden = np.zeros(n, dtype=bool)
    dx, dy = _offsets(t_frame, t_x, tables.ys[t_pos])
    out[oy + dy, ox + dx] = hidden
    return out


def _min_over_runs(first: np.ndarray, stop: np.ndarray, value: np.ndarray, n: int) -> np.ndarray:
    """For each position ``0 <= p < n`` the least ``value`` whose run ``[first, stop)`` holds p.

    Positions no run covers get ``NO_RUN``.
    """
    length = stop - first
    some = length > 0
    first, stop, value, length = first[some], stop[some], value[some], length[some]
    big = NO_RUN
    if not value.size:
        return np.full(n, big, dtype=np.int64)
    level = np.zeros(length.size, dtype=np.int64)
    # floor(log2(length)) without floating point surprises.
    np.copyto(level, np.frexp(length.astype(np.float64))[1] - 1)
    levels = int(level.max()) + 1
    table = np.full((levels, n), big, dtype=np.int64)
    flat = table.ravel()
    span = np.left_shift(1, level)
    np.minimum.at(flat, level * n + first, value)
    np.minimum.at(flat, level * n + stop - span, value)
    for k in range(levels - 1, 0, -1):
        half = 1 << (k - 1)
        upper = table[k]
        np.minimum(table[k - 1], upper, out=table[k - 1])
        np.minimum(table[k - 1, half:], upper[: n - half], out=table[k - 1, half:])
    return table[0]


def scan_blocked_3d(
    top: np.ndarray,
    floor: np.ndarray,
    origin: tuple[int, int],
    tx: np.ndarray,
    ty: np.ndarray,
) -> np.ndarray:
    """Bool per target square ``(tx[i], ty[i])``: the 3d head line from ``origin`` is blocked.

    ``top`` and ``floor`` are int64 [y, x] (column tops with figures, floors).  Exact, the
    same integer test as the single-pair function.
    """
    h, w = top.shape
    ox, oy = origin
    o_flat = oy * w + ox
    top_flat = top.ravel()
    floor_flat = floor.ravel()
    fo = int(floor_flat[o_flat])
    dx = tx.astype(np.int64) - ox
    dy = ty.astype(np.int64) - oy
    ax, ay = np.abs(dx), np.abs(dy)
    swap = ay > ax
    X = np.maximum(ax, ay)
    Y = np.minimum(ax, ay)
    sx = np.where(dx < 0, -1, 1)
    sy = np.where(dy < 0, -1, 1)
    step_x = np.where(swap, sy * w, sx)  # flat-index step per canonical x
    step_j = np.where(swap, sx, sy * w)  # ... per canonical j
    climb = floor_flat[ty * w + tx].astype(np.int64) - fo
    blocked = np.zeros(tx.size, dtype=bool)
    lo = np.ones(tx.size, dtype=np.int64)
    hi = X - 1
    alive = np.flatnonzero(lo <= hi)
    chunk = 1
    eye2 = 2 * fo + 7
    while alive.size:
        a_lo, a_hi = lo[alive], hi[alive]
        ar = np.arange(chunk, dtype=np.int64)
        from_start = a_lo[:, None] + ar
        from_end = a_hi[:, None] - ar
        valid = np.concatenate(
            [from_start <= a_hi[:, None], from_end >= (a_lo + chunk)[:, None]], axis=1
        )
        cols = np.concatenate([from_start, from_end], axis=1)
        cols = np.where(valid, cols, a_lo[:, None])
        aX = X[alive][:, None]
        aY = Y[alive][:, None]
        j_lo, j_hi = column_rows(aX, aY, cols)
        base = o_flat + cols * step_x[alive][:, None]
        sj = step_j[alive][:, None]
        c = climb[alive][:, None]
        hit = np.zeros(cols.shape, dtype=bool)
        for j in (j_lo, j_hi):
            rise2 = 2 * top_flat[base + j * sj] - eye2
            n_in, n_out, q = entry_exit(aX, aY, cols, j)
            hit |= blocks_line(rise2, c, n_in, n_out, q)
        hit &= valid
        now = hit.any(axis=1)
        blocked[alive[now]] = True
        lo[alive] += chunk
        hi[alive] -= chunk
        alive = alive[~now]
        alive = alive[lo[alive] <= hi[alive]]
        chunk *= 2
    return blocked
