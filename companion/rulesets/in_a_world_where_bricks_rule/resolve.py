"""Carrying out an action: the dice, the hits, the knock-outs, the round moving on."""

from __future__ import annotations

from companion.model.geometry.tabletop import centre_of
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.in_a_world_where_bricks_rule.actions import (
    MOVE_ACTIONS,
    Action,
    Attack,
    Climb,
    EndBattle,
    Move,
    PickUp,
    RollActivation,
    UndeadRise,
    WizardBlast,
)
from companion.rulesets.in_a_world_where_bricks_rule.forced import check_resolvable
from companion.rulesets.in_a_world_where_bricks_rule.lengths import studs_text
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    actions_per_activation,
    blast_of,
    check_move,
    hits_dealt,
    knock_out_at,
    may_be_eligible,
    move_cost,
    plan_attack,
    remaining_sides,
    revives,
    waiting,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle, Fighter, GroundItem


def resolve(ctx: Ctx, action: Action, dice: Dice) -> tuple[Battle, list[Event]]:
    """The battle after ``action`` (legal, or forced), and what happened, worded.

    ``Unresolvable`` (before anything changes) for a forced action the table cannot
    carry out at all."""
    check_resolvable(ctx, action)
    b = ctx.battle
    events: list[Event] = []
    if isinstance(action, RollActivation):
        return _roll(ctx, dice, events), events
    if isinstance(action, EndBattle):
        events.append(
            Event(
                kind="outcome", text=f"The objective is won: the battle ends, {action.winner} wins"
            )
        )
        return b.with_(winner=action.winner, active=None), events
    f = b.fighter(action.actor)
    if isinstance(action, UndeadRise):
        return _rise(ctx, f, dice, events), events
    if b.active != f.id:
        b = b.with_(active=f.id, actions_used=0, broke_free=False, done=b.done | {f.id})
    cost = 1
    if isinstance(action, Move):
        move = check_move(Ctx(b, ctx.catalog), f, action.to)
        cost = move_cost(Ctx(b, ctx.catalog), f, move)
        x, y = centre_of(action.to)
        f = f.with_(x=x, y=y, elevation=move.elevation)
        b = _put(b, f)
        extra = " through difficult terrain" if cost > 1 else ""
        events.append(
            Event(
                kind="moved", text=f"{f.name} moves {studs_text(move.length)}{extra}", figure=f.id
            )
        )
    elif action.action == "break_free":
        b = b.with_(broke_free=True)
        events.append(Event(kind="condition", text=f"{f.name} breaks free", figure=f.id))
    elif isinstance(action, Climb):
        x, y = centre_of(action.to)
        top = int(b.table_layers.top[action.to[1], action.to[0]])
        f = f.with_(x=x, y=y, elevation=top)
        b = _put(b, f)
        events.append(Event(kind="moved", text=f"{f.name} climbs up to {top} bricks", figure=f.id))
    elif isinstance(action, PickUp):
        b, f = _pick_up(b, f, action.item, events)
    elif isinstance(action, Attack):
        b = _attack(Ctx(b, ctx.catalog), f, b.fighter(action.target), action.cover, dice, events)
    elif isinstance(action, WizardBlast):
        b = _blast(Ctx(b, ctx.catalog), f, b.fighter(action.target), dice, events)
        blast = blast_of(ctx, f)
        cost = blast.actions if blast else 1
    else:  # end_activation
        cost = 0
        text = "ends its activation" if b.actions_used else "passes"
        events.append(Event(kind="turn", text=f"{f.name} {text}", figure=f.id))
        return _next(Ctx(b, ctx.catalog), events), events
    # A forced action may cost more than is left: the activation is then simply spent.
    total = actions_per_activation(ctx)
    used = min(total, b.actions_used + cost)
    b = b.with_(actions_used=used)
    if used >= total:
        b = b.with_(spent=b.spent | {f.id})
    if b.winner is not None:  # the battle is over: nobody goes on acting
        b = b.with_(active=None, actions_used=0, broke_free=False)
    elif used >= total or b.fighter(f.id).knocked_out:
        b = _next(Ctx(b, ctx.catalog), events)
    assert action.action in MOVE_ACTIONS | {"attack", "wizard_blast"}
    return b, events


def _put(b: Battle, f: Fighter) -> Battle:
    return b.with_(fighters={**b.fighters, f.id: f})


def _roll(ctx: Ctx, dice: Dice, events: list[Event]) -> Battle:
    b = ctx.battle
    act = ctx.catalog.rules.activation
    roll = dice.roll(act.dice, "activation roll", act.die_sides)
    eligible = frozenset(f.id for f in b.fighters.values() if may_be_eligible(ctx, f, roll.total))
    b = b.with_(roll=roll.total, eligible=eligible, done=frozenset(), side_index=0)
    # Side by side, in the order the players activate (youngest first).
    order = [f for side in b.sides for f in b.fighters.values() if f.side == side]
    names = ", ".join(f.name for f in order if f.id in eligible) or "nobody"
    events.append(
        Event(kind="round", text=f"Round {b.round}: the 4d6 roll is {roll.total}; may act: {names}")
    )
    return _first_side(Ctx(b, ctx.catalog), events, start=0)


def _first_side(ctx: Ctx, events: list[Event], start: int) -> Battle:
    """The first side, from ``start`` on, with a character left to activate; or a new round."""
    b = ctx.battle
    left = waiting(ctx)
    n = len(b.sides)
    for k in range(n):
        i = (start + k) % n
        if any(f.side == b.sides[i] for f in left):
            return b.with_(side_index=i)
    events.append(Event(kind="round", text=f"Round {b.round} ends"))
    return b.with_(
        last_roll=b.roll,
        last_eligible=b.eligible,
        last_done=b.done,
        round=b.round + 1,
        roll=None,
        eligible=frozenset(),
        done=frozenset(),
        spent=frozenset(),
        stunned=frozenset(),
        blasts=frozenset(),
        side_index=0,
        active=None,
        actions_used=0,
        broke_free=False,
    )


def _next(ctx: Ctx, events: list[Event]) -> Battle:
    """End the active character's activation; the next player activates one of theirs."""
    b = ctx.battle
    b = b.with_(active=None, actions_used=0, broke_free=False)
    return _first_side(Ctx(b, ctx.catalog), events, start=b.side_index + 1)


def _attack(
    ctx: Ctx, a: Fighter, t: Fighter, cover: bool, dice: Dice, events: list[Event]
) -> Battle:
    b = ctx.battle
    plan = plan_attack(ctx, a, t, cover)
    sides = ctx.catalog.rules.attack.die_sides
    face = dice.roll(1, f"{a.name} attacks {t.name}", sides).total
    total = face + plan.bonus
    kind = "melee" if plan.melee else "ranged"
    if total < t.defense:
        events.append(
            Event(
                kind="miss",
                text=f"{a.name}'s {kind} attack misses {t.name} "
                f"({total} against defense {t.defense})",
                figure=t.id,
            )
        )
        return b
    hits = hits_dealt(ctx, a)
    events.append(
        Event(
            kind="damage",
            text=f"{a.name}'s {kind} attack hits {t.name} ({total} against defense "
            f"{t.defense}): {hits} hit{'s' if hits > 1 else ''}",
            figure=t.id,
            amount=hits,
        )
    )
    b = _hurt(ctx, t, hits, events)
    disarm = ctx.catalog.get_class(a.class_id).ability("disarm_on_melee_hit")
    t = b.fighter(t.id)
    if disarm is not None and plan.melee and t.weapon is not None and not t.knocked_out:
        b = _drop(b, t, ctx.catalog.get_weapon(t.weapon).name.lower(), events)
    return b


def _hurt(ctx: Ctx, t: Fighter, hits: int, events: list[Event]) -> Battle:
    b = ctx.battle
    t = t.with_(hits=t.hits + hits)
    if t.hits >= knock_out_at(ctx, t):
        t = t.with_(knocked_out=True)
        events.append(Event(kind="died", text=f"{t.name} is knocked out", figure=t.id))
    b = _put(b, t)
    sides = remaining_sides(ctx, b)
    # Knocked-out characters are removed from the battle, a fallen Undead's side too.
    if len(sides) <= 1:
        winner = sides[0] if sides else "nobody"
        b = b.with_(winner=winner)
        events.append(Event(kind="outcome", text=f"The battle ends: {winner} wins"))
    return b


def _free_id(b: Battle, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... the first id no item on the table has."""
    taken = {i.id for i in b.items}
    n = 1
    ident = base
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return ident


def _drop(b: Battle, t: Fighter, kind: str, events: list[Event]) -> Battle:
    """``t`` drops its weapon at its feet (``kind``: the weapon's name when it has none)."""
    item = GroundItem(
        id=_free_id(b, f"{t.id}-{t.weapon}"),
        weapon=t.weapon,
        name=t.weapon_name or kind,
        x=t.x,
        y=t.y,
    )
    events.append(Event(kind="condition", text=f"{t.name} drops the {item.name}", figure=t.id))
    b = _put(b, t.with_(weapon=None, weapon_name=""))
    return b.with_(items=(*b.items, item))


def _pick_up(b: Battle, f: Fighter, item_id: str, events: list[Event]) -> tuple[Battle, Fighter]:
    item = next(i for i in b.items if i.id == item_id)
    rest = tuple(i for i in b.items if i.id != item_id)
    if f.weapon is not None:  # a hand holds one weapon: the old one is put down
        put = GroundItem(
            _free_id(b.with_(items=rest), f"{f.id}-{f.weapon}"),
            f.weapon,
            f.weapon_name or f.weapon,
            f.x,
            f.y,
        )
        rest = (*rest, put)
    f = f.with_(weapon=item.weapon, weapon_name=item.name)
    events.append(Event(kind="item", text=f"{f.name} picks up the {item.name}", figure=f.id))
    return _put(b.with_(items=rest), f), f


def _blast(ctx: Ctx, a: Fighter, t: Fighter, dice: Dice, events: list[Event]) -> Battle:
    b = ctx.battle.with_(blasts=ctx.battle.blasts | {a.id})
    blast = blast_of(ctx, a)
    assert blast is not None
    face = dice.roll(1, f"{a.name}'s blast at {t.name}", blast.die_sides).total
    if face not in blast.succeeds_on:
        events.append(
            Event(kind="miss", text=f"{a.name}'s blast fails (rolled {face})", figure=t.id)
        )
        return b
    events.append(
        Event(
            kind="damage",
            text=f"{a.name}'s blast strikes {t.name} (rolled {face}): {blast.hits} hit"
            + (" and it can't act this round" if blast.target_loses_round else ""),
            figure=t.id,
            amount=blast.hits,
        )
    )
    if blast.target_loses_round:
        b = b.with_(stunned=b.stunned | {t.id})
    return _hurt(Ctx(b, ctx.catalog), t, blast.hits, events)


def _rise(ctx: Ctx, f: Fighter, dice: Dice, events: list[Event]) -> Battle:
    b = ctx.battle
    revival = revives(ctx, f)
    assert revival is not None
    face = dice.roll(1, f"{f.name} tries to rise", revival.die_sides).total
    b = b.with_(done=b.done | {f.id})
    if face not in revival.succeeds_on:
        events.append(Event(kind="turn", text=f"{f.name} stays down (rolled {face})", figure=f.id))
        return _next(Ctx(b, ctx.catalog), events)
    f = f.with_(hits=0, knocked_out=False)
    events.append(
        Event(kind="heal", text=f"{f.name} rises at full strength (rolled {face})", figure=f.id)
    )
    b = _put(b, f)
    if revival.acts_at_once:
        return b.with_(active=f.id, actions_used=0, broke_free=False)
    return _next(Ctx(b, ctx.catalog), events)
