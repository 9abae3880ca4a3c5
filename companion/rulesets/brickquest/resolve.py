"""Carry out a BrickQuest action: start the turn if needed, apply the action, count it."""

from __future__ import annotations

from collections.abc import Callable

from companion.model.dungeon import Terrain
from companion.model.geometry import area_cone, attack_geometry, tokens_in, validate_path
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import (
    apply_damage,
    facing_after_turn,
    resolve_attack,
)
from companion.rulesets.brickquest.context import Ctx, chebyshev, move_allowance
from companion.rulesets.brickquest.interactions import resolve_interact, resolve_use_item
from companion.rulesets.brickquest.sapping import place_charge
from companion.rulesets.brickquest.skills import resolve_skill
from companion.rulesets.brickquest.spells import resolve_cast
from companion.rulesets.brickquest.state import FigureState, GameState, TurnState
from companion.rulesets.brickquest.turns import advance, end_turn, start_turn

Outcome = tuple[GameState, list[Event]]
Handler = Callable[[Ctx, FigureState, act.Action, Dice], Outcome]
#: Classes that cross fire spouts more nimbly (hurt on 1-2 instead of 1-3).
NIMBLE_ON_SPOUTS = ("human_thief",)
FIRE_SPOUT_HURTS_ON = 3
NIMBLE_HURTS_ON = 2
#: Blinded: a d6 per square or attack; 1-2 veers left, 3-4 right, 5-6 goes true.
VEER_LEFT_MAX = 2
VEER_RIGHT_MAX = 4
_EIGHT = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]


def resolve(ctx: Ctx, action: act.Action, dice: Dice) -> Outcome:
    """The state after ``action`` and what happened (the action is legal or forced)."""
    actor = ctx.figure(action.actor)
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
    handler = _HANDLERS[type(action)]
    state, more = handler(Ctx(state, ctx.catalog), actor, action, dice)
    return _count(state, actor.id, action), events + more


def _count(state: GameState, figure_id: str, action: act.Action) -> GameState:
    """Record the action in the figure's turn."""
    fig = state.figures.get(figure_id)
    if fig is None:
        return state
    t = fig.turn
    changes: dict[str, object] = {"actions_used": t.actions_used + 1}
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
    if isinstance(action, act.UseSkill) and action.skill == "meditation":
        changes["actions_used"] = max(t.actions_used + 1, 2)
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


# -- moving ------------------------------------------------------------------------


def _move(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Move)
    state = ctx.state
    events: list[Event] = []
    path = list(action.path)
    if actor.has("blinded"):
        path, events = _veer_path(ctx, actor, path, dice)
    prev = actor.pos
    walked: list[tuple[int, int]] = []
    for sq in path:
        if state.options.breakaway:
            state, more = _breakaway(Ctx(state, ctx.catalog), actor.id, prev, dice)
            events += more
        mover = state.figures[actor.id]
        if mover.dead:
            break
        walked.append(sq)
        state = state.with_figure(mover.model_copy(update={"x": sq[0], "y": sq[1]}))
        state, more = _enter_square(Ctx(state, ctx.catalog), actor.id, sq, sq == path[-1], dice)
        events += more
        prev = sq
    mover = state.figures[actor.id]
    facing = action.facing or mover.facing
    visited = tuple(dict.fromkeys((*mover.visited, *walked)))
    line = _straight_line(actor.pos, walked) if actor.turn.actions_used == 0 else None
    turn = mover.turn.model_copy(update={"charge_line": line})
    state = state.with_figure(
        mover.model_copy(update={"facing": facing, "visited": visited, "turn": turn})
    )
    if walked:
        events.insert(
            0,
            Event(
                kind="moved",
                figure=actor.id,
                text=f"{actor.name} moves to [{walked[-1][0]}, {walked[-1][1]}].",
            ),
        )
    return state, events


def _straight_line(
    start: tuple[int, int], walked: list[tuple[int, int]]
) -> tuple[int, int, int] | None:
    if not walked:
        return None
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip([start, *walked], walked, strict=False)}
    if len(steps) != 1:
        return None
    dx, dy = steps.pop()
    return (dx, dy, len(walked))


def _enter_square(ctx: Ctx, figure_id: str, sq: tuple[int, int], last: bool, dice: Dice) -> Outcome:
    """Fire spouts and magic wards hurt whoever steps in."""
    state = ctx.state
    events: list[Event] = []
    fig = state.figures[figure_id]
    if state.dungeon.terrain_at(*sq) is Terrain.FIRE_SPOUT and not fig.has("ethereal"):
        roll = dice.roll(1, f"{fig.name} crosses a fire spout")
        limit = NIMBLE_HURTS_ON if fig.class_id in NIMBLE_ON_SPOUTS else FIRE_SPOUT_HURTS_ON
        if roll.faces[0] <= limit:
            state, more = apply_damage(Ctx(state, ctx.catalog), fig.id, 1, dice)
            events += [
                Event(
                    kind="damage", figure=fig.id, amount=1, text=f"The fire spout burns {fig.name}."
                ),
                *more,
            ]
    if sq in state.wards:
        roll = dice.roll(1, f"the ward at {list(sq)} flares")
        wards = tuple(w for w in state.wards if w != sq)
        state = state.evolve(wards=wards)
        if not fig.has("ethereal"):
            state, more = apply_damage(Ctx(state, ctx.catalog), fig.id, roll.total, dice)
            events += [
                Event(
                    kind="damage",
                    figure=fig.id,
                    amount=roll.total,
                    text=f"Blue flame engulfs {fig.name}: {roll.total} damage.",
                ),
                *more,
            ]
    return state, events


def _breakaway(
    ctx: Ctx, mover_id: str, leaving: tuple[int, int], dice: Dice
) -> tuple[GameState, list[Event]]:
    """Optional rule: leaving a square an enemy threatens in melee invites its attack.

    Each enemy makes at most one such attack a round (since its turn began); a mover
    that breaks away (a 6) may not be tried again by that enemy this round.
    """
    from companion.model.geometry import front_squares

    state = ctx.state
    events: list[Event] = []
    for enemy_id in list(state.figures):
        enemy = state.figures[enemy_id]
        mover = state.figures[mover_id]
        if mover.dead or mover.has("ethereal"):
            break
        if not _threatens(ctx, enemy, mover, leaving, front_squares(enemy.pos, enemy.facing)):
            continue
        roll = dice.roll(1, f"{mover.name}'s breakaway roll from {enemy.name}")
        if roll.faces[0] == 6:
            tried = (*enemy.breakaway_tried, mover.id)
            state = state.with_figure(enemy.model_copy(update={"breakaway_tried": tried}))
            events.append(
                Event(
                    kind="info",
                    figure=mover.id,
                    text=f"{mover.name} breaks away from {enemy.name}.",
                )
            )
            continue
        enemy = enemy.model_copy(update={"breakaway_attacked": True})
        state = state.with_figure(enemy)
        free = enemy.model_copy(update={"turn": TurnState()})  # no Charge on a free attack
        # The mover still stands on ``leaving``: it is attacked as it steps off.
        state, more = resolve_attack(Ctx(state, ctx.catalog), free, mover, "melee", dice)
        events += more
    return state, events


def _threatens(
    ctx: Ctx,
    enemy: FigureState,
    mover: FigureState,
    leaving: tuple[int, int],
    front: list[tuple[int, int]],
) -> bool:
    """Whether ``enemy`` may make the breakaway attack on ``mover`` leaving ``leaving``."""
    if enemy.dead or enemy.inside is not None or enemy.side == mover.side:
        return False
    if enemy.breakaway_attacked or mover.id in enemy.breakaway_tried:
        return False
    if enemy.has("ethereal") or enemy.disarmed or ctx.card(enemy).attack.melee_dice is None:
        return False
    if leaving not in front:
        return False
    dungeon = ctx.state.dungeon
    return abs(dungeon.floor_at(*leaving) - dungeon.floor_at(*enemy.pos)) <= 2


def _veer_path(
    ctx: Ctx, actor: FigureState, path: list[tuple[int, int]], dice: Dice
) -> tuple[list[tuple[int, int]], list[Event]]:
    """A blinded figure rolls for each square; a veer ends the move on the square it veered to."""
    prev = actor.pos
    out: list[tuple[int, int]] = []
    for sq in path:
        veer = _veer(prev, sq, dice, f"{actor.name} moves blind")
        if veer != sq:
            check = validate_path(
                ctx.board, actor.id, [*out, veer], move_allowance(ctx.card(actor), actor)
            )
            if check.ok:
                out.append(veer)
            text = f"{actor.name} stumbles blindly off the path."
            return out, [Event(kind="info", figure=actor.id, text=text)]
        out.append(sq)
        prev = sq
    return out, []


def _veer(
    origin: tuple[int, int], aim: tuple[int, int], dice: Dice, purpose: str
) -> tuple[int, int]:
    dx = max(-1, min(1, aim[0] - origin[0]))
    dy = max(-1, min(1, aim[1] - origin[1]))
    face = dice.roll(1, purpose).faces[0]
    if face > VEER_RIGHT_MAX or (dx, dy) == (0, 0):
        return aim
    i = _EIGHT.index((dx, dy)) + (-1 if face <= VEER_LEFT_MAX else 1)
    ddx, ddy = _EIGHT[i % 8]
    if chebyshev(origin, aim) == 1:
        return (origin[0] + ddx, origin[1] + ddy)
    return aim


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
        aim = _veer(actor.pos, target.pos, dice, f"{actor.name} attacks blind")
        if aim != target.pos:
            other = state.living_at(aim)
            if other is None:
                return state, [
                    Event(
                        kind="info",
                        figure=actor.id,
                        text=f"{actor.name} swings blindly at empty air.",
                    )
                ]
            target = other
            events.append(
                Event(
                    kind="info",
                    figure=actor.id,
                    text=f"Blinded, {actor.name} strikes {other.name} instead.",
                )
            )
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
    mask = area_cone(sub.board, actor.pos, facing, breath.cone_length)
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
    act.Move: _move,
    act.Attack: _attack,
    act.Breath: _breath,
    act.Cast: resolve_cast,
    act.Interact: resolve_interact,
    act.UseItem: resolve_use_item,
    act.UseSkill: resolve_skill,
    act.Sapper: _sapper,
}
