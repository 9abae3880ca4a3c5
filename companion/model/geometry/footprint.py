"""Footprints: measuring figures that cover more than one square.

A :class:`~companion.model.figures.Token` of ``size`` n stands on ``(x, y)`` as its
north-west square and covers ``x..x+n-1`` by ``y..y+n-1`` (``Token.squares``; a
footprint running off the map's east or south edge keeps only its squares on the map).
A figure of size 1 is measured exactly as a single square everywhere.  The readings
(DESIGN.md leaves footprints open; these are the geometry's):

* **occupancy**: every covered square is occupied -- it blocks passage, sight (a column
  of the figure's height on each square's own floor) and the end of other moves, and a
  corpse keeps all of its squares (``Board.living_index``, ``occupied``, ``token_at``);
* **height**: a footprint stands at the height of its *highest* floor
  (:func:`stand_height`): melee and reach compare these.  Moving reads both ends of the
  footprint: see :mod:`.movement`;
* **edges**: a figure's front edge is the row or column of its squares on the side it
  faces, its back edge the opposite one (:func:`edge_squares`);
* **melee**: the two figures are adjacent (some covered squares one square apart,
  Chebyshev) and some square of the target is among the attacker's front squares: the
  square ahead of each front-edge square and the two diagonals beyond its ends (n + 2
  squares; 3 for a single square) (:func:`front_of`);
* **firing arc**: some square of the target lies in the ±45° arc of some front-edge
  square (:func:`in_arc`); for one square, the arc of that square;
* **distance**: between the nearest pair of covered squares (:func:`nearest_pairs`);
  **reach** counts squares (Chebyshev) between the nearest pair too;
* **line of sight**: a line from any square of one figure to any square of the other;
  the target is seen if one of them is clear (the nearest pair first; when none is, the
  nearest pair's blocking square is the one named).  The two figures' own squares never
  block a line between them (:func:`figure_sight`);
* **areas**: a figure is in an area when any of its squares is (``areas.tokens_in``); a
  cone from a figure (a dragon's breath) is the union of the cones from its front-edge
  squares (:func:`figure_cone`);
* **behind** (Backstab): the attacker covers a square directly behind the target's back
  edge (:func:`is_behind_figure`).
"""

from __future__ import annotations

import numpy as np

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry.areas import area_cone
from companion.model.geometry.board import Board, Square
from companion.model.geometry.distance import ruler
from companion.model.geometry.facing import chebyshev, front_squares, in_firing_arc
from companion.model.geometry.rules import DEFAULT_GRID, GridRules
from companion.model.geometry.sight import SightLine, line_of_sight_between, resolve_mode


def edge_squares(token: Token, facing: Facing | None = None) -> list[Square]:
    """The figure's squares along its side facing ``facing`` (default: its own facing).

    West to east, or north to south; ``[pos]`` for a figure of size 1.
    """
    if token.size == 1:
        return [token.pos]
    facing = token.facing if facing is None else Facing(facing)
    n, x, y = token.size, token.x, token.y
    if facing is Facing.N:
        return [(x + i, y) for i in range(n)]
    if facing is Facing.S:
        return [(x + i, y + n - 1) for i in range(n)]
    if facing is Facing.E:
        return [(x + n - 1, y + i) for i in range(n)]
    return [(x, y + i) for i in range(n)]


def front_of(token: Token, facing: Facing | None = None) -> list[Square]:
    """The melee squares in front of the figure: ahead of its front edge and the two
    diagonals beyond the edge's ends (``facing.front_squares`` for one square)."""
    facing = token.facing if facing is None else Facing(facing)
    if token.size == 1:
        return front_squares(token.pos, facing)
    out: list[Square] = []
    for sq in edge_squares(token, facing):
        for q in front_squares(sq, facing):
            if q not in out:
                out.append(q)
    return out


def in_arc(
    token: Token, facing: Facing | None, squares: list[Square], rules: GridRules = DEFAULT_GRID
) -> bool:
    """Some square of ``squares`` lies in the firing arc (``rules.arc_half_angle``) of
    some front-edge square."""
    facing = token.facing if facing is None else Facing(facing)
    edge = edge_squares(token, facing)
    return any(in_firing_arc(e, facing, t, rules) for e in edge for t in squares)


def is_behind_figure(attacker: Token, target: Token) -> bool:
    """The attacker covers a square directly behind the target's back edge (Backstab)."""
    bx, by = target.facing.opposite.delta
    behind = {(x + bx, y + by) for x, y in edge_squares(target, target.facing.opposite)}
    return any(sq in behind for sq in attacker.squares)


def footprint_chebyshev(board: Board, a: Token, b: Token) -> int:
    """Squares apart (Chebyshev) between the nearest covered squares of two figures."""
    return min(chebyshev(p, q) for p in board.squares_of(a) for q in board.squares_of(b))


def stand_height(board: Board, token: Token) -> int:
    """The floor a figure stands on: the highest floor under its footprint."""
    floor = board.layers.floor
    if token.size == 1:
        return int(floor[token.y, token.x])
    return int(floor[token.y : token.y + token.size, token.x : token.x + token.size].max())


def nearest_pairs(
    board: Board, a: Token, b: Token, *, flat: bool | None = None
) -> list[tuple[float, Square, Square]]:
    """``(distance, square of a, square of b)`` for every pair of covered squares, nearest
    first (BrickRuler, with heights unless ``flat`` or the board's sight is flat)."""
    if flat is None:
        flat = board.los_mode == "flat"
    floor = board.layers.floor
    rules = board.rules
    out = []
    for p in board.squares_of(a):
        for q in board.squares_of(b):
            dh = 0 if flat else int(floor[q[1], q[0]]) - int(floor[p[1], p[0]])
            out.append((ruler(q[0] - p[0], q[1] - p[1], dh, rules), p, q))
    out.sort(key=lambda item: item[0])  # stable: ties keep row-by-row order
    return out


def figure_distance(board: Board, a: Token, b: Token, *, flat: bool | None = None) -> float:
    """The BrickRuler distance between the nearest covered squares of two figures."""
    return nearest_pairs(board, a, b, flat=flat)[0][0]


def without(board: Board, *tokens: Token) -> Board:
    """The board with these figures taken off (their squares then block nothing)."""
    drop = {t.id for t in tokens}
    return board.with_tokens([t for t in board.tokens if t.id not in drop])


def figure_sight(board: Board, a: Token, b: Token, *, mode: str | None = None) -> SightLine:
    """Whether figure ``b`` can be seen from figure ``a``: some line from a square of
    ``a`` to a square of ``b`` is clear.  ``distance`` is the nearest pair's."""
    mode = resolve_mode(board, mode)
    if a.size == 1 and b.size == 1:
        return line_of_sight_between(board, a.pos, b.pos, mode)
    pairs = nearest_pairs(board, a, b, flat=mode == "flat")
    clear = without(board, a, b)
    first: SightLine | None = None
    for _, p, q in pairs:
        sight = line_of_sight_between(clear, p, q, mode)
        if sight.clear:
            return SightLine(True, None, pairs[0][0])
        if first is None:
            first = sight
    assert first is not None
    return SightLine(False, first.blocked_by, pairs[0][0])


def figure_cone(board: Board, token: Token, facing: Facing, length: float) -> np.ndarray:
    """The cone in front of a figure: the union of the cones from its front-edge squares."""
    facing = Facing(facing)
    if token.size == 1:
        return area_cone(board, token.pos, facing, length)
    mask = np.zeros(board.shape, dtype=bool)
    for sq in edge_squares(token, facing):
        if board.in_bounds(sq):
            mask |= area_cone(board, sq, facing, length)
    return mask
