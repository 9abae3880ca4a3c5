"""The round: initiative, the four phases in initiative order, who acts now, and what
happens when a phase or a round ends.

"Each round has four phases; all figures resolve each phase (in initiative order where
relevant) and then move to the next phase."
"""

from __future__ import annotations

from dataclasses import replace

from companion.model.dungeon import Terrain
from companion.model.geometry.tabletop import TableLayers
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    Ctx,
    current_move,
    foes_engaged,
    in_combat,
    lost_turn,
    shooting_weapons,
    side_of,
    within,
)
from companion.rulesets.brickmasters_of_the_unknown.state import PHASES, Encounter


def by_initiative(enc: Encounter, ids: list[str] | None = None) -> list[str]:
    """Figure ids, highest initiative first (ties: the order the initiative roll left)."""
    pool = list(enc.figs) if ids is None else ids
    return sorted(pool, key=lambda i: (-(enc.figs[i].initiative or 0), -enc.figs[i].tiebreak))


def action_order(ctx: Ctx) -> list[str]:
    """The action phase's figures still to act, in initiative order, a delayed figure
    right after the friend it waits for."""
    enc = ctx.enc
    waiting = dict(enc.delayed)
    todo = [
        i
        for i in by_initiative(enc)
        if i not in enc.acted and not enc.figs[i].broken and lost_turn(enc.figs[i]) is None
    ]
    out = [i for i in todo if i not in waiting or waiting[i] not in todo or waiting[i] == i]
    for fid, friend in enc.delayed:
        if fid in todo and fid not in out:
            pos = out.index(friend) + 1 if friend in out else len(out)
            out.insert(pos, fid)
    return out


def final_shooters(ctx: Ctx) -> list[str]:
    """ "Once all figures have acted, any figure not in combat or casting a spell may shoot
    ... if armed with a shooting weapon other than a crossbow, pistol or musket"; with
    an enemy within that weapon's range (else it has nothing to shoot at)."""
    enc = ctx.enc
    casting = {c.caster for c in enc.castings}
    out = []
    for fid in by_initiative(enc):
        f = enc.figs[fid]
        if f.broken or fid in enc.acted or fid in casting or fid in enc.fled:
            continue
        if lost_turn(f) is not None or in_combat(ctx, f) or "shoot" in f.unarmed_stats:
            continue
        bows = [w for w in shooting_weapons(f) if not w.reloads]
        if any(
            within(ctx, f.base, o.base, w.shoot_range)
            for w in bows
            for o in enc.standing()
            if side_of(o) != side_of(f)
        ):
            out.append(fid)
    return out


def fighters(ctx: Ctx) -> list[str]:
    """Combat resolution: the figures in combat that have not fought this phase, highest
    initiative first (combats are resolved in the order of the highest initiative)."""
    enc = ctx.enc
    return [
        fid
        for fid in by_initiative(enc)
        if fid not in enc.acted
        and any(o.id not in enc.acted for o in foes_engaged(ctx, enc.figs[fid]))
    ]


def combat_group(ctx: Ctx, fid: str) -> set[str]:
    """The figures joined to ``fid`` by combat (not yet fought this phase)."""
    enc = ctx.enc
    group, todo = {fid}, [fid]
    while todo:
        f = enc.figs[todo.pop()]
        for o in foes_engaged(ctx, f):
            if o.id not in group and o.id not in enc.acted:
                group.add(o.id)
                todo.append(o.id)
    return group


def casters(ctx: Ctx) -> list[str]:
    """Spell resolution: the casters of declared spells, in initiative order."""
    enc = ctx.enc
    return by_initiative(enc, [c.caster for c in enc.castings])


def to_act(ctx: Ctx) -> list[str]:
    """Who acts in the phase now, the first one first."""
    enc = ctx.enc
    if enc.winner is not None or enc.phase in ("initiative", "over"):
        return []
    if enc.pending is not None:
        return [enc.pending.winner]
    if enc.phase == "action":
        return action_order(ctx)
    if enc.phase == "final_shots":
        return final_shooters(ctx)
    if enc.phase == "combat":
        return fighters(ctx)
    return casters(ctx)


def winner(enc: Encounter) -> str | None:
    """The one side left with unbroken figures ("ends when all but one of the opponents is
    broken or flees"), or None while two or more stand."""
    standing = {side_of(f) for f in enc.standing()}
    if len(standing) == 1:
        return next(iter(standing))
    return None


def advance(ctx: Ctx, dice: Dice) -> tuple[Encounter, list[Event]]:
    """Move on through phases (and rounds) until someone has something to do."""
    enc = ctx.enc
    events: list[Event] = []
    for _ in range(12):
        won = winner(enc)
        if won is not None and enc.winner is None:
            enc = enc.with_(winner=won, phase="over")
            events.append(Event(kind="outcome", text=f"The encounter is over: {won} wins"))
        if enc.winner is not None or enc.phase == "initiative":
            return enc, events
        if to_act(Ctx(enc, ctx.catalog)):
            return enc, events
        keys = [p for p, _ in PHASES]
        i = keys.index(enc.phase)
        if i + 1 < len(keys):
            enc = enc.with_(phase=keys[i + 1], acted=frozenset())
            continue
        enc, more = end_round(Ctx(enc, ctx.catalog), dice)
        events += more
    return enc, events


def end_round(ctx: Ctx, dice: Dice) -> tuple[Encounter, list[Event]]:
    """The round ends: fire burns (1d3 a turn), spells' turns run down, a new round."""
    from companion.rulesets.brickmasters_of_the_unknown.combat import take_hits

    enc = ctx.enc
    events: list[Event] = []
    for fid in list(enc.figs):
        f = enc.figs[fid]
        x, y = f.cell
        if not f.broken and enc.table.terrain[y, x] == int(Terrain.FIRE_SPOUT):
            burn = dice.roll(1, f"{f.name} burns: 1d3", 3).total
            f, ev = take_hits(ctx, f, burn)
            events += ev
        effects = tuple(
            e if e.since >= enc.round else replace(e, rounds=e.rounds - 1)
            for e in f.effects
            if e.rounds > 1 or e.since >= enc.round
        )
        if effects != f.effects:
            ended = {e.kind for e in f.effects} - {e.kind for e in effects}
            if ended:
                events.append(
                    Event(
                        kind="effect", figure=fid, text=f"{f.name}: {', '.join(sorted(ended))} ends"
                    )
                )
        enc = enc.replace_fig(f.with_(effects=effects))
    enc, more = _walls_age(enc)
    events += more
    enc = enc.with_(
        round=enc.round + 1,
        phase="action",
        acted=frozenset(),
        delayed=(),
        castings=(),
        fled=frozenset(),
    )
    events.append(Event(kind="round", text=f"Round {enc.round} begins"))
    return enc, events


def _walls_age(enc: Encounter) -> tuple[Encounter, list[Event]]:
    """Web/Wall's barriers count down their turns; a spent one leaves the table."""
    if not enc.walls:
        return enc, []
    kept, gone = [], []
    for w in enc.walls:
        if w.since >= enc.round:
            kept.append(w)
        elif w.rounds > 1:
            kept.append(replace(w, rounds=w.rounds - 1))
        else:
            gone.append(w)
    if not gone:
        return enc.with_(walls=tuple(kept)), []
    table = enc.table.copy()
    for w in gone:
        for (x, y), before in zip(w.cells, w.terrain, strict=True):
            table.terrain[y, x] = before
    enc = enc.with_(table=table, layers=TableLayers.of(table), walls=tuple(kept))
    return enc, [Event(kind="effect", text="a wall crumbles away")]


def roll_initiative(ctx: Ctx, dice: Dice) -> tuple[Encounter, list[Event]]:
    """1d6 + current move for each unbroken figure, for the whole encounter; ties as the
    option says (tied figures roll a d6 again, the higher move first, or the order)."""
    enc = ctx.enc
    scores: dict[str, int] = {}
    events = []
    for fid, f in enc.figs.items():
        move = current_move(ctx, f, spells=False)
        face = dice.roll(1, f"{f.name}: initiative 1d6 + move {move}", 6).total
        scores[fid] = face + move
        events.append(
            Event(
                kind="initiative",
                figure=fid,
                amount=scores[fid],
                text=f"{f.name} {face}+{move}={scores[fid]}",
            )
        )
    order = list(enc.figs)
    rank: dict[str, tuple[int, ...]] = {fid: (scores[fid],) for fid in order}
    how = ctx.options.initiative_ties
    if how == "move":
        rank = {fid: (scores[fid], current_move(ctx, enc.figs[fid], spells=False)) for fid in order}
    elif how == "reroll":
        for _ in range(6):
            seen: dict[tuple[int, ...], list[str]] = {}
            for fid in order:
                seen.setdefault(rank[fid], []).append(fid)
            tied = [ids for ids in seen.values() if len(ids) > 1]
            if not tied:
                break
            for ids in tied:
                for fid in ids:
                    extra = dice.roll(1, f"{enc.figs[fid].name}: initiative tie, 1d6", 6).total
                    rank[fid] = (*rank[fid], extra)
    ranked = sorted(order, key=lambda fid: tuple(-v for v in rank[fid]))
    n = len(ranked)
    figs = {
        fid: enc.figs[fid].with_(initiative=scores[fid], tiebreak=n - i)
        for i, fid in enumerate(ranked)
    }
    enc = enc.with_(figs=figs, phase="action", acted=frozenset())
    events.insert(
        0,
        Event(
            kind="initiative",
            text="Initiative: " + ", ".join(f"{enc.figs[f].name} {scores[f]}" for f in ranked),
        ),
    )
    return enc, events
