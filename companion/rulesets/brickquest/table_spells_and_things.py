"""Choices of casting, interacting with things, items, skills and the sapper's charges."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from companion.model.dungeon import ObjectKind, Terrain
from companion.rules.places import place_name
from companion.rules.table import ActionChoice, Needs
from companion.rules.verdict import Verdict
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import (
    Ctx,
    carried_spells,
    item_base,
    may_know,
    squares_apart,
)
from companion.rulesets.brickquest.state import FigureState
from companion.rulesets.brickquest.table_choices import _allies, _caught, _legal, _why_not
from companion.rulesets.brickquest.table_geometry import _around, _near
from companion.rulesets.brickquest.validate import validate
from companion.rulesets.brickquest.validate_magic import target_verdict, unseen_targets

INTERACT_KINDS = (
    "open",
    "close",
    "unlock",
    "lock",
    "loot",
    "activate",
    "climb_in",
    "climb_out",
    "pick_up",
    "arm",
)
Square = tuple[int, int]


#: Interactions the validator (``validate_objects.check_interact``) refuses on a square
#: with neither a door nor an object: they are not even asked about on such squares (90
#: questions per call made ``choices`` slow, most of them about empty floor).
NEED_A_THING = frozenset({"open", "close", "unlock", "lock", "activate", "climb_in"})


def _may_target(ctx: Ctx, fig: FigureState, spell: s.SpellDef, other: FigureState) -> bool:
    """False only when casting ``spell`` on ``other`` is sure to be refused for the
    distance alone: a spell on an adjacent figure (no teleport) on one farther away
    (``validate_magic._check_figure_target`` refuses it); True when validation decides."""
    if (
        not isinstance(spell.area, s.AdjacentFigure)
        or spell.effect.teleport_max_squares is not None
    ):
        return True
    return squares_apart(ctx.squares(fig), ctx.squares(other)) <= 1


def _spell_needs(spell: s.SpellDef) -> tuple[Needs, str, dict[str, Any] | None]:
    """(needs, field, area) for casting ``spell``."""
    area = spell.area
    if isinstance(area, s.AdjacentFigure | s.FigureInSight | s.TargetAndAdjacent):
        return "figure", "target", None
    if isinstance(area, s.Circle):
        if area.centred_on == "target":
            return "area", "target", {"shape": "circle", "size": area.radius}
        return "none", "", {"shape": "circle", "size": area.radius, "on": "caster"}
    if isinstance(area, s.Cone):
        return "area", "facing", {"shape": "cone", "size": area.length}
    if isinstance(area, s.Line):
        return "area", "target", {"shape": "line", "size": area.length}
    if isinstance(area, s.Wall):
        return "square", "squares", {"count": area.length}
    if isinstance(area, s.AdjacentObject | s.AdjacentSquare | s.LocationInSight):
        return "square", "target", None
    return "none", "", None


def _cast_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    card = ctx.card(fig)
    known = [sp for sp in ctx.catalog.spells.values() if may_know(card, sp)]
    from_items = carried_spells(fig)
    out = []
    seen: set[tuple[str, str | None]] = set()
    sources: list[tuple[s.SpellDef, str | None]] = [(sp, None) for sp in known]
    sources += [
        (ctx.catalog.spells[sid], item)
        for sid, item in from_items.items()
        if sid in ctx.catalog.spells
    ]
    for spell, item in sources:
        if (spell.id, item) in seen:
            continue
        seen.add((spell.id, item))
        needs, field, area = _spell_needs(spell)
        template: dict[str, Any] = {"actor": fig.id, "action": "cast", "spell": spell.id}
        if item is not None:
            template["item"] = item
        if spell.variable_cost:
            template["points"] = 1
        judged = _judge_cast(ctx, template)
        why = _why_not_judged(judged, needs)
        targets: tuple[str, ...] = ()
        if needs == "figure" and not why:
            targets = _cast_targets(
                ctx, fig, spell, template, judged if not isinstance(judged, str) else None
            )
            if not targets:
                why = "no figure within the spell's reach"
        harmful = spell.effect.damage_dice is not None or spell.effect.damage_per_round is not None
        cost = "" if item else f" ({spell.cost if spell.cost is not None else 'X'} SP)"
        source = f" from {item_base(item).replace('_', ' ')}" if item else ""
        out.append(
            ActionChoice(
                kind="cast",
                label=f"{spell.name}{cost}{source}",
                template=template,
                needs=needs,
                field=field,
                area=area,
                targets=targets,
                group="Cast",
                enabled=not why,
                why_not=why,
                confirm=(
                    _allies(ctx, fig, _caught(ctx, fig) if needs == "area" else targets, spell.name)
                    if harmful
                    else ()
                ),
            )
        )
    return out


def _cast_targets(
    ctx: Ctx,
    fig: FigureState,
    spell: s.SpellDef,
    template: Mapping[str, Any],
    untargeted: tuple[act.Cast, Verdict] | None = None,
) -> tuple[str, ...]:
    """The living figures a cast of ``spell`` on one figure may be aimed at: those
    ``_legal`` allows.  A cast's verdict is what is said of the target
    (``validate_magic.target_verdict``) and what is said of the caster and the round,
    the same whatever the target: the figures whose target part allows them (``_aimed``)
    are all legal when the first of them is, and none is when it is not.
    ``untargeted``: the cast without a target and ``validate``'s verdict on it, when
    known; the caster and the round then allow the spell if that verdict says only what
    its target part says (no target named), else the first figure is validated."""
    living = [f.id for f in ctx.state.figures.values() if not f.dead]
    if not living:
        return ()
    try:  # a figure's id is always a target: the template alone may not parse
        act.ACTIONS.validate_python({**template, "target": living[0]})
    except ValidationError:
        return ()
    aimed = _aimed(ctx, fig, spell, template)
    if not aimed:
        return ()
    if untargeted is not None:
        action, verdict = untargeted
        return aimed if verdict.reasons == target_verdict(ctx, fig, action).reasons else ()
    first = act.ACTIONS.validate_python({**template, "target": aimed[0]})
    return aimed if validate(ctx, first).legal else ()


def _aim(spell: s.SpellDef) -> tuple[object, ...]:
    """What ``validate_magic._check_area`` reads of a spell aimed at a figure besides its
    name (which only words the reasons): its area's kind and sight, its teleport's reach,
    whether it passes spell points on.  Spells alike in these accept the same targets."""
    effect = spell.effect
    return (
        type(spell.area),
        getattr(spell.area, "needs_line_of_sight", None),
        effect.teleport_max_squares,
        effect.spell_point_transfer_loss is not None,
        effect.summons,
    )


def _aimed(
    ctx: Ctx, fig: FigureState, spell: s.SpellDef, template: Mapping[str, Any]
) -> tuple[str, ...]:
    """The living figures, in the state's order, the cast's target part
    (``target_verdict``) allows, ``template`` aimed at each: found once per state for the
    spells that aim alike (``_aim``: a caster's figure spells, each asked of every figure
    on the map), the figures ``_may_target`` or ``unseen_targets`` refuse not asked."""
    key = (fig.id, _aim(spell))
    known = ctx.aims.get(key)
    if known is None:
        near = [
            f for f in ctx.state.figures.values() if not f.dead and _may_target(ctx, fig, spell, f)
        ]
        unseen = unseen_targets(ctx, fig, spell, near)
        known = ctx.aims[key] = tuple(
            f.id for f in near if f.id not in unseen and _target_clear(ctx, fig, template, f)
        )
    return known


def _target_clear(ctx: Ctx, fig: FigureState, template: Mapping[str, Any], f: FigureState) -> bool:
    """Whether the cast's target part (``target_verdict``) allows ``template`` aimed at
    ``f`` (a template ``_cast_targets`` has seen parse)."""
    action = act.ACTIONS.validate_python({**template, "target": f.id})
    assert isinstance(action, act.Cast)
    return target_verdict(ctx, fig, action).legal


#: What a cast's verdict may say of its target alone: a spell refused only for these is
#: offered (the target is asked when one is clicked).
AIM_CODES = frozenset(
    {
        "invalid_target",
        "out_of_range",
        "no_line_of_sight",
        "not_adjacent",
        "occupied",
        "not_in_front",
    }
)


def _judge_cast(ctx: Ctx, template: dict[str, Any]) -> tuple[act.Cast, Verdict] | str:
    """The cast ``template`` names (no target) and ``validate``'s verdict on it, or why
    it does not even parse."""
    try:
        action = act.ACTIONS.validate_python(template)
    except ValidationError as exc:
        return str(exc.errors()[0].get("msg", "not castable"))
    assert isinstance(action, act.Cast)
    return action, validate(ctx, action)


def _why_not_judged(judged: tuple[act.Cast, Verdict] | str, needs: str) -> str:
    """Why the spell cannot be cast now whatever the target ("" when it can be)."""
    if isinstance(judged, str):
        return judged
    verdict = judged[1]
    if verdict.legal:
        return ""
    if needs != "none" and set(verdict.codes) <= AIM_CODES:
        return ""  # a matter of the target, asked when one is clicked
    return verdict.message


def _interact_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    out = []
    dungeon = ctx.state.dungeon
    for sq in _near(fig, ctx.size(fig)):
        if not dungeon.in_bounds(*sq):
            continue
        obj = dungeon.objects.get(sq)
        terrain = dungeon.terrain_at(*sq)
        what = (
            obj.kind.value
            if obj
            else (
                "door"
                if terrain in (Terrain.DOOR_CLOSED, Terrain.DOOR_OPEN, Terrain.DOOR_LOCKED)
                else ""
            )
        )
        something = obj is not None or terrain.is_door
        for kind in INTERACT_KINDS:
            if _interact_refused(ctx, fig, kind, sq, something):
                continue  # the validator's answer without asking it
            raw = {"actor": fig.id, "action": "interact", "kind": kind, "target": list(sq)}
            if _legal(ctx, raw):
                thing = what or ("items" if kind == "pick_up" else "square")
                label = f"{kind.replace('_', ' ').capitalize()} {thing} at {place_name(sq)}"
                out.append(
                    ActionChoice(kind="interact", label=label, template=raw, group="Interact")
                )
    for other in ctx.state.figures.values():
        if other.id == fig.id or not other.dead:
            continue
        raw = {"actor": fig.id, "action": "interact", "kind": "loot", "target": other.id}
        if _legal(ctx, raw):
            out.append(
                ActionChoice(
                    kind="interact",
                    label=f"Loot {other.name}'s body",
                    template=raw,
                    group="Interact",
                )
            )
    return out


def _interact_refused(ctx: Ctx, fig: FigureState, kind: str, sq: Square, something: bool) -> bool:
    """True when ``check_interact`` itself refuses ``kind`` aimed at the square ``sq``
    whatever else holds (its refusal is the verdict's: ``validate`` adds reasons, never
    takes one away): nothing there to work on, a weapon already held, nothing to climb
    out of, a body to loot named by a square (looting names the figure), nothing lying
    there to pick up.  False: the full validation decides."""
    if kind in NEED_A_THING:
        return not something
    if kind == "arm":
        return not fig.disarmed
    if kind == "climb_out":
        return fig.inside is None
    if kind == "loot":
        return True
    if kind == "pick_up":
        dungeon = ctx.state.dungeon
        shelf = dungeon.object_at(*sq) if dungeon.in_bounds(*sq) else None
        on_shelf = shelf is not None and shelf.kind is ObjectKind.SHELF and shelf.contents
        return not ctx.state.floor_items.get(sq) and not on_shelf
    return False


def _item_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    out = []
    for item in dict.fromkeys(fig.items):
        raw = {"actor": fig.id, "action": "use_item", "item": item}
        why = _why_not(ctx, raw)
        card = ctx.catalog.items.get(item_base(item))
        name = card.name if card is not None else item
        out.append(
            ActionChoice(
                kind="use_item",
                label=f"Use {name}",
                template=raw,
                group="Use item",
                enabled=not why,
                why_not=why,
            )
        )
    return out


def _skill_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    card = ctx.card(fig)
    out = []
    skills = [sk.skill for sk in getattr(card, "skills", ())]
    for skill in skills:
        raw = {"actor": fig.id, "action": "skill", "skill": skill}
        name = skill.replace("_", " ").capitalize()
        if _legal(ctx, raw):
            out.append(ActionChoice(kind="skill", label=name, template=raw, group="Skill"))
            continue
        targets = [
            sq
            for sq in _near(fig)
            if ctx.state.dungeon.in_bounds(*sq)
            and not _skill_square_refused(ctx, skill, sq)
            and _legal(ctx, {**raw, "target": list(sq)})
        ]
        for sq in targets:
            out.append(
                ActionChoice(
                    kind="skill",
                    label=f"{name} at {place_name(sq)}",
                    template={**raw, "target": list(sq)},
                    group="Skill",
                )
            )
        if not targets:  # shown, greyed with the rules' reason
            why = _why_not(ctx, raw) or f"nothing next to {fig.name} to use it on"
            out.append(
                ActionChoice(
                    kind="skill",
                    label=name,
                    template=raw,
                    group="Skill",
                    enabled=False,
                    why_not=why,
                )
            )
    return out


def _skill_square_refused(ctx: Ctx, skill: str, sq: Square) -> bool:
    """True when ``skill`` aimed at ``sq`` (on the map) is refused, the skill being refused
    with no target: a square only adds reasons to a skill of the data (where to stand,
    something to work on, a magic lock: ``validate_abilities._check_skill_target``
    says nothing without one).  False: the full validation decides."""
    return skill in ctx.catalog.skills


def _sapper_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    card = ctx.card(fig)
    if not isinstance(card.ability("sapper"), s.Sapper):
        return []
    out = []
    for ability in (
        "clear_rubble",
        "open_door",
        "block_passage",
        "bomb",
        "big_bomb",
        "really_big_bomb",
    ):
        raw = {"actor": fig.id, "action": "sapper", "ability": ability}
        near = [sq for sq in _near(fig) if ctx.state.dungeon.in_bounds(*sq)]
        # Clearing rubble and blocking a passage take two adjacent squares, the first
        # next to the sapper; the other charges one.
        pair = ability in ("clear_rubble", "block_passage")
        spots = (
            [[list(a), list(b)] for a in near for b in _around(a) if b != fig.pos]
            if pair
            else [[list(sq)] for sq in near]
        )
        spots = [sq for sq in spots if all(ctx.state.dungeon.in_bounds(*q) for q in sq)]
        # Not possible: greyed with the reasons that hold wherever it is set (a turn not
        # begun, too few explosives), else that no square next to the sapper will do.
        # The squares are asked until one will do or no reason is common to all so far.
        possible = False
        common: list[str] | None = None
        for sq in spots:
            w = _why_not(ctx, {**raw, "squares": sq})
            if not w:
                possible = True
                break
            parts = w.split("; ")
            common = parts if common is None else [r for r in common if r in parts]
            if not common:
                break
        why = "" if possible else "; ".join(common or ())
        out.append(
            ActionChoice(
                kind="sapper",
                label=ability.replace("_", " ").capitalize(),
                template=raw,
                needs="square",
                field="squares",
                area={"count": 2 if pair else 1},
                group="Sapper",
                enabled=possible,
                why_not="" if possible else why or f"no square next to {fig.name} for it",
            )
        )
    return out
