"""What the table sees of a battle: figures, the round, the choices, odds, log lines,
and the answers to scenario queries and checks.  Built from the rules, never beside them."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.model.geometry import Board
from companion.model.geometry.tabletop import (
    centre_distance,
    centre_of,
    cover_fraction,
    gap,
    sight_blocked,
)
from companion.model.kept import Kept
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rules.setups import field_bounds
from companion.rules.table import (
    ActionChoice,
    Badge,
    FigureView,
    Odds,
    OptionSpec,
    Prompt,
    TurnView,
    confirm_allies,
)
from companion.rules.verdict import Verdict
from companion.rulesets.in_a_world_where_bricks_rule.actions import ACTIONS, TABLE, Action
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    actions_left,
    actions_per_activation,
    activation_defense,
    beyond_reach,
    blast_of,
    choosable,
    climbable,
    hits_dealt,
    item_reachable,
    knock_out_at,
    plan_attack,
    ranged,
    revives,
    separation,
    touching,
    waiting,
)
from companion.rulesets.in_a_world_where_bricks_rule.schema import (
    CoverOption,
    FlagOption,
    FriendOption,
    GapOption,
    MeasureOption,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Fighter

Validator = Callable[[Any, Action], Verdict]

_LABELS = {
    "length_studs": "Studs in one length",
    "length_measured_between": "\u201cWithin one length\u201d measures",
    "tall_height_bricks": "Tall objects start at (bricks)",
    "ranged_attack_needs_line_of_sight": "Ranged attacks need line of sight",
    "cover": "\u226550% cover is",
    "lower_elevation_min_bricks": "\u201cLower elevation\u201d is at least (bricks)",
    "break_free_also_moves": "Breaking free also moves",
    "undead_revival_needs_activation_roll": "A fallen Undead needs the 4d6 to rise",
    "contact_gap_studs": "Base contact within (studs)",
    "unarmed_attacks": "Unarmed characters may attack",
    "fallen_undead_remains": "A fallen Undead keeps its side in the battle",
    "contact_height_bricks": "No contact across a height of (bricks)",
    "friend_in_contact_applies_to": "“Target in contact with your side” −2 on",
}
_CHOICES: dict[str, tuple[tuple[int | float | str, str], ...]] = {
    "length_studs": tuple((n, f"{n} studs") for n in (8, 10, 12, 16, 20, 24, 32)),
    "tall_height_bricks": tuple((n, f"{n} bricks") for n in (1, 2, 3, 4, 6)),
    "lower_elevation_min_bricks": tuple((n, f"{n} bricks") for n in (1, 2, 3)),
    "contact_height_bricks": tuple((n, f"{n} bricks") for n in (2, 3, 4, 5, 6)),
    "contact_gap_studs": ((0.0, "touching only"), (0.5, "half a stud"), (1.0, "one stud")),
    "length_measured_between": (
        ("base_edges", "base edge to edge"),
        ("centres", "centre to centre"),
    ),
    "cover": (("declared", "declared by the attacker"), ("sight_lines", "judged from sight lines")),
    "friend_in_contact_applies_to": (("all", "every attack"), ("ranged", "ranged attacks only")),
}


def option_specs(catalog: IawwbrCatalog) -> tuple[OptionSpec, ...]:
    """Every option of ``options.toml``, with what it is, its label, its choices or range
    (the schema's bounds) and its documentation."""
    out = []
    for key, entry in catalog.options.documented().items():
        extra: dict[str, Any]
        if isinstance(entry, (MeasureOption, CoverOption, FriendOption)):
            extra = {"kind": "choice", "default": entry.default.value, "choices": _CHOICES[key]}
        elif isinstance(entry, FlagOption):
            extra = {"kind": "switch", "default": entry.default}
        else:
            lo, hi = field_bounds(type(entry).model_fields["default"])
            kind = "decimal" if isinstance(entry, GapOption) else "number"
            extra = {"kind": kind, "default": entry.default, "minimum": lo, "maximum": hi}
        out.append(
            OptionSpec(
                key=key,
                label=_LABELS.get(key, key),
                help=entry.description,
                quote=entry.quote,
                **extra,
            )
        )
    return tuple(out)


# -- the round ----------------------------------------------------------------------------


def order(ctx: Ctx) -> list[str]:
    """Who may act: the active character, those the player to move may pick, the others
    the roll let act, then those who have acted."""
    b = ctx.battle
    first = choosable(ctx)
    rest = [f.id for f in waiting(ctx) if f.id not in first]
    done = [fid for fid in b.fighters if fid in b.done and fid not in first]
    return first + rest + done


def outcome(ctx: Ctx) -> str | None:
    b = ctx.battle
    return None if b.winner is None else f"The battle is over: {b.winner} wins"


def turn_view(ctx: Ctx) -> TurnView:
    b = ctx.battle
    labels = {}
    for fid, f in b.fighters.items():
        if b.winner is not None:
            labels[fid] = "out" if f.knocked_out else ""
        elif f.knocked_out and (revives(ctx, f) is None or fid not in b.eligible):
            labels[fid] = "out"
        elif f.knocked_out and fid not in b.done:
            labels[fid] = "may rise"
        elif fid in b.stunned:
            labels[fid] = "stunned"
        elif fid in b.done and fid != b.active:
            labels[fid] = "acted"
        elif b.roll is not None and fid not in b.eligible:
            labels[fid] = f"needs {activation_defense(ctx, f)}"
        elif b.roll is not None:
            labels[fid] = "may act"
        elif b.last_roll is not None:  # between rounds: how the last one stood
            labels[fid] = (
                "acted"
                if fid in b.last_done
                else "could act"
                if fid in b.last_eligible
                else f"needed {activation_defense(ctx, f)}"
            )
    pick = choosable(ctx)
    listed = order(ctx)
    # Every character, those the roll leaves out (and why) after those who may act.
    listed += [fid for fid in b.fighters if fid not in listed]
    if b.winner is not None:
        headline = outcome(ctx) or ""
    elif b.roll is None:
        last = f" (round {b.round - 1} rolled {b.last_roll})" if b.last_roll is not None else ""
        headline = f"Round {b.round}: roll 4d6 for activation{last}"
    elif b.active is not None:
        a = b.fighter(b.active)
        left = actions_left(ctx, a)
        headline = (
            f"Round {b.round} · roll {b.roll} · {a.name} ({a.side}) acts, "
            f"{left} action{'' if left == 1 else 's'} left"
        )
    else:
        headline = f"Round {b.round} · roll {b.roll} · {b.side_to_act}: activate a character"
    return TurnView(
        round=b.round,
        acting=b.active or (pick[0] if pick else None),
        order=tuple(listed),
        labels=labels,
        needs_initiative=b.roll is None and b.winner is None,
        turn_started=b.active is not None,
        choosable=tuple(pick),
        headline=headline,
        outcome=outcome(ctx),
        notes=tuple(
            f"On the table: {i.name} ({i.id}) at {place_name((i.x, i.y))}" for i in b.items
        ),
    )


def prompts(ctx: Ctx) -> tuple[Prompt, ...]:
    return ()


#: Who is in base contact, by the figures and options it was measured from (by identity:
#: a battle's figures are replaced, never changed; each entry keeps them, so an id is not
#: reused while it is kept).  A turn passed or an action that moves no one keeps both.
_CONTACT: Kept[frozenset[str]] = Kept(64)


def in_contact(ctx: Ctx) -> frozenset[str]:
    """The characters in base contact with a standing enemy (``enemies_in_contact`` not
    empty), for every character at once, measured once per figures and options
    (``measure_contact``)."""
    held = (ctx.battle.fighters, ctx.battle.options)
    key = tuple(map(id, held))
    hit = _CONTACT.get(key, held)
    return hit if hit is not None else _CONTACT.put(key, measure_contact(ctx), held)


def measure_contact(ctx: Ctx) -> frozenset[str]:
    """``in_contact`` measured: pairs whose centres are farther apart along x or y than
    their radii and the contact gap are not measured."""
    standing = ctx.battle.standing()
    reach = ctx.options.contact_gap_studs + 1e-3  # beyond the measure's own tolerance
    out = set()
    for f in ctx.battle.fighters.values():
        for o in standing:
            far = f.radius + o.radius + reach
            if abs(f.x - o.x) > far or abs(f.y - o.y) > far:
                continue
            if o.side != f.side and o.id != f.id and touching(ctx, f, o):
                out.add(f.id)
                break
    return frozenset(out)


#: Figure views already made, by what makes them: the window asks for every figure's view
#: after every action, and most figures' are the same as before.  A view depends on the
#: fighter (a frozen value), whether it is stunned or in contact, its actions left, the
#: items on the table (frozen values) and the catalog; each entry keeps its catalog, so
#: an id is never reused.
_VIEWS: Kept[FigureView] = Kept(4096)


def figure_views(ctx: Ctx, fresh: bool = False) -> dict[str, FigureView]:
    """Every character's view; ``fresh``: each made again, not taken from those kept."""
    b = ctx.battle
    out = {}
    contact = measure_contact(ctx) if fresh else in_contact(ctx)
    pick = frozenset(choosable(ctx))
    catalog = ctx.catalog
    for fid, f in b.fighters.items():
        left = actions_left(ctx, f, pick)
        if fresh:
            out[fid] = _figure_view(ctx, f, fid in contact, left)
            continue
        key = (id(catalog), f, fid in b.stunned, fid in contact, left, b.items)
        view = _VIEWS.get(key, (catalog,))
        if view is None:
            view = _VIEWS.put(key, _figure_view(ctx, f, fid in contact, left), (catalog,))
        out[fid] = view
    return out


def _figure_view(ctx: Ctx, f: Fighter, contact: bool, left: int) -> FigureView:
    """``f``'s view: ``contact``, in base contact with a standing enemy; ``left``, its
    actions left."""
    b = ctx.battle
    fid = f.id
    cls = ctx.catalog.get_class(f.class_id)
    badges = []
    if fid in b.stunned:
        badges.append(Badge(id="stunned", label="can't act this round"))
    if f.weapon is None:
        badges.append(Badge(id="unarmed", label="unarmed"))
    if contact and not f.knocked_out:
        badges.append(Badge(id="contact", label="in base contact"))
    weapon = ctx.catalog.get_weapon(f.weapon).name if f.weapon else "none"
    stats = (
        ("Level", str(f.level)),
        ("Defense", f"{f.defense} (acts on {activation_defense(ctx, f)}+)"),
        ("Weapon", f.weapon_name or weapon),
        ("Range", "yes" if ranged(ctx, f) else "no"),
        ("Height", f"{f.elevation} bricks"),
    )
    ko = knock_out_at(ctx, f)
    return FigureView(
        id=fid,
        name=f.name,
        side=f.side,
        kind=f"Level {f.level} {cls.name}",
        is_character=True,
        at=f.cell,
        hp=max(0, ko - f.hits),
        max_hp=ko,
        dead=f.knocked_out,
        badges=tuple(badges),
        actions_left=left,
        actions_total=actions_per_activation(ctx),
        initiative=str(activation_defense(ctx, f)),
        stats=stats,
        items=tuple(i.name for i in b.items if item_reachable(f, i.x, i.y)),
        base_squares=2 * f.radius,  # one stud a square: the base's diameter
    )


# -- choices --------------------------------------------------------------------------------


def choices(
    ctx: Ctx, figure_id: str | None, validate: Validator, fresh: bool = False
) -> list[ActionChoice]:
    """What the table may do (None: the round's roll), or what ``figure_id`` may do now;
    ``fresh``: every target validated (none passed over as beyond reach)."""
    b = ctx.battle
    if figure_id is None:
        out_table: list[ActionChoice] = []
        if b.roll is None and b.winner is None:
            out_table.append(
                ActionChoice(
                    kind="initiative",
                    label="Roll 4d6 for activation",
                    template={"action": "roll_activation", "actor": TABLE},
                )
            )
        if b.winner is None:
            out_table += [
                ActionChoice(
                    kind=f"end_battle_{side}",
                    label=f"{side.capitalize()} wins (objective completed)",
                    template={"action": "end_battle", "actor": TABLE, "winner": side},
                    group="End the battle",
                )
                for side in b.sides
            ]
        return out_table
    f = b.fighters.get(figure_id)
    if f is None or figure_id not in choosable(ctx):
        return []

    def legal(action: dict[str, Any]) -> Verdict:
        return validate(b, ACTIONS.validate_python(action))

    base = {"actor": f.id}
    out: list[ActionChoice] = []
    if f.knocked_out:
        out.append(
            ActionChoice(
                kind="undead_rise",
                label="Roll to rise (d6)",
                template={**base, "action": "undead_rise"},
            )
        )
    else:
        # In base contact with a standing enemy (``enemies_in_contact`` not empty), as
        # measured for every figure at once and kept while the figures stay.
        contact = f.id in (measure_contact(ctx) if fresh else in_contact(ctx))
        needs_free = (
            contact
            and not (b.active == f.id and b.broke_free)
            and not ctx.options.break_free_also_moves
        )
        has_actions = actions_left(ctx, f) > 0
        out.append(
            ActionChoice(
                kind="move",
                label="Move",
                template={**base, "action": "move"},
                needs="destination",
                field="to",
                enabled=has_actions and not needs_free,
                why_not="break free of base contact first" if needs_free else "no actions left",
            )
        )
        if contact:
            verdict = legal({**base, "action": "break_free"})
            out.append(
                ActionChoice(
                    kind="break_free",
                    label="Break free",
                    template={**base, "action": "break_free"},
                    enabled=verdict.legal,
                    why_not=verdict.message if not verdict.legal else "",
                )
            )
        targets = [
            t.id
            for t in b.standing()
            if t.id != f.id
            and (fresh or beyond_reach(ctx, f, t) is None)  # beyond reach: never legal
            and legal({**base, "action": "attack", "target": t.id}).legal
        ]
        out.append(
            ActionChoice(
                kind="attack",
                label="Attack",
                template={**base, "action": "attack"},
                needs="figure",
                field="target",
                targets=tuple(targets),
                enabled=bool(targets),
                why_not="nobody in base contact or in range" if has_actions else "no actions left",
                confirm=_allies(b, f.id, targets, "Attack"),
            )
        )
        if blast_of(ctx, f) is not None:
            aims = [
                t.id
                for t in b.standing()
                if legal({**base, "action": "wizard_blast", "target": t.id}).legal
            ]
            out.append(
                ActionChoice(
                    kind="wizard_blast",
                    label="Wizard's blast",
                    template={**base, "action": "wizard_blast"},
                    needs="figure",
                    field="target",
                    targets=tuple(aims),
                    confirm=_allies(b, f.id, aims, "Wizard's blast"),
                    enabled=bool(aims),
                    why_not="used this round, or nobody within one length",
                )
            )
        if climbable(ctx, f):
            out.append(
                ActionChoice(
                    kind="climb",
                    label="Climb",
                    template={**base, "action": "climb"},
                    needs="square",
                    field="to",
                    enabled=has_actions,
                    why_not="no actions left",
                )
            )
        for item in b.items:
            if item_reachable(f, item.x, item.y):
                out.append(
                    ActionChoice(
                        kind=f"pick_up_{item.id}",
                        label=f"Pick up the {item.name}",
                        template={**base, "action": "pick_up", "item": item.id},
                        group="Pick up",
                        enabled=has_actions,
                        why_not="no actions left",
                    )
                )
    out.append(
        ActionChoice(
            kind="end_turn",
            label="End activation" if b.active == f.id else "Pass",
            template={**base, "action": "end_activation"},
        )
    )
    return out


def _allies(b: Any, actor: str, targets: Sequence[str], what: str) -> tuple[tuple[str, str], ...]:
    sides = {t.id: t.side for t in b.fighters.values()}
    names = {t.id: t.name for t in b.fighters.values()}
    return confirm_allies(targets, actor, sides, names, what)


# -- odds and the log -------------------------------------------------------------------------


def odds(ctx: Ctx, action: Mapping[str, Any]) -> Odds | None:
    b = ctx.battle
    a = b.fighters.get(str(action.get("actor")))
    t = b.fighters.get(str(action.get("target")))
    if a is None or t is None or t.knocked_out:
        return None
    if action.get("action") == "attack":
        plan = plan_attack(ctx, a, t, bool(action.get("cover", False)))
        sides = ctx.catalog.rules.attack.die_sides
        hit = max(0, min(sides, sides + 1 - max(1, plan.need))) / sides
        hits = hits_dealt(ctx, a)
        mods = ", ".join(f"{label} {value:+d}" for label, value in plan.modifiers)
        how = f"d20 + {plan.bonus} against defense {t.defense}" + (f" ({mods})" if mods else "")
    elif action.get("action") == "wizard_blast":
        blast = blast_of(ctx, a)
        if blast is None:
            return None
        hit = len(blast.succeeds_on) / blast.die_sides
        hits = blast.hits
        how = f"d{blast.die_sides} of {', '.join(map(str, blast.succeeds_on))}"
    else:
        return None
    kills = t.hits + hits >= knock_out_at(ctx, t)
    text = f"{how}: {hit:.0%} to hit" + (f", {hit:.0%} to knock out" if kills else "")
    return Odds(hit=hit, damage={0: 1 - hit, hits: hit}, kill=hit if kills else 0.0, text=text)


def describe(ctx: Ctx, action: Mapping[str, Any], events: Sequence[Event]) -> str:
    texts = [e.text for e in events]
    if texts:
        return "; ".join(texts)
    actor = ctx.battle.fighters.get(str(action.get("actor")))
    who = actor.name if actor else "The table"
    return f"{who}: {action.get('action', 'action')}"


# -- scenario checks and queries ------------------------------------------------------------


def figure_fields(ctx: Ctx, f: Fighter) -> dict[str, Any]:
    b = ctx.battle
    return {
        "hits": f.hits,
        "knocked_out": f.knocked_out,
        "at": [int(f.x), int(f.y)],
        "elevation": f.elevation,
        "weapon": f.weapon,
        "side": f.side,
        "defense": f.defense,
        "activated": f.id in b.done,
        "can_act": f.id in choosable(ctx) or f.id in {w.id for w in waiting(ctx)},
        "stunned": f.id in b.stunned,
        "actions_left": actions_left(ctx, f),
    }


def game_fields(ctx: Ctx) -> dict[str, Any]:
    b = ctx.battle
    return {
        "round": b.round,
        "roll": b.roll,
        "side": b.side_to_act,
        "active": b.active,
        "eligible": sorted(b.eligible),
        "choosable": sorted(choosable(ctx)),
        "winner": b.winner,
        "items": sorted(i.id for i in b.items),
    }


def query(ctx: Ctx, q: Mapping[str, Any]) -> dict[str, Any]:
    """``gap``, ``distance`` (as "within one length" measures), ``centres``, ``contact``,
    ``line_of_sight``, ``cover`` (share of sight lines blocked), ``attack`` (the bonus)."""
    b = ctx.battle
    kind = q.get("query")
    a = b.fighters.get(str(q.get("from", q.get("actor"))))
    t = b.fighters.get(str(q.get("to", q.get("target"))))
    if a is None or t is None:
        raise ValueError("a query names two characters: from and to (or actor and target)")
    others = b.bases(exclude=a.id)
    tall = ctx.options.tall_height_bricks
    if kind == "gap":
        return {"value": round(gap(a.base, t.base), 2)}
    if kind == "centres":
        return {"value": round(centre_distance(a.base, t.base), 2)}
    if kind == "distance":
        return {"value": round(separation(ctx, a.base, t.base), 2)}
    if kind == "contact":
        return {"value": touching(ctx, a, t)}
    if kind == "line_of_sight":
        blocked = sight_blocked(b.table, a.base, t.base, others, tall=tall, layers=b.table_layers)
        out: dict[str, Any] = {"value": blocked is None}
        if blocked is not None:
            out["blocked_by"] = list(blocked) if isinstance(blocked, tuple) else blocked
        return out
    if kind == "cover":
        share = cover_fraction(b.table, a.base, t.base, others, tall=tall, layers=b.table_layers)
        return {"value": share}
    if kind == "attack":
        plan = plan_attack(ctx, a, t, bool(q.get("cover", False)))
        return {
            "value": plan.bonus,
            "melee": plan.melee,
            "modifiers": [[label, v] for label, v in plan.modifiers],
        }
    raise ValueError(
        f"unknown query {kind!r}: gap, distance, centres, contact, line_of_sight, cover, attack"
    )


def ruler_notes(
    catalog: IawwbrCatalog, board: Board, a: tuple[int, int], b: tuple[int, int]
) -> list[str]:
    """The ruler in lengths, and the gap between two figures' bases when it joins two."""
    length = catalog.default_options().length_studs
    pa, pb = centre_of(a), centre_of(b)
    studs = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
    lines = [f"{studs / length:.2f} lengths of {length} studs"]
    fa, fb = board.token_at(a), board.token_at(b)
    if fa is not None and fb is not None and fa.id != fb.id:
        # Bases of the roster's default size (a minifig's 2x2 round base).
        between = studs - 2.0
        contact = catalog.default_options().contact_gap_studs
        if between <= contact + 1e-6:
            lines.append("Base contact")
        else:
            lines.append(f"Bases {between:.1f} studs apart")
    return lines
