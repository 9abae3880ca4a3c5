"""Line of sight between two squares, and from one square to all of them.

DESIGN.md: the sight line is the segment between square centres.  A square blocks when
the segment crosses its interior (touching a corner does not) and it holds a wall, an
obstacle or a living figure other than the two at the ends.

* ``"flat"``: any such square blocks, whatever the heights.
* ``"3d"``: every square is a column (floor + wall/obstacle/object + 4 bricks for a
  figure, 6 for a large one; walls without a height reach any height).  The line runs
  from the viewer's eye, 3.5 bricks above its floor, to the target's body (2) or head
  (3.5) -- BrickQuest's heights: the board's :class:`~.rules.GridRules` gives them.  A
  crossed square blocks a line when its top is above the line where the line enters or
  leaves it, whichever is lower.  The target is visible if either line is clear.
  Both lines start at the eye and the head line ends no lower, so the head line is above
  the body line everywhere: whatever blocks the head line blocks the body line too, and
  "either line clear" is the same as "the head line is clear".  That line is the one
  tested, and ``blocked_by`` names its first blocking square.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.model.geometry.board import LOS_MODES, Board, Square
from companion.model.geometry.crossings import blocks_line, crossings, entry_exit
from companion.model.geometry.distance import ruler
from companion.model.geometry.rules import DEFAULT_GRID
from companion.model.geometry.shadows import Shadows, scan_blocked_3d, shadowed

#: The default grid's eye and head heights above the floor, doubled (half bricks) for
#: integer tests; the geometry reads ``board.rules.eye2``/``head2``.  (The body line
#: never needs testing: see the module docstring.)
EYE2 = DEFAULT_GRID.eye2
HEAD2 = DEFAULT_GRID.head2
#: visible_squares tests blocker/target pairs one by one while there are fewer than this
#: many per square of the map; beyond that it scans each target's squares instead.
PAIR_BUDGET = 3


@dataclass(frozen=True, slots=True)
class SightLine:
    """The answer of :func:`line_of_sight`.

    ``blocked_by``: the first blocking square counted from the viewer, None when clear.
    ``distance``: the BrickRuler distance in squares (with heights unless flat).
    """

    clear: bool
    blocked_by: Square | None
    distance: float


def resolve_mode(board: Board, mode: str | None) -> str:
    """The sight mode to use: ``mode`` if given, else the board's."""
    if mode is None:
        return board.los_mode
    if mode not in LOS_MODES:
        raise ValueError(f"sight mode must be '3d' or 'flat', not {mode!r}")
    return mode


@lru_cache(maxsize=1024)
def _crossings(
    dx: int, dy: int, width: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Crossed squares of the offset: ``(cdx, cdy, flat, n_in, n_out, Q)``.

    ``flat`` is the flat-index offset on a map ``width`` wide; see :mod:`.crossings` for
    the entry/exit numerators ``n_in``, ``n_out`` over ``Q``.
    """
    cdx, cdy, n_in, n_out, q = crossings(dx, dy)
    flat = cdy * width + cdx
    for arr in (cdx, cdy, flat, n_in, n_out):
        arr.setflags(write=False)
    return cdx, cdy, flat, n_in, n_out, q


def blocked_along(board: Board, a: Square, b: Square, mode: str) -> np.ndarray:
    """Bool per crossed square (in order from ``a``): it blocks the sight line a -> b."""
    _, _, flat, n_in, n_out, q = _crossings(b[0] - a[0], b[1] - a[1], board.width)
    at = flat + (a[1] * board.width + a[0])
    if mode == "flat":
        return _blocks_flat(board, at)
    fa = int(board.layers.floor[a[1], a[0]])
    climb2 = _climb2(board, fa, b)
    return _blocks_3d(board, at, fa, climb2, _edge(climb2, n_in, n_out), q)


def _climb2(board: Board, fa: int, b: Square) -> int:
    """Twice the rise (half bricks) of the line from the eye above the floor ``fa`` to
    the head of a figure on ``b``."""
    rules = board.rules
    return 2 * (int(board.layers.floor[b[1], b[0]]) - fa) + (rules.head2 - rules.eye2)


def _edge(climb2: int, n_in: np.ndarray, n_out: np.ndarray) -> np.ndarray:
    """Where a crossed square is tested: the square blocks when its top is above the
    line at entry or at exit, and for a climbing line the lower of the two is at entry,
    for a falling one at exit."""
    return n_in if climb2 >= 0 else n_out


def _blocks_flat(board: Board, at: np.ndarray) -> np.ndarray:
    """Whether each crossed square (flat index ``at``) blocks a flat sight line."""
    return board.sight_flat.ravel().take(at)


def _blocks_3d(
    board: Board,
    at: np.ndarray,
    fa: int,
    climb2: int | np.ndarray,
    edge: np.ndarray,
    q: int | np.ndarray,
) -> np.ndarray:
    """Whether each crossed square (flat index ``at``) rises above its line at ``edge / q``
    (``_edge``), the line climbing ``climb2`` from the eye above the floor ``fa``: one
    line's squares, or several lines' (``climb2`` and ``q`` then given per square)."""
    lhs = (2 * board.sight_top_at(at) - (2 * fa + board.rules.eye2)) * q
    return lhs > climb2 * edge


def line_of_sight(board: Board, a: Square, b: Square, *, mode: str | None = None) -> SightLine:
    """Whether ``b`` can be seen from ``a`` (``mode`` None: the board's ``los_mode``).

    The figures standing on ``a`` and ``b`` do not block (none of the squares of a
    figure covering more than one); corpses never do.
    """
    a = board.check_square(a, "from")
    b = board.check_square(b, "to")
    mode = resolve_mode(board, mode)
    return line_of_sight_between(clear_ends(board, a, b), a, b, mode)


def lines_of_sight(
    board: Board, a: Square, ends: Sequence[Square], *, mode: str | None = None
) -> list[SightLine]:
    """``line_of_sight(board, a, b)`` for each of ``ends``, the same answers: their crossed
    squares tested together (one NumPy pass instead of one per line)."""
    a = board.check_square(a, "from")
    ends = [board.check_square(b, "to") for b in ends]
    mode = resolve_mode(board, mode)
    if board.has_large or len(ends) < 2:  # a footprint on an end is taken off line by line
        return [line_of_sight_between(clear_ends(board, a, b), a, b, mode) for b in ends]
    w = board.width
    rules = board.rules
    lines = [_crossings(b[0] - a[0], b[1] - a[1], w) for b in ends]
    counts = [len(line[2]) for line in lines]
    at = np.concatenate([line[2] for line in lines]) + (a[1] * w + a[0])
    rises: list[int]  # each end's floor above the viewer's (``_climb2``, ``_distance``)
    if mode == "flat":
        rises = [0] * len(ends)
        blocked = _blocks_flat(board, at)
    else:
        floor = board.layers.floor
        fa = int(floor[a[1], a[0]])
        rises = (floor.ravel().take([b[1] * w + b[0] for b in ends]) - fa).tolist()
        lift = rules.head2 - rules.eye2
        climbs = [2 * dh + lift for dh in rises]
        edge = np.concatenate(
            [_edge(c, line[3], line[4]) for c, line in zip(climbs, lines, strict=True)]
        )
        q = np.repeat([line[5] for line in lines], counts)
        blocked = _blocks_3d(board, at, fa, np.repeat(climbs, counts), edge, q)
    hits = np.flatnonzero(blocked).tolist()
    out = []
    start = k = 0
    for b, line, n, dh in zip(ends, lines, counts, rises, strict=True):
        while k < len(hits) and hits[k] < start:
            k += 1
        distance = ruler(b[0] - a[0], b[1] - a[1], dh, rules)
        if k < len(hits) and hits[k] < start + n:  # the first blocking square of this line
            i = hits[k] - start
            out.append(SightLine(False, (a[0] + int(line[0][i]), a[1] + int(line[1][i])), distance))
        else:
            out.append(SightLine(True, None, distance))
        start += n
    return out


def _distance(board: Board, a: Square, b: Square, mode: str) -> float:
    """The BrickRuler distance of a sight line (with heights unless flat)."""
    floor = board.layers.floor
    dh = 0 if mode == "flat" else int(floor[b[1], b[0]]) - int(floor[a[1], a[0]])
    return ruler(b[0] - a[0], b[1] - a[1], dh, board.rules)


def clear_ends(board: Board, *ends: Square) -> Board:
    """The board without the figures of more than one square covering ``ends``.

    A figure standing on an end of a sight line does not block it: for a footprint
    (``Token.size`` 2) none of its squares does.  Figures of one square are left: the
    line never tests its own ends.
    """
    if not board.has_large:
        return board
    drop = {t.id for sq in ends for t in board.tokens_covering(sq) if t.size > 1}
    if not drop:
        return board
    return board.with_tokens([t for t in board.tokens if t.id not in drop])


def line_of_sight_between(board: Board, a: Square, b: Square, mode: str) -> SightLine:
    """:func:`line_of_sight` on squares already checked, with no figure taken off."""
    distance = _distance(board, a, b, mode)
    if a == b:
        return SightLine(True, None, distance)
    blocked = blocked_along(board, a, b, mode)
    i = int(blocked.argmax()) if blocked.size else 0
    if not blocked.size or not blocked[i]:
        return SightLine(True, None, distance)
    cdx, cdy = _crossings(b[0] - a[0], b[1] - a[1], board.width)[:2]
    return SightLine(False, (a[0] + int(cdx[i]), a[1] + int(cdy[i])), distance)


def visible_squares(board: Board, origin: Square, *, mode: str | None = None) -> np.ndarray:
    """Bool [y, x]: for every square, whether ``line_of_sight(origin, square)`` is clear.

    Exactly the single-pair answer for every square, computed for the whole map at once.
    """
    origin = board.check_square(origin, "origin")
    mode = resolve_mode(board, mode)
    seen = _visible(clear_ends(board, origin), origin, mode)
    if board.has_large:
        # A line to a square of a footprint is not blocked by the footprint's other squares.
        for t in board.tokens:
            if t.size > 1 and not t.dead and not t.covers(origin):
                for x, y in board.squares_of(t):
                    seen[y, x] = line_of_sight(board, origin, (x, y), mode=mode).clear
    return seen


def _visible(board: Board, origin: Square, mode: str) -> np.ndarray:
    """:func:`visible_squares` from an origin checked, no footprint of its own in the way."""
    if mode == "flat":
        return ~shadowed(board.shape, origin, *board.sight_flat_points)
    top = board.sight_top
    layers = board.layers
    floor = layers.floor
    ox, oy = origin
    rules = board.rules
    eye2_rel, head2_rel = rules.eye2, rules.head2
    eye2 = 2 * int(floor[oy, ox]) + eye2_rel
    # Every sight line from here stays between these heights (doubled).
    high = max(eye2, 2 * layers.floor_max + head2_rel)
    low = min(eye2, 2 * layers.floor_min + head2_rel)
    # Squares above every line block whatever they hide; squares below every line never
    # block.  The others ("sometimes") are settled exactly: pair by pair when their
    # shadows are small (figures on a flat floor), else target by target by the scan.
    shadows = Shadows(board.shape, origin)
    hidden = shadows.hidden(*board.points_above(high // 2))
    hidden[oy, ox] = False
    bx, by = board.points_between(low // 2, high // 2)
    if not bx.size or not shadows.n:  # nothing to settle, or no square but the origin
        return ~hidden
    budget = PAIR_BUDGET * max(shadows.n, 512)
    # A blocker's shadow holds a few targets at least: do not even try with too many.
    pairs = shadows.pairs(bx, by, budget) if bx.size * 16 <= budget else None
    if pairs is None:
        ty, tx = np.nonzero(~hidden)
        hidden[ty, tx] = scan_blocked_3d(top, floor, origin, tx, ty, eye2_rel, head2_rel)
        return ~hidden
    target, source, cx, cj = pairs
    flat = shadows.flat[target]
    open_ = ~hidden.ravel()[flat]
    flat, source, cx, cj = flat[open_], source[open_], cx[open_], cj[open_]
    n_in, n_out, q = entry_exit(
        shadows.target_depth[target[open_]].astype(np.int64),
        shadows.target_row[target[open_]].astype(np.int64),
        cx,
        cj,
    )
    rise2 = 2 * top[by[source], bx[source]] - eye2
    climb2 = 2 * (floor.ravel()[flat] - int(floor[oy, ox])) + (head2_rel - eye2_rel)
    hidden.ravel()[flat[blocks_line(rise2, climb2, n_in, n_out, q)]] = True
    return ~hidden
