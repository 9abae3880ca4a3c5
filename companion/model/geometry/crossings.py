"""Which squares a centre-to-centre segment crosses, in exact integer arithmetic.

Squares are unit cells centred on integer points.  A segment from the centre of one
square to the centre of another *crosses* a square when it passes through the square's
open interior; a segment that only touches a corner does not cross it.  The two end
squares are never counted.

Every offset ``(dx, dy)`` is mapped onto a *canonical* one ``(X, Y)`` with
``0 <= Y <= X`` by one of eight frames (mirror in x, mirror in y, swap the axes).  In the
canonical frame the segment is ``y = (Y / X) x``; in column ``x`` (``1 <= x <= X - 1``) it
crosses one or two rows ``j``, those with ``|2 j X - 2 Y x| < X + Y``.  It enters square
``(x, j)`` at parameter ``t_in = max((2x - 1) / 2X, (2j - 1) / 2Y)`` and leaves it at
``t_out = min((2x + 1) / 2X, (2j + 1) / 2Y)``; both are kept as integer numerators over
the common denominator ``Q = 2 X max(Y, 1)`` so sight tests stay exact.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

import numpy as np

#: The eight frames: (swap axes, x sign, y sign).  Frame ``f`` maps canonical ``(x, j)`` to
#: the offset ``(sx * x, sy * j)``, or ``(sx * j, sy * x)`` when the axes are swapped.
FRAMES: tuple[tuple[bool, int, int], ...] = tuple(
    (swap, sx, sy) for swap in (False, True) for sx in (1, -1) for sy in (1, -1)
)
#: Added to an entry numerator that has no row edge (Y == 0) so ``max``/``min`` ignore it.
_NO_EDGE = 1 << 40

#: Whole numbers: one segment's (Python ints) or many at once (integer arrays).
_Ints = TypeVar("_Ints", int, np.ndarray)


def to_canonical(dx: int, dy: int) -> tuple[int, int, int]:
    """``(frame, X, Y)`` of the offset ``(dx, dy)``."""
    ax, ay = abs(dx), abs(dy)
    swap = ay > ax
    frame = 4 * swap + 2 * (dx < 0) + (dy < 0)
    return frame, max(ax, ay), min(ax, ay)


def from_canonical(frame: int, x: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The offsets ``(dx, dy)`` of canonical squares ``(x, j)`` in ``frame``."""
    swap, sx, sy = FRAMES[frame]
    if swap:
        return sx * j, sy * x
    return sx * x, sy * j


def frame_steps(frame: int, width: int) -> tuple[int, int]:
    """Flat-index steps ``(per canonical x, per canonical j)`` on a map ``width`` wide."""
    swap, sx, sy = FRAMES[frame]
    if swap:
        return sy * width, sx
    return sx, sy * width


def column_rows(X: _Ints, Y: _Ints, x: _Ints) -> tuple[_Ints, _Ints]:
    """Lowest and highest row the canonical segment to ``(X, Y)`` crosses in column ``x``.

    Ints, or integer arrays (broadcast together); ``x`` must lie in ``1 .. X - 1``.  The two are
    equal when the segment crosses a single square of that column.
    """
    u = 2 * Y * x
    two_x = 2 * X
    lo = (u - X - Y) // two_x + 1
    hi = (u + X + Y - 1) // two_x
    return lo, hi


def entry_exit(
    X: np.ndarray, Y: np.ndarray, x: np.ndarray, j: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(n_in, n_out, Q)``: entry and exit parameters of square ``(x, j)`` as ``n / Q``."""
    yq = np.maximum(Y, 1)
    no_edge = np.where(Y > 0, 0, _NO_EDGE)
    n_in = np.maximum((2 * x - 1) * yq, (2 * j - 1) * X - no_edge)
    n_out = np.minimum((2 * x + 1) * yq, (2 * j + 1) * X + no_edge)
    return n_in, n_out, 2 * X * yq


def blocks_line(
    rise2: np.ndarray, climb2: np.ndarray, n_in: np.ndarray, n_out: np.ndarray, q: np.ndarray
) -> np.ndarray:
    """Whether crossed squares rise above a sight line where it enters or leaves them.

    ``rise2``: twice the height of the square's top above the eye; ``climb2``: twice the
    rise of the line from the eye to its aim point over the whole segment (both whole
    numbers of half bricks).  The line is ``t * climb2 / 2`` above the eye at parameter
    ``t``; the square blocks when its top is above the lower of the line's heights at
    entry and exit: ``rise2 > t_in * climb2  or  rise2 > t_out * climb2``, multiplied
    out by ``Q``.
    """
    lhs = rise2 * q
    return (lhs > climb2 * n_in) | (lhs > climb2 * n_out)


def segment_crossings(
    dx: int, dy: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """The squares the segment from ``(0, 0)`` to ``(dx, dy)`` crosses, in order from the start.

    Returns ``(cdx, cdy, n_in, n_out, Q)``: offsets of the crossed squares from the start,
    and their entry/exit parameters as numerators over ``Q``.
    """
    frame, X, Y = to_canonical(dx, dy)
    if X <= 1:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, empty, 1
    x = np.arange(1, X, dtype=np.int64)
    if Y == 0:
        xs, js = x, np.zeros_like(x)
        n_in = 2 * x - 1
        n_out = n_in + 2
        q = 2 * X
    else:
        u = (2 * Y) * x
        lo = (u - (X + Y)) // (2 * X) + 1
        # Column x also crosses row lo + 1 when the segment reaches it before x + 1/2.
        two = u + (X + Y) > (2 * X) * (lo + 1)
        width = 1 + two
        xs = np.repeat(x, width)
        js = np.repeat(lo, width)
        js[np.cumsum(width)[two] - 1] += 1
        col_edge = xs * (2 * Y)  # (2x -/+ 1) Y = col_edge -/+ Y
        row_edge = js * (2 * X)  # (2j -/+ 1) X = row_edge -/+ X
        n_in = np.maximum(col_edge - Y, row_edge - X)
        n_out = np.minimum(col_edge + Y, row_edge + X)
        q = 2 * X * Y
    swap, sx, sy = FRAMES[frame]
    if swap:
        xs, js = js, xs
    return (xs if sx > 0 else -xs), (js if sy > 0 else -js), n_in, n_out, q


def batch_crossings(
    dxs: np.ndarray, dys: np.ndarray, *, with_params: bool = False
) -> tuple[np.ndarray, ...]:
    """Crossed squares of many segments from ``(0, 0)``, concatenated in order.

    Returns ``(starts, counts, cdx, cdy)``: segment ``i`` crossed the squares
    ``cdx[starts[i]:starts[i] + counts[i]]`` (and ``cdy`` alike), nearest first.  With
    ``with_params`` also ``(n_in, n_out, q)``: entry/exit numerators per crossed square
    and each segment's denominator.
    """
    dxs = np.asarray(dxs, dtype=np.int64)
    dys = np.asarray(dys, dtype=np.int64)
    ax, ay = np.abs(dxs), np.abs(dys)
    swap = ay > ax
    X = np.maximum(ax, ay)
    Y = np.minimum(ax, ay)
    ncols = np.maximum(X - 1, 0)
    owner = np.repeat(np.arange(dxs.size), ncols)
    col_start = np.cumsum(ncols) - ncols
    x = np.arange(owner.size, dtype=np.int64) - col_start[owner] + 1
    Xo, Yo = X[owner], Y[owner]
    lo, hi = column_rows(Xo, Yo, x)
    per_col = 1 + (hi > lo)
    owner2 = np.repeat(owner, per_col)
    xs = np.repeat(x, per_col)
    first = np.cumsum(per_col) - per_col
    js = np.repeat(lo, per_col) + (np.arange(xs.size) - np.repeat(first, per_col))
    sw = swap[owner2]
    cx = np.where(sw, js, xs) * np.where(dxs[owner2] < 0, -1, 1)
    cy = np.where(sw, xs, js) * np.where(dys[owner2] < 0, -1, 1)
    counts = np.bincount(owner2, minlength=dxs.size)
    starts = np.cumsum(counts) - counts
    if not with_params:
        return starts, counts, cx, cy
    n_in, n_out, _ = entry_exit(X[owner2], Y[owner2], xs, js)
    q = 2 * X * np.maximum(Y, 1)
    return starts, counts, cx, cy, n_in, n_out, q


#: Offsets up to this many squares along their longer axis have precomputed crossings.
TABLE_REACH = 64


def tri_index(x: np.ndarray | int, j: np.ndarray | int) -> np.ndarray | int:
    """Index of the canonical offset ``(x, j)`` (``0 <= j <= x``) in triangle order."""
    return x * (x + 1) // 2 + j


@lru_cache(maxsize=2)
def canonical_table(reach: int = TABLE_REACH) -> tuple[np.ndarray, ...]:
    """Crossings of every canonical offset ``0 <= Y <= X <= reach`` (built once, ~3 MB).

    Returns ``(starts, counts, x, j, n_in, n_out, q)`` as :func:`batch_crossings`, in
    canonical coordinates, indexed by :func:`tri_index`.
    """
    X = np.repeat(np.arange(reach + 1, dtype=np.int64), np.arange(1, reach + 2))
    Y = np.arange(X.size, dtype=np.int64) - tri_index(X, 0)
    starts, counts, cx, cy, n_in, n_out, q = batch_crossings(X, Y, with_params=True)
    out = (
        starts,
        counts,
        cx.astype(np.int32),
        cy.astype(np.int32),
        n_in.astype(np.int32),
        n_out.astype(np.int32),
        q,
    )
    for a in out:
        a.setflags(write=False)
    return out


def crossings(dx: int, dy: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """:func:`segment_crossings`, from the precomputed table when the offset is in it."""
    frame, X, Y = to_canonical(dx, dy)
    if X > TABLE_REACH:
        return segment_crossings(dx, dy)
    starts, counts, cx, cy, n_in, n_out, q = canonical_table()
    k = X * (X + 1) // 2 + Y
    a = int(starts[k])
    b = a + int(counts[k])
    swap, sx, sy = FRAMES[frame]
    x, j = cx[a:b], cy[a:b]
    if swap:
        x, j = j, x
    return x * sx, j * sy, n_in[a:b], n_out[a:b], int(q[k])
