"""Move actions: the path, step by step, against BrickQuest's movement rules."""

from __future__ import annotations

from companion.model.dungeon import Terrain
from companion.model.geometry import validate_path
from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, ReasonCode, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import Ctx, chebyshev, move_allowance
from companion.rulesets.brickquest.state import FigureState

_MESSAGES = {
    ReasonCode.INSUFFICIENT_MOVEMENT: (
        "the path costs more than {name}'s {points} squares of movement"
    ),
    ReasonCode.TOO_STEEP: "the step onto {sq} changes height by 2 bricks or more",
    ReasonCode.IMPASSABLE_TERRAIN: "{sq} cannot be entered",
    ReasonCode.OCCUPIED: "{sq} is occupied by a figure that does not let {name} pass",
    ReasonCode.CANNOT_END_HERE: "{name} may cross {sq} but not end the move there",
    ReasonCode.CORNER_CUTTING: "the diagonal step to {sq} cuts a blocked corner",
}


def check_move(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    assert isinstance(action, act.Move)
    card = ctx.card(actor)
    points = move_allowance(card, actor)
    if actor.has("ethereal"):
        return _check_ethereal(ctx, actor, action, points)
    result = validate_path(ctx.board, actor.id, list(action.path), points)
    if result.ok:
        return LEGAL
    assert result.reason is not None  # a failed path always names its reason
    code = ReasonCode(result.reason)
    sq = result.square
    where = place_name(sq) if sq is not None else "the path"
    template = _MESSAGES.get(code, "the move is not allowed at {sq}")
    text = template.format(name=actor.name, points=points, sq=where)
    if code is ReasonCode.INSUFFICIENT_MOVEMENT and result.cost is not None:
        text += f" (it costs {result.cost:g})"
    return illegal(code, text, sq)


def _check_ethereal(ctx: Ctx, actor: FigureState, action: act.Move, points: int) -> Verdict:
    """Ethereal figures float through walls at their own rate; they end on open floor."""
    dungeon = ctx.state.dungeon
    cost = 0
    prev = actor.pos
    for sq in action.path:
        if not dungeon.in_bounds(*sq) or chebyshev(prev, sq) != 1:
            return illegal(ReasonCode.INVALID_TARGET, f"{place_name(sq)} is not a step", sq)
        cost += 1 if sq[0] == prev[0] or sq[1] == prev[1] else 2
        prev = sq
    if cost > points:
        return illegal(
            ReasonCode.INSUFFICIENT_MOVEMENT,
            f"{actor.name} floats {points} squares per action; the path costs {cost}",
        )
    end = action.path[-1]
    solid = bool(dungeon.blocks_movement()[end[1], end[0]])
    if solid or dungeon.terrain_at(*end) is Terrain.FIRE_SPOUT:
        return illegal(
            ReasonCode.CANNOT_END_HERE,
            f"{actor.name} may float through {place_name(end)} but not stop there",
            end,
        )
    others = [f for f in ctx.state.figures.values() if f.pos == end and f.id != actor.id]
    if any(f.inside is None and not f.dead for f in others):
        return illegal(ReasonCode.OCCUPIED, f"{place_name(end)} is occupied", end)
    if any(f.dead for f in others):
        return illegal(ReasonCode.CANNOT_END_HERE, f"a body lies at {place_name(end)}", end)
    return LEGAL
