"""Attack geometry: may this figure attack that one in melee, with reach or at range?

BrickQuest (ATTACKING, DESIGN.md):

* **melee**: the target is on one of the three front squares, floors at most 2 bricks
  apart;
* **reach**: the target is exactly 2 squares away (Chebyshev) inside the firing arc, with
  a clear line of sight, floors at most 2 bricks apart;
  (2 bricks: the board's ``rules.melee_height``; 2 squares: ``rules.reach``)
* **ranged**: ``min <= distance <= max`` on the BrickRuler (slack 1e-9), inside the
  firing arc, with a clear line of sight.

Figures covering more than one square (``Token.size``) are measured as
:mod:`.footprint` reads them: adjacency, arc, reach and distance between their nearest
squares, height from the highest floor under each, sight from any square to any square.

An attack includes one free 90° turn: a target that is only valid after turning left or
right is valid with ``turn`` set.  Sight lines follow the board's ``los_mode``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry.board import Board, Square
from companion.model.geometry.distance import in_range, ruler_distance
from companion.model.geometry.facing import chebyshev, in_firing_arc
from companion.model.geometry.footprint import (
    figure_distance,
    figure_sight,
    footprint_chebyshev,
    front_of,
    in_arc,
    stand_height,
)
from companion.model.geometry.rules import DEFAULT_GRID
from companion.model.geometry.sight import SightLine, line_of_sight, lines_of_sight

AttackMode = Literal["melee", "reach", "ranged"]
Turn = Literal["left", "right"]
MODES: tuple[AttackMode, ...] = ("melee", "reach", "ranged")
#: The modes whose attack needs a clear sight line (``attack_sight``): every facing tried
#: refuses such an attack when the line is blocked.
SIGHTED: frozenset[str] = frozenset({"reach", "ranged"})
#: Melee and reach targets may stand at most this many bricks higher or lower (the
#: default grid's value; the geometry reads ``board.rules.melee_height``).
MAX_MELEE_HEIGHT = DEFAULT_GRID.melee_height


@dataclass(frozen=True, slots=True)
class AttackTarget:
    """The geometry of one attack.

    ``turn``: the free turn the attack needs (None: none).  When the attack is not
    possible, ``reason`` is a FORMAT.md code (``not_adjacent``, ``not_in_arc``,
    ``height_difference``, ``out_of_range``, ``too_close``, ``no_line_of_sight``,
    ``target_dead``), ``turn`` the turn under which that was found (the one that brings
    the target into the arc, if any) and ``blocked_by`` the square blocking the sight line.
    ``distance``: the BrickRuler distance in squares.
    """

    target_id: str
    mode: AttackMode
    distance: float
    turn: Turn | None
    ok: bool
    reason: str | None = None
    blocked_by: Square | None = None
    #: Every ``(reason, blocked square or None)`` under ``turn``, in the order distance
    #: (adjacency, range), arc, height, sight; ``reason`` is the first.
    problems: tuple[tuple[str, Square | None], ...] = ()


@dataclass(frozen=True, slots=True)
class _Measures:
    """What an attack's checks read about two figures, for one-square figures and
    footprints alike (:mod:`.footprint`): squares apart, floors apart, whether the target
    is in front (melee) or in the arc (reach, ranged) for a facing, and the sight line
    (measured once, when first asked: every facing tried reads the same line)."""

    steps: int
    dh: int
    in_front: Callable[[Facing], bool]
    in_arc: Callable[[Facing], bool]
    sight: Callable[[], SightLine]


def attack_sight(board: Board, attacker: Token, target: Token) -> SightLine:
    """The sight line a reach or ranged attack of ``attacker`` on ``target`` needs clear:
    square to square between one-square figures, else from any square of one to any
    square of the other (:func:`.footprint.figure_sight`)."""
    if attacker.size > 1 or target.size > 1:
        return figure_sight(board, attacker, target)
    return line_of_sight(board, attacker.pos, target.pos)


def attack_sights(board: Board, attacker: Token, targets: Sequence[Token]) -> list[SightLine]:
    """``attack_sight`` of each of ``targets``, the same answers: the lines between
    one-square figures measured together (:func:`.sight.lines_of_sight`)."""
    single = [t for t in targets if t.size == 1] if attacker.size == 1 else []
    lines = dict(
        zip(
            (t.id for t in single),
            lines_of_sight(board, attacker.pos, [t.pos for t in single]),
            strict=True,
        )
    )
    return [lines.get(t.id) or attack_sight(board, attacker, t) for t in targets]


def _measures(
    board: Board, attacker: Token, target: Token, sight: Callable[[], SightLine] | None
) -> _Measures:
    line = _once(sight or (lambda: attack_sight(board, attacker, target)))
    if attacker.size > 1 or target.size > 1:
        squares = board.squares_of(target)
        return _Measures(
            steps=footprint_chebyshev(board, attacker, target),
            dh=abs(stand_height(board, target) - stand_height(board, attacker)),
            in_front=lambda f: any(sq in front_of(attacker, f) for sq in squares),
            in_arc=lambda f: in_arc(attacker, f, squares, board.rules),
            sight=line,
        )
    a, t = attacker.pos, target.pos
    floor = board.layers.floor
    return _Measures(
        steps=chebyshev(a, t),
        dh=abs(int(floor[t[1], t[0]]) - int(floor[a[1], a[0]])),
        in_front=lambda f: in_firing_arc(a, f, t, board.rules),
        in_arc=lambda f: in_firing_arc(a, f, t, board.rules),
        sight=line,
    )


def _once(measure: Callable[[], SightLine]) -> Callable[[], SightLine]:
    """``measure``, measured at its first call only: the later calls answer that line."""
    kept: list[SightLine] = []

    def sight() -> SightLine:
        if not kept:
            kept.append(measure())
        return kept[0]

    return sight


def _check(
    board: Board,
    m: _Measures,
    mode: str,
    facing: Facing,
    min_range: float | None,
    max_range: float | None,
    distance: float,
) -> list[tuple[str, Square | None]]:
    """Every ``(reason, blocked_by)`` for one facing, in the order distance (adjacency,
    range), arc, height, sight; empty when the attack is valid."""
    rules = board.rules
    out: list[tuple[str, Square | None]] = []
    if mode == "melee":
        if m.steps != 1:
            out.append(("not_adjacent", None))
        if not m.in_front(facing):
            out.append(("not_in_arc", None))
        if m.dh > rules.melee_height:
            out.append(("height_difference", None))
    elif mode == "reach":
        if m.steps < rules.reach:
            out.append(("too_close", None))
        elif m.steps > rules.reach:
            out.append(("out_of_range", None))
        if not m.in_arc(facing):
            out.append(("not_in_arc", None))
        if m.dh > rules.melee_height:
            out.append(("height_difference", None))
    else:
        if min_range is not None and not in_range(distance, min_range, None):
            out.append(("too_close", None))
        elif not in_range(distance, None, max_range):
            out.append(("out_of_range", None))
        if not m.in_arc(facing):
            out.append(("not_in_arc", None))
    if mode in SIGHTED:
        sight = m.sight()
        if not sight.clear:
            out.append(("no_line_of_sight", sight.blocked_by))
    return out


def attack_geometry(
    board: Board,
    attacker_id: str,
    target_id: str,
    mode: str,
    *,
    min_range: float | None = None,
    max_range: float | None = None,
    allow_turn: bool = True,
    sight: Callable[[], SightLine] | None = None,
) -> AttackTarget:
    """Whether ``attacker_id`` can attack ``target_id`` with ``mode`` from where it stands.

    ``min_range``/``max_range`` bound ranged attacks (None: unbounded).  With
    ``allow_turn`` the free 90° turn is tried when the current facing does not do.
    ``sight``: the caller's way to ``attack_sight(board, attacker, target)`` when it keeps
    the lines it measured (asked at most once, only for a reach or ranged attack); None:
    measured here.
    """
    if mode not in MODES:
        raise ValueError(f"attack mode must be one of {', '.join(MODES)}, not {mode!r}")
    attacker = board.token(attacker_id)
    target = board.token(target_id)
    large = attacker.size > 1 or target.size > 1
    if large:
        distance = figure_distance(board, attacker, target)
    else:
        distance = ruler_distance(board, attacker.pos, target.pos)
    measures = _measures(board, attacker, target, sight)
    if target.dead:
        return AttackTarget(
            target_id, mode, distance, None, False, "target_dead", problems=(("target_dead", None),)
        )
    tries: list[tuple[Turn | None, Facing]] = [(None, attacker.facing)]
    if allow_turn:
        tries += [("left", attacker.facing.left), ("right", attacker.facing.right)]
    failures = []
    for turn, facing in tries:
        found = _check(board, measures, mode, facing, min_range, max_range, distance)
        if not found:
            return AttackTarget(target_id, mode, distance, turn, True)
        failures.append((turn, found))
    # Report the facing with the fewest failures (one with the target in the arc, if some
    # facing has it there), the current facing first among equals.
    turn, found = min(failures, key=lambda f: len(f[1]))
    blocked = next((sq for _, sq in found if sq is not None), None)
    return AttackTarget(
        target_id, mode, distance, turn, False, found[0][0], blocked, problems=tuple(found)
    )


def attack_targets(
    board: Board,
    attacker_id: str,
    *,
    melee: bool,
    reach: bool,
    ranged: tuple[float, float] | None,
    allow_turn: bool = True,
) -> list[AttackTarget]:
    """Every living enemy against every attack mode the attacker has, valid or not.

    One entry per (enemy, mode) for the modes asked for (``ranged``: ``(min, max)`` or
    None), each with its ``ok`` flag and reason; valid ones first, then by distance,
    target id and mode (melee, reach, ranged).
    """
    attacker = board.token(attacker_id)
    modes = [m for m, on in (("melee", melee), ("reach", reach), ("ranged", ranged)) if on]
    out = []
    for t in board.tokens:
        if t.dead or t.side == attacker.side or t.id == attacker.id:
            continue
        for mode in modes:
            lo, hi = ranged if (mode == "ranged" and ranged is not None) else (None, None)
            out.append(
                attack_geometry(
                    board,
                    attacker_id,
                    t.id,
                    mode,
                    min_range=lo,
                    max_range=hi,
                    allow_turn=allow_turn,
                )
            )
    out.sort(key=lambda a: (not a.ok, a.distance, a.target_id, MODES.index(a.mode)))
    return out
