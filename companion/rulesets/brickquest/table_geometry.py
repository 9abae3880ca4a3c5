"""Geometry the window shows (a figure's moves, an action's area) and the squares near a
figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.model.geometry import squares_of, tokens_in
from companion.model.geometry.movement import reachable
from companion.rules.table import MoveOption
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import Ctx, move_allowance
from companion.rulesets.brickquest.spells import _area_mask
from companion.rulesets.brickquest.state import FigureState

Square = tuple[int, int]


def _near(fig: FigureState, size: int = 1) -> Iterable[Square]:
    """The figure's squares and those around them."""
    for dy in range(-1, size + 1):
        for dx in range(-1, size + 1):
            yield (fig.x + dx, fig.y + dy)


def _around(sq: Square) -> list[Square]:
    """The eight squares around ``sq``."""
    x, y = sq
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def moves(ctx: Ctx, figure_id: str) -> dict[Square, MoveOption]:
    fig = ctx.figure(figure_id)
    if fig.inside is not None or fig.dead:
        return {}
    reach = reachable(ctx.board, fig.id, move_allowance(ctx.card(fig), fig))
    out = {}
    for sq in reach.squares():
        if sq == fig.pos or not reach.can_end(sq):
            continue
        path = reach.path_to(sq)
        if path is None:
            continue
        out[sq] = MoveOption(
            square=sq, cost=int(reach.cost_to(sq)), path=tuple(p for p in path if p != fig.pos)
        )
    return out


def area(ctx: Ctx, raw: Mapping[str, Any]) -> tuple[list[Square], list[str]]:
    """Squares and living figures under an area action (a cast, or a breath)."""
    action = act.ACTIONS.validate_python(dict(raw))
    actor = ctx.figure(action.actor)
    mask = None
    if isinstance(action, act.Cast):
        spell = ctx.catalog.spells.get(action.spell)
        if spell is not None:
            mask = _area_mask(ctx, actor, spell, action)
    elif isinstance(action, act.Breath):
        from companion.model.geometry import figure_cone

        cone = ctx.card(actor).ability("breath")
        length = cone.cone_length if isinstance(cone, s.Breath) else 3
        mask = figure_cone(ctx.board, ctx.token(actor), action.facing or actor.facing, length)
    if mask is None:
        return [], []
    # A spell falls on every living figure in its area, the caster too; a breath spares
    # the creature breathing.
    spared = actor.id if isinstance(action, act.Breath) else None
    figures = [t.id for t in tokens_in(ctx.board, mask) if not t.dead and t.id != spared]
    return squares_of(mask), figures
