"""BrickQuest as the table sees it: figures, the turn, what the acting figure may do.

Every answer comes from the validator itself: an action is offered when ``validate``
says it is legal now, so the action bar can never disagree with the rules.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from companion.model.dungeon import Terrain
from companion.model.geometry import squares_of, tokens_in
from companion.model.geometry.distance import in_range, ruler_distance
from companion.model.geometry.facing import chebyshev
from companion.model.geometry.movement import reachable
from companion.rules.places import place_name
from companion.rules.table import (
    ActionChoice,
    Badge,
    FigureView,
    MoveOption,
    Needs,
    Prompt,
    TurnView,
    confirm_allies,
)
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import (
    Ctx,
    action_limit,
    carried_spells,
    current_turn,
    item_base,
    may_know,
    move_allowance,
    squares_apart,
)
from companion.rulesets.brickquest.initiative import initiative_labels
from companion.rulesets.brickquest.spells import _area_mask
from companion.rulesets.brickquest.state import FigureState, GameState
from companion.rulesets.brickquest.validate import validate
from companion.rulesets.brickquest.validate_magic import target_verdict

Square = tuple[int, int]
#: Conditions not worth a badge (bookkeeping of the engine).
HIDDEN_BADGES = frozenset({"sustaining"})
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
#: Interactions the validator (``validate_objects.check_interact``) refuses on a square
#: with neither a door nor an object: they are not even asked about on such squares (90
#: questions per call made ``choices`` slow, most of them about empty floor).
NEED_A_THING = frozenset({"open", "close", "unlock", "lock", "activate", "climb_in"})


# -- figures and turns --------------------------------------------------------------


def figure_views(ctx: Ctx) -> dict[str, FigureView]:
    labels = initiative_labels(ctx.state)
    return {
        fid: _figure_view(ctx, fig, labels.get(fid, "")) for fid, fig in ctx.state.figures.items()
    }


def _figure_view(ctx: Ctx, fig: FigureState, label: str) -> FigureView:
    card = ctx.card(fig)
    turn = current_turn(fig)
    limit = _actions_total(ctx, fig)
    used = min(turn.actions_used, limit)
    badges = tuple(
        Badge(id=a.id, label=a.id.replace("_", " "), rounds=a.rounds)
        for a in fig.afflictions
        if a.id not in HIDDEN_BADGES
    )
    attack = card.attack
    stats: list[tuple[str, str]] = [("Move", str(move_allowance(card, fig)))]
    if attack.melee_dice is not None:
        dice = getattr(card, "attack_dice_by_weapon", {}).get(fig.weapon or "", attack.melee_dice)
        stats.append(
            ("Melee", f"{dice} dice" + (f" +{attack.melee_bonus}" if attack.melee_bonus else ""))
        )
    if attack.ranged_dice is not None:
        stats.append(
            ("Ranged", f"{attack.ranged_dice} dice, range {attack.min_range}–{attack.max_range}")
        )
    stats.append(("Defense", f"{card.defense_dice} dice"))
    return FigureView(
        id=fig.id,
        name=fig.name,
        side=fig.side,
        kind=card.name,
        is_character=fig.class_id is not None,
        at=None if fig.inside is not None else fig.pos,
        facing=fig.facing.value,
        hp=fig.hp,
        max_hp=fig.max_hp,
        sp=fig.sp,
        max_sp=fig.max_sp,
        dead=fig.dead,
        badges=badges,
        actions_left=0 if fig.dead else max(0, limit - used),
        actions_total=limit,
        initiative=label,
        stats=tuple(stats),
        items=fig.items,
        base_squares=float(ctx.state.size_of(ctx.catalog, fig)),
        anchor="corner",
    )


def _actions_total(ctx: Ctx, fig: FigureState) -> int:
    """Two actions; three under Rage; one under Hiccups; a budget's moves plus attacks."""
    return action_limit(ctx.card(fig), fig, current_turn(fig))


def turn_view(state: GameState) -> TurnView:
    order = tuple(
        f for f in (state.initiative or ()) if f in state.figures and not state.figures[f].dead
    )
    acting = None if state.needs_initiative else state.current
    started = bool(acting and state.figures[acting].turn.started)
    return TurnView(
        round=state.round,
        acting=acting,
        order=order,
        labels=initiative_labels(state),
        held=state.held,
        holding_phase=state.holding_phase,
        needs_initiative=state.needs_initiative or state.initiative is None,
        turn_started=started,
    )


def prompts(ctx: Ctx) -> list[Prompt]:
    """The start-of-turn work of the acting figure, before its turn begins."""
    state = ctx.state
    fid = state.current
    if fid is None or state.needs_initiative or state.figures[fid].turn.started:
        return []
    fig = state.figures[fid]
    out: list[Prompt] = []
    for other in state.figures.values():
        for a in other.afflictions:
            if a.breakable and a.source == fid and not other.dead:
                out.append(
                    Prompt(
                        figure=other.id,
                        dice="1d6",
                        text=f"{other.name} rolls to break {a.id.replace('_', ' ')}"
                        " (a 6 breaks it)",
                    )
                )
    for a in fig.afflictions:
        if a.id == "poisoned" and (a.rounds or 0) <= 1:
            out.append(Prompt(figure=fid, text=f"Poison hurts {fig.name}"))
        elif a.id == "poisoned":
            out.append(Prompt(figure=fid, text=f"Poison: {a.rounds} rounds left"))
        elif a.id == "lycanthropy":
            out.append(
                Prompt(figure=fid, text=f"Lycanthropy: {a.rounds} rounds before {fig.name} turns")
            )
        elif a.id == "sustaining" and a.source:
            spell = ctx.catalog.spells.get(a.source)
            if spell is not None:
                out.append(
                    Prompt(
                        figure=fid,
                        text=f"Keep up {spell.name}: {spell.upkeep_per_round} spell points",
                    )
                )
    card = ctx.card(fig)
    regen = card.ability("regenerates")
    if isinstance(regen, s.Regenerates) and fig.hp < fig.max_hp:
        out.append(
            Prompt(
                figure=fid, text=f"{fig.name} regenerates {regen.hit_points_per_turn} hit points"
            )
        )
    if fig.meditating and not fig.attacked_since_turn:
        out.append(Prompt(figure=fid, dice="1d6", text=f"{fig.name}'s meditation pays out"))
    return out


# -- what may be done ---------------------------------------------------------------


def choices(ctx: Ctx, figure_id: str | None) -> list[ActionChoice]:
    """The legal actions of ``figure_id`` now; the BrickMaster's with None."""
    if figure_id is None:
        return _table_choices(ctx.state)
    fig = ctx.figure(figure_id)
    base = {"actor": fig.id}
    out: list[ActionChoice] = []
    if not fig.turn.started and not ctx.state.needs_initiative:
        out += _begin_choices(ctx, fig)
    out += _move_choice(ctx, fig)
    out += _attack_choices(ctx, fig)
    out += _cast_choices(ctx, fig)
    out += _interact_choices(ctx, fig)
    out += _item_choices(ctx, fig)
    out += _skill_choices(ctx, fig)
    out += _sapper_choices(ctx, fig)
    hold = {**base, "action": "hold"}
    if _legal(ctx, hold):
        out.append(ActionChoice(kind="hold", label="Hold", template=hold))
    end = {**base, "action": "end_turn"}
    if _legal(ctx, end):
        # A turn not begun ends in one step (its start-of-turn work is done on the way):
        # an idle figure passes with one key and one line in the log.
        label = "End turn" if fig.turn.started else "Pass"
        out.append(ActionChoice(kind="end_turn", label=label, template=end))
    return out


#: The BrickMaster's map edits during a game: (terrain character, what the menu says).
MAP_EDITS = (
    (".", "Make a square floor (a secret door found, rubble cleared)"),
    ("#", "Make a square wall"),
    ("+", "Put a closed door"),
    ("/", "Open a door"),
)


def _table_choices(state: GameState) -> list[ActionChoice]:
    roll = {"actor": act.BRICKMASTER, "action": "initiative"}
    label = (
        "Roll initiative"
        if state.needs_initiative or state.initiative is None
        else "Re-roll initiative"
    )
    out = [ActionChoice(kind="initiative", label=label, template=roll)]
    move = {"actor": act.BRICKMASTER, "action": "edit_map"}
    out.append(
        ActionChoice(
            kind="edit_map",
            label="Move an object (click it, then where it goes)",
            template=move,
            needs="square",
            field="at",
            then_field="move_object_to",
            group="BrickMaster",
        )
    )
    for terrain, title in MAP_EDITS:
        edit = {"actor": act.BRICKMASTER, "action": "edit_map", "terrain": terrain}
        out.append(
            ActionChoice(
                kind="edit_map",
                label=title,
                template=edit,
                needs="square",
                field="at",
                group="BrickMaster",
            )
        )
    return out


def _legal(ctx: Ctx, raw: Mapping[str, Any]) -> bool:
    try:
        action = act.ACTIONS.validate_python(dict(raw))
    except ValidationError:
        return False
    return validate(ctx, action).legal


def _why_not(ctx: Ctx, raw: Mapping[str, Any]) -> str:
    """The rules' reasons against ``raw`` now ("" when it is legal)."""
    try:
        action = act.ACTIONS.validate_python(dict(raw))
    except ValidationError as exc:
        return str(exc.errors()[0].get("msg", "not possible"))
    verdict = validate(ctx, action)
    return "" if verdict.legal else verdict.message


def _common(whys: Sequence[str]) -> str:
    """The reasons (``"; "``-joined sentences) found in every one of ``whys``."""
    if not whys:
        return ""
    first = whys[0].split("; ")
    return "; ".join(r for r in first if all(r in w.split("; ") for w in whys[1:]))


def _begin_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    card = ctx.card(fig)
    out = [
        ActionChoice(
            kind="begin_turn",
            label="Begin turn",
            template={"actor": fig.id, "action": "begin_turn"},
        )
    ]
    if isinstance(card.ability("rage"), s.Rage) and not fig.has("hiccups"):
        raw = {"actor": fig.id, "action": "begin_turn", "rage": True}
        if _legal(ctx, raw):
            out.append(
                ActionChoice(
                    kind="begin_turn", label="Begin turn raging", template=raw, group="Begin turn"
                )
            )
    focus = card.ability("prowess") or card.ability("ninja_focus")
    if isinstance(focus, s.Prowess | s.NinjaFocus):
        for n in range(1, focus.dice + 1):
            raw = {"actor": fig.id, "action": "begin_turn", "focus_attack": n}
            if _legal(ctx, raw):
                out.append(
                    ActionChoice(
                        kind="begin_turn",
                        template=raw,
                        group="Begin turn",
                        label=f"Begin turn, {n} focus dice on attack",
                    )
                )
    return out


def _move_choice(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    probe = {"actor": fig.id, "action": "move", "path": [list(fig.pos)]}
    action = act.ACTIONS.validate_python(probe)
    verdict = validate(ctx, action)
    blocking = [
        r.message
        for r in verdict.reasons
        if r.code.value
        in {
            "not_your_turn",
            "actor_down",
            "no_actions_left",
            "initiative_needed",
            "posing_as_statue",
            "sustaining_spell",
            "rage_needs_attack",
        }
    ]
    if not blocking and fig.inside is not None:
        blocking = [f"{fig.name} is inside an object: climb out first"]
    return [
        ActionChoice(
            kind="move",
            label="Move",
            template={"actor": fig.id, "action": "move"},
            needs="path",
            field="path",
            enabled=not blocking,
            why_not="; ".join(blocking),
            # "At the end of his movement, the character may be positioned with his base
            # facing any of the cardinal directions."
            facings=("N", "E", "S", "W"),
            facing_field="facing",
        )
    ]


def _no_target(ctx: Ctx, fig: FigureState, template: Mapping[str, Any], what: str) -> str:
    """Why ``fig`` has no target for ``template``: what stops it whatever the target (no
    actions left...), else what the rules say about the nearest enemy."""
    enemies = sorted(
        (
            f
            for f in ctx.state.figures.values()
            if f.side != fig.side and not f.dead and f.inside is None
        ),
        key=lambda f: (f.pos[0] - fig.pos[0]) ** 2 + (f.pos[1] - fig.pos[1]) ** 2,
    )
    if not enemies:
        return f"no enemy on the map to {what}"
    try:
        action = act.ACTIONS.validate_python({**template, "target": enemies[0].id})
    except ValidationError:
        return f"no figure to {what}"
    verdict = validate(ctx, action)
    if verdict.legal:  # legal on an enemy yet not offered: cannot happen, but say so
        return f"no figure to {what}"
    return f"no target: {enemies[0].name}, the nearest enemy: {verdict.reasons[0].message}"


def _attack_choices(ctx: Ctx, fig: FigureState) -> list[ActionChoice]:
    out = []
    card = ctx.card(fig)
    modes = [
        m
        for m, on in (
            ("melee", card.attack.melee_dice is not None or fig.disarmed),
            ("reach", card.attack.reach_dice is not None),
            ("ranged", card.attack.ranged_dice is not None),
        )
        if on
    ]
    others = [
        f for f in ctx.state.figures.values() if f.id != fig.id and not f.dead and f.inside is None
    ]
    for mode in modes:
        targets = tuple(
            o.id
            for o in others
            if _within_reach(ctx, fig, o, mode)
            and _legal(ctx, {"actor": fig.id, "action": "attack", "target": o.id, "mode": mode})
        )
        template = {"actor": fig.id, "action": "attack", "mode": mode}
        out.append(
            ActionChoice(
                kind=f"attack_{mode}",
                label=f"{mode.title()} attack",
                template=template,
                needs="figure",
                field="target",
                targets=targets,
                enabled=bool(targets),
                why_not="" if targets else _no_target(ctx, fig, template, "attack"),
                confirm=_allies(ctx, fig, targets, f"{mode.title()} attack"),
            )
        )
    breath = {"actor": fig.id, "action": "breath"}
    if _legal(ctx, breath):
        cone = card.ability("breath")
        length = cone.cone_length if isinstance(cone, s.Breath) else 3
        out.append(
            ActionChoice(
                kind="breath",
                label="Breath",
                template=breath,
                needs="area",
                field="facing",
                area={"shape": "cone", "size": length},
                confirm=_allies(ctx, fig, _caught(ctx, fig), "Breath"),
            )
        )
    return out


def _caught(ctx: Ctx, fig: FigureState) -> list[str]:
    """Every living figure on the map an area of ``fig``'s may catch (``fig`` included):
    an area action's ``confirm`` asks about those of them ``area`` says it covers."""
    return [f.id for f in ctx.state.figures.values() if not f.dead and f.inside is None]


def _allies(
    ctx: Ctx, fig: FigureState, targets: Iterable[str], verb: str
) -> tuple[tuple[str, str], ...]:
    figures = ctx.state.figures
    sides = {f.id: f.side for f in figures.values()}
    names = {f.id: f.name for f in figures.values()}
    return confirm_allies(tuple(targets), fig.id, sides, names, verb)


def _within_reach(ctx: Ctx, fig: FigureState, other: FigureState, mode: str) -> bool:
    """False only when an attack of ``fig`` on ``other`` is sure to be refused for the
    distance alone (both figures one square: a melee attack needs the target one step
    away, a reach attack exactly ``reach`` steps, a ranged one within the card's maximum
    range, whatever the facing); True otherwise, when the full validation decides.
    Spares validating every figure on a big map for each attack mode
    (``attack_geometry`` checks the same first)."""
    board = ctx.board
    try:
        a, t = board.token(fig.id), board.token(other.id)
    except KeyError:
        return True
    if a.size > 1 or t.size > 1:
        return True
    if mode == "ranged":
        hi = ctx.card(fig).attack.max_range
        return hi is None or in_range(ruler_distance(board, a.pos, t.pos), None, hi)
    if mode not in ("melee", "reach"):
        return True
    steps = chebyshev(a.pos, t.pos)
    return steps == 1 if mode == "melee" else steps == board.rules.reach


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
        why = _why_not_cast(ctx, template, needs)
        targets: tuple[str, ...] = ()
        if needs == "figure" and not why:
            targets = _cast_targets(ctx, fig, spell, template)
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
    ctx: Ctx, fig: FigureState, spell: s.SpellDef, template: Mapping[str, Any]
) -> tuple[str, ...]:
    """The living figures a cast of ``spell`` on one figure may be aimed at: those
    ``_legal`` allows.  A cast's verdict is what is said of the target
    (``validate_magic.target_verdict``) and what is said of the caster and the round,
    the same whatever the target: once a target is legal, each next one needs only its
    target's part asked; a target the caster's part alone refuses refuses them all."""
    out: list[str] = []
    caster_clear = False
    for f in ctx.state.figures.values():
        if f.dead or not _may_target(ctx, fig, spell, f):
            continue
        try:
            action = act.ACTIONS.validate_python({**template, "target": f.id})
        except ValidationError:
            continue
        assert isinstance(action, act.Cast)
        if not target_verdict(ctx, fig, action).legal:
            continue  # refused for its target, whatever is said of the caster
        if caster_clear:
            out.append(f.id)
        elif validate(ctx, action).legal:
            caster_clear = True
            out.append(f.id)
        else:
            return ()  # refused for the caster or the round: any target is
    return tuple(out)


def _why_not_cast(ctx: Ctx, template: dict[str, Any], needs: str) -> str:
    """Why the spell cannot be cast now whatever the target ("" when it can be)."""
    try:
        action = act.ACTIONS.validate_python(template)
    except ValidationError as exc:
        return str(exc.errors()[0].get("msg", "not castable"))
    verdict = validate(ctx, action)
    if verdict.legal:
        return ""
    aim = {
        "invalid_target",
        "out_of_range",
        "no_line_of_sight",
        "not_adjacent",
        "occupied",
        "not_in_front",
    }
    if needs != "none" and set(verdict.codes) <= aim:
        return ""  # a matter of the target, asked when one is clicked
    return verdict.message


def _near(fig: FigureState, size: int = 1) -> Iterable[Square]:
    """The figure's squares and those around them."""
    for dy in range(-1, size + 1):
        for dx in range(-1, size + 1):
            yield (fig.x + dx, fig.y + dy)


def _around(sq: Square) -> list[Square]:
    """The eight squares around ``sq``."""
    x, y = sq
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


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
            if kind in NEED_A_THING and not something:
                continue  # the validator's answer without asking it: nothing there
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
            if ctx.state.dungeon.in_bounds(*sq) and _legal(ctx, {**raw, "target": list(sq)})
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


# -- geometry the window shows --------------------------------------------------------


def moves(ctx: Ctx, figure_id: str) -> dict[Square, MoveOption]:
    fig = ctx.figure(figure_id)
    if fig.inside is not None or fig.dead:
        return {}
    reach = reachable(ctx.board, fig.id, move_allowance(ctx.card(fig), fig))
    out = {}
    for sq in reach.squares():
        if sq == fig.pos or not reach.can_end(sq):
            continue
        path = reach.path_to(sq)
        if path is None:
            continue
        out[sq] = MoveOption(
            square=sq, cost=int(reach.cost_to(sq)), path=tuple(p for p in path if p != fig.pos)
        )
    return out


def area(ctx: Ctx, raw: Mapping[str, Any]) -> tuple[list[Square], list[str]]:
    """Squares and living figures under an area action (a cast, or a breath)."""
    action = act.ACTIONS.validate_python(dict(raw))
    actor = ctx.figure(action.actor)
    mask = None
    if isinstance(action, act.Cast):
        spell = ctx.catalog.spells.get(action.spell)
        if spell is not None:
            mask = _area_mask(ctx, actor, spell, action)
    elif isinstance(action, act.Breath):
        from companion.model.geometry import figure_cone

        cone = ctx.card(actor).ability("breath")
        length = cone.cone_length if isinstance(cone, s.Breath) else 3
        mask = figure_cone(ctx.board, ctx.token(actor), action.facing or actor.facing, length)
    if mask is None:
        return [], []
    # A spell falls on every living figure in its area, the caster too; a breath spares
    # the creature breathing.
    spared = actor.id if isinstance(action, act.Breath) else None
    figures = [t.id for t in tokens_in(ctx.board, mask) if not t.dead and t.id != spared]
    return squares_of(mask), figures


# -- the log ------------------------------------------------------------------------


#: Sentences already made: the log is worded again on every change, from the same
#: records and states.  An entry keeps its state and action alive (so their identities
#: stay theirs) and a copy of the action (so a changed dict is worded again).
_DESCRIBED: OrderedDict[
    tuple[int, int], tuple[GameState, object, dict[str, Any], tuple[str, ...], str]
]
_DESCRIBED = OrderedDict()
_DESCRIBED_LIMIT = 8192


def describe(before: GameState, raw: Mapping[str, Any], texts: list[str]) -> str:
    """One sentence for the game log: the action, then what happened."""
    key = (id(before), id(raw))
    events = tuple(texts)
    hit = _DESCRIBED.get(key)
    if (
        hit is not None
        and hit[0] is before
        and hit[1] is raw
        and hit[3] == events
        and hit[2] == raw
    ):
        return hit[4]
    text = _describe(before, raw, texts)
    _DESCRIBED[key] = (before, raw, dict(raw), events, text)
    if len(_DESCRIBED) > _DESCRIBED_LIMIT:
        _DESCRIBED.popitem(last=False)
    return text


def _describe(before: GameState, raw: Mapping[str, Any], texts: list[str]) -> str:
    action = act.ACTIONS.validate_python(dict(raw))
    fig = before.figures.get(action.actor) if action.actor != act.BRICKMASTER else None
    who = fig.name if fig is not None else "The BrickMaster"
    head = ""
    if isinstance(action, act.Move):
        # the move's own event says where the figure got to (it may stop short)
        moved = any(t.startswith(f"{who} moves to ") for t in texts)
        head = "" if moved else f"{who} does not get to {place_name(action.path[-1])}."
    elif isinstance(action, act.BeginTurn):
        extra = " in a rage" if action.rage else ""
        if action.focus_attack:
            extra += f", {action.focus_attack} focus dice on attack"
        head = f"{who} begins the turn{extra}."
    elif isinstance(action, act.EndTurn):
        idle = fig is not None and not fig.turn.started
        head = f"{who} passes." if idle else f"{who} ends the turn."
    elif isinstance(action, act.Hold):
        head = f"{who} holds."
    elif isinstance(action, act.RollInitiative):
        head = "Initiative is rolled."
    elif isinstance(action, act.Cast) and not texts:
        head = f"{who} casts {action.spell.replace('_', ' ')}."
    elif isinstance(action, act.Interact) and not texts:
        head = f"{who}: {action.kind.replace('_', ' ')}."
    return " ".join(t for t in [head, *texts] if t)
