"""Facing: the melee front, the firing arc, reach squares, turning and backstabs.

A figure on the square grid faces N, E, S or W.  Its firing arc is everything whose
centre lies within ``rules.arc_half_angle`` either side of that direction (boundary
included), measured by the general test of :mod:`.arcs`: BrickQuest's ±45° is the line
from its centre to the target's centre passing between, or through, the two front
corners of its base.  These functions need no board; they may name squares off the map.
"""

from __future__ import annotations

from companion.model.dungeon import Facing
from companion.model.geometry.arcs import in_arc_at
from companion.model.geometry.board import Square
from companion.model.geometry.rules import DEFAULT_GRID, GridRules


def _square(origin: Square, facing: Facing, forward: int, right: int) -> Square:
    fx, fy = facing.delta
    rx, ry = facing.right.delta
    return (origin[0] + forward * fx + right * rx, origin[1] + forward * fy + right * ry)


def front_squares(origin: Square, facing: Facing) -> list[Square]:
    """The three melee squares: straight ahead, then the front-left and front-right diagonals."""
    return [_square(origin, facing, 1, r) for r in (0, -1, 1)]


def in_firing_arc(
    origin: Square, facing: Facing, target: Square, rules: GridRules = DEFAULT_GRID
) -> bool:
    """The centre-to-centre line lies within ``rules.arc_half_angle`` (±45°) of
    ``facing`` (boundary included)."""
    return in_arc_at(origin, Facing(facing).degrees, 2 * rules.arc_half_angle, target)


def reach_squares(origin: Square, facing: Facing, rules: GridRules = DEFAULT_GRID) -> list[Square]:
    """Squares exactly ``rules.reach`` (2) away (Chebyshev) inside the arc.

    The row that far ahead, left to right.
    """
    n = rules.reach
    return [_square(origin, facing, n, r) for r in range(-n, n + 1)]


def chebyshev(a: Square, b: Square) -> int:
    """Squares apart counting diagonal steps as one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def facing_toward(origin: Square, target: Square) -> Facing:
    """The facing whose arc holds ``target`` (on an exact diagonal, the E/W one).

    Raises ``ValueError`` when ``target`` is ``origin``.
    """
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if dx == 0 and dy == 0:
        raise ValueError("cannot face toward one's own square")
    if abs(dx) >= abs(dy):
        return Facing.E if dx > 0 else Facing.W
    return Facing.S if dy > 0 else Facing.N


def is_behind(attacker: Square, target_pos: Square, target_facing: Facing) -> bool:
    """The attacker stands on the square directly behind the target (Backstab)."""
    bx, by = target_facing.opposite.delta
    return (attacker[0], attacker[1]) == (target_pos[0] + bx, target_pos[1] + by)


def turned(facing: Facing, turn: str | None) -> Facing:
    """``facing`` after the free 90° turn ``"left"``, ``"right"`` or none."""
    if turn is None:
        return facing
    if turn == "left":
        return facing.left
    if turn == "right":
        return facing.right
    raise ValueError(f"turn must be 'left', 'right' or None, not {turn!r}")
