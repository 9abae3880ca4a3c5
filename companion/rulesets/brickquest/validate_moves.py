"""Move actions: the path, step by step, against BrickQuest's movement rules."""

from __future__ import annotations

from companion.model.dungeon import Terrain
from companion.model.geometry import PathCheck, reachable, validate_path
from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import BOARDS, Ctx, chebyshev, move_allowance
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.state import FigureState

_MESSAGES = {
    BrickQuestReason.INSUFFICIENT_MOVEMENT: (
        "the path costs more than {name}'s {points} squares of movement"
    ),
    BrickQuestReason.TOO_STEEP: "the step onto {sq} changes height by 2 bricks or more",
    BrickQuestReason.IMPASSABLE_TERRAIN: "{sq} cannot be entered",
    BrickQuestReason.OCCUPIED: "{sq} is occupied by a figure that does not let {name} pass",
    BrickQuestReason.CANNOT_END_HERE: "{name} may cross {sq} but not end the move there",
    BrickQuestReason.CORNER_CUTTING: "the diagonal step to {sq} cuts a blocked corner",
}


def check_move(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every problem of the path, in path order (``geometry.validate_path``): a move
    through a wall and too far names the wall's square and the movement it lacks.

    A path of one far square (what the window sends for a square the figure cannot
    reach) is read as the straight way there: when some way reaches it, the refusal
    asks for the path square by square; otherwise it lists every problem on the straight
    way (walls, heights, figures, the movement it lacks)."""
    assert isinstance(action, act.Move)
    card = ctx.card(actor)
    points = move_allowance(card, actor)
    if actor.has("ethereal"):
        return _check_ethereal(ctx, actor, action, points)
    path = list(action.path)
    if len(path) == 1 and chebyshev(actor.pos, path[0]) > 1 and ctx.size(actor) == 1:
        return _check_destination(ctx, actor, path[0], points)
    result = validate_path(ctx.board, actor.id, path, points)
    return _verdict(actor, result, points)


def _verdict(actor: FigureState, result: PathCheck, points: float) -> Verdict:
    if result.ok:
        return LEGAL
    reasons = []
    for name, sq in result.problems:
        code = BrickQuestReason.of(name)
        where = f"{place_name(sq)}"
        template = _MESSAGES.get(code, "the move is not allowed at {sq}")
        text = template.format(name=actor.name, points=points, sq=where)
        if code is BrickQuestReason.INSUFFICIENT_MOVEMENT:
            text += f" (it costs {result.cost:g})"
        reasons.append(Reason(code=code, message=text, square=sq))
    return Verdict(reasons=tuple(reasons))


def _check_destination(
    ctx: Ctx, actor: FigureState, dest: tuple[int, int], points: float
) -> Verdict:
    if reachable(ctx.board, actor.id, points).can_end(dest):
        return illegal(
            BrickQuestReason.NOT_ADJACENT,
            f"{actor.name} can get there, but a move names every square it steps on",
            dest,
        )
    walk = straight_walk(actor.pos, dest)
    result = validate_path(ctx.board, actor.id, walk, points)
    if result.ok:  # not reachable, yet the straight way is clear: say so plainly
        return illegal(BrickQuestReason.NOT_ADJACENT, f"{actor.name} cannot get there", dest)
    return _verdict(actor, result, points)


def straight_walk(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares of the straightest king's walk from ``start`` to ``end`` (Bresenham's
    line), ``start`` excluded."""
    x0, y0 = start
    x1, y1 = end
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    out = []
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out


def _check_ethereal(ctx: Ctx, actor: FigureState, action: act.Move, points: int) -> Verdict:
    """Ethereal figures float through walls at their own rate; they end on open floor.

    Every reason: the cost, then the end square (solid or a fire spout, someone there,
    a body there).  A step that is no step stops the rest: nothing after it is a path."""
    dungeon = ctx.state.dungeon
    cost = 0
    prev = actor.pos
    for sq in action.path:
        if not dungeon.in_bounds(*sq) or chebyshev(prev, sq) != 1:
            return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(sq)} is not a step", sq)
        cost += 1 if sq[0] == prev[0] or sq[1] == prev[1] else 2
        prev = sq
    out: list[Reason] = []
    if cost > points:
        out += illegal(
            BrickQuestReason.INSUFFICIENT_MOVEMENT,
            f"{actor.name} floats {points} squares per action; the path costs {cost}",
        ).reasons
    end = action.path[-1]
    solid = bool(BOARDS.layers(dungeon).blocks_movement[end[1], end[0]])
    if solid or dungeon.terrain_at(*end) is Terrain.FIRE_SPOUT:
        out += illegal(
            BrickQuestReason.CANNOT_END_HERE,
            f"{actor.name} may float through {place_name(end)} but not stop there",
            end,
        ).reasons
    others = [f for f in ctx.state.figures.values() if f.pos == end and f.id != actor.id]
    if any(f.inside is None and not f.dead for f in others):
        out += illegal(BrickQuestReason.OCCUPIED, f"{place_name(end)} is occupied", end).reasons
    elif any(f.dead for f in others):
        out += illegal(
            BrickQuestReason.CANNOT_END_HERE, f"a body lies at {place_name(end)}", end
        ).reasons
    return Verdict(reasons=tuple(out))
