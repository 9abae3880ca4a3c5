"""BrickQuest as the table sees it: figures, the turn, what the acting figure may do.

Every answer comes from the validator itself: an action is offered when ``validate``
says it is legal now, so the action bar can never disagree with the rules.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from companion.rules.places import place_name
from companion.rules.table import ActionChoice, Badge, FigureView, Prompt, TurnView
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import Ctx, action_limit, current_turn, move_allowance
from companion.rulesets.brickquest.initiative import initiative_labels
from companion.rulesets.brickquest.state import FigureState, GameState
from companion.rulesets.brickquest.table_choices import (
    _attack_choices,
    _begin_choices,
    _legal,
    _move_choice,
    _table_choices,
)
from companion.rulesets.brickquest.table_geometry import area as area
from companion.rulesets.brickquest.table_geometry import moves as moves
from companion.rulesets.brickquest.table_spells_and_things import (
    _cast_choices,
    _interact_choices,
    _item_choices,
    _sapper_choices,
    _skill_choices,
)

#: Conditions not worth a badge (bookkeeping of the engine).
HIDDEN_BADGES = frozenset({"sustaining"})


def figure_views(ctx: Ctx) -> dict[str, FigureView]:
    labels = initiative_labels(ctx.state)
    footprint = ctx.state.options.large_footprint
    out: dict[str, FigureView] = {}
    for fid, fig in ctx.state.figures.items():
        label = labels.get(fid, "")
        key = (id(fig), id(ctx.catalog), footprint, label)
        hit = _VIEWS.get(key)
        if hit is not None and hit[0] is fig and hit[1] is ctx.catalog:
            out[fid] = hit[2]
            continue
        view = _figure_view(ctx, fig, label)
        if len(_VIEWS) >= _VIEWS_LIMIT:
            _VIEWS.clear()
        _VIEWS[key] = (fig, ctx.catalog, view)
        out[fid] = view
    return out


#: ``figure_views``' answers per figure: (id of the figure, of the catalog, the footprint
#: option, its initiative label) -> (figure, catalog, view).  A view is made of the figure
#: (frozen), its card and those two alone, and a new state keeps the figures an action
#: did not touch: an action makes one or two views again, not forty.  An entry holds its
#: figure and catalog, so an id is never another's while it is kept.
_VIEWS: dict[tuple[int, int, int, str], tuple[FigureState, object, FigureView]] = {}
_VIEWS_LIMIT = 8192


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
        items=tuple(_item_name(ctx, item) for item in fig.items),
        base_squares=float(ctx.state.size_of(ctx.catalog, fig)),
        anchor="corner",
    )


def _item_name(ctx: Ctx, item: str) -> str:
    """An item as the table names it ("Healing Potion"), from the items catalogue."""
    found = ctx.catalog.items.get(item)
    return found.name if found is not None else item


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
        # The BrickMaster may drag the order (``Reorder``, a logged override).
        reorder={"actor": act.BRICKMASTER, "action": "reorder"},
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
