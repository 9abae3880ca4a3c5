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

A figure covering 2x2 squares (``Token.size``; it stands on its north-west square, the
square its moves and paths name) steps as one: each of its squares makes the same step
and every one of those steps must be legal by the rules above (the square entered, the
height change of that square's own step, corner cutting), no square it enters may hold
a figure that blocks it, and it may end only where none of its squares holds another
figure or a fire spout.  Its floor reading is the highest and the lowest floor under it:
it may stand only where they differ by at most ``max_step`` (1 brick: the base bridges
a one-brick step, not an obstacle), so the 3-brick rise of a single stairs square is too
steep under it.  A footprint never runs off the map.

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
    ``problems``: every ``(reason, square)`` found, in path order (``reason`` and
    ``square`` are the first of them); see :func:`validate_path`.
    """

    ok: bool
    reason: str | None = None
    square: Square | None = None
    cost: float = 0.0
    problems: tuple[tuple[str, Square], ...] = ()


# -- who blocks whom --------------------------------------------------------------------
def _blocks_passage(mover: Token, other: Token, allies_pass: bool) -> bool:
    if other.id == mover.id or other.dead or mover.slips_through:
        return False
    return other.side != mover.side or not allies_pass


def blocked_by_figures(board: Board, mover: Token, allies_pass: bool) -> np.ndarray:
    """Bool [y, x]: where the mover may not stand because of a figure there.

    For a mover of one square, the squares holding such a figure; for a footprint, the
    squares it may not stand on (some square it would cover holds one).
    """
    mask = np.zeros(board.shape, dtype=bool)
    for t in board.tokens:
        if _blocks_passage(mover, t, allies_pass):
            if t.size == 1:
                mask[t.y, t.x] = True
            else:
                mask[t.y : t.y + t.size, t.x : t.x + t.size] = True
    return _spread(mask, mover.size, fill=False)


def no_end_mask(board: Board, mover: Token) -> np.ndarray:
    """Bool [y, x]: where the mover may not end (another figure or a fire spout under it)."""
    mask = board.layers.fire.copy()
    for t in board.tokens:
        if t.id != mover.id:
            if t.size == 1:
                mask[t.y, t.x] = True
            else:
                mask[t.y : t.y + t.size, t.x : t.x + t.size] = True
    return _spread(mask, mover.size, fill=True)


def _spread(mask: np.ndarray, size: int, fill: bool) -> np.ndarray:
    """``out[y, x]``: ``mask`` holds some square of a footprint of ``size`` standing on
    ``(x, y)`` (``fill`` for squares off the map)."""
    if size == 1:
        return mask
    out = mask.copy()
    for oy in range(size):
        for ox in range(size):
            if ox or oy:
                out |= shift_to_source(mask, ox, oy, fill=fill)
    return out


def footprint_steps(board: Board, size: int) -> np.ndarray:
    """Bool [8, y, x]: a figure of ``size`` standing on ``(x, y)`` may step along
    ``DIRECTIONS[d]`` as far as the terrain goes (``board.step_masks`` for one square).

    Every covered square's own step is legal and the footprint it steps to fits: all on
    the map, its floors at most ``max_step`` apart.  Figures are not considered here.
    """
    if size == 1:
        return board.step_masks
    rules = board.rules
    layers = board.layers
    cache = layers.footprint_steps
    key = (rules.max_step, rules.max_stair_step, size)
    got = cache.get(key)
    if got is not None:
        return got
    floor = layers.floor
    big = int(layers.floor_max) + rules.max_step + 1
    fits = np.ones(board.shape, dtype=bool)
    high = np.full(board.shape, -big, dtype=np.int64)
    low = np.full(board.shape, big, dtype=np.int64)
    for oy in range(size):
        for ox in range(size):
            fits &= shift_to_source(~layers.blocks_movement, ox, oy, fill=False)
            high = np.maximum(high, shift_to_source(floor, ox, oy, fill=-big))
            low = np.minimum(low, shift_to_source(floor, ox, oy, fill=big))
    fits &= high - low <= rules.max_step
    base = board.step_masks
    masks = np.empty_like(base)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ok = shift_to_source(fits, dx, dy, fill=False)
        for oy in range(size):
            for ox in range(size):
                ok &= shift_to_source(base[d], ox, oy, fill=False)
        masks[d] = ok
    masks.setflags(write=False)
    cache[key] = masks
    return masks


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

    Reports every problem with its FORMAT.md reason code and square, in path order
    (within one step: ``impassable_terrain``, ``too_steep``, ``corner_cutting``,
    ``occupied``, then ``insufficient_movement`` at the first square beyond the
    allowance; the end square's ``occupied`` or ``cannot_end_here`` last).  A square that
    cannot be entered is not measured further (its height, its corners); the walk stops
    at a step that is not to a neighbouring square or leaves the map, since nothing after
    it has a start.  ``cost`` is the whole path's cost.  An empty path is a legal move
    costing 0.
    """
    mover = board.token(mover_id)
    if mover.size > 1:
        return _validate_footprint_path(board, mover, path, move_points, allies_pass)
    layers = board.layers
    rules = board.rules
    h, w = board.shape
    squares = [(int(p[0]), int(p[1])) for p in path]
    total = _path_cost(board, mover.pos, squares)
    figures = _figures_by_square(board, mover)
    problems: list[tuple[str, Square]] = []
    cost = 0.0
    prev = mover.pos
    prev_solid = False
    short = False
    walked = True
    for sq in squares:
        x, y = sq
        dx, dy = x - prev[0], y - prev[1]
        if max(abs(dx), abs(dy)) != 1:
            problems.append(("not_adjacent", sq))
            walked = False
            break
        if not (0 <= x < w and 0 <= y < h):
            problems.append(("impassable_terrain", sq))
            walked = False
            break
        diagonal = dx != 0 and dy != 0
        solid = bool(layers.blocks_movement[y, x])
        if solid:
            problems.append(("impassable_terrain", sq))
        else:
            dh = abs(int(layers.floor[y, x]) - int(layers.floor[prev[1], prev[0]]))
            stairs_ok = (
                not diagonal and dh <= rules.max_stair_step and _along_stairs(board, prev, sq)
            )
            if dh > rules.max_step and not stairs_ok and not prev_solid:
                problems.append(("too_steep", sq))
            if diagonal and (
                layers.blocks_corners[prev[1], x] or layers.blocks_corners[y, prev[0]]
            ):
                problems.append(("corner_cutting", sq))
            if any(_blocks_passage(mover, t, allies_pass) for t in figures.get(sq, ())):
                problems.append(("occupied", sq))
        cost += rules.diagonal_cost if diagonal else rules.orthogonal_cost
        if not short and cost > move_points + COST_TOLERANCE:
            problems.append(("insufficient_movement", sq))
            short = True
        prev, prev_solid = sq, solid
    if walked and squares and prev != mover.pos and not prev_solid:
        here = figures.get(prev, ())
        if any(not t.dead for t in here):
            if ("occupied", prev) not in problems:
                problems.append(("occupied", prev))
        elif here or layers.fire[prev[1], prev[0]]:
            problems.append(("cannot_end_here", prev))
    return _path_check(problems, total)


def _path_check(problems: list[tuple[str, Square]], total: float) -> PathCheck:
    if not problems:
        return PathCheck(True, None, None, total)
    unique = tuple(dict.fromkeys(problems))  # a big figure meets one square on two steps
    reason, square = unique[0]
    return PathCheck(False, reason, square, total, unique)


def _figures_by_square(board: Board, mover: Token) -> dict[Square, list[Token]]:
    """The other figures on each square they cover."""
    figures: dict[Square, list[Token]] = {}
    for t in board.tokens:
        if t.id != mover.id:
            if t.size == 1:
                figures.setdefault((t.x, t.y), []).append(t)
            else:
                for sq in t.squares:
                    figures.setdefault(sq, []).append(t)
    return figures


def _along_stairs(board: Board, a: Square, b: Square) -> bool:
    """The orthogonal step a -> b runs along the direction of stairs on a or b."""
    stairs = board.dungeon.stairs
    axis = (1, 3) if a[1] == b[1] else (0, 2)
    return int(stairs[a[1], a[0]]) in axis or int(stairs[b[1], b[0]]) in axis


def _path_cost(board: Board, start: Square, squares: Sequence[Square]) -> float:
    """The cost of ``squares`` from ``start`` as far as its steps are adjacent."""
    rules = board.rules
    total = 0.0
    prev = start
    for sq in squares:
        if max(abs(sq[0] - prev[0]), abs(sq[1] - prev[1])) != 1:
            break
        orthogonal = sq[0] == prev[0] or sq[1] == prev[1]
        total += rules.orthogonal_cost if orthogonal else rules.diagonal_cost
        prev = sq
    return total


def _validate_footprint_path(
    board: Board, mover: Token, path: Sequence[Square], move_points: float, allies_pass: bool
) -> PathCheck:
    """:func:`validate_path` for a figure covering more than one square.

    ``path`` names the squares its north-west square steps on; each step is checked
    for every covered square, and the reported square is the covered square that fails
    (the first of them, for each kind of problem of a step).  Every problem is reported,
    as :func:`validate_path` does.
    """
    layers = board.layers
    rules = board.rules
    h, w = board.shape
    n = mover.size
    offsets = [(ox, oy) for oy in range(n) for ox in range(n)]
    squares = [(int(p[0]), int(p[1])) for p in path]
    total = _path_cost(board, mover.pos, squares)
    figures = _figures_by_square(board, mover)
    floor = layers.floor
    problems: list[tuple[str, Square]] = []
    cost = 0.0
    prev = mover.pos
    short = False
    walked = True
    prev_solid = False
    for sq in squares:
        dx, dy = sq[0] - prev[0], sq[1] - prev[1]
        if max(abs(dx), abs(dy)) != 1:
            problems.append(("not_adjacent", sq))
            walked = False
            break
        new = [(sq[0] + ox, sq[1] + oy) for ox, oy in offsets]
        old = [(prev[0] + ox, prev[1] + oy) for ox, oy in offsets]
        off = next(((x, y) for x, y in new if not (0 <= x < w and 0 <= y < h)), None)
        if off is not None:  # nothing beyond the map's edge can be measured
            problems.append(("impassable_terrain", off))
            walked = False
            break
        diagonal = dx != 0 and dy != 0
        solid = next(((x, y) for x, y in new if layers.blocks_movement[y, x]), None)
        if solid is not None:
            problems.append(("impassable_terrain", solid))
        elif not prev_solid:
            steep = None
            for a, b in zip(old, new, strict=True):
                if not (0 <= a[0] < w and 0 <= a[1] < h):
                    continue  # a start cut at the map's edge: only its squares on the map step
                dh = abs(int(floor[b[1], b[0]]) - int(floor[a[1], a[0]]))
                stairs_ok = (
                    not diagonal and dh <= rules.max_stair_step and _along_stairs(board, a, b)
                )
                if dh > rules.max_step and not stairs_ok:
                    steep = b
                    break
            heights = [int(floor[y, x]) for x, y in new]
            if steep is None and max(heights) - min(heights) > rules.max_step:
                steep = new[heights.index(max(heights))]
            if steep is not None:
                problems.append(("too_steep", steep))
        if solid is None and diagonal:
            cut = next(
                (
                    b
                    for a, b in zip(old, new, strict=True)
                    for cx, cy in ((b[0], a[1]), (a[0], b[1]))
                    if not (0 <= cx < w and 0 <= cy < h) or layers.blocks_corners[cy, cx]
                ),
                None,
            )
            if cut is not None:
                problems.append(("corner_cutting", cut))
        if solid is None:
            blocker = next(
                (
                    b
                    for b in new
                    if any(_blocks_passage(mover, t, allies_pass) for t in figures.get(b, ()))
                ),
                None,
            )
            if blocker is not None:
                problems.append(("occupied", blocker))
        cost += rules.diagonal_cost if diagonal else rules.orthogonal_cost
        if not short and cost > move_points + COST_TOLERANCE:
            problems.append(("insufficient_movement", sq))
            short = True
        prev, prev_solid = sq, solid is not None
    if walked and squares and prev != mover.pos and not prev_solid:
        end = [(prev[0] + ox, prev[1] + oy) for ox, oy in offsets]
        taken = next((b for b in end if any(not t.dead for t in figures.get(b, ()))), None)
        if taken is not None:
            if ("occupied", taken) not in problems:
                problems.append(("occupied", taken))
        else:
            bad = next((b for b in end if figures.get(b) or layers.fire[b[1], b[0]]), None)
            if bad is not None:
                problems.append(("cannot_end_here", bad))
    return _path_check(problems, total)
