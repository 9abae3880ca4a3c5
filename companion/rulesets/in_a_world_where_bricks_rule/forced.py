"""What even a forced action cannot do: the table's limits, not the rules'.

The BrickMaster may force an illegal action (out of turn, too far, through a wall), but
not one that names no one, puts a base inside a wall or on another base, or asks a
character for an ability it does not have.  ``check_resolvable`` raises ``Unresolvable``
for those before anything changes.
"""

from __future__ import annotations

from companion.rules.places import place_name
from companion.rulesets.in_a_world_where_bricks_rule.actions import (
    Action,
    Attack,
    Climb,
    EndActivation,
    EndBattle,
    Move,
    PickUp,
    RollActivation,
    UndeadRise,
    WizardBlast,
)
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    blast_of,
    check_move,
    revives,
    rise_blocked_by,
)


class Unresolvable(ValueError):
    """A forced action that cannot be carried out at all."""


def check_resolvable(ctx: Ctx, action: Action) -> None:
    """Raise ``Unresolvable`` when ``action`` cannot be carried out even if forced."""
    b = ctx.battle
    if isinstance(action, RollActivation):
        return
    if isinstance(action, EndBattle):
        if action.winner not in b.sides:
            raise Unresolvable(f"{action.winner!r} is not a side")
        return
    f = b.fighters.get(action.actor)
    if f is None:
        raise Unresolvable(f"no character {action.actor!r}")
    if isinstance(action, UndeadRise):
        if revives(ctx, f) is None or not f.knocked_out:
            raise Unresolvable(f"{f.name} is not a fallen Undead")
        if rise_blocked_by(ctx, f) is not None:
            raise Unresolvable(f"someone stands where {f.name} fell")
        return
    if f.knocked_out and not (isinstance(action, EndActivation) and revives(ctx, f)):
        raise Unresolvable(f"{f.name} is knocked out")
    if isinstance(action, Move | Climb):
        x, y = action.to
        if not b.table.in_bounds(x, y) or b.table_layers.wall[y, x]:
            raise Unresolvable(f"no base can stand at {place_name((x, y))}")
        if check_move(ctx, f, action.to).onto is not None:
            raise Unresolvable(f"another base stands at {place_name((x, y))}")
    elif isinstance(action, PickUp):
        if not any(i.id == action.item for i in b.items):
            raise Unresolvable(f"no item {action.item!r} on the table")
    elif isinstance(action, Attack | WizardBlast):
        t = b.fighters.get(action.target)
        if t is None or t.id == f.id or t.knocked_out:
            raise Unresolvable(f"{f.name} cannot strike {action.target!r}")
        if isinstance(action, WizardBlast) and blast_of(ctx, f) is None:
            raise Unresolvable(f"{f.name} is not a Wizard")
