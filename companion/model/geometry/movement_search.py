"""The search: every square a figure may reach, level by level over bitboards, and its
cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from companion.model.figures import Token
from companion.model.geometry.board import DIRECTIONS, Board, shift_to_source
from companion.model.geometry.movement_blocking import (
    COST_TOLERANCE,
    Reach,
    blocked_by_figures,
    footprint_steps,
    no_end_mask,
)


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
    steps = footprint_steps(board, mover.size)[:, y0:y1, x0:x1]
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
    steps = footprint_steps(board, mover.size)
    return Reach(cost, mover.pos, points, endable, steps, board.rules.step_costs)


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
