"""Movement: which squares a figure may reach and end on, and checking an explicit path.

BrickQuest (DESIGN.md and the MOVING / SPECIAL SQUARES rules; the numbers are the
board's :class:`~.rules.GridRules`, BrickQuest's shown):

* an orthogonal step costs 1, a diagonal step 2;
* a step may change the floor height by at most 1 brick; 2 or more is an obstacle from
  that side.  Stairs: an orthogonal step along a stairs square's direction (entering or
  leaving it) may change the height by up to 3 bricks and still costs one square --
  the reading of "three stairs (up to 3 bricks) count as one square";
* no corner cutting: a diagonal step is illegal when either orthogonal neighbour is a
  wall, an obstacle, a blocking object or a shut door (water, lava, the void, figures
  and height differences do not block corners);
* walls, water, lava, obstacles and objects (except levers), shut doors and the void
  cannot be entered;
* allies may be passed through (with ``allies_pass``), enemies never; vermin and
  incorporeal movers (``Token.slips_through``) pass any figure; corpses may be crossed;
* nobody ends a move on another figure (living or dead) or on a fire spout, which may
  be crossed.

Costs come from a breadth-first search by cost level on bitboards (Python integers,
one bit per square): all squares first reached at cost ``c`` are found at once from the
squares at ``c - 1`` (orthogonal steps) and ``c - 2`` (diagonal steps) -- in general
``c`` less the step's cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from companion.model.figures import Token
from companion.model.geometry.board import (
    DIRECTIONS,
    STEP_COSTS,
    Board,
    Square,
    shift_to_source,
)

#: Move-point comparisons allow this rounding slack.
COST_TOLERANCE = 1e-9


@dataclass(frozen=True, eq=False)
class Reach:
    """Where one figure can go with one move action (or, unbounded, anywhere).

    ``cost``: float [y, x], the cheapest cost to enter each square, ``inf`` where it
    cannot be reached within ``move_points``.  Squares a figure may only pass through
    (allies, corpses, fire spouts) have a finite cost but cannot be ended on.
    ``step_costs``: the cost of each of ``DIRECTIONS`` (the board's rules).
    """

    cost: np.ndarray
    start: Square
    move_points: float
    endable: np.ndarray = field(repr=False)
    steps: np.ndarray = field(repr=False)
    step_costs: tuple[int, ...] = field(default=STEP_COSTS, repr=False)

    def squares(self) -> list[Square]:
        """Squares the figure may end its move on (start excluded), sorted by x then y."""
        ys, xs = np.nonzero(self.end_mask)
        order = np.lexsort((ys, xs))
        return [(int(xs[i]), int(ys[i])) for i in order]

    @cached_property
    def end_mask(self) -> np.ndarray:
        """Bool [y, x] of :meth:`squares`."""
        mask = self.endable & (self.cost <= self.move_points + COST_TOLERANCE)
        mask[self.start[1], self.start[0]] = False
        mask.setflags(write=False)
        return mask

    def _inside(self, sq: Square) -> bool:
        h, w = self.cost.shape
        return 0 <= sq[0] < w and 0 <= sq[1] < h

    def can_end(self, sq: Square) -> bool:
        """The figure may end its move on ``sq``."""
        return self._inside(sq) and bool(self.end_mask[sq[1], sq[0]])

    def cost_to(self, sq: Square) -> float:
        """Cheapest cost to enter ``sq`` (``inf`` if it cannot be reached)."""
        if not self._inside(sq):
            return math.inf
        return float(self.cost[sq[1], sq[0]])

    def path_to(self, sq: Square) -> list[Square] | None:
        """A cheapest path to ``sq``: the squares after the start, in order (None if unreached).

        ``[]`` for the start itself.  Prefers orthogonal steps, then E, S, W, N order.
        """
        if not self._inside(sq) or not math.isfinite(self.cost[sq[1], sq[0]]):
            return None
        h, w = self.cost.shape
        path: list[Square] = []
        x, y = int(sq[0]), int(sq[1])
        while (x, y) != self.start:
            path.append((x, y))
            here = self.cost[y, x]
            for d, (dx, dy) in enumerate(DIRECTIONS):
                px, py = x - dx, y - dy
                if (
                    0 <= px < w
                    and 0 <= py < h
                    and self.cost[py, px] == here - self.step_costs[d]
                    and self.steps[d, py, px]
                ):
                    x, y = px, py
                    break
            else:  # pragma: no cover - the costs always lead back to the start
                raise RuntimeError(f"no way back from {(x, y)} to {self.start}")
        path.reverse()
        return path


@dataclass(frozen=True, slots=True)
class PathCheck:
    """The answer of :func:`validate_path`.

    ``reason``: a FORMAT.md code (``insufficient_movement``, ``too_steep``,
    ``impassable_terrain``, ``occupied``, ``cannot_end_here``, ``corner_cutting``,
    ``not_adjacent``) or None; ``square``: where the path fails; ``cost``: the path's
    total cost in move points (summed over its steps as far as they are adjacent).
    """

    ok: bool
    reason: str | None = None
    square: Square | None = None
    cost: float = 0.0


# -- who blocks whom --------------------------------------------------------------------
def _blocks_passage(mover: Token, other: Token, allies_pass: bool) -> bool:
    if other.id == mover.id or other.dead or mover.slips_through:
        return False
    return other.side != mover.side or not allies_pass


def blocked_by_figures(board: Board, mover: Token, allies_pass: bool) -> np.ndarray:
    """Bool [y, x]: squares the mover may not enter because of the figure on them."""
    mask = np.zeros(board.shape, dtype=bool)
    for t in board.tokens:
        if _blocks_passage(mover, t, allies_pass):
            mask[t.y, t.x] = True
    return mask


def no_end_mask(board: Board, mover: Token) -> np.ndarray:
    """Bool [y, x]: squares the mover may not end on (other figures, fire spouts)."""
    mask = board.layers.fire.copy()
    for t in board.tokens:
        if t.id != mover.id:
            mask[t.y, t.x] = True
    return mask


# -- bitboards ----------------------------------------------------------------------------
def _to_int(mask: np.ndarray) -> int:
    return int.from_bytes(np.packbits(mask.ravel(), bitorder="little").tobytes(), "little")


def _to_mask(bits: int, shape: tuple[int, int]) -> np.ndarray:
    n = shape[0] * shape[1]
    raw = np.frombuffer(bits.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, count=n, bitorder="little").reshape(shape).view(bool)


def _level_search(
    can: Sequence[int], width: int, start_bit: int, limit: int | None
) -> tuple[list[int], int]:
    """Cost levels by bitboard BFS.

    ``can[d]``: bit ``i`` set when a step from square ``i`` along ``DIRECTIONS[d]`` is
    legal (never off the board's edge).  Returns the binary digits of the cost of every
    reached square (``digits[k]`` holds the squares whose cost has bit ``k`` set) and the
    bitboard of all reached squares.
    """
    e, s, w_, n, se, sw, nw, ne = can
    sh_d1 = width + 1
    sh_d2 = width - 1
    digits: list[int] = []
    reached = start_bit
    prev2, prev1 = 0, start_bit
    cost = 0
    while prev1 or prev2:
        cost += 1
        if limit is not None and cost > limit:
            break
        nxt = (
            ((prev1 & e) << 1)
            | ((prev1 & w_) >> 1)
            | ((prev1 & s) << width)
            | ((prev1 & n) >> width)
        )
        if prev2:
            nxt |= (
                ((prev2 & se) << sh_d1)
                | ((prev2 & sw) << sh_d2)
                | ((prev2 & nw) >> sh_d1)
                | ((prev2 & ne) >> sh_d2)
            )
        nxt &= ~reached
        if nxt:
            reached |= nxt
            c, k = cost, 0
            while c:
                if c & 1:
                    while len(digits) <= k:
                        digits.append(0)
                    digits[k] |= nxt
                c >>= 1
                k += 1
        prev2, prev1 = prev1, nxt
    return digits, reached


def _level_search_any(
    can: Sequence[int],
    width: int,
    start_bit: int,
    limit: int | None,
    orthogonal: int,
    diagonal: int,
) -> tuple[list[int], int]:
    """:func:`_level_search` for steps costing ``orthogonal`` and ``diagonal`` (whole, >= 1)."""
    e, s, w_, n, se, sw, nw, ne = can
    sh_d1 = width + 1
    sh_d2 = width - 1
    digits: list[int] = []
    reached = start_bit
    # ring[c % k]: the squares first reached at cost c, for the last k levels.
    k = max(orthogonal, diagonal)
    ring = [0] * k
    ring[0] = start_bit
    cost = last = 0  # last: the highest cost at which some square was first reached
    while cost - last < k:  # beyond that, every level a step can start from is empty
        cost += 1
        if limit is not None and cost > limit:
            break
        po = ring[(cost - orthogonal) % k]
        pd = ring[(cost - diagonal) % k]
        nxt = ((po & e) << 1) | ((po & w_) >> 1) | ((po & s) << width) | ((po & n) >> width)
        if pd:
            nxt |= (
                ((pd & se) << sh_d1)
                | ((pd & sw) << sh_d2)
                | ((pd & nw) >> sh_d1)
                | ((pd & ne) >> sh_d2)
            )
        nxt &= ~reached
        if nxt:
            last = cost
            reached |= nxt
            c, bit = cost, 0
            while c:
                if c & 1:
                    while len(digits) <= bit:
                        digits.append(0)
                    digits[bit] |= nxt
                c >>= 1
                bit += 1
        ring[cost % k] = nxt
    return digits, reached


def _costs(digits: list[int], reached: int, shape: tuple[int, int]) -> np.ndarray:
    cost = np.zeros(shape, dtype=np.float64)
    for k, bits in enumerate(digits):
        if bits:
            cost += _to_mask(bits, shape) * float(1 << k)
    cost[~_to_mask(reached, shape)] = np.inf
    return cost


def _search(board: Board, mover: Token, allies_pass: bool, limit: int | None) -> np.ndarray:
    """Float [y, x] cheapest costs from the mover's square (``inf`` unreached)."""
    h, w = board.shape
    x, y = mover.x, mover.y
    if limit is None:
        x0, y0, x1, y1 = 0, 0, w, h
    else:
        x0, y0 = max(0, x - limit), max(0, y - limit)
        x1, y1 = min(w, x + limit + 1), min(h, y + limit + 1)
    steps = board.step_masks[:, y0:y1, x0:x1]
    enter = ~blocked_by_figures(board, mover, allies_pass)[y0:y1, x0:x1]
    can = []
    for d, (dx, dy) in enumerate(DIRECTIONS):
        # Inside a window no step may leave it (a cheaper path never does).
        can.append(_to_int(steps[d] & shift_to_source(enter, dx, dy)))
    ww = x1 - x0
    rules = board.rules
    start_bit = 1 << ((y - y0) * ww + (x - x0))
    if rules.orthogonal_cost == 1 and rules.diagonal_cost == 2:
        digits, reached = _level_search(can, ww, start_bit, limit)
    else:
        digits, reached = _level_search_any(
            can, ww, start_bit, limit, rules.orthogonal_cost, rules.diagonal_cost
        )
    window = _costs(digits, reached, (y1 - y0, ww))
    if limit is None:
        return window
    cost = np.full((h, w), np.inf)
    cost[y0:y1, x0:x1] = window
    return cost


def _make_reach(board: Board, mover: Token, cost: np.ndarray, points: float) -> Reach:
    endable = ~no_end_mask(board, mover)
    cost.setflags(write=False)
    endable.setflags(write=False)
    return Reach(cost, mover.pos, points, endable, board.step_masks, board.rules.step_costs)


def reachable(
    board: Board, mover_id: str, move_points: float, *, allies_pass: bool = True
) -> Reach:
    """Where the figure ``mover_id`` can go with one move action of ``move_points``.

    ``cost`` holds costs up to ``move_points`` (``inf`` beyond); ``squares()`` the squares
    it may end on.
    """
    mover = board.token(mover_id)
    limit = max(0, math.floor(move_points + COST_TOLERANCE))
    cost = _search(board, mover, allies_pass, limit)
    return _make_reach(board, mover, cost, float(move_points))


def move_distances(board: Board, mover_id: str, *, allies_pass: bool = True) -> np.ndarray:
    """Float [y, x]: the cheapest cost to enter every square (``inf`` unreachable), unbounded.

    Pass-only squares (allies, corpses, fire spouts) have their cost too.
    """
    mover = board.token(mover_id)
    cost = _search(board, mover, allies_pass, None)
    cost.setflags(write=False)
    return cost


def whole_map_reach(board: Board, mover_id: str, *, allies_pass: bool = True) -> Reach:
    """Like :func:`reachable` with no limit: ``Reach`` over :func:`move_distances`."""
    mover = board.token(mover_id)
    cost = _search(board, mover, allies_pass, None)
    return _make_reach(board, mover, cost, math.inf)


# -- one explicit path --------------------------------------------------------------------
def validate_path(
    board: Board,
    mover_id: str,
    path: Sequence[Square],
    move_points: float,
    *,
    allies_pass: bool = True,
) -> PathCheck:
    """Check a move step by step: ``path`` is the squares after the start, in order.

    Reports the first problem with its FORMAT.md reason code and square; ``cost`` is the
    whole path's cost.  An empty path is a legal move costing 0.
    """
    mover = board.token(mover_id)
    layers = board.layers
    rules = board.rules
    h, w = board.shape
    squares = [(int(p[0]), int(p[1])) for p in path]
    total = 0.0
    prev = mover.pos
    for sq in squares:
        if max(abs(sq[0] - prev[0]), abs(sq[1] - prev[1])) != 1:
            break
        orthogonal = sq[0] == prev[0] or sq[1] == prev[1]
        total += rules.orthogonal_cost if orthogonal else rules.diagonal_cost
        prev = sq
    figures: dict[Square, list[Token]] = {}
    for t in board.tokens:
        if t.id != mover.id:
            figures.setdefault((t.x, t.y), []).append(t)
    cost = 0.0
    prev = mover.pos
    for sq in squares:
        x, y = sq
        dx, dy = x - prev[0], y - prev[1]
        if max(abs(dx), abs(dy)) != 1:
            return PathCheck(False, "not_adjacent", sq, total)
        if not (0 <= x < w and 0 <= y < h) or layers.blocks_movement[y, x]:
            return PathCheck(False, "impassable_terrain", sq, total)
        dh = abs(int(layers.floor[y, x]) - int(layers.floor[prev[1], prev[0]]))
        diagonal = dx != 0 and dy != 0
        stairs_ok = not diagonal and dh <= rules.max_stair_step and _along_stairs(board, prev, sq)
        if dh > rules.max_step and not stairs_ok:
            return PathCheck(False, "too_steep", sq, total)
        if diagonal and (layers.blocks_corners[prev[1], x] or layers.blocks_corners[y, prev[0]]):
            return PathCheck(False, "corner_cutting", sq, total)
        if any(_blocks_passage(mover, t, allies_pass) for t in figures.get(sq, ())):
            return PathCheck(False, "occupied", sq, total)
        cost += rules.diagonal_cost if diagonal else rules.orthogonal_cost
        if cost > move_points + COST_TOLERANCE:
            return PathCheck(False, "insufficient_movement", sq, total)
        prev = sq
    if squares and prev != mover.pos:
        here = figures.get(prev, ())
        if any(not t.dead for t in here):
            return PathCheck(False, "occupied", prev, total)
        if here or layers.fire[prev[1], prev[0]]:
            return PathCheck(False, "cannot_end_here", prev, total)
    return PathCheck(True, None, None, total)


def _along_stairs(board: Board, a: Square, b: Square) -> bool:
    """The orthogonal step a -> b runs along the direction of stairs on a or b."""
    stairs = board.dungeon.stairs
    axis = (1, 3) if a[1] == b[1] else (0, 2)
    return int(stairs[a[1], a[0]]) in axis or int(stairs[b[1], b[0]]) in axis
