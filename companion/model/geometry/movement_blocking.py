"""What a move gives (``Reach``, ``PathCheck``) and who blocks whom: figures in the way,
squares no figure may end on, a footprint's steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from companion.model.figures import Token
from companion.model.geometry.board import DIRECTIONS, STEP_COSTS, Board, Square, shift_to_source

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
