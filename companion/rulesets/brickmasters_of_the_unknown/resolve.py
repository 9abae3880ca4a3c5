"""Applying an action: the new encounter and what happened, with dice from ``dice``."""

from __future__ import annotations

import math
from dataclasses import replace

from companion.model.geometry.tabletop import centre_of, line_cells
from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rulesets.brickmasters_of_the_unknown.actions import (
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
from companion.rulesets.brickmasters_of_the_unknown.combat import (
    Side,
    apply_contest,
    contest,
    contest_text,
    take_hits,
    tie_hit,
    tie_hurts,
)
from companion.rulesets.brickmasters_of_the_unknown.flow import advance, roll_initiative
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    FACING,
    Ctx,
    check_path,
    current_move,
    first_stop,
    foes_engaged,
    stat_die,
    weapon_for,
)
from companion.rulesets.brickmasters_of_the_unknown.spells import resolve_casting
from companion.rulesets.brickmasters_of_the_unknown.state import (
    Casting,
    Encounter,
    Fig,
    PendingHits,
)


def resolve(ctx: Ctx, action: Action, dice: Dice) -> tuple[Encounter, list[Event]]:
    enc, events = _apply(ctx, action, dice)
    enc, more = advance(Ctx(enc, ctx.catalog), dice)
    return enc, events + more


def _done(enc: Encounter, *ids: str) -> Encounter:
    delayed = tuple(d for d in enc.delayed if d[0] not in ids)
    return enc.with_(acted=enc.acted | set(ids), delayed=delayed)


def _apply(ctx: Ctx, a: Action, dice: Dice) -> tuple[Encounter, list[Event]]:
    enc = ctx.enc
    if isinstance(a, RollInitiative):
        return roll_initiative(ctx, dice)
    if isinstance(a, EndEncounter):
        return enc.with_(winner=a.winner, phase="over"), [
            Event(kind="outcome", text=f"The encounter is over: {a.winner} wins")
        ]
    if isinstance(a, Hazard):
        return _hazard(ctx, a, dice)
    f = enc.fig(a.actor)
    if isinstance(a, Adventure):
        event, last = _adventure(ctx, f, a, dice)
        return enc.with_(last_adventure=last), [event]
    if isinstance(a, Move):
        return _move(ctx, f, a.to, a.facing, dice, wire_fu=a.wire_fu)
    if isinstance(a, Close):
        return _move(ctx, f, a.to, a.facing, dice, toward=a.target)
    if isinstance(a, Delay):
        friend = enc.fig(a.behind)
        return enc.with_(delayed=(*enc.delayed, (f.id, friend.id))), [
            Event(
                kind="delay",
                figure=f.id,
                text=f"{f.name} delays its move until {friend.name} has acted",
            )
        ]
    if isinstance(a, Flee):
        return _flee(ctx, f, a, dice)
    if isinstance(a, Shoot):
        t = enc.fig(a.target)
        c = contest(ctx, Side(f), Side(t), True, dice)
        enc, events = apply_contest(ctx, enc, Side(f), Side(t), c, True)
        return _done(enc, f.id), [
            Event(kind="shoot", figure=f.id, text=contest_text(f, t, c, True)),
            *events,
        ]
    if isinstance(a, Cast):
        casting = Casting(f.id, a.spell, tuple(a.targets), a.mode, a.stat, a.to, a.gem)
        if a.gem:
            gems = list(f.gems)
            gems.remove(a.spell)
            f = f.with_(gems=tuple(gems))
        elif not (a.spell == "heal" and f.count("healer")):
            f = f.with_(spells_left=f.spells_left - 1)
        enc = enc.replace_fig(f).with_(castings=(*enc.castings, casting))
        return _done(enc, f.id), [
            Event(
                kind="cast",
                figure=f.id,
                text=f"{f.name} begins casting {ctx.catalog.get_spell(a.spell).name}"
                + (f" at {', '.join(enc.fig(t).name for t in a.targets)}" if a.targets else ""),
            )
        ]
    if isinstance(a, Special):
        casting = Casting(f.id, a.gimmick, tuple(a.targets))
        enc = enc.replace_fig(f.with_(used=f.used | {a.gimmick})).with_(
            castings=(*enc.castings, casting)
        )
        return _done(enc, f.id), [
            Event(
                kind="cast",
                figure=f.id,
                text=f"{f.name} declares {ctx.catalog.get_gimmick(a.gimmick).name}",
            )
        ]
    if isinstance(a, Loot):
        body = enc.fig(a.body)
        enc = enc.with_(looting=(*enc.looting, (f.id, body.id, a.piece)))
        return _done(enc, f.id), [
            Event(
                kind="loot",
                figure=f.id,
                text=f"{f.name} spends the turn taking {a.piece} from {body.name}",
            )
        ]
    if isinstance(a, Pass):
        if enc.phase == "spells":
            enc = enc.with_(castings=tuple(c for c in enc.castings if c.caster != f.id))
        return _done(enc, f.id), [Event(kind="pass", figure=f.id, text=f"{f.name} passes")]
    if isinstance(a, Fight):
        return _fight(ctx, f, a, dice)
    if isinstance(a, Allocate):
        return _allocate(ctx, a)
    if isinstance(a, (ResolveSpell, Recast)):
        cast = next(x for x in enc.castings if x.caster == f.id)
        told: list[Event] = []
        if isinstance(a, Recast):
            f = f.with_(
                gear=tuple(g for g in f.gear if g != a.item),
                items=tuple(i for i in f.items if i != a.item),
            )
            enc = enc.replace_fig(f)
            told.append(
                Event(kind="item", figure=f.id, text=f"{f.name} discards {a.item} to roll again")
            )
            cast = replace(cast, lost=False)
            enc = enc.with_(castings=tuple(cast if x.caster == f.id else x for x in enc.castings))
        if cast.spell in ("whirlwind", "gun_fu"):
            enc, more = _special(Ctx(enc, ctx.catalog), f, cast, dice)
        else:
            enc, more = resolve_casting(Ctx(enc, ctx.catalog), cast, dice)
        return enc, told + more
    raise TypeError(f"no resolution for {type(a).__name__}")


def _face(f: Fig, facing: str | None, start: tuple[float, float], toward: Fig | None) -> str:
    """Facing "is determined only when a figure stops moving": as the player names it, or
    else toward the foe it meets, or along its move (``FACING.unnamed`` says so to the
    window before the move)."""
    if facing is not None:
        return facing.upper()
    if toward is not None and (toward.x, toward.y) != (f.x, f.y):
        return str(FACING.toward((f.x, f.y), (toward.x, toward.y)))
    if start != (f.x, f.y):
        return str(FACING.toward(start, (f.x, f.y)))
    return f.facing


def _move(
    ctx: Ctx,
    f: Fig,
    to: tuple[int, int],
    facing: str | None,
    dice: Dice,
    *,
    wire_fu: bool = False,
    toward: str | None = None,
    fled: bool = False,
) -> tuple[Encounter, list[Event]]:
    enc = ctx.enc
    events: list[Event] = []
    start = (f.x, f.y)
    if wire_fu:
        die = stat_die(f, "adventure")
        extra = dice.roll(1, f"{f.name}: Wire-Fu, adventure d{die}", die).total
        budget = (current_move(ctx, f) + extra) * ctx.options.move_unit_studs
        cells = line_cells(f.cell, to)
        reachable = [c for c in cells if math.dist(centre_of(c), start) <= budget + 1e-6]
        if reachable[-1] != to:
            events.append(
                Event(
                    kind="moved",
                    figure=f.id,
                    text=f"{f.name}'s Wire-Fu adds {extra}: it falls short",
                )
            )
        else:
            events.append(Event(kind="moved", figure=f.id, text=f"{f.name}'s Wire-Fu adds {extra}"))
        to = reachable[-1]
    m = check_path(ctx, f, to)
    cx, cy = centre_of(to)
    stopped = first_stop(ctx, f, to)
    foe = enc.figs.get(toward) if toward else (stopped[1] if stopped and not fled else None)
    moved = f.with_(x=cx, y=cy, elevation=m.elevation)
    moved = moved.with_(facing=_face(moved, facing, start, foe))
    events.append(
        Event(
            kind="moved",
            figure=f.id,
            text=f"{f.name} moves to {place_name(to)} facing {moved.facing}"
            + (f" and enters combat with {foe.name}" if foe is not None and not fled else ""),
        )
    )
    drop = f.elevation - m.elevation
    levels = drop // ctx.options.fall_level_bricks
    if levels > 0:
        hits = dice.roll(levels, f"{f.name} falls {levels} level(s): {levels}d3", 3).total
        moved, ev = take_hits(ctx, moved, hits)
        events += ev
    enc = enc.replace_fig(moved)
    return _done(enc, f.id), events


def _flee(ctx: Ctx, f: Fig, a: Flee, dice: Dice) -> tuple[Encounter, list[Event]]:
    """Poltroonery: "Both figures roll 1d6 +move; if the fleeing figure wins, make an
    immediate move away ... Otherwise, the non-fleeing figure makes an immediate attack
    and the fleeing figure is treated as unarmed."  Against each foe it is in combat with."""
    enc = ctx.enc
    events: list[Event] = []
    caught: list[Fig] = []
    for o in foes_engaged(ctx, f):
        for _ in range(6):
            mine = dice.roll(
                1, f"{f.name} flees {o.name}: 1d6 + {current_move(ctx, f)}", 6
            ).total + current_move(ctx, f)
            theirs = dice.roll(
                1, f"{o.name} against {f.name}'s flight: 1d6 + {current_move(ctx, o)}", 6
            ).total + current_move(ctx, o)
            if mine != theirs or ctx.options.flee_ties != "reroll":
                break
        won = mine > theirs or (mine == theirs and ctx.options.flee_ties == "flee")
        events.append(
            Event(
                kind="flee",
                figure=f.id,
                text=f"{f.name} flees {o.name}: {mine} against {theirs}, "
                + ("gets away" if won else "caught"),
            )
        )
        if not won:
            caught.append(o)
    if not caught:
        enc, more = _move(ctx, f, a.to, a.facing, dice, fled=True)
        return enc.with_(fled=enc.fled | {f.id}), events + more
    for o in caught:
        me = enc.fig(f.id)
        if me.broken:
            break
        attacker = Side(enc.fig(o.id))
        c = contest(Ctx(enc, ctx.catalog), attacker, Side(me, unarmed=True), False, dice)
        enc, more = apply_contest(
            Ctx(enc, ctx.catalog), enc, attacker, Side(me, unarmed=True), c, False
        )
        events += [
            Event(kind="fight", figure=o.id, text=contest_text(attacker.fig, me, c, False)),
            *more,
        ]
    return _done(enc, f.id), events


def _fight(ctx: Ctx, f: Fig, a: Fight, dice: Dice) -> tuple[Encounter, list[Event]]:
    """One fight of combat resolution, the extra figures of a gang-up bumping the die
    ("gaining +1 bump per extra figure"); a winner over several allocates its hits."""
    enc = ctx.enc
    t = enc.fig(a.target)
    sa, sb = Side(f, bumps=len(a.with_)), Side(t, bumps=len(a.against))
    c = contest(ctx, sa, sb, False, dice)
    events = [Event(kind="fight", figure=f.id, text=contest_text(f, t, c, False))]
    enc = _done(enc, f.id, t.id, *a.with_, *a.against)
    losers: tuple[str, ...] = ()
    if not c.tie:
        if c.a_roll > c.b_roll:
            winner, hits, losers = f, c.a_hits, (t.id, *a.against)
        else:
            winner, hits, losers = t, c.b_hits, (f.id, *a.with_)
        if len(losers) > 1 and hits > 0:
            enc = enc.with_(pending=PendingHits(winner.id, hits, losers, False))
            events.append(
                Event(
                    kind="fight",
                    figure=winner.id,
                    text=f"{winner.name} allocates {hits} hits among "
                    + ", ".join(enc.fig(x).name for x in losers),
                )
            )
            return enc, events
    enc, more = apply_contest(ctx, enc, sa, sb, c, False)
    return enc, events + more


def _allocate(ctx: Ctx, a: Allocate) -> tuple[Encounter, list[Event]]:
    enc = ctx.enc
    p = enc.pending
    assert p is not None
    share: dict[str, int] = dict(a.split)
    if not share:
        for i in range(p.hits):
            tid = a.to[i % len(a.to)]
            share[tid] = share.get(tid, 0) + 1
    events = [
        Event(
            kind="allocate",
            figure=p.winner,
            text=f"{enc.fig(p.winner).name} allocates "
            + ", ".join(f"{n} to {enc.fig(t).name}" for t, n in share.items()),
        )
    ]
    enc = enc.with_(pending=None)
    for tid, n in share.items():
        t, more = take_hits(ctx, enc.fig(tid), n)
        enc = enc.replace_fig(t)
        events += more
    return enc, events


def _special(ctx: Ctx, f: Fig, c: Casting, dice: Dice) -> tuple[Encounter, list[Event]]:
    """Whirlwind or Gun-Fu: "gain attacks (shots) equal to adventurer roll on any in
    range", made one after another at the named targets in turn."""
    enc = ctx.enc.with_(castings=tuple(x for x in ctx.enc.castings if x.caster != f.id))
    shooting = c.spell == "gun_fu"
    die = stat_die(f, "adventure")
    n = dice.roll(1, f"{f.name}: {c.spell.replace('_', '-')}, adventure d{die}", die).total
    events = [
        Event(
            kind="special",
            figure=f.id,
            amount=n,
            text=f"{f.name} gains {n} {'shots' if shooting else 'attacks'}",
        )
    ]
    for i in range(n):
        me = enc.fig(f.id)
        live = [enc.fig(t) for t in c.targets if not enc.fig(t).broken]
        live = [t for t in live if weapon_for(Ctx(enc, ctx.catalog), me, t, shooting) is not None]
        if me.broken or not live:
            break
        t = live[i % len(live)]
        k = Ctx(enc, ctx.catalog)
        r = contest(k, Side(me), Side(t), shooting, dice)
        enc, more = apply_contest(k, enc, Side(me), Side(t), r, shooting)
        events += [Event(kind="fight", figure=f.id, text=contest_text(me, t, r, shooting)), *more]
    return enc, events


def feat_gimmicks(ctx: Ctx, f: Fig, feat: str) -> list[str]:
    """The names of the figure's gimmicks that add a d6 to ``feat`` (one per time taken:
    "Gimmicks may be chosen multiple times"), from the data's ``adventure_d6``."""
    want = feat.strip().lower()
    if not want:
        return []
    out = []
    for g in f.gimmicks:
        gimmick = ctx.catalog.get_gimmick(g)
        if any(want == feat_name.lower() for feat_name in gimmick.adventure_d6):
            out.append(gimmick.name)
    return out


def _adventure(
    ctx: Ctx, f: Fig, a: Adventure, dice: Dice
) -> tuple[Event, tuple[str, int, int | None, bool | None]]:
    """ "A roll of 4+ is required for success for passive situations ... Opposed
    situations, are resolved by adventure vs. adventure rolls"; bumps for difficulty and
    tools, a d6 for each gimmick that applies."""
    die = stat_die(f, "adventure", a.bumps + (1 if a.tools else 0))
    what = a.task or a.feat or "adventure"
    helping = feat_gimmicks(ctx, f, a.feat)
    extra = len(helping) + a.gimmick_dice
    total = dice.roll(1, f"{f.name}: {what}, adventure d{die}", die).total
    if extra:
        named = ", ".join([*helping, *(["the table's"] * bool(a.gimmick_dice))])
        total += dice.roll(extra, f"{f.name}: gimmicks ({named}), {extra}d6", 6).total
    if a.against is None:
        ok = total >= 4
        text = f"{f.name} rolls {total} for {what}: " + (
            f"success by {total - 4}" if ok else "failure"
        )
        return Event(kind="adventure", figure=f.id, amount=total, text=text), (
            f.id,
            total,
            None,
            ok,
        )
    o = ctx.enc.fig(a.against)
    for _ in range(6):
        odie = stat_die(o, "adventure")
        theirs = dice.roll(1, f"{o.name} opposes: adventure d{odie}", odie).total
        if theirs != total or ctx.options.opposed_ties != "reroll":
            break
        total = dice.roll(1, f"{f.name}: {what} again, adventure d{die}", die).total
    verdict = (
        f"{f.name} wins"
        if total > theirs
        else f"{o.name} wins"
        if theirs > total
        else "nobody wins"
    )
    text = f"{f.name} {total} against {o.name} {theirs} for {what}: {verdict}"
    won = True if total > theirs else False if theirs > total else None
    return Event(kind="adventure", figure=f.id, amount=total, text=text), (
        f.id,
        total,
        theirs,
        won,
    )


def _hazard(ctx: Ctx, a: Hazard, dice: Dice) -> tuple[Encounter, list[Event]]:
    """ "Falling causes d3 hits per level, fire 1d3/turn"; a trap's hits as given."""
    enc = ctx.enc
    t = enc.fig(a.target)
    if a.kind == "fall":
        hits = dice.roll(a.levels, f"{t.name} falls {a.levels} level(s): {a.levels}d3", 3).total
    elif a.kind == "fire":
        hits = dice.roll(1, f"{t.name} burns: 1d3", 3).total
    else:
        hits = a.hits
    t2, events = take_hits(ctx, t, hits)
    return enc.replace_fig(t2), [
        Event(kind="hazard", figure=t.id, amount=hits, text=f"{t.name}: {a.kind}, {hits} hit(s)"),
        *events,
    ]


__all__ = ["resolve", "tie_hit", "tie_hurts"]
