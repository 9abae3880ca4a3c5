"""Whether an action is legal now, with every reason it is not.

Order: whose turn it is (activation, side), being held in contact, then the action's own
checks (a move: its length, the table's edge, what blocks it, who stands in the way or on
the spot; an attack: the target, the weapon, then range and sight together), then the
actions left; an Undead's rise: whose turn, then someone on the spot where it fell.  Only
a battle over, an unknown character, an unrolled round and a knocked-out actor stop the
rest (and, within an action, a target that is no character, or a rise by one that is no
Undead or not knocked out).
"""

from __future__ import annotations

from companion.rules.verdict import Reason, Verdict
from companion.rulesets.in_a_world_where_bricks_rule.actions import (
    Action,
    Attack,
    BreakFree,
    Climb,
    EndActivation,
    EndBattle,
    Move,
    PickUp,
    RollActivation,
    UndeadRise,
    WizardBlast,
)
from companion.rulesets.in_a_world_where_bricks_rule.reasons import IawwbrReason
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    actions_per_activation,
    attack_reasons,
    blast_of,
    blast_reasons,
    check_move,
    climb_reasons,
    enemies_in_contact,
    item_reachable,
    move_cost,
    move_reasons,
    reason,
    revives,
    rise_blocked_by,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Fighter

R = IawwbrReason


def validate(ctx: Ctx, action: Action) -> Verdict:
    """Legal, or every reason against it (the first ones found stop the rest when the
    others could not be measured: an unknown character, a battle over)."""
    b = ctx.battle
    if b.winner is not None:
        return _no(reason(R.BATTLE_OVER, f"the battle is over: {b.winner} won"))
    if isinstance(action, EndBattle):
        if action.winner not in b.sides:
            return _no(
                reason(R.INVALID_TARGET, f"{action.winner!r} is not a side ({', '.join(b.sides)})")
            )
        return Verdict()
    if isinstance(action, RollActivation):
        if b.roll is not None:
            return _no(
                reason(
                    R.ROUND_IN_PROGRESS,
                    f"round {b.round} is under way (roll {b.roll}); it ends when every "
                    "character the roll let act has acted",
                )
            )
        return Verdict()
    f = b.fighters.get(action.actor)
    if f is None:
        known = ", ".join(sorted(b.fighters))
        return _no(reason(R.UNKNOWN_FIGURE, f"no character {action.actor!r} (known: {known})"))
    if b.roll is None:
        return _no(reason(R.INITIATIVE_NEEDED, f"roll the 4d6 for round {b.round} first"))
    if isinstance(action, UndeadRise):
        return Verdict(reasons=tuple(_rise(ctx, f)))
    if f.knocked_out:
        if isinstance(action, EndActivation) and revives(ctx, f) is not None:
            # A fallen Undead whose turn it is may let its roll go (and must be able to,
            # or its player could not pass when it cannot rise).
            return Verdict(reasons=tuple(_may_act(ctx, f)))
        return _no(reason(R.KNOCKED_OUT, f"{f.name} is knocked out", f.cell))
    out = _may_act(ctx, f)
    cost = 1
    if isinstance(action, (Move, Climb)):
        out += _held(ctx, f)
    if isinstance(action, Move):
        found = move_reasons(ctx, f, action.to)
        out += found
        if not found:
            cost = move_cost(ctx, f, check_move(ctx, f, action.to))
    elif isinstance(action, BreakFree):
        if not enemies_in_contact(ctx, f):
            out.append(reason(R.NOT_ADJACENT, f"{f.name} is not in base contact with an enemy"))
        elif b.broke_free and b.active == f.id:
            out.append(reason(R.ALREADY_IN_STATE, f"{f.name} has already broken free"))
    elif isinstance(action, Climb):
        out += climb_reasons(ctx, f, action.to)

    elif isinstance(action, PickUp):
        item = next((i for i in b.items if i.id == action.item), None)
        if item is None:
            here = ", ".join(i.id for i in b.items) or "none"
            out.append(reason(R.NO_SUCH_ITEM, f"no item {action.item!r} on the table ({here})"))
        elif not item_reachable(f, item.x, item.y):
            out.append(
                reason(
                    R.NOT_ADJACENT,
                    f"the {item.name} lies out of {f.name}'s reach",
                    (int(item.x), int(item.y)),
                )
            )
    elif isinstance(action, Attack):
        t = b.fighters.get(action.target)
        if t is None:
            out.append(reason(R.UNKNOWN_FIGURE, f"no character {action.target!r}"))
        else:
            out += attack_reasons(ctx, f, t)
    elif isinstance(action, WizardBlast):
        t = b.fighters.get(action.target)
        if t is None:
            out.append(reason(R.UNKNOWN_FIGURE, f"no character {action.target!r}"))
        else:
            out += blast_reasons(ctx, f, t)
            blast = blast_of(ctx, f)
            cost = blast.actions if blast else 1
    elif isinstance(action, EndActivation):
        cost = 0
    out += _actions_reasons(ctx, f, cost, isinstance(action, Move))
    return Verdict(reasons=tuple(out))


def _held(ctx: Ctx, f: Fighter) -> list[Reason]:
    """A move action that leaves (a move, a climb) needs breaking free of enemy contact."""
    b = ctx.battle
    foes = enemies_in_contact(ctx, f)
    broke = b.broke_free and b.active == f.id
    if not foes or broke or ctx.options.break_free_also_moves:
        return []
    return [
        reason(
            R.MUST_BREAK_FREE,
            f"{f.name} is in base contact with {foes[0].name}: spend a move action to "
            "break free first",
            f.cell,
        )
    ]


def _no(r: Reason) -> Verdict:
    return Verdict(reasons=(r,))


def _may_act(ctx: Ctx, f: Fighter) -> list[Reason]:
    """Whose turn: the active character, or one the player to move may activate now."""
    b = ctx.battle
    if b.active is not None:
        if b.active == f.id:
            return []
        active = b.fighter(b.active).name
        return [reason(R.NOT_YOUR_TURN, f"{active} is being activated; end its activation first")]
    out = []
    if f.id in b.spent:
        out.append(
            reason(R.NO_ACTIONS_LEFT, f"{f.name} has used both its actions this round", f.cell)
        )
    elif f.id in b.done:
        out.append(reason(R.ALREADY_ACTIVATED, f"{f.name} has already acted this round", f.cell))
    elif f.id in b.stunned:
        out.append(
            reason(R.NOT_ACTIVATED, f"{f.name} was hit by a Wizard and can't act this round")
        )
    elif f.id not in b.eligible:
        need = ctx.catalog.activation_defense(f.class_id, f.defense)
        out.append(
            reason(
                R.NOT_ACTIVATED,
                f"the roll of {b.roll} does not reach {f.name}'s defense of {need}: "
                "it cannot act this round",
                f.cell,
            )
        )
    if f.side != b.side_to_act:
        out.append(reason(R.NOT_YOUR_TURN, f"it is {b.side_to_act}'s turn to activate a character"))
    return out


def _actions_reasons(ctx: Ctx, f: Fighter, cost: int, moving: bool) -> list[Reason]:
    b = ctx.battle
    used = b.actions_used if b.active == f.id else 0
    total = actions_per_activation(ctx)
    if cost == 0 or used + cost <= total:
        return []
    if used < total and moving:
        return [
            reason(
                R.DIFFICULT_TERRAIN,
                f"moving through difficult terrain takes {cost} move actions; "
                f"{f.name} has {total - used} left",
            )
        ]
    return [reason(R.NO_ACTIONS_LEFT, f"{f.name} has used both its actions")]


def _rise(ctx: Ctx, f: Fighter) -> list[Reason]:
    if revives(ctx, f) is None:
        return [reason(R.NO_ABILITY, f"{f.name} is not Undead")]
    if not f.knocked_out:
        return [reason(R.NOT_KNOCKED_OUT, f"{f.name} is not knocked out")]
    b = ctx.battle
    if b.active is not None:  # whose turn, and (below) where it fell: both are said
        out = [reason(R.NOT_YOUR_TURN, f"{b.fighter(b.active).name} is being activated")]
    else:
        out = _may_act(ctx, f)
    other = rise_blocked_by(ctx, f)
    if other is not None:
        out.append(reason(R.OCCUPIED, f"{other.name} stands where {f.name} fell", f.cell))
    return out
