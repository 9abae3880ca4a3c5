"""Spells: who may cast what, and the eleven spells' effects.

"To cast spells, a figure must have a Cast dtype > d4 and carry spellcasting gear ...
Spells are cast by declaring the spell and target; both roll cast dice.  If the
spellcaster loses there is no effect, but the caster may discard a spellcasting item to
reroll.  Otherwise, apply spell results."  The effect is the difference of the two Cast
rolls (Magus +1); a spell nobody opposes rolls as the option says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from companion.model.dungeon import Terrain
from companion.model.geometry.tabletop import TableLayers, centre_of, line_cells, standing_height
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rules.verdict import Reason
from companion.rulesets.brickmasters_of_the_unknown.actions import Cast
from companion.rulesets.brickmasters_of_the_unknown.combat import take_hits
from companion.rulesets.brickmasters_of_the_unknown.reasons import BmotuReason
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    Ctx,
    halve,
    in_combat,
    lost_turn,
    reason,
    side_of,
    stat_die,
    within,
)
from companion.rulesets.brickmasters_of_the_unknown.state import (
    Barrier,
    Casting,
    Effect,
    Encounter,
    Fig,
)

R = BmotuReason


@dataclass(frozen=True)
class SpellRule:
    """How a spell is aimed: its readings (the first is the default), how many targets
    each takes (None: any number), whether it needs ``to`` or ``stat``."""

    name: str
    modes: tuple[str, ...]
    targets: dict[str, tuple[int, int | None]]
    #: The readings that name a place (``to``).
    needs_to: tuple[str, ...] = ()
    needs_stat: bool = False


#: The eleven spells of the text, by id, with their two readings each.
SPELLS: dict[str, SpellRule] = {
    "zap_blast": SpellRule("Zap/blast", ("zap", "blast"), {"zap": (1, 1), "blast": (1, None)}),
    "web_wall": SpellRule(
        "Web/Wall", ("web", "wall"), {"web": (1, None), "wall": (0, 0)}, needs_to=("wall",)
    ),
    "sleep_stun": SpellRule("Sleep/stun", ("sleep", "stun"), {"sleep": (1, 1), "stun": (1, None)}),
    "curse_bless": SpellRule(
        "Curse/bless", ("curse", "bless"), {"curse": (1, 1), "bless": (1, 1)}, needs_stat=True
    ),
    "heal": SpellRule(
        "Heal", ("unbreak", "restore_armour"), {"unbreak": (1, 1), "restore_armour": (1, 1)}
    ),
    "haste_slow": SpellRule("Haste/slow", ("haste", "slow"), {"haste": (1, 1), "slow": (1, 1)}),
    "turn": SpellRule("Turn", ("turn",), {"turn": (1, None)}),
    "raise": SpellRule("Raise", ("raise",), {"raise": (0, 0)}),
    "charm": SpellRule("Charm", ("charm",), {"charm": (1, 1)}),
    "transmogrify": SpellRule("Transmogrify", ("transmogrify",), {"transmogrify": (1, 1)}),
    "teleport": SpellRule("Teleport", ("teleport",), {"teleport": (1, 1)}, needs_to=("teleport",)),
}
#: Zap/blast's extra targets: "within 12".
ZAP_RANGE = 12.0


def spell_name(spell: str) -> str:
    rule = SPELLS.get(spell)
    return rule.name if rule else spell


def no_target_why(spell: str, mode: str) -> str:
    """What is missing when nobody may be the target of ``spell`` cast as ``mode``, in
    the players' words (the reasons ``_aim_reasons`` gives each figure)."""
    if spell == "heal" and mode == "unbreak":
        return "no broken figure to mend"
    if spell == "turn":
        return "no undead to turn"
    if spell == "transmogrify":
        return "no spellcaster to target"
    if spell == "zap_blast" and mode == "blast":
        return f"nobody within {ZAP_RANGE:g} studs"
    return "no figure it may target"


def cast_die(f: Fig, spell: str) -> int:
    """The Cast die: its own (bumped), or a Healer's d8 for Heal when that is better."""
    die = stat_die(f, "cast")
    if spell == "heal" and f.count("healer"):
        die = max(die, 8)
    return die


def is_caster(f: Fig) -> bool:
    """ "a Cast dtype > d4" (a "u" Cast is no caster)."""
    return "cast" not in f.unarmed_stats and f.die("cast") > 4


def cast_reasons(ctx: Ctx, f: Fig, a: Cast) -> list[Reason]:
    """Every reason ``f`` may not begin casting ``a`` (the caller checks phase and turn)."""
    out: list[Reason] = []
    rule = SPELLS.get(a.spell)
    if rule is None:
        known = ", ".join(SPELLS)
        return [reason(R.UNKNOWN_SPELL, f"no spell {a.spell!r} (spells: {known})")]
    healer = a.spell == "heal" and f.count("healer") > 0
    needs_caster = not a.gem or ctx.options.gems_need_caster
    if a.gem:
        if a.spell not in f.gems:
            out.append(reason(R.NO_SUCH_ITEM, f"{f.name} has no gem of {rule.name}"))
    elif not healer:
        if a.spell not in f.spells_known:
            out.append(reason(R.UNKNOWN_SPELL, f"{f.name} does not know {rule.name}"))
        elif a.spell not in f.prepared:
            out.append(reason(R.NOT_PREPARED, f"{f.name} did not prepare {rule.name} today"))
        if f.spells_left <= 0:
            out.append(reason(R.NO_SPELLS_LEFT, f"{f.name} has no spells left today"))
    if needs_caster and not healer and not is_caster(f):
        out.append(
            reason(
                R.NOT_A_CASTER, f"{f.name}'s Cast is d{f.die('cast')}: casting needs more than d4"
            )
        )
    if needs_caster and not f.gear:
        out.append(reason(R.NO_CASTING_GEAR, f"{f.name} carries no spellcasting gear"))
    out += _aim_reasons(ctx, f, a, rule)
    return out


def _aim_reasons(ctx: Ctx, f: Fig, a: Cast, rule: SpellRule) -> list[Reason]:
    enc = ctx.enc
    mode = a.mode or rule.modes[0]
    if mode not in rule.modes:
        return [
            reason(
                R.INVALID_TARGET, f"{rule.name} is cast as {' or '.join(rule.modes)}, not {mode!r}"
            )
        ]
    lo, hi = rule.targets[mode]
    out: list[Reason] = []
    if len(a.targets) < lo or (hi is not None and len(a.targets) > hi):
        want = str(lo) if lo == hi else f"{lo} or more"
        out.append(reason(R.INVALID_TARGET, f"{rule.name} ({mode}) takes {want} target(s)"))
    if len(set(a.targets)) != len(a.targets):
        out.append(reason(R.INVALID_TARGET, "a target is named twice"))
    for tid in a.targets:
        t = enc.figs.get(tid)
        if t is None:
            out.append(reason(R.UNKNOWN_FIGURE, f"no figure {tid!r}"))
            continue
        if t.broken and not (a.spell == "heal" and mode == "unbreak"):
            out.append(reason(R.TARGET_DEAD, f"{t.name} is broken", t.cell))
        if a.spell == "heal" and mode == "unbreak" and not t.broken:
            out.append(reason(R.INVALID_TARGET, f"{t.name} is not broken", t.cell))
        if a.spell == "turn" and not t.undead:
            out.append(reason(R.INVALID_TARGET, f"{t.name} is not undead", t.cell))
        if a.spell == "transmogrify" and not is_caster(t):
            out.append(reason(R.INVALID_TARGET, f"{t.name} is no spellcaster", t.cell))
        if (
            a.spell == "zap_blast"
            and mode == "blast"
            and not within(ctx, f.base, t.base, ZAP_RANGE)
        ):
            out.append(reason(R.OUT_OF_RANGE, f"{t.name} is more than 12 studs away", t.cell))
    if rule.needs_stat and a.stat is None:
        out.append(reason(R.INVALID_TARGET, f"{rule.name} names the stat to bump"))
    if mode in rule.needs_to:
        if a.to is None:
            out.append(reason(R.INVALID_TARGET, f"{rule.name} names the place to go"))
        elif not enc.table.in_bounds(*a.to):
            out.append(reason(R.IMPASSABLE_TERRAIN, "the place is off the table", a.to))
    return out


# -- resolution ------------------------------------------------------------------------------


def opposed(ctx: Ctx, caster: Fig, c: Casting) -> Fig | None:
    """Who rolls Cast against the caster: the first target, unless it is a friend (a
    friend does not resist), broken, or there is none."""
    enc = ctx.enc
    if not c.targets:
        return None
    t = enc.figs.get(c.targets[0])
    if t is None or t.broken or side_of(t) == side_of(caster):
        return None
    return t


def resolve_casting(ctx: Ctx, c: Casting, dice: Dice) -> tuple[Encounter, list[Event]]:
    """Roll a declared spell and apply it; a caster who loses keeps the spell pending
    (``lost``) to discard an item and roll again."""
    enc = ctx.enc
    caster = enc.fig(c.caster)
    rest = tuple(x for x in enc.castings if x is not c and x.caster != c.caster)
    name = spell_name(c.spell)
    if caster.broken or in_combat(ctx, caster) or lost_turn(caster) is not None:
        why = (
            "broken"
            if caster.broken
            else "in combat"
            if in_combat(ctx, caster)
            else lost_turn(caster)
        )
        enc = enc.with_(castings=rest)
        return enc, [
            Event(kind="spell", figure=caster.id, text=f"{caster.name}'s {name} fizzles ({why})")
        ]
    die = cast_die(caster, c.spell)
    roll = dice.roll(1, f"{caster.name} casts {name}: cast d{die}", die).total
    foe = opposed(ctx, caster, c)
    magus = caster.count("magus")
    if foe is not None:
        fdie = stat_die(foe, "cast")
        against = dice.roll(1, f"{foe.name} resists {name}: cast d{fdie}", fdie).total
        text = f"{caster.name} casts {name}: {roll} against {foe.name}'s {against}"
        if c.spell == "transmogrify" and against > roll:
            frog = Effect("frog", against - roll + foe.count("magus"))
            enc = enc.replace_fig(caster.with_(effects=(*caster.effects, frog))).with_(
                castings=rest
            )
            return enc, [
                Event(
                    kind="spell",
                    figure=caster.id,
                    text=f"{text}: {caster.name} is turned into a frog for {frog.rounds} turns",
                )
            ]
        if against > roll:
            return _lost(enc, c, rest, caster, text)
        effect = roll - against + magus
    else:
        text = f"{caster.name} casts {name}: {roll}"
        if ctx.options.unopposed_effect == "roll":
            effect = roll + magus
        else:
            if roll < 4:
                return _lost(enc, c, rest, caster, text + " (needs 4)")
            effect = roll - 4 + magus
    enc = enc.with_(castings=rest)
    enc, events = apply_spell(Ctx(enc, ctx.catalog), caster, c, effect, dice)
    return enc, [
        Event(kind="spell", figure=caster.id, amount=effect, text=f"{text}, effect {effect}"),
        *events,
    ]


def _lost(
    enc: Encounter, c: Casting, rest: tuple[Casting, ...], caster: Fig, text: str
) -> tuple[Encounter, list[Event]]:
    if caster.gear:
        lost = Casting(c.caster, c.spell, c.targets, c.mode, c.stat, c.to, c.gem, lost=True)
        enc = enc.with_(castings=(lost, *rest))
        tail = ": no effect (discard a spellcasting item to roll again, or pass)"
    else:
        enc = enc.with_(castings=rest)
        tail = ": no effect"
    return enc, [Event(kind="spell", figure=caster.id, text=text + tail)]


def _add(enc: Encounter, t: Fig, e: Effect) -> Encounter:
    e = replace(e, since=enc.round)
    t = enc.fig(t.id)
    kept = tuple(x for x in t.effects if not (x.kind == e.kind and x.stat == e.stat))
    return enc.replace_fig(t.with_(effects=(*kept, e)))


def apply_spell(
    ctx: Ctx, caster: Fig, c: Casting, effect: int, dice: Dice
) -> tuple[Encounter, list[Event]]:
    """The spell's result for an effect of ``effect`` (the table in the text)."""
    enc = ctx.enc
    events: list[Event] = []
    targets = [enc.fig(t) for t in c.targets if t in enc.figs]
    half = halve(ctx, max(0, effect))
    mode = c.mode or SPELLS[c.spell].modes[0]
    spell = c.spell
    if spell == "zap_blast":
        hits = [(targets[0], 1 + effect)] if mode == "zap" else [(targets[0], 1)]
        if mode == "blast":
            hits += [(t, 1) for t in targets[1 : 1 + max(0, effect)]]
        for t, n in hits:
            t2, ev = take_hits(ctx, enc.fig(t.id), n)
            enc = enc.replace_fig(t2)
            events += ev
    elif spell == "web_wall" and mode == "web":
        for t in targets[:half]:
            if half:
                enc = _add(enc, t, Effect("webbed", half))
                events.append(
                    Event(kind="effect", figure=t.id, text=f"{t.name} is webbed for {half} turns")
                )
    elif spell == "sleep_stun":
        chosen = targets[:1] if mode == "sleep" else targets[: max(0, effect)]
        rounds = max(0, effect) if mode == "sleep" else 1
        for t in chosen:
            if rounds:
                enc = _add(enc, t, Effect("asleep", rounds))
                events.append(
                    Event(kind="effect", figure=t.id, text=f"{t.name} loses {rounds} turn(s)")
                )
    elif spell == "curse_bless" and effect > 0:
        t = targets[0]
        amount = -1 if mode == "curse" else 1
        enc = _add(enc, t, Effect("bump", effect, c.stat, amount))
        events.append(
            Event(
                kind="effect",
                figure=t.id,
                text=f"{t.name}'s {c.stat} is bumped {amount:+d} for {effect} turns",
            )
        )
    elif spell == "heal":
        t = targets[0]
        if mode == "unbreak":
            lose = max(0, 4 - half)
            enc = enc.replace_fig(t.with_(broken=False))
            if lose:
                enc = _add(enc, t, Effect("mending", lose))
            events.append(
                Event(kind="heal", figure=t.id, text=f"{t.name} is unbroken and loses {lose} turns")
            )
        else:
            missing = list(t.armour_start)
            for piece in t.armour:
                if piece in missing:
                    missing.remove(piece)
            back = tuple(missing[: 1 + half])
            enc = enc.replace_fig(t.with_(armour=(*t.armour, *back)))
            events.append(
                Event(
                    kind="heal",
                    figure=t.id,
                    amount=len(back),
                    text=f"{t.name} gets back {len(back)} armour piece(s)",
                )
            )
    elif spell == "haste_slow" and effect > 0:
        t = targets[0]
        enc = _add(enc, t, Effect(mode, effect))
        events.append(
            Event(
                kind="effect",
                figure=t.id,
                text=f"{t.name}'s move is {'doubled' if mode == 'haste' else 'halved'} "
                f"for {effect} turns",
            )
        )
    elif spell == "turn" and effect > 0:
        for t in targets:
            enc = _add(enc, t, Effect("turned", effect))
            events.append(Event(kind="effect", figure=t.id, text=f"{t.name} loses {effect} turns"))
    elif spell == "charm" and effect > 0:
        t = targets[0]
        enc = _add(enc, t, Effect("charmed", effect, side=side_of(caster)))
        events.append(
            Event(
                kind="effect",
                figure=t.id,
                text=f"{caster.name} controls {t.name} for {effect} turns",
            )
        )
    elif spell == "transmogrify" and effect > 0:
        t = targets[0]
        enc = _add(enc, t, Effect("frog", effect))
        events.append(
            Event(kind="effect", figure=t.id, text=f"{t.name} is a frog for {effect} turns")
        )
    elif spell == "teleport" and c.to is not None:
        t = targets[0]
        count = 1 + max(0, effect) // 2
        studs = dice.roll(count, f"Teleport {t.name}: {count}d6 studs", 6).total
        enc, ev = _teleport(Ctx(enc, ctx.catalog), t, c.to, studs)
        events += ev
    elif spell == "raise":
        enc, ev = _raise(Ctx(enc, ctx.catalog), caster, half)
        events += ev
    elif spell == "web_wall" and mode == "wall" and c.to is not None and effect > 0:
        enc, ev = _wall(Ctx(enc, ctx.catalog), caster, c.to, effect)
        events += ev
    return enc, events


#: Half the length of Web/Wall's barrier, in studs [GAP: the text gives no size]: a wall
#: 12 studs long (Zap/blast's "within 12"), centred on the place named, across the line
#: from the caster to it.
WALL_HALF_LENGTH = 6.0


def wall_cells(enc: Encounter, caster: Fig, to: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a Wall centred on ``to``, across the line from the caster; not the
    cells figures stand on, nor those off the table."""
    cx, cy = centre_of(to)
    dx, dy = cx - caster.x, cy - caster.y
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length * WALL_HALF_LENGTH, dx / length * WALL_HALF_LENGTH
    a = (math.floor(cx + px), math.floor(cy + py))
    b = (math.floor(cx - px), math.floor(cy - py))
    taken = {f.cell for f in enc.standing()}
    return [c for c in line_cells(a, b) if enc.table.in_bounds(*c) and c not in taken]


def _wall(ctx: Ctx, caster: Fig, to: tuple[int, int], effect: int) -> tuple[Encounter, list[Event]]:
    """ "create impassible barrier (blocks all LOS) for effect turns": wall cells on the
    table until the turns run out (``flow.end_round`` takes them away)."""
    enc = ctx.enc
    cells = wall_cells(enc, caster, to)
    table = enc.table.copy()
    before = tuple(int(table.terrain[y, x]) for x, y in cells)
    for x, y in cells:
        table.terrain[y, x] = int(Terrain.WALL)
    barrier = Barrier(tuple(cells), before, effect, enc.round)
    enc = enc.with_(table=table, layers=TableLayers.of(table), walls=(*enc.walls, barrier))
    text = f"{caster.name} raises a wall of {len(cells)} studs for {effect} turns"
    return enc, [Event(kind="spell", figure=caster.id, amount=effect, text=text)]


def _raise(ctx: Ctx, caster: Fig, count: int) -> tuple[Encounter, list[Event]]:
    """ "create ½ effect basic skeletons": Joe skeletons on the caster's side, each on the
    nearest free place beside it, acting on the caster's initiative."""
    from companion.rulesets.brickmasters_of_the_unknown.setup import FigureSpec, make_fig

    enc = ctx.enc
    events: list[Event] = []
    made = 0
    n = sum(1 for f in enc.figs if f.startswith(f"{caster.id}_skeleton_"))
    for cell in _free_cells(enc, caster):
        if made >= count:
            break
        n += 1
        spec = FigureSpec.model_validate(
            {
                "id": f"{caster.id}_skeleton_{n}",
                "name": f"Skeleton {n}",
                "side": side_of(caster),
                "mook": "joe_skeleton",
                "at": list(cell),
                "facing": caster.facing,
                "initiative": caster.initiative or 0,
            }
        )
        skel = make_fig(spec, ctx.catalog, enc.options, "raise")
        skel = skel.with_(
            tiebreak=caster.tiebreak, elevation=standing_height(enc.table, (skel.x, skel.y))
        )
        enc = enc.with_(figs={**enc.figs, skel.id: skel}, acted=enc.acted | {skel.id})
        made += 1
        events.append(Event(kind="spell", figure=skel.id, text=f"{caster.name} raises {skel.name}"))
    if made < count:
        events.append(
            Event(
                kind="spell", figure=caster.id, text=f"no room for {count - made} more skeleton(s)"
            )
        )
    return enc, events


def _free_cells(enc: Encounter, caster: Fig) -> list[tuple[int, int]]:
    """Cells near the caster where a base fits (on the table, off walls, no overlap)."""
    out = []
    r = caster.radius
    for dy in range(-4, 5):
        for dx in range(-4, 5):
            x, y = caster.cell[0] + dx, caster.cell[1] + dy
            if not enc.table.in_bounds(x, y) or enc.table_layers.wall[y, x]:
                continue
            cx, cy = centre_of((x, y))
            if any(math.hypot(o.x - cx, o.y - cy) < o.radius + r - 1e-6 for o in enc.standing()):
                continue
            out.append((math.hypot(cx - caster.x, cy - caster.y), (x, y)))
    return [c for _, c in sorted(out)]


def _teleport(ctx: Ctx, t: Fig, to: tuple[int, int], studs: int) -> tuple[Encounter, list[Event]]:
    enc = ctx.enc
    cx, cy = centre_of(to)
    far = math.hypot(cx - t.x, cy - t.y)
    if far > studs + 1e-6:
        return enc, [
            Event(
                kind="spell",
                figure=t.id,
                text=f"{t.name} cannot be moved {far:.1f} studs with {studs}",
            )
        ]
    clash = [
        o
        for o in enc.standing()
        if o.id != t.id and math.hypot(o.x - cx, o.y - cy) < o.radius + t.radius - 1e-6
    ]
    x, y = to
    if clash or enc.table_layers.wall[y, x]:
        return enc, [
            Event(kind="spell", figure=t.id, text=f"{t.name} cannot land there: not a legal space")
        ]
    elevation = standing_height(enc.table, (cx, cy))
    enc = enc.replace_fig(t.with_(x=cx, y=cy, elevation=elevation))
    return enc, [Event(kind="moved", figure=t.id, text=f"{t.name} is teleported to ({x}, {y})")]
