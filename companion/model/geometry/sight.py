"""Line of sight between two squares, and from one square to all of them.

DESIGN.md: the sight line is the segment between square centres.  A square blocks when
the segment crosses its interior (touching a corner does not) and it holds a wall, an
obstacle or a living figure other than the two at the ends.

* ``"flat"``: any such square blocks, whatever the heights.
* ``"3d"``: every square is a column (floor + wall/obstacle/object + 4 bricks for a
  figure, 6 for a large one; walls without a height reach any height).  The line runs
  from the viewer's eye, 3.5 bricks above its floor, to the target's body (2) or head
  (3.5); a crossed square blocks a line when its top is above the line where the line
  enters or leaves it, whichever is lower.  The target is visible if either line is clear.
  Both lines start at the eye and the head line ends higher, so the head line is above
  the body line everywhere: whatever blocks the head line blocks the body line too, and
  "either line clear" is the same as "the head line is clear".  That line is the one
  tested, and ``blocked_by`` names its first blocking square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.model.geometry.board import LOS_MODES, Board, Square
from companion.model.geometry.crossings import blocks_line, segment_crossings
from companion.model.geometry.distance import ruler_distance
from companion.model.geometry.shadows import scan_blocked_3d, shadowed

#: Eye, body and head heights above the floor, doubled (bricks * 2) for integer tests.
EYE2 = 7
HEAD2 = 7


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


@lru_cache(maxsize=4096)
def _crossings(dx: int, dy: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    out = segment_crossings(dx, dy)
    for a in out[:4]:
        a.setflags(write=False)
    return out


def blocked_along(board: Board, a: Square, b: Square, mode: str) -> np.ndarray:
    """Bool per crossed square (in order from ``a``): it blocks the sight line a -> b."""
    cdx, cdy, n_in, n_out, q = _crossings(b[0] - a[0], b[1] - a[1])
    xs = cdx + a[0]
    ys = cdy + a[1]
    if mode == "flat":
        return board.sight_flat[ys, xs]
    floor = board.layers.floor
    fa = int(floor[a[1], a[0]])
    climb = int(floor[b[1], b[0]]) - fa + (HEAD2 - EYE2) // 2
    rise2 = 2 * board.sight_top[ys, xs] - (2 * fa + EYE2)
    return blocks_line(rise2, climb, n_in, n_out, q)


def line_of_sight(board: Board, a: Square, b: Square, *, mode: str | None = None) -> SightLine:
    """Whether ``b`` can be seen from ``a`` (``mode`` None: the board's ``los_mode``).

    The figures standing on ``a`` and ``b`` do not block; corpses never do.
    """
    a = board.check_square(a, "from")
    b = board.check_square(b, "to")
    mode = resolve_mode(board, mode)
    distance = ruler_distance(board, a, b, flat=mode == "flat")
    if a == b:
        return SightLine(True, None, distance)
    blocked = blocked_along(board, a, b, mode)
    if not blocked.any():
        return SightLine(True, None, distance)
    i = int(np.argmax(blocked))
    cdx, cdy = _crossings(b[0] - a[0], b[1] - a[1])[:2]
    return SightLine(False, (a[0] + int(cdx[i]), a[1] + int(cdy[i])), distance)


def visible_squares(board: Board, origin: Square, *, mode: str | None = None) -> np.ndarray:
    """Bool [y, x]: for every square, whether ``line_of_sight(origin, square)`` is clear.

    Exactly the single-pair answer for every square, computed for the whole map at once.
    """
    origin = board.check_square(origin, "origin")
    mode = resolve_mode(board, mode)
    if mode == "flat":
        return ~shadowed(board.sight_flat, origin)
    top = board.sight_top
    floor = board.layers.floor
    ox, oy = origin
    eye2 = 2 * int(floor[oy, ox]) + EYE2
    # Every sight line from here stays between these heights (doubled).
    high = max(eye2, 2 * int(floor.max()) + HEAD2)
    low = min(eye2, 2 * int(floor.min()) + HEAD2)
    top2 = 2 * top
    always = top2 > high
    sometimes = ~always & (top2 > low)
    sometimes[oy, ox] = False
    hidden = shadowed(always, origin)
    if sometimes.any():
        ty, tx = np.nonzero(~hidden)
        hidden[ty, tx] = scan_blocked_3d(top, floor, origin, tx, ty)
    hidden[oy, ox] = False
    return ~hidden
