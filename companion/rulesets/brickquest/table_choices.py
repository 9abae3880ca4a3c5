"""Choices of the table's own, of beginning a turn, moving and attacking; each one checked
(legal, or why not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from companion.model.geometry.attacks import SIGHTED
from companion.model.geometry.distance import RANGE_TOLERANCE, in_range, ruler_distance
from companion.model.geometry.facing import chebyshev
from companion.rules.table import ActionChoice, confirm_allies
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.grid import BRICKQUEST_FACING
from companion.rulesets.brickquest.state import FigureState, GameState
from companion.rulesets.brickquest.validate import validate

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
        if r.code
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
            facings=BRICKQUEST_FACING.directions,
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
        near = _within_reach(ctx, fig, others, mode)
        if mode in SIGHTED and fig.inside is None and fig is ctx.state.figures.get(fig.id):
            ctx.measure_sights(fig, near)  # together, for _unseen and the validation
        targets = tuple(
            o.id
            for o in near
            if not _unseen(ctx, fig, o, mode)
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
    sides, names = ctx.sides_and_names
    return confirm_allies(tuple(targets), fig.id, sides, names, verb)


def _within_reach(
    ctx: Ctx, fig: FigureState, others: Sequence[FigureState], mode: str
) -> list[FigureState]:
    """``others`` but those an attack of ``fig`` is sure to be refused on for the distance
    alone (both figures one square: a melee attack needs the target one step away, a
    reach attack exactly ``reach`` steps, a ranged one within the card's minimum and
    maximum range, whatever the facing); the full validation decides on those kept.
    Spares validating every figure on a big map for each attack mode
    (``attack_geometry`` checks the same first)."""
    board = ctx.board
    try:
        a = board.token(fig.id)
    except KeyError:
        return list(others)
    if a.size > 1 or mode not in ("melee", "reach", "ranged"):
        return list(others)
    attack = ctx.card(fig).attack
    lo, hi = attack.min_range, attack.max_range
    if mode == "ranged" and lo is None and hi is None:
        return list(others)
    out = []
    for other in others:
        try:
            t = board.token(other.id)
        except KeyError:
            out.append(other)
            continue
        if t.size > 1:
            out.append(other)
            continue
        steps = chebyshev(a.pos, t.pos)
        if mode == "melee":
            near = steps == 1
        elif mode == "reach":
            near = steps == board.rules.reach
        elif hi is not None and steps > hi + RANGE_TOLERANCE:
            near = False  # the ruler is never shorter than the larger of dx and dy
        else:
            near = in_range(ruler_distance(board, a.pos, t.pos), lo, hi)
        if near:
            out.append(other)
    return out


def _unseen(ctx: Ctx, fig: FigureState, other: FigureState, mode: str) -> bool:
    """True when an attack of ``fig`` on ``other`` is sure to be refused for the sight
    line alone: a mode that needs it (``SIGHTED``: ``attack_geometry`` refuses such an
    attack under every facing while the line is blocked) and ``fig``'s sight of
    ``other`` blocked (``Ctx.sight``: measured once, read again by the validation).
    False: the full validation decides."""
    return mode in SIGHTED and fig.inside is None and not ctx.sight(fig, other).clear
