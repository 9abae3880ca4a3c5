"""Whether an action is legal now, with every reason it is not, in a stable order.

Order: the encounter over; the table's actions; an unknown or broken actor, initiative
not rolled; hits waiting to be allocated; then the phase, whose turn, the figure's state
(lost turn, in combat, webbed, delayed), and the action's own checks (a move: its length,
the table, figures in the way, the stop at an enemy's reach; a shot: the weapon, range,
arc, sight, the opening; a spell: the caster, the gear, the spell, its targets).
"""

from __future__ import annotations

import math

from companion.model.geometry.tabletop import centre_of
from companion.rules.places import place_name
from companion.rules.verdict import Reason, Verdict
from companion.rulesets.brickmasters_of_the_unknown.actions import (
    TABLE,
    Action,
    Adventure,
    Allocate,
    Cast,
    Close,
    Delay,
    EndEncounter,
    Fight,
    Flee,
    Hazard,
    Loot,
    Move,
    Pass,
    Recast,
    ResolveSpell,
    RollInitiative,
    Shoot,
    Special,
)
from companion.rulesets.brickmasters_of_the_unknown.flow import (
    action_order,
    combat_group,
    fighters,
    to_act,
)
from companion.rulesets.brickmasters_of_the_unknown.reasons import BmotuReason
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    FACING,
    Ctx,
    check_path,
    enemies,
    engaged,
    fighting_weapons,
    first_stop,
    foes_engaged,
    in_arc,
    in_combat,
    lootable,
    lost_turn,
    move_studs,
    opening_blocked,
    reach,
    reason,
    shooting_weapons,
    side_of,
    sight,
    stat_die,
    terrain_between,
    threatens,
    weapon_for,
    within,
)
from companion.rulesets.brickmasters_of_the_unknown.spells import cast_reasons
from companion.rulesets.brickmasters_of_the_unknown.state import Fig

R = BmotuReason
_PHASE_NAMES = {
    "action": "the action phase",
    "final_shots": "final shots",
    "combat": "combat resolution",
    "spells": "spell resolution",
}


def validate(ctx: Ctx, action: Action) -> Verdict:
    return Verdict(reasons=tuple(reasons(ctx, action)))


def reasons(ctx: Ctx, action: Action) -> list[Reason]:
    enc = ctx.enc
    if enc.winner is not None:
        return [reason(R.GAME_OVER, f"the encounter is over: {enc.winner} won")]
    if isinstance(action, EndEncounter):
        if action.winner not in enc.sides:
            return [
                reason(
                    R.INVALID_TARGET, f"{action.winner!r} is not a side ({', '.join(enc.sides)})"
                )
            ]
        return []
    if isinstance(action, RollInitiative):
        if enc.phase != "initiative":
            return [reason(R.NOT_THIS_PHASE, "initiative is rolled once, for the entire encounter")]
        return []
    if isinstance(action, Hazard):
        t = enc.figs.get(action.target)
        if t is None:
            return [reason(R.UNKNOWN_FIGURE, f"no figure {action.target!r}")]
        return [reason(R.TARGET_DEAD, f"{t.name} is broken already", t.cell)] if t.broken else []
    f = enc.figs.get(action.actor)
    if f is None:
        known = ", ".join(sorted(enc.figs))
        return [
            reason(R.UNKNOWN_FIGURE, f"no figure {action.actor!r} (known: {known}, or {TABLE})")
        ]
    if f.broken:
        return [reason(R.BROKEN, f"{f.name} is broken", f.cell)]
    if isinstance(action, Adventure):
        return _adventure(ctx, f, action)
    if enc.phase == "initiative":
        return [reason(R.INITIATIVE_NEEDED, "roll initiative for the encounter first")]
    if enc.pending is not None and not isinstance(action, Allocate):
        w = enc.fig(enc.pending.winner)
        return [
            reason(R.HITS_TO_SPLIT, f"{w.name} must allocate its {enc.pending.hits} hits first")
        ]
    if isinstance(action, Allocate):
        return _allocate(ctx, f, action)
    if isinstance(action, (Move, Delay, Close, Flee, Cast, Special)):
        out = _turn(ctx, f, ("action",))
        if out:
            return out
        return _action_phase(ctx, f, action)
    if isinstance(action, Loot):
        out = _turn(ctx, f, ("action",))
        return out or _loot(ctx, f, action)
    if isinstance(action, Shoot):
        bows = shooting_weapons(f)
        if enc.phase == "final_shots" and bows and all(w.reloads for w in bows):
            names = ", ".join(w.name for w in bows)
            return [reason(R.RELOAD, f"{f.name}'s {names} gets no final shot", f.cell)]
        out = _turn(ctx, f, ("action", "final_shots"))
        return out or _shoot(ctx, f, action)
    if isinstance(action, Fight):
        out = _turn(ctx, f, ("combat",))
        return out or _fight(ctx, f, action)
    if isinstance(action, (ResolveSpell, Recast)):
        out = _turn(ctx, f, ("spells",))
        return out or _spell(ctx, f, action)
    if isinstance(action, Pass):
        out = _turn(ctx, f, ("action", "final_shots", "combat", "spells"))
        if not out and enc.phase == "combat" and f.id not in fighters(ctx):
            out = [reason(R.NOT_IN_COMBAT, f"{f.name} has no combat to resolve", f.cell)]
        return out
    return []


def _turn(ctx: Ctx, f: Fig, phases: tuple[str, ...]) -> list[Reason]:
    """The phase, then whose turn it is in it."""
    enc = ctx.enc
    if enc.phase not in phases:
        now = _PHASE_NAMES.get(enc.phase, enc.phase)
        allowed = " or ".join(_PHASE_NAMES[p] for p in phases)
        return [reason(R.NOT_THIS_PHASE, f"it is {now}; that is done in {allowed}")]
    if f.id in enc.acted:
        return [
            reason(
                R.ALREADY_ACTED, f"{f.name} has acted in {_PHASE_NAMES[enc.phase]} already", f.cell
            )
        ]
    order = to_act(ctx)
    if enc.phase == "combat":
        if order and f.id in combat_group(ctx, order[0]):
            return []
        if f.id not in fighters(ctx):
            return []  # the fight's own checks say why (not in combat, no opening)
    if not order or order[0] != f.id:
        lost = lost_turn(f)
        if lost is not None and enc.phase == "action":
            return [reason(R.LOST_TURN, f"{f.name} is {lost} and loses its turn", f.cell)]
        who = enc.fig(order[0]).name if order else "nobody"
        return [reason(R.NOT_YOUR_TURN, f"it is {who}'s turn in {_PHASE_NAMES[enc.phase]}")]
    return []


def _facing(facing: str | None) -> list[Reason]:
    if facing is None or FACING.allows(facing):
        return []
    return [
        reason(R.INVALID_TARGET, f"{facing!r} is not a facing ({', '.join(FACING.directions)})")
    ]


def _path(ctx: Ctx, f: Fig, to: tuple[int, int], budget: float) -> list[Reason]:
    """A straight move of the base to ``to``: its length, the table, figures in the way."""
    enc = ctx.enc
    if not enc.table.in_bounds(*to):
        return [reason(R.IMPASSABLE_TERRAIN, f"{place_name(to)} is off the table", None)]
    out = []
    cx, cy = centre_of(to)
    length = math.hypot(cx - f.x, cy - f.y)
    if length > budget + 1e-6:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"{f.name} moves {budget:g} studs; that is {length:.1f}",
                to,
            )
        )
    m = check_path(ctx, f, to)
    if m.off_table or m.blocked_at is not None:
        out.append(
            reason(
                R.IMPASSABLE_TERRAIN, "a wall or the table's edge is in the way", m.blocked_at or to
            )
        )
    who = m.onto or m.through
    if who is not None:
        out.append(reason(R.OCCUPIED, f"{enc.fig(who).name} stands in the way", to))
    return out


def _action_phase(ctx: Ctx, f: Fig, a: Action) -> list[Reason]:
    enc = ctx.enc
    out: list[Reason] = []
    fighting = in_combat(ctx, f)
    waiting = f.id in dict(enc.delayed)
    if isinstance(a, Move):
        if fighting:
            out.append(
                reason(R.IN_COMBAT, f"{f.name} is in combat: it may close range or flee", f.cell)
            )
        if f.effect("webbed") is not None:
            out.append(reason(R.HELD_FAST, f"{f.name} is webbed and may not move", f.cell))
        budget = move_studs(ctx, f)
        if a.wire_fu:
            if not f.count("wire_fu"):
                out.append(reason(R.NO_ABILITY, f"{f.name} has no Wire-Fu"))
            budget += stat_die(f, "adventure") * ctx.options.move_unit_studs
        out += _path(ctx, f, a.to, budget)
        stop = first_stop(ctx, f, a.to) if not fighting else None
        if stop is not None and stop[0] != a.to:
            cell, foe = stop
            out.append(
                reason(
                    R.MUST_STOP,
                    f"{f.name} comes within range of {foe.name}'s weapon at {place_name(cell)} "
                    "and must stop there",
                    cell,
                )
            )
        if a.wire_fu and (stop is None or stop[0] != a.to):
            out.append(reason(R.INVALID_TARGET, "Wire-Fu adds to a move into combat only", a.to))
        out += _facing(a.facing)
    elif isinstance(a, Delay):
        friend = enc.figs.get(a.behind)
        if friend is None or friend.id == f.id or side_of(friend) != side_of(f):
            out.append(reason(R.INVALID_TARGET, f"{a.behind!r} is not a friend of {f.name}"))
        elif friend.id not in action_order(ctx):
            out.append(reason(R.INVALID_TARGET, f"{friend.name} has no action left to wait for"))
        if waiting:
            out.append(reason(R.DELAYED, f"{f.name} has delayed already"))
        if fighting:
            out.append(
                reason(R.IN_COMBAT, f"{f.name} is in combat: it may close range or flee", f.cell)
            )
    elif isinstance(a, Close):
        t = enc.figs.get(a.target)
        if t is None:
            return [reason(R.UNKNOWN_FIGURE, f"no figure {a.target!r}")]
        if not engaged(ctx, f, t):
            out.append(reason(R.NOT_IN_COMBAT, f"{f.name} is not in combat with {t.name}", f.cell))
        if reach(f) is None:
            out.append(reason(R.DISARMED, f"{f.name} has no fighting weapon to close with"))
        out += _path(ctx, f, a.to, move_studs(ctx, f))
        there = f.base.moved(centre_of(a.to), f.elevation)
        if reach(f) is not None and not within(ctx, there, t.base, reach(f)):
            out.append(
                reason(R.OUT_OF_RANGE, f"{t.name} would still be out of {f.name}'s range", a.to)
            )
        out += _facing(a.facing)
    elif isinstance(a, Flee):
        foes = foes_engaged(ctx, f)
        if not foes:
            out.append(reason(R.NOT_IN_COMBAT, f"{f.name} is not in combat: it just moves", f.cell))
        out += _path(ctx, f, a.to, move_studs(ctx, f))
        there = f.base.moved(centre_of(a.to), f.elevation)
        for o in foes:
            if math.hypot(there.x - o.x, there.y - o.y) <= math.hypot(f.x - o.x, f.y - o.y):
                out.append(
                    reason(R.NOT_AWAY, f"the move does not take {f.name} away from {o.name}", a.to)
                )
        for o in enc.standing():
            if enemies(enc, f, o) and threatens(ctx, o, there):
                out.append(
                    reason(R.NOT_AWAY, f"{f.name} would still be in combat with {o.name}", a.to)
                )
                break
        out += _facing(a.facing)
    elif isinstance(a, Cast):
        if waiting:
            out.append(reason(R.DELAYED, f"{f.name} delayed its move: it may only move"))
        if fighting:
            out.append(
                reason(R.IN_COMBAT, f"{f.name} is in combat and cannot begin a spell", f.cell)
            )
        out += cast_reasons(ctx, f, a)
    elif isinstance(a, Special):
        if waiting:
            out.append(reason(R.DELAYED, f"{f.name} delayed its move: it may only move"))
        if not f.count(a.gimmick):
            out.append(reason(R.NO_ABILITY, f"{f.name} has no {a.gimmick.replace('_', '-')}"))
        elif a.gimmick in f.used:
            out.append(reason(R.ABILITY_USED, f"{f.name} has used its {a.gimmick} today"))
        shooting = a.gimmick == "gun_fu"
        for tid in a.targets:
            t = enc.figs.get(tid)
            if t is None:
                out.append(reason(R.UNKNOWN_FIGURE, f"no figure {tid!r}"))
            elif weapon_for(ctx, f, t, shooting) is None:
                out.append(reason(R.OUT_OF_RANGE, f"{t.name} is not in range", t.cell))
    return out


def _shoot(ctx: Ctx, f: Fig, a: Shoot) -> list[Reason]:
    enc = ctx.enc
    out: list[Reason] = []
    if f.id in dict(enc.delayed):
        out.append(reason(R.DELAYED, f"{f.name} delayed its move: it may only move"))
    if in_combat(ctx, f):
        out.append(reason(R.IN_COMBAT, f"{f.name} is in combat and cannot shoot", f.cell))
    t = enc.figs.get(a.target)
    if t is None:
        return [*out, reason(R.UNKNOWN_FIGURE, f"no figure {a.target!r}")]
    if t.broken:
        out.append(reason(R.TARGET_DEAD, f"{t.name} is broken", t.cell))
    if t.id == f.id:
        out.append(reason(R.INVALID_TARGET, f"{f.name} cannot shoot itself"))
    pool = shooting_weapons(f)
    if a.weapon is not None:
        pool = [w for w in pool if w.id == a.weapon]
    if not pool or "shoot" in f.unarmed_stats:
        out.append(
            reason(
                R.DISARMED,
                f"{f.name} has no shooting weapon" + (f" {a.weapon!r}" if a.weapon else ""),
            )
        )
        return out
    if enc.phase == "final_shots":
        pool = [w for w in pool if not w.reloads] or pool
        if all(w.reloads for w in pool):
            out.append(reason(R.RELOAD, f"{f.name}'s {pool[0].name} gets no final shot"))
    fits = [w for w in pool if within(ctx, f.base, t.base, w.shoot_range)]
    if not fits:
        longest = max(w.shoot_range or 0 for w in pool)
        out.append(reason(R.OUT_OF_RANGE, f"{t.name} is beyond {longest:g} studs", t.cell))
    if not in_arc(f, t, True):
        out.append(
            reason(R.NOT_IN_ARC, f"{t.name} is behind {f.name}'s forward semicircle", t.cell)
        )
    blocked = sight(ctx, f, t)
    if blocked is not None:
        what = enc.fig(blocked).name if isinstance(blocked, str) else place_name(blocked)
        out.append(
            reason(
                R.NO_LINE_OF_SIGHT,
                f"{what} blocks the line of sight",
                blocked if isinstance(blocked, tuple) else None,
            )
        )
    else:
        width = min(w.opening for w in (fits or pool))
        narrow = opening_blocked(ctx, f, t, width)
        if narrow is not None:
            out.append(
                reason(
                    R.NO_OPENING,
                    f"the gap at {place_name(narrow)} is narrower than {width} stud(s)",
                    narrow,
                )
            )
    return out


def _fight(ctx: Ctx, f: Fig, a: Fight) -> list[Reason]:
    enc = ctx.enc
    t = enc.figs.get(a.target)
    if t is None:
        return [reason(R.UNKNOWN_FIGURE, f"no figure {a.target!r}")]
    out: list[Reason] = []
    if t.broken:
        out.append(reason(R.TARGET_DEAD, f"{t.name} is broken", t.cell))
    elif not engaged(ctx, f, t):
        narrow = _narrow(ctx, f, t) or _narrow(ctx, t, f)
        if narrow is not None:
            out.append(
                reason(
                    R.NO_OPENING,
                    f"the gap at {place_name(narrow)} is too narrow for {f.name} and "
                    f"{t.name} to fight through",
                    narrow,
                )
            )
        else:
            out.append(reason(R.NOT_IN_COMBAT, f"{f.name} is not in combat with {t.name}", t.cell))
    elif t.id in enc.acted:
        out.append(reason(R.ALREADY_ACTED, f"{t.name} has fought in this phase already", t.cell))
    if a.with_ and a.against:
        out.append(reason(R.INVALID_TARGET, "only the side with extra opponents gangs up"))
    for side_ids, foe in ((a.with_, t), (a.against, f)):
        for gid in side_ids:
            g = enc.figs.get(gid)
            if g is None:
                out.append(reason(R.UNKNOWN_FIGURE, f"no figure {gid!r}"))
            elif gid in (f.id, t.id) or side_of(g) != side_of(enc.fig(f.id if foe is t else t.id)):
                out.append(reason(R.INVALID_TARGET, f"{g.name} is not on that side of the fight"))
            elif not engaged(ctx, g, foe):
                out.append(
                    reason(R.NOT_IN_COMBAT, f"{g.name} is not in combat with {foe.name}", g.cell)
                )
            elif gid in enc.acted:
                out.append(
                    reason(R.ALREADY_ACTED, f"{g.name} has fought in this phase already", g.cell)
                )
    return out


def _narrow(ctx: Ctx, f: Fig, t: Fig) -> tuple[int, int] | None:
    """Where an opening too narrow for ``f``'s fighting weapons keeps ``t`` (in range, no
    wall on the line between) out of their reach; None when that is not why."""
    for w in fighting_weapons(f):
        if within(ctx, f.base, t.base, w.fight_range):
            if terrain_between(ctx, f.base, t.base, 1) is not None:
                continue
            narrow = terrain_between(ctx, f.base, t.base, w.opening)
            if narrow is not None:
                return narrow
    return None


def _allocate(ctx: Ctx, f: Fig, a: Allocate) -> list[Reason]:
    enc = ctx.enc
    p = enc.pending
    if p is None:
        return [reason(R.NO_HITS_TO_SPLIT, "no fight's hits are waiting to be allocated")]
    if p.winner != f.id:
        return [reason(R.NOT_YOUR_TURN, f"{enc.fig(p.winner).name} allocates the hits")]
    out = []
    named = list(a.to) + list(a.split)
    if not named:
        out.append(reason(R.INVALID_TARGET, "name the figures that take the hits"))
    for tid in named:
        if tid not in p.among:
            out.append(reason(R.INVALID_TARGET, f"{tid!r} did not lose the fight"))
    if a.split and sum(a.split.values()) != p.hits:
        out.append(
            reason(R.INVALID_TARGET, f"the split gives {sum(a.split.values())} hits, not {p.hits}")
        )
    if any(v < 0 for v in a.split.values()):
        out.append(reason(R.INVALID_TARGET, "a split gives no figure fewer than 0 hits"))
    return out


def _spell(ctx: Ctx, f: Fig, a: ResolveSpell | Recast) -> list[Reason]:
    enc = ctx.enc
    c = next((x for x in enc.castings if x.caster == f.id), None)
    if c is None:
        return [reason(R.INVALID_TARGET, f"{f.name} has no spell to resolve")]
    if isinstance(a, ResolveSpell) and c.lost:
        return [
            reason(
                R.ALREADY_ACTED, f"{f.name} lost its roll: discard an item to roll again, or pass"
            )
        ]
    if isinstance(a, Recast):
        if not c.lost:
            return [reason(R.INVALID_TARGET, f"{f.name} has not lost a roll to cast again")]
        if a.item not in f.gear:
            return [
                reason(
                    R.NO_SUCH_ITEM,
                    f"{f.name} carries no {a.item!r} ({', '.join(f.gear) or 'no gear'})",
                )
            ]
    return []


def _adventure(ctx: Ctx, f: Fig, a: Adventure) -> list[Reason]:
    if a.against is None:
        return []
    o = ctx.enc.figs.get(a.against)
    if o is None:
        return [reason(R.UNKNOWN_FIGURE, f"no figure {a.against!r}")]
    if o.id == f.id:
        return [reason(R.INVALID_TARGET, f"{f.name} cannot oppose itself")]
    return [reason(R.TARGET_DEAD, f"{o.name} is broken", o.cell)] if o.broken else []


def _loot(ctx: Ctx, f: Fig, a: Loot) -> list[Reason]:
    """ "Armor may be looted and worn, each piece requiring an adjacent figure to spend an
    entire turn taking no action, and not being attacked" (L132)."""
    enc = ctx.enc
    out: list[Reason] = []
    if in_combat(ctx, f):
        out.append(reason(R.IN_COMBAT, f"{f.name} is in combat: it may close range or flee"))
    if f.id in dict(enc.delayed):
        out.append(reason(R.DELAYED, f"{f.name} has delayed already"))
    body = enc.figs.get(a.body)
    if body is None:
        return [*out, reason(R.UNKNOWN_FIGURE, f"no figure {a.body!r}")]
    if body.id == f.id or not body.broken:
        return [*out, reason(R.INVALID_TARGET, f"{body.name} is not broken: nothing to loot")]
    if not within(ctx, f.base, body.base, 1):
        out.append(reason(R.OUT_OF_RANGE, f"{f.name} is not adjacent to {body.name}", body.cell))
    if a.piece not in lootable(body):
        there = ", ".join(lootable(body)) or "none"
        out.append(reason(R.NO_SUCH_ITEM, f"no {a.piece!r} by {body.name} (pieces: {there})"))
        return out
    piece = ctx.catalog.armour.get(a.piece)
    if piece is None or not piece.removable:
        return [*out, reason(R.INVALID_TARGET, f"{a.piece!r} cannot be taken and worn")]
    worn = {ctx.catalog.armour[p].slot for p in f.armour if p in ctx.catalog.armour}
    if piece.slot in worn:
        out.append(reason(R.INVALID_TARGET, f"{f.name} already wears a piece on the {piece.slot}"))
    return out
