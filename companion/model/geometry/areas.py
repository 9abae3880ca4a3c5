"""Spell and ability areas as bool masks ``[y, x]``, measured flat (DESIGN.md, Areas).

* circle of radius r: squares whose centre is within r of the centre square's centre;
* cone of length L: squares (the caster's own excluded) whose centre lies within ±45° of
  the facing and within L of the caster's centre.  The cone's sides run through the
  caster's front corners at 45°, which puts their apex at the caster's centre;
* line of length L: every square the segment from the origin's centre crosses (through
  the interior, as for sight lines) over its first L squares, origin excluded;
* square N x N centred on a square (even N: the extra row and column lie east and south).

An area never holds a wall, a shut door or the void.  When the board's
``walls_stop_areas`` is on (the default), a square is hit only if the segment from the
area's origin to its centre crosses no wall or shut door; a line stops at the first one.
A figure covering more than one square (``Token.size``) is in an area when any of its
squares is (:func:`tokens_in`).
Distances compare with a slack of 1e-9.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry.board import Board, Square
from companion.model.geometry.crossings import batch_crossings, column_rows, to_canonical
from companion.model.geometry.shadows import shadowed

_SLACK = 1e-9
#: Shapes reaching at most this far from their origin keep precomputed crossing lists.
_SHAPE_REACH = 32
#: Margin of the padded layers (at least ``_SHAPE_REACH``).
_PAD = 32


@dataclass(frozen=True, eq=False)
class _Shape:
    """Offsets of a shape's squares from its origin, with their crossing lists."""

    dx: np.ndarray
    dy: np.ndarray
    cross_first: np.ndarray  # candidate i's crossed squares are entries
    cross_stop: np.ndarray  # cross_first[i]:cross_stop[i] of cdx/cdy
    cdx: np.ndarray
    cdy: np.ndarray


def _shape(dx: np.ndarray, dy: np.ndarray) -> _Shape:
    starts, counts, cdx, cdy = batch_crossings(dx, dy)
    shape = _Shape(dx, dy, starts, starts + counts, cdx, cdy)
    for arr in (shape.dx, shape.dy, shape.cross_first, shape.cross_stop, shape.cdx, shape.cdy):
        arr.setflags(write=False)
    return shape


def _circle_offsets(radius: float) -> tuple[np.ndarray, np.ndarray]:
    r = max(0, math.floor(radius + _SLACK))
    dy, dx = np.mgrid[-r : r + 1, -r : r + 1]
    inside = dx**2 + dy**2 <= radius * radius + _SLACK
    return dx[inside], dy[inside]


def _cone_offsets(facing: Facing, length: float) -> tuple[np.ndarray, np.ndarray]:
    r = max(0, math.floor(length + _SLACK))
    dy, dx = np.mgrid[-r : r + 1, -r : r + 1]
    fx, fy = facing.delta
    forward = dx * fx + dy * fy
    side = dx * fy - dy * fx
    inside = (
        (forward > 0)
        & (np.abs(side) <= forward)
        & (forward**2 + side**2 <= length * length + _SLACK)
    )
    return dx[inside], dy[inside]


def _square_offsets(side: int) -> tuple[np.ndarray, np.ndarray]:
    lo, hi = (side - 1) // 2, side // 2
    dy, dx = np.mgrid[-lo : hi + 1, -lo : hi + 1]
    return dx.ravel(), dy.ravel()


@lru_cache(maxsize=256)
def _cached_shape(kind: str, size: float, facing: str = "") -> _Shape:
    if kind == "circle":
        return _shape(*_circle_offsets(size))
    if kind == "cone":
        return _shape(*_cone_offsets(Facing(facing), size))
    return _shape(*_square_offsets(int(size)))


def _area(board: Board, origin: Square, kind: str, size: float, facing: str = "") -> np.ndarray:
    """The mask of a circle, cone or square shape placed at ``origin``."""
    ox, oy = origin
    if size + _SLACK < _SHAPE_REACH:
        shape = _cached_shape(kind, size, facing)
        padded = board.layers.padded(_PAD)
        px, py = ox + _PAD, oy + _PAD
        excluded = padded.not_in_areas[py + shape.dy, px + shape.dx]
        if board.walls_stop_areas and shape.cdx.size:
            wall = padded.wall_like[py + shape.cdy, px + shape.cdx]
            seen = np.zeros(wall.size + 1, dtype=np.int32)
            np.cumsum(wall, out=seen[1:])
            excluded |= seen[shape.cross_stop] != seen[shape.cross_first]
        keep = ~excluded
        mask = np.zeros(board.shape, dtype=bool)
        mask[oy + shape.dy[keep], ox + shape.dx[keep]] = True
        return mask
    if kind == "circle":
        dx, dy = _circle_offsets(size)
    elif kind == "cone":
        dx, dy = _cone_offsets(Facing(facing), size)
    else:
        dx, dy = _square_offsets(int(size))
    xs, ys = dx + ox, dy + oy
    h, w = board.shape
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    xs, ys = xs[inside], ys[inside]
    allowed = ~board.layers.not_in_areas[ys, xs]
    xs, ys = xs[allowed], ys[allowed]
    if board.walls_stop_areas and xs.size:
        hidden = shadowed(board.shape, origin, *board.layers.wall_points)
        keep = ~hidden[ys, xs]
        xs, ys = xs[keep], ys[keep]
    mask = np.zeros(board.shape, dtype=bool)
    mask[ys, xs] = True
    return mask


def area_circle(board: Board, centre: Square, radius: float) -> np.ndarray:
    """Squares whose centre is within ``radius`` of ``centre``'s centre (centre included)."""
    centre = board.check_square(centre, "centre")
    return _area(board, centre, "circle", float(radius))


def area_square(board: Board, centre: Square, side: int) -> np.ndarray:
    """The ``side`` x ``side`` block centred on ``centre`` (even sides extend east and south)."""
    centre = board.check_square(centre, "centre")
    if int(side) < 1:
        return np.zeros(board.shape, dtype=bool)
    return _area(board, centre, "square", int(side))


def area_cone(board: Board, origin: Square, facing: Facing, length: float) -> np.ndarray:
    """The cone in front of ``origin``: within ±45° of ``facing`` and ``length`` of its centre."""
    origin = board.check_square(origin, "origin")
    return _area(board, origin, "cone", float(length), Facing(facing).value)


def line_squares(origin: Square, toward: Square | Facing, length: float) -> list[Square]:
    """Squares the segment of ``length`` from ``origin``'s centre toward ``toward`` crosses.

    In order from the origin (excluded); may run off the map.  ``toward`` is a square
    (the segment aims at its centre and goes on past it) or a facing.
    """
    ox, oy = origin
    if isinstance(toward, str):
        dx, dy = Facing(toward).delta
    else:
        dx, dy = int(toward[0]) - ox, int(toward[1]) - oy
    if dx == 0 and dy == 0:
        raise ValueError("a line needs a direction: 'toward' is the origin itself")
    frame, X, Y = to_canonical(dx, dy)
    swap, sx, sy = (frame >= 4), (-1 if frame & 2 else 1), (-1 if frame & 1 else 1)
    # The segment ends at canonical x = x_end; squares it only touches there do not count.
    x_end = length * X / math.hypot(X, Y) - _SLACK
    out: list[Square] = []
    x = 1
    while x - 0.5 < x_end:
        lo, hi = column_rows(X, Y, x)
        if x + 0.5 > x_end and Y:
            # Last, partial column: rows the segment reaches before it stops.
            hi = min(hi, math.ceil(Y * x_end / X + 0.5) - 1)
        for j in range(lo, hi + 1):
            cx, cy = (j, x) if swap else (x, j)
            out.append((ox + sx * cx, oy + sy * cy))
        x += 1
    return out


def area_line(board: Board, origin: Square, toward: Square | Facing, length: float) -> np.ndarray:
    """The squares a line of ``length`` from ``origin`` toward a square or facing crosses."""
    origin = board.check_square(origin, "origin")
    layers = board.layers
    mask = np.zeros(board.shape, dtype=bool)
    for x, y in line_squares(origin, toward, length):
        if not board.in_bounds((x, y)):
            break
        if layers.wall_like[y, x]:
            if board.walls_stop_areas:
                break
            continue
        if not layers.not_in_areas[y, x]:
            mask[y, x] = True
    return mask


def squares_of(mask: np.ndarray) -> list[Square]:
    """The ``True`` squares of a mask, sorted by x then y."""
    ys, xs = np.nonzero(mask)
    order = np.lexsort((ys, xs))
    return [(int(xs[i]), int(ys[i])) for i in order]


def tokens_in(board: Board, mask: np.ndarray) -> list[Token]:
    """Figures (living and dead) standing on the mask's squares.

    A figure covering more than one square is in when any of its squares is.  In the
    order of the figures' own squares (``pos``: x then y); on one square the living
    before the dead.
    """
    h, w = mask.shape
    hits = [
        t
        for t in board.tokens
        if 0 <= t.x < w
        and 0 <= t.y < h
        and (mask[t.y, t.x] if t.size == 1 else mask[t.y : t.y + t.size, t.x : t.x + t.size].any())
    ]
    hits.sort(key=lambda t: (t.x, t.y, t.dead))
    return hits
