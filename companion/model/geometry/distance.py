"""The BrickRuler: distance from the centre of one square to the centre of another."""

from __future__ import annotations

import math

from companion.model.geometry.board import Board, Square
from companion.model.geometry.rules import DEFAULT_GRID, GridRules

#: One square is four studs on the physical ruler (the default grid's value; the
#: geometry reads ``rules.studs_per_square``).
STUDS_PER_SQUARE = DEFAULT_GRID.studs_per_square
#: One brick of height, in squares (9.6 mm over 32 mm; ``rules.brick_in_squares``).
BRICK_IN_SQUARES = DEFAULT_GRID.brick_in_squares
#: Range checks are inclusive up to this rounding slack.
RANGE_TOLERANCE = 1e-9


def ruler_distance(board: Board, a: Square, b: Square, *, flat: bool | None = None) -> float:
    """Centre-to-centre distance in squares, ``sqrt(dx² + dy² + (0.3·dh)²)``.

    ``dh`` is the difference of the two floors in bricks (0.3: the board's
    ``rules.brick_in_squares``).  ``flat=True`` drops it;
    ``flat=None`` follows the board (flat only when ``board.los_mode == "flat"``).
    """
    a = board.check_square(a, "from")
    b = board.check_square(b, "to")
    if flat is None:
        flat = board.los_mode == "flat"
    floor = board.layers.floor
    dh = 0 if flat else int(floor[b[1], b[0]]) - int(floor[a[1], a[0]])
    return ruler(b[0] - a[0], b[1] - a[1], dh, board.rules)


def ruler(dx: int, dy: int, dh: int = 0, rules: GridRules = DEFAULT_GRID) -> float:
    """The BrickRuler length of an offset of ``dx``, ``dy`` squares and ``dh`` bricks."""
    if dh == 0:
        return math.hypot(dx, dy)
    return math.sqrt(dx * dx + dy * dy + (rules.brick_in_squares * dh) ** 2)


def flat_distance(a: Square, b: Square) -> float:
    """Horizontal centre-to-centre distance in squares (areas are measured this way)."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def to_studs(d: float, rules: GridRules = DEFAULT_GRID) -> float:
    """A distance in squares expressed in studs."""
    return d * rules.studs_per_square


def in_range(d: float, lo: float | None, hi: float | None) -> bool:
    """``lo <= d <= hi`` with a rounding slack; a missing bound does not limit."""
    if lo is not None and d < lo - RANGE_TOLERANCE:
        return False
    return not (hi is not None and d > hi + RANGE_TOLERANCE)
