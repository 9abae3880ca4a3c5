"""Carry out a BrickQuest action: start the turn if needed, apply the action, count it."""

from __future__ import annotations

from collections.abc import Callable

from companion.model.geometry import attack_geometry, figure_cone, tokens_in
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import (
    apply_damage,
    facing_after_turn,
    resolve_attack,
    wake_statue,
)
from companion.rulesets.brickquest.context import BASE_ACTIONS, Ctx, action_limit
from companion.rulesets.brickquest.forced import check_resolvable
from companion.rulesets.brickquest.interactions import resolve_interact, resolve_use_item
from companion.rulesets.brickquest.moving import resolve_move, veer
from companion.rulesets.brickquest.sapping import place_charge
from companion.rulesets.brickquest.skills import resolve_skill
from companion.rulesets.brickquest.spells import resolve_cast
from companion.rulesets.brickquest.state import FigureState, GameState
from companion.rulesets.brickquest.table_actions import resolve_table
from companion.rulesets.brickquest.turns import advance, end_turn, start_turn

Outcome = tuple[GameState, list[Event]]
Handler = Callable[[Ctx, FigureState, act.Action, Dice], Outcome]


def resolve(ctx: Ctx, action: act.Action, dice: Dice) -> Outcome:
    """The state after ``action`` and what happened (the action is legal or forced).

    ``Unresolvable`` when a forced action cannot be carried out at all.
    """
    if isinstance(action, act.TABLE_ACTIONS):
        return resolve_table(ctx, action, dice)
    actor = ctx.figure(action.actor)
    check_resolvable(ctx, actor, action)
    if isinstance(action, act.EndTurn):
        state, events = start_turn(ctx, actor.id, dice)
        state, more = end_turn(Ctx(state, ctx.catalog), actor.id, dice)
        return state, events + more
    choice = action if isinstance(action, act.BeginTurn) else None
    state, events = start_turn(ctx, actor.id, dice, choice)
    if isinstance(action, act.BeginTurn):
        return state, events
    if isinstance(action, act.Hold):
        return _hold(state, actor.id), events
    actor = state.figures[actor.id]
    if actor.dead:
        return state, [
            *events,
            Event(kind="info", figure=actor.id, text=f"{actor.name} cannot act."),
        ]
    if actor.has("posing"):  # its first blow (or a forced act) gives the statue away
        state, more = wake_statue(state, actor.id)
        actor = state.figures[actor.id]
        events += more
    handler = _HANDLERS[type(action)]
    state, more = handler(Ctx(state, ctx.catalog), actor, action, dice)
    return _count(Ctx(state, ctx.catalog), actor.id, action), events + more


def _count(ctx: Ctx, figure_id: str, action: act.Action) -> GameState:
    """Record the action in the figure's turn."""
    state = ctx.state
    fig = state.figures.get(figure_id)
    if fig is None:
        return state
    t = fig.turn
    limit = action_limit(ctx.card(fig), fig, t)
    used = t.actions_used + 1
    if isinstance(action, act.UseSkill) and action.skill == "meditation":
        used = max(used, BASE_ACTIONS)  # a whole round of concentration
    # A forced action beyond the limit is logged as forced; the count stays at the limit.
    changes: dict[str, object] = {"actions_used": max(t.actions_used, min(used, limit))}
    if t.first_action is None:
        changes["first_action"] = action.action
    if isinstance(action, act.Move):
        changes["moves"] = t.moves + 1
    if isinstance(action, act.Attack | act.Breath):
        changes["attacks"] = t.attacks + 1
    if isinstance(action, act.Attack):
        changes["attack_mode"] = "ranged" if action.mode == "ranged" else "melee"
    if isinstance(action, act.Cast):
        changes["cast"] = True
    if isinstance(action, act.UseSkill) and action.skill == "turn_undead":
        changes["turned_undead"] = True
    if isinstance(action, act.Sapper):
        changes["sapper_used"] = True
    return state.with_figure(fig.model_copy(update={"turn": t.model_copy(update=changes)}))


def _hold(state: GameState, figure_id: str) -> GameState:
    """Hold both actions to the end of the round.  The turn has begun (its start-of-turn
    effects happened); it goes on when the figure acts after the others."""
    fig = state.figures[figure_id]
    turn = fig.turn.model_copy(update={"held": True})
    state = state.with_figure(fig.model_copy(update={"turn": turn}))
    state = state.evolve(held=(*state.held, figure_id))
    return advance(state)


# -- attacking ---------------------------------------------------------------------


def _attack(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Attack)
    turn = action.turn
    if turn is None:
        lo, hi = ctx.card(actor).attack.min_range, ctx.card(actor).attack.max_range
        geo = attack_geometry(
            ctx.board, actor.id, action.target, action.mode, min_range=lo, max_range=hi
        )
        turn = geo.turn
    actor = actor.model_copy(update={"facing": facing_after_turn(actor, turn)})
    state = ctx.state.with_figure(actor)
    target = state.figures[action.target]
    events: list[Event] = []
    if actor.has("blinded"):
        aim = veer(actor.pos, target.pos, dice, f"{actor.name} attacks blind")
        if aim != target.pos and aim not in ctx.squares(target):
            other = Ctx(state, ctx.catalog).living_at(aim)
            ranged = action.mode == "ranged"
            if other is None or other.has("ethereal") or other.id == actor.id:
                miss = "shoots wide" if ranged else "swings blindly at empty air"
                return state, [Event(kind="info", figure=actor.id, text=f"{actor.name} {miss}.")]
            target = other
            hit = "the shot hits" if ranged else f"{actor.name} strikes"
            text = f"Blinded, {hit} {other.name} instead."
            events.append(Event(kind="info", figure=actor.id, text=text))
    state, more = resolve_attack(Ctx(state, ctx.catalog), actor, target, action.mode, dice)
    return state, events + more


def _breath(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Breath)
    breath = ctx.card(actor).ability("breath")
    assert isinstance(breath, s.Breath)
    facing = action.facing or actor.facing
    actor = actor.model_copy(update={"facing": facing, "breath_turn": actor.turns_taken})
    state = ctx.state.with_figure(actor)
    sub = Ctx(state, ctx.catalog)
    # A Large Creature breathes from its whole front edge (geometry.footprint).
    mask = figure_cone(sub.board, sub.token(actor), facing, breath.cone_length)
    roll = dice.roll(breath.dice, f"{actor.name}'s breath")
    events = [
        Event(
            kind="spell",
            figure=actor.id,
            amount=roll.total,
            text=f"{actor.name} breathes: {roll.total} damage in a cone.",
        )
    ]
    for token in tokens_in(sub.board, mask):
        if token.id == actor.id or token.dead or state.figures[token.id].has("ethereal"):
            continue  # ethereal beings may not be attacked
        state, more = apply_damage(Ctx(state, ctx.catalog), token.id, roll.total, dice, actor.id)
        events += more
    return state, events


def _sapper(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Sapper)
    return place_charge(ctx, actor, action)


_HANDLERS: dict[type, Handler] = {
    act.Move: resolve_move,
    act.Attack: _attack,
    act.Breath: _breath,
    act.Cast: resolve_cast,
    act.Interact: resolve_interact,
    act.UseItem: resolve_use_item,
    act.UseSkill: resolve_skill,
    act.Sapper: _sapper,
}
