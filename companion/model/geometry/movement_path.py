"""One explicit path checked step by step (a single square or a footprint)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.model.figures import Token
from companion.model.geometry.board import Board, Square
from companion.model.geometry.movement_blocking import COST_TOLERANCE, PathCheck, _blocks_passage


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
