"""Where a character can move this action (the move hint), measured once.

``reachable_cells`` measures every stud one length away, a few milliseconds on a big
table, and the window asks for the acting figure's hint whenever it shows it.
``MoveHints`` keeps the last few answers by what they are measured from (the table, the
mover's base, the other bases near enough to be in its way, how it moves, its actions
left): asked again about the same state, or about a new one where nobody near moved (an
attack, a pass, an undo, a game opened again), it answers from what it kept.
``move_options`` is the measure itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.model.geometry.tabletop import Base
from companion.model.geometry.tabletop_reach import reachable_cells
from companion.model.kept import Kept
from companion.rules.table import MoveOption
from companion.rulesets.in_a_world_where_bricks_rule.lengths import studs_text
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    actions_left,
    difficult_move_cost,
    movement_freedom,
)

Square = tuple[int, int]
#: How many hints are kept (a few figures over a few states).
HINTS_KEPT = 16


@dataclass(frozen=True)
class HintInputs:
    """The values a move hint is measured from (besides the table and the catalog)."""

    base: Base
    others: tuple[Base, ...]
    reach: float
    tall: float
    ignore_tall: bool
    ignore_figures: bool
    #: Move actions a move through difficult ground costs (``difficult_move_cost``).
    difficult_cost: int
    #: Move actions the figure has left this action (``moves``' own reading).
    left: int


def hint_inputs(ctx: Ctx, fid: str) -> HintInputs | None:
    """What the hint of ``fid`` is measured from; None for a missing or knocked-out one."""
    b = ctx.battle
    f = b.fighters.get(fid)
    if f is None or f.knocked_out:
        return None
    free = movement_freedom(ctx, f)
    reach = ctx.length * ctx.catalog.rules.movement.lengths_per_move
    return HintInputs(
        base=f.base,
        others=tuple(o for o in b.bases(exclude=f.id) if _may_block(f.base, o, reach)),
        reach=reach,
        tall=ctx.options.tall_height_bricks,
        ignore_tall=bool(free and free.ignores_tall_objects),
        ignore_figures=bool(free and free.ignores_characters),
        difficult_cost=difficult_move_cost(ctx, f),
        left=actions_left(ctx, f) or ctx.catalog.rules.actions.per_activation,
    )


def _may_block(mover: Base, other: Base, reach: float) -> bool:
    """Whether ``other`` may stand in the way of a move of ``mover`` of at most ``reach``
    studs, or on its end.  Every such move ends, and runs, within ``reach`` of the mover's
    centre; a base blocks it only where the centres come nearer than the two radii
    (``reachable_cells``).  So a base farther than ``reach`` and both radii never blocks
    (one stud more: no rounding matters), and leaving it out changes no hint while the
    hint kept stays valid when it moves."""
    far = reach + mover.radius + other.radius + 1.0
    return math.hypot(other.x - mover.x, other.y - mover.y) <= far


def move_options(ctx: Ctx, fid: str) -> dict[Square, MoveOption]:
    """Every cell ``fid`` can move to straight this action, with its cost in studs and its
    path (from where it stands to the cell); none for a missing or knocked-out one."""
    got = hint_inputs(ctx, fid)
    return {} if got is None else _measure(ctx, got)


def _measure(ctx: Ctx, got: HintInputs) -> dict[Square, MoveOption]:
    b = ctx.battle
    found = reachable_cells(
        b.table,
        got.base,
        got.reach,
        got.others,
        tall=got.tall,
        ignore_tall=got.ignore_tall,
        ignore_figures=got.ignore_figures,
        layers=b.table_layers,
    )
    start = (int(got.base.x), int(got.base.y))  # the figure's cell (``Fighter.cell``)
    return {
        cell: MoveOption(
            square=cell,
            cost=round(move.length),
            path=(start, cell),
            length=studs_text(move.length),
        )
        for cell, move in found.items()
        # through difficult ground: two actions (``move_cost``)
        if (got.difficult_cost if move.difficult else 1) <= got.left
    }


class MoveHints:
    """The move hints of the last few figures and states, by what they are measured from."""

    def __init__(self) -> None:
        self._kept: Kept[dict[Square, MoveOption]] = Kept(HINTS_KEPT)

    def clear(self) -> None:
        self._kept.clear()

    def moves(self, ctx: Ctx, fid: str) -> dict[Square, MoveOption]:
        """``move_options(ctx, fid)``, measured once for the same inputs (do not change
        the dict returned: it is shared)."""
        got = hint_inputs(ctx, fid)
        if got is None:
            return {}
        b = ctx.battle
        held = (b.table, b.layers, ctx.catalog)
        key = (*map(id, held), got)
        hit = self._kept.get(key, held)
        return hit if hit is not None else self._kept.put(key, _measure(ctx, got), held)
