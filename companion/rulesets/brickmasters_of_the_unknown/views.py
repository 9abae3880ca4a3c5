"""What the table sees of an encounter: figures, the round and its phase, the choices,
odds, log lines, and the answers to scenario queries and checks.  Built from the rules,
never beside them."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from companion.model.geometry.tabletop_reach import reachable_cells
from companion.rules.ruleset import Event
from companion.rules.table import (
    ActionChoice,
    Badge,
    FigureTrack,
    FigureView,
    MoveOption,
    Odds,
    TurnView,
)
from companion.rules.verdict import Verdict
from companion.rulesets.brickmasters_of_the_unknown.actions import ACTIONS, TABLE
from companion.rulesets.brickmasters_of_the_unknown.combat import Side, score, take_hits
from companion.rulesets.brickmasters_of_the_unknown.flow import action_order, combat_group, to_act
from companion.rulesets.brickmasters_of_the_unknown.reasons import BmotuReason
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    FACING,
    Ctx,
    current_move,
    distance,
    first_stop,
    foes_engaged,
    in_arc,
    in_combat,
    lootable,
    lost_turn,
    move_studs,
    opening_blocked,
    reach,
    shooting_weapons,
    side_of,
    sight,
    stat_die,
    threatened_cells,
    within,
)
from companion.rulesets.brickmasters_of_the_unknown.spells import (
    SPELLS,
    no_target_why,
    spell_name,
)
from companion.rulesets.brickmasters_of_the_unknown.state import PHASES, STATS, Encounter, Fig, Stat

Validator = Callable[[Any, Any], Verdict]
_TITLES = dict(PHASES)


# -- the round ------------------------------------------------------------------------------


def order(ctx: Ctx) -> list[str]:
    """Who acts in the phase now, first first; then the rest by initiative."""
    first = to_act(ctx)
    enc = ctx.enc
    rest = sorted(
        (i for i in enc.figs if i not in first),
        key=lambda i: (-(enc.figs[i].initiative or 0), -enc.figs[i].tiebreak),
    )
    return first + rest


def outcome(ctx: Ctx) -> str | None:
    w = ctx.enc.winner
    return None if w is None else f"The encounter is over: {w} wins"


def label(ctx: Ctx, f: Fig) -> str:
    """The tracker's word for a figure: its turn's standing in the phase (acted, waiting
    for a friend, allocating hits), else its initiative score; its states (broken, in
    combat, casting) are shown from ``FigureView.states``."""
    enc = ctx.enc
    if f.broken:
        return ""
    if enc.pending is not None and enc.pending.winner == f.id:
        return "allocates hits"
    if f.id in enc.acted:
        return "acted"
    if f.id in dict(enc.delayed):
        return f"waits for {enc.fig(dict(enc.delayed)[f.id]).name}"
    lost = lost_turn(f)
    if lost is not None:
        return lost
    return "" if f.initiative is None else str(f.initiative)


def turn_view(ctx: Ctx) -> TurnView:
    enc = ctx.enc
    now = to_act(ctx)
    acting = now[0] if now else None
    if enc.winner is not None:
        headline = outcome(ctx) or ""
    elif enc.phase == "initiative":
        headline = "Roll initiative for the encounter (1d6 + current move each)"
    else:
        who = enc.fig(acting).name if acting else "nobody"
        headline = f"Round {enc.round} · {_TITLES.get(enc.phase, enc.phase)} · {who}"
        if enc.pending is not None:
            headline += f" allocates {enc.pending.hits} hits"
    # Combat resolution: any figure of the first combat group still to fight may act
    # for it ("its whole combat group may act"): the table picks which.
    pick: tuple[str, ...] = ()
    if enc.phase == "combat" and enc.pending is None and enc.winner is None and acting:
        group = combat_group(ctx, acting)
        pick = tuple(i for i in now if i in group)
    return TurnView(
        round=enc.round,
        acting=acting,
        order=tuple(order(ctx)),
        labels={fid: label(ctx, f) for fid, f in enc.figs.items()},
        needs_initiative=enc.phase == "initiative" and enc.winner is None,
        turn_started=acting is not None and not pick,
        choosable=pick,
        headline=headline,
        outcome=outcome(ctx),
        phase=_TITLES.get(enc.phase, ""),
        phases=tuple(t for _, t in PHASES),
        notes=tuple(
            f"{enc.fig(c.caster).name} is casting {spell_name(c.spell)}" for c in enc.castings
        ),
    )


def figure_views(ctx: Ctx) -> dict[str, FigureView]:
    enc = ctx.enc
    out = {}
    for fid, f in enc.figs.items():
        states = []
        if f.broken:
            states.append("broken")
        elif in_combat(ctx, f):
            states.append("in combat")
        if any(c.caster == fid for c in enc.castings):
            states.append("casting")
        if fid in enc.fled:
            states.append("fled")
        badges = tuple(
            Badge(id=e.kind, label=_effect_text(e.kind, e.stat, e.amount), rounds=e.rounds)
            for e in f.effects
        )
        dice = "  ".join(
            f"{s.capitalize()} d{stat_die(f, s)}" + ("u" if s in f.unarmed_stats else "")
            for s in STATS
        )
        weapons = ", ".join(w.name for w in f.weapons) or "unarmed"
        stats: tuple[tuple[str, str], ...] = (
            ("Dice", dice),
            ("Move", f"{current_move(ctx, f)} (printed {f.move})"),
            ("Armour value", str(len(f.armour) + int(f.torso) + f.inherent)),
            ("Weapons", weapons),
            ("Gimmicks", ", ".join(f.gimmicks) or "none"),
        )
        if f.spells_known or f.gems:
            stats += (("Spells", f"{', '.join(f.prepared) or 'none'} ({f.spells_left} left)"),)
        tracks = (
            FigureTrack(
                id="armour",
                name="Armour",
                value=len(f.armour),
                maximum=max(len(f.armour_start), len(f.armour)),
                style="boxes",
            ),
        )
        out[fid] = FigureView(
            id=fid,
            name=f.name,
            side=side_of(f),
            kind=f.kind_name + (" (mook)" if not f.is_character else ""),
            is_character=f.is_character,
            at=f.cell,
            facing=f.facing,
            heading=FACING.degrees(f.facing),
            dead=f.broken,
            tracks=tracks,
            states=tuple(states),
            badges=badges,
            actions_left=0 if fid in enc.acted else 1,
            actions_total=1,
            initiative="" if f.initiative is None else str(f.initiative),
            stats=stats,
            items=tuple(f.items) + tuple(f"gem: {g}" for g in f.gems),
            base_squares=2 * f.radius,
        )
    return out


def _effect_text(kind: str, stat: str | None, amount: int) -> str:
    if kind == "bump":
        return f"{stat} {'+' if amount > 0 else ''}{amount} bump"
    return kind


# -- choices -----------------------------------------------------------------------------------


def table_choices(ctx: Ctx) -> list[ActionChoice]:
    enc = ctx.enc
    out = []
    if enc.phase == "initiative" and enc.winner is None:
        out.append(
            ActionChoice(
                kind="initiative",
                label="Roll initiative (1d6 + move each)",
                template={"action": "roll_initiative", "actor": TABLE},
            )
        )
    if enc.winner is None:
        out += [
            ActionChoice(
                kind=f"end_encounter_{side}",
                label=f"{side.capitalize()} holds the field",
                template={"action": "end_encounter", "actor": TABLE, "winner": side},
                group="End the encounter",
            )
            for side in enc.sides
        ]
    return out


def choices(ctx: Ctx, figure_id: str | None, validate: Validator) -> list[ActionChoice]:
    """What the table may do (None), or what ``figure_id`` may do now in this phase."""
    enc = ctx.enc
    if figure_id is None:
        return table_choices(ctx)
    f = enc.figs.get(figure_id)
    now = to_act(ctx)
    if (
        f is None
        or f.broken
        or enc.winner is not None
        or (figure_id not in now[:1] and not (enc.phase == "combat" and now and figure_id in now))
    ):
        return []

    def legal(action: dict[str, Any]) -> Verdict:
        return validate(enc, ACTIONS.validate_python(action))

    base = {"actor": f.id}
    out: list[ActionChoice] = []
    if enc.pending is not None:
        p = enc.pending
        out.append(
            ActionChoice(
                kind="allocate",
                label=f"Allocate {p.hits} hits",
                template={**base, "action": "allocate"},
                needs="figures",
                field="to",
                targets=p.among,
                min_targets=1,
                max_targets=max(1, min(len(p.among), p.hits)),
            )
        )
        return out
    facings = FACING.directions
    if enc.phase == "action":
        waiting = f.id in dict(enc.delayed)
        if in_combat(ctx, f):
            foes = foes_engaged(ctx, f)
            for o in foes:
                out.append(
                    ActionChoice(
                        kind=f"close_{o.id}",
                        label=f"Close with {o.name}",
                        template={**base, "action": "close", "target": o.id},
                        needs="destination",
                        field="to",
                        group="Close",
                        facings=facings,
                        facing_field="facing",
                        enabled=reach(f) is not None,
                        why_not="no fighting weapon",
                    )
                )
            out.append(
                ActionChoice(
                    kind="flee",
                    label="Flee (poltroonery)",
                    template={**base, "action": "flee"},
                    needs="destination",
                    field="to",
                    facings=facings,
                    facing_field="facing",
                )
            )
        else:
            held = f.effect("webbed") is not None
            out.append(
                ActionChoice(
                    kind="move",
                    label="Move",
                    template={**base, "action": "move"},
                    needs="destination",
                    field="to",
                    facings=facings,
                    facing_field="facing",
                    enabled=not held,
                    why_not="webbed" if held else "",
                )
            )
            if not waiting:
                out += _shoot_choice(ctx, f, legal)
                out += _cast_choices(ctx, f, legal)
                out += _loot_choices(ctx, f, legal)
                later = [i for i in action_order(ctx)[1:] if side_of(enc.fig(i)) == side_of(f)]
                out += [
                    ActionChoice(
                        kind=f"delay_{i}",
                        label=f"Delay behind {enc.fig(i).name}",
                        template={**base, "action": "delay", "behind": i},
                        group="Delay",
                    )
                    for i in later
                ]
    elif enc.phase == "final_shots":
        out += _shoot_choice(ctx, f, legal)
    elif enc.phase == "combat":
        for o in foes_engaged(ctx, f):
            if o.id in enc.acted:
                continue
            fight = {**base, "action": "fight", "target": o.id}
            chances = odds(ctx, fight)
            out.append(
                ActionChoice(
                    kind=f"fight_{o.id}",
                    label=f"Fight {o.name}",
                    template=fight,
                    group="Fight",
                    show_odds=True,
                    detail=chances.text if chances is not None else "",
                )
            )
            friends = [
                g.id
                for g in foes_engaged(ctx, o)
                if g.id != f.id and g.id not in enc.acted and side_of(g) == side_of(f)
            ]
            if friends:
                out.append(
                    ActionChoice(
                        kind=f"gang_{o.id}",
                        label=f"Gang up on {o.name}",
                        template={**base, "action": "fight", "target": o.id},
                        needs="figures",
                        field="with",
                        targets=tuple(friends),
                        min_targets=1,
                        max_targets=len(friends),
                        group="Fight",
                    )
                )
    elif enc.phase == "spells":
        c = next((x for x in enc.castings if x.caster == f.id), None)
        if c is not None and not c.lost:
            out.append(
                ActionChoice(
                    kind="resolve_spell",
                    label=f"Resolve {spell_name(c.spell)}",
                    template={**base, "action": "resolve_spell"},
                )
            )
        elif c is not None:
            out += [
                ActionChoice(
                    kind=f"recast_{g}",
                    label=f"Discard {g} to roll again",
                    template={**base, "action": "recast", "item": g},
                    group="Roll again",
                )
                for g in f.gear
            ]
    out.append(ActionChoice(kind="end_turn", label="Pass", template={**base, "action": "pass"}))
    return out


def _shoot_choice(
    ctx: Ctx, f: Fig, legal: Callable[[dict[str, Any]], Verdict]
) -> list[ActionChoice]:
    if not shooting_weapons(f):
        return []
    longest = max(w.shoot_range or 0.0 for w in shooting_weapons(f))
    targets = [
        t.id
        for t in ctx.enc.standing()
        if side_of(t) != side_of(f)
        and within(ctx, f.base, t.base, longest)  # the rest are out of range anyway
        and legal({"actor": f.id, "action": "shoot", "target": t.id}).legal
    ]
    return [
        ActionChoice(
            kind="shoot",
            label="Shoot",
            template={"actor": f.id, "action": "shoot"},
            needs="figure",
            field="target",
            targets=tuple(targets),
            enabled=bool(targets),
            why_not="nobody in range, in the front arc and in sight",
        )
    ]


def _cast_choices(
    ctx: Ctx, f: Fig, legal: Callable[[dict[str, Any]], Verdict]
) -> list[ActionChoice]:
    enc = ctx.enc
    spells = list(dict.fromkeys([*f.prepared, *(["heal"] if f.count("healer") else [])]))
    out = []
    for gem in (False, True):
        pool = sorted(set(f.gems)) if gem else spells
        for sp in pool:
            rule = SPELLS.get(sp)
            if rule is None:
                continue
            for mode in rule.modes:
                lo, hi = rule.targets[mode]
                stats: list[str | None] = list(STATS) if rule.needs_stat else [None]
                for stat in stats:
                    template: dict[str, Any] = {
                        "actor": f.id,
                        "action": "cast",
                        "spell": sp,
                        "mode": mode,
                        "gem": gem,
                    }
                    if stat is not None:
                        template["stat"] = stat
                    name = (
                        _spell_label(ctx, sp, mode)
                        + (f" ({stat.capitalize()})" if stat else "")
                        + (" (gem)" if gem else "")
                    )
                    key = (
                        f"cast_{sp}_{mode}" + (f"_{stat}" if stat else "") + ("_gem" if gem else "")
                    )
                    if mode in rule.needs_to and mode == "teleport":
                        out += _teleport_choices(f, enc, template, key, name, legal)
                        continue
                    if hi == 0:
                        check = legal(template)
                        out.append(
                            ActionChoice(
                                kind=key,
                                label=name,
                                template=template,
                                group="Cast",
                                enabled=check.legal,
                                why_not=check.message if not check.legal else "",
                            )
                        )
                        continue
                    aims = [
                        t.id
                        for t in enc.figs.values()
                        if legal({**template, "targets": [t.id]}).legal
                    ]
                    out.append(
                        ActionChoice(
                            kind=key,
                            label=name,
                            template=template,
                            needs="figures",
                            field="targets",
                            targets=tuple(aims),
                            min_targets=max(1, lo),
                            max_targets=max(1, min(len(aims), hi if hi is not None else len(aims))),
                            group="Cast",
                            enabled=bool(aims),
                            why_not=_no_aim_why(template, legal) if not aims else "",
                        )
                    )
    return out


def _spell_label(ctx: Ctx, spell: str, mode: str) -> str:
    """A spell cast one way in the data's own names: "Heal: Restore armour", "Turn"."""
    data = ctx.catalog.get_spell(spell)
    mode_name = next((m.name for m in data.modes if m.id == mode), mode)
    return data.name if len(data.modes) == 1 else f"{data.name}: {mode_name}"


def _no_aim_why(template: dict[str, Any], legal: Callable[[dict[str, Any]], Verdict]) -> str:
    """Why a spell nobody may be the target of is not cast: what the caster lacks (not
    its turn, not prepared, ...), or else who is missing ("no broken figure to mend")."""
    # With no target named, the only target reason is the count the spell takes.
    reasons = legal({**template, "targets": []}).reasons
    lacks = [r.message for r in reasons if r.code != BmotuReason.INVALID_TARGET]
    return "; ".join(lacks) or no_target_why(template["spell"], template["mode"])


# -- moves ------------------------------------------------------------------------------------


def moves(ctx: Ctx, figure_id: str) -> dict[tuple[int, int], MoveOption]:
    """Where the figure may move now: within its move, a straight line, never past the
    first point where an enemy's reach begins (a cell there is the last of its line)."""
    enc = ctx.enc
    f = enc.figs.get(figure_id)
    if f is None or f.broken or enc.phase not in ("action", "initiative"):
        return {}
    found = reachable_cells(
        enc.table,
        f.base,
        move_studs(ctx, f),
        enc.bases(exclude=f.id),
        tall=ctx.options.tall_height_bricks,
        layers=enc.table_layers,
    )
    if not found:
        return {}
    start = f.cell
    cells = list(found)
    # Closing or fleeing, a figure in combat is not held by the stop at reach.
    keep = cells if in_combat(ctx, f) else _short_of_reach(ctx, f, cells)
    return {
        cell: MoveOption(square=cell, cost=round(found[cell].length), path=(start, cell))
        for cell in keep
    }


def _short_of_reach(ctx: Ctx, f: Fig, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells whose straight line from ``f`` crosses no cell within an enemy's reach
    before it ends (``first_stop``'s test for every cell at once: the same samples)."""
    threat = _threat(ctx, f)
    if not threat:
        return cells
    sx, sy = f.cell
    ox, oy = min(c[0] for c in threat), min(c[1] for c in threat)
    grid = np.zeros((max(c[1] for c in threat) - oy + 1, max(c[0] for c in threat) - ox + 1), bool)
    for x, y in threat:
        grid[y - oy, x - ox] = True
    ends = np.array(cells, dtype=float) + 0.5
    length = np.hypot(ends[:, 0] - (sx + 0.5), ends[:, 1] - (sy + 0.5))
    counts = np.maximum(2, np.ceil(length / 0.25).astype(np.int64) + 1)
    ok = np.ones(len(cells), bool)
    for k in np.unique(counts):
        group = np.flatnonzero(counts == k)
        t = np.linspace(0.0, 1.0, int(k))
        px = np.floor(sx + 0.5 + (ends[group, 0] - sx - 0.5)[:, None] * t).astype(np.int64)
        py = np.floor(sy + 0.5 + (ends[group, 1] - sy - 0.5)[:, None] * t).astype(np.int64)
        gx, gy = px - ox, py - oy
        inside = (gx >= 0) & (gy >= 0) & (gx < grid.shape[1]) & (gy < grid.shape[0])
        hit = np.zeros(px.shape, bool)
        hit[inside] = grid[gy[inside], gx[inside]]
        end_x = np.floor(ends[group, 0]).astype(np.int64)[:, None]
        end_y = np.floor(ends[group, 1]).astype(np.int64)[:, None]
        at_end = (px == end_x) & (py == end_y)
        at_start = (px == sx) & (py == sy)
        ok[group] = ~(hit & ~at_end & ~at_start).any(axis=1)
    return [c for c, good in zip(cells, ok, strict=True) if good]


def _threat(ctx: Ctx, f: Fig) -> dict[tuple[int, int], bool]:
    """Cells whose centre lies within an enemy's fighting reach (around ``f``'s reach)."""
    enc = ctx.enc
    span = move_studs(ctx, f) + 2
    out: dict[tuple[int, int], bool] = {}
    foes = [o for o in enc.standing() if side_of(o) != side_of(f) and reach(o) is not None]
    foes = [o for o in foes if math.hypot(o.x - f.x, o.y - f.y) <= span + (reach(o) or 0) + 4]
    if not foes:
        return out
    x0, y0 = int(f.x - span), int(f.y - span)
    xs, ys = np.meshgrid(np.arange(x0, int(f.x + span) + 1), np.arange(y0, int(f.y + span) + 1))
    cx, cy = xs + 0.5, ys + 0.5
    hit = np.zeros(xs.shape, bool)
    for o in foes:
        d = np.hypot(cx - o.x, cy - o.y)
        if ctx.options.range_measure == "gap":
            d = np.maximum(0.0, d - f.radius - o.radius)
        hit |= d <= (reach(o) or 0) + 1e-6
    near = [(int(xs[y, x]), int(ys[y, x])) for y, x in zip(*np.nonzero(hit), strict=True)]
    # Within reach by distance; a wall or a narrow opening may still keep it out.
    for cell, threat in zip(near, threatened_cells(ctx, f, foes, near), strict=True):
        if threat:
            out[cell] = True
    return out


# -- odds and the log -------------------------------------------------------------------------


def odds(ctx: Ctx, action: Mapping[str, Any]) -> Odds | None:
    """The exact odds of a fight or a shot: every pair of faces of the two bumped dice."""
    enc = ctx.enc
    kind = action.get("action")
    if kind not in ("fight", "shoot"):
        return None
    a = enc.figs.get(str(action.get("actor")))
    t = enc.figs.get(str(action.get("target")))
    if a is None or t is None or t.broken:
        return None
    shooting = kind == "shoot"
    sa = Side(a, bumps=len(action.get("with") or ()))
    sb = Side(t, bumps=len(action.get("against") or ()))
    stat: Stat = "shoot" if shooting else "fight"
    da, db = stat_die(a, stat, sa.bumps), stat_die(t, stat, sb.bumps)
    damage: dict[int, float] = {}
    win = kill = back = 0.0
    p = 1.0 / (da * db)
    for x in range(1, da + 1):
        for y in range(1, db + 1):
            c = score(ctx, sa, sb, shooting, x, y)
            hits = c.a_hits
            if c.a_roll > c.b_roll:
                win += p
            elif c.b_roll > c.a_roll:
                back += p
            damage[hits] = damage.get(hits, 0.0) + p
            if hits and take_hits(ctx, t, hits)[0].broken:
                kill += p
    text = (
        f"d{da} against d{db}: {a.name} wins {win:.0%}, {t.name} wins {back:.0%}, "
        f"tie {1 - win - back:.0%}; {t.name} broken {kill:.0%}"
    )
    return Odds(hit=win, damage=dict(sorted(damage.items())), kill=kill, text=text)


def describe(action: Mapping[str, Any], events: Sequence[Event], names: Mapping[str, str]) -> str:
    texts = [e.text for e in events]
    if texts:
        return "; ".join(texts)
    who = names.get(str(action.get("actor")), "The table")
    return f"{who}: {action.get('action', 'action')}"


# -- scenario checks and queries ------------------------------------------------------------


def figure_fields(ctx: Ctx, f: Fig) -> dict[str, Any]:
    enc = ctx.enc
    return {
        "at": [int(f.x), int(f.y)],
        "facing": f.facing,
        "side": side_of(f),
        "broken": f.broken,
        "armour": list(f.armour),
        "armour_value": len(f.armour) + int(f.torso) + f.inherent,
        "items": list(f.items),
        "gear": list(f.gear),
        "weapons": [w.id for w in f.weapons],
        "initiative": f.initiative,
        "move": current_move(ctx, f),
        "fight": f"d{stat_die(f, 'fight')}",
        "shoot": f"d{stat_die(f, 'shoot')}",
        "cast": f"d{stat_die(f, 'cast')}",
        "adventure": f"d{stat_die(f, 'adventure')}",
        "effects": sorted(e.kind for e in f.effects),
        "in_combat": in_combat(ctx, f),
        "spells_left": f.spells_left,
        "gems": list(f.gems),
        "used": sorted(f.used),
        "acted": f.id in enc.acted,
        "casting": any(c.caster == f.id for c in enc.castings),
        "fled": f.id in enc.fled,
        "elevation": f.elevation,
    }


def game_fields(ctx: Ctx) -> dict[str, Any]:
    enc = ctx.enc
    now = to_act(ctx)
    p = enc.pending
    return {
        "round": enc.round,
        "phase": enc.phase,
        "acting": now[0] if now else None,
        "to_act": now,
        "winner": enc.winner,
        "castings": [[c.caster, c.spell] for c in enc.castings],
        "pending": None
        if p is None
        else {"winner": p.winner, "hits": p.hits, "among": list(p.among)},
        "delayed": [list(d) for d in enc.delayed],
        "last_adventure": _last_adventure(enc.last_adventure),
    }


def _last_adventure(last: tuple[str, int, int | None, bool | None] | None) -> Any:
    """The last adventure roll: who, the total, the opponent's, success (None: a tie),
    and the margin over 4 (passive) or over the opponent."""
    if last is None:
        return None
    fid, total, against, success = last
    margin = total - (4 if against is None else against)
    return {"figure": fid, "total": total, "against": against, "success": success, "margin": margin}


def query(ctx: Ctx, q: Mapping[str, Any]) -> dict[str, Any]:
    """``distance``, ``centres``, ``line_of_sight``, ``in_arc``, ``opening``, ``engaged``
    (two figures); ``reach``, ``move``, ``in_combat``, ``moves`` (one: ``actor``);
    ``stop`` (``actor``, ``to``); ``odds`` (an ``act``ion)."""
    enc = ctx.enc
    kind = q.get("query")
    if kind == "odds":
        got = odds(ctx, dict(q.get("act") or {}))
        if got is None:
            raise ValueError("odds: give 'act', a fight or shoot action")
        return {
            "value": round(got.hit, 4),
            "damage": {str(k): round(v, 4) for k, v in got.damage.items()},
            "kill": round(got.kill, 4),
        }
    a = enc.figs.get(str(q.get("from", q.get("actor"))))
    if a is None:
        raise ValueError("a query names its figure: from (or actor)")
    if kind == "reach":
        return {"value": reach(a)}
    if kind == "move":
        return {"value": current_move(ctx, a)}
    if kind == "in_combat":
        return {"value": in_combat(ctx, a)}
    if kind == "moves":
        return {"value": sorted([list(c) for c in moves(ctx, a.id)])}
    if kind == "stop":
        to = q.get("to")
        if not isinstance(to, list) or len(to) != 2:
            raise ValueError("stop: give to: [x, y]")
        stop = first_stop(ctx, a, (int(to[0]), int(to[1])))
        return {
            "value": None if stop is None else list(stop[0]),
            "foe": None if stop is None else stop[1].id,
        }
    t = enc.figs.get(str(q.get("to", q.get("target"))))
    if t is None:
        raise ValueError(f"{kind}: name two figures, from and to")
    if kind == "distance":
        return {"value": round(distance(ctx, a.base, t.base), 2)}
    if kind == "centres":
        return {"value": round(math.hypot(a.x - t.x, a.y - t.y), 2)}
    if kind == "line_of_sight":
        blocked = sight(ctx, a, t)
        out: dict[str, Any] = {"value": blocked is None}
        if blocked is not None:
            out["blocked_by"] = list(blocked) if isinstance(blocked, tuple) else blocked
        return out
    if kind == "in_arc":
        return {"value": in_arc(a, t, bool(q.get("shooting", False)))}
    if kind == "opening":
        width = int(q.get("width", 2))
        got2 = opening_blocked(ctx, a, t, width)
        return {"value": got2 is None}
    if kind == "engaged":
        return {"value": t in foes_engaged(ctx, a)}
    raise ValueError(
        f"unknown query {kind!r}: distance, centres, line_of_sight, in_arc, opening, engaged, "
        "reach, move, in_combat, moves, stop, odds"
    )


def _teleport_choices(
    f: Fig,
    enc: Encounter,
    template: dict[str, Any],
    key: str,
    name: str,
    legal: Callable[[dict[str, Any]], Verdict],
) -> list[ActionChoice]:
    """Teleport, "Move target d6 + d6 per 2 effect to a legal space": one choice per
    figure it may take (the caster first, "(self)"), each then aimed at a square."""
    out = []
    others = [t for t in enc.figs.values() if t.id != f.id and not t.broken]
    for t in [f, *others]:
        aimed = {**template, "targets": [t.id]}
        check = legal({**aimed, "to": list(t.cell)})
        if t.id != f.id and not check.legal:
            continue
        out.append(
            ActionChoice(
                kind=key if t.id == f.id else f"{key}_{t.id}",
                label=f"{name} (self)" if t.id == f.id else f"{name} {t.name}",
                template=aimed,
                needs="square",
                field="to",
                group="Cast",
                enabled=check.legal,
                why_not=check.message if not check.legal else "",
            )
        )
    return out


def _loot_choices(
    ctx: Ctx, f: Fig, legal: Callable[[dict[str, Any]], Verdict]
) -> list[ActionChoice]:
    """ "Armor may be looted and worn": a piece by each broken body beside the figure."""
    out = []
    for body in ctx.enc.figs.values():
        if not body.broken or body.id == f.id or not within(ctx, f.base, body.base, 1):
            continue
        for piece in dict.fromkeys(lootable(body)):
            template = {"actor": f.id, "action": "loot", "body": body.id, "piece": piece}
            check = legal(template)
            name = ctx.catalog.armour[piece].name if piece in ctx.catalog.armour else piece
            out.append(
                ActionChoice(
                    kind=f"loot_{body.id}_{piece}",
                    label=f"Loot {name} from {body.name}",
                    template=template,
                    group="Loot",
                    enabled=check.legal,
                    why_not=check.message if not check.legal else "",
                )
            )
    return out
