"""Is this BrickQuest action legal?  The checks every action shares, then one per kind.

Each check returns a ``Verdict`` with stable reason codes and a sentence that names
what was measured against what.  Validation never changes the state and never rolls.

Every reason that applies is reported, in this order: the turn (``not_your_turn``), the
actor's own state and budget (posing, actions left, sustaining a spell, rage -- not judged
out of turn, since a figure's actions are counted from its own next turn), then the
action's own checks, each in the order its checker documents:

* attack: the two figures and the attack's limits, then its geometry (range, arc,
  height, sight);
* move: every problem along the path, in path order, then the movement it lacks (an
  ethereal figure: the cost, then the end square);
* cast: who may cast it (the scroll carried and its list), what this round allows, the
  points, then the target (who, where, sight; a teleport's square, a wall's squares in
  the order given, every square of a Large summons; a potion to strengthen: held, a
  potion, not strengthened already);
* interact: where the figure stands, then what the object, door or figure needs (a
  magic lock and a missing key both; the items after the figure's state);
* use item: carried, then what the item is, then who it helps;
* skill: training, then the difficulty's bonus, then the target (where to stand, a
  magic lock); Turn Undead and Meditation: hiccups, then what this round allows;
* sapper: hiccups, once a round, explosives, fuse, then where the charge goes;
* begin turn: a turn started, rage, hiccups, then the focus dice (how many, how split);
* hold: the optional rule, an action taken, a hold made already.

Some reasons stop the rest, because nothing after them can be measured: no initiative
rolled yet, a dead actor, a square off the map, an actor inside an object, an unknown
figure (``UnknownFigure``), an attack on itself or on a dead target, an attack of a kind
the figure does not have, an unknown spell, skill or item (an item neither carried nor
known), an ability the figure lacks (a breath, Turn Undead, Meditation, sapper charges;
for begin turn the focus dice are not counted without a focus), a spell's target that
is no living figure, a square with nothing to work on, a step that is no step.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import (
    Ctx,
    action_limit,
    current_turn,
    sustaining,
)
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.schema import ActionBudget, ClassDef, MonsterDef
from companion.rulesets.brickquest.state import FigureState, TurnState
from companion.rulesets.brickquest.table_actions import check_table
from companion.rulesets.brickquest.validate_abilities import (
    check_begin_turn,
    check_hold,
    check_sapper,
    check_skill,
)
from companion.rulesets.brickquest.validate_combat import check_attack, check_breath
from companion.rulesets.brickquest.validate_magic import check_cast
from companion.rulesets.brickquest.validate_moves import check_move
from companion.rulesets.brickquest.validate_objects import check_interact, check_use_item

Checker = Callable[[Ctx, FigureState, act.Action], Verdict]

_CHECKS: dict[type, Checker] = {
    act.Move: check_move,
    act.Attack: check_attack,
    act.Breath: check_breath,
    act.Cast: check_cast,
    act.Interact: check_interact,
    act.UseItem: check_use_item,
    act.UseSkill: check_skill,
    act.Sapper: check_sapper,
    act.BeginTurn: check_begin_turn,
    act.Hold: check_hold,
}


#: Reasons after which the action's own checks would not make sense (nobody may act yet,
#: the actor is dead, a square is off the map, the actor is inside an object).  Otherwise
#: every reason is reported: "not your turn" and "out of range" both.
_FINAL = frozenset(
    {
        BrickQuestReason.INITIATIVE_NEEDED.value,
        BrickQuestReason.ACTOR_DOWN.value,
        BrickQuestReason.INVALID_TARGET.value,
    }
)


def validate(ctx: Ctx, action: act.Action) -> Verdict:
    """The verdict on ``action`` in ``ctx.state``.  Unknown figure ids raise ``UnknownFigure``."""
    if isinstance(action, act.TABLE_ACTIONS):
        return check_table(ctx, action)
    actor = ctx.figure(action.actor)
    common = _check_common(ctx, actor, action)
    if not common.legal and set(common.codes) & _FINAL:
        return common
    if actor.dead and not isinstance(action, act.EndTurn):  # the dead do nothing else
        return Verdict(
            reasons=common.reasons
            + illegal(BrickQuestReason.ACTOR_DOWN, f"{actor.name} is dead").reasons
        )
    off = _off_map(ctx, action)
    if off is not None:  # nothing else can be measured to a square off the map
        where = illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(off)} is off the map", off)
        return Verdict(reasons=common.reasons + where.reasons)
    hidden = _hidden(actor, action) if isinstance(action, act.COUNTED) else None
    if hidden is not None:  # not its turn either: nothing measures a figure on no board
        return Verdict(reasons=common.reasons + hidden.reasons)
    check = _CHECKS.get(type(action))
    own = check(ctx, actor, action) if check else LEGAL
    seen = set(common.codes)
    return Verdict(reasons=common.reasons + tuple(r for r in own.reasons if r.code not in seen))


def _hidden(actor: FigureState, action: act.Action) -> Verdict | None:
    """A figure inside a barrel or sarcophagus may only climb out, or open or close it:
    anything else is refused (None: the action may be done from inside, or from outside).
    """
    if actor.inside is None or (
        isinstance(action, act.Interact) and action.kind in ("climb_out", "close", "open")
    ):
        return None
    return illegal(
        BrickQuestReason.INVALID_TARGET,
        f"{actor.name} is inside an object and must climb out first",
        actor.inside,
    )


def _check_common(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    state = ctx.state
    if state.needs_initiative:
        return illegal(
            BrickQuestReason.INITIATIVE_NEEDED,
            f"roll initiative for round {state.round} before anyone acts",
        )
    if state.initiative is not None and state.current not in (None, actor.id):
        return illegal(
            BrickQuestReason.NOT_YOUR_TURN,
            f"it is {state.figures[state.current].name}'s turn, not {actor.name}'s",
        )
    if isinstance(action, act.EndTurn):
        return LEGAL
    off = _off_map(ctx, action)
    if off is not None:
        return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(off)} is off the map", off)
    if actor.dead:
        return illegal(BrickQuestReason.ACTOR_DOWN, f"{actor.name} is dead")
    if not isinstance(action, act.COUNTED):
        return LEGAL
    hidden = _hidden(actor, action)
    if hidden is not None:
        return hidden
    card = ctx.card(actor)
    turn = current_turn(actor)
    limit = action_limit(card, actor, turn)
    out: list[Reason] = []
    if actor.has("posing") and not isinstance(action, act.Attack):
        out += illegal(
            BrickQuestReason.POSING_AS_STATUE,
            f"{actor.name} is posing as a statue: it keeps still until a target is close"
            " enough to attack",
        ).reasons
    if turn.actions_used >= limit:
        why = " (hiccups)" if actor.has("hiccups") else ""
        out += illegal(
            BrickQuestReason.NO_ACTIONS_LEFT,
            f"{actor.name} has used {turn.actions_used} of {limit} actions this turn{why}",
        ).reasons
    else:
        out += _budget_verdict(card, actor, turn, action).reasons
    if sustaining(actor) and not isinstance(action, act.Move):
        out += illegal(
            BrickQuestReason.SUSTAINING_SPELL,
            f"{actor.name} keeps up {sustaining(actor)} and may only move while it lasts",
        ).reasons
    if turn.actions_used < limit:
        out += _rage_verdict(card, actor, turn, limit, action).reasons
    return Verdict(reasons=tuple(out))


def _off_map(ctx: Ctx, action: act.Action) -> tuple[int, int] | None:
    """The first square the action names off the map (a move's path has its own check)."""
    squares: list[tuple[int, int]] = []
    if isinstance(action, act.Cast | act.Sapper):
        squares += action.squares
    target = getattr(action, "target", None)
    if isinstance(target, tuple | list):
        squares.append((int(target[0]), int(target[1])))
    dungeon = ctx.state.dungeon
    return next((sq for sq in squares if not dungeon.in_bounds(*sq)), None)


def _budget_verdict(
    card: ClassDef | MonsterDef, actor: FigureState, turn: TurnState, action: act.Action
) -> Verdict:
    """Elephanthulhu-style budgets: so many moves and so many attacks."""
    budget = card.ability("action_budget")
    if not isinstance(budget, ActionBudget) or budget.actions is not None:
        return LEGAL
    if isinstance(action, act.Move) and turn.moves >= (budget.moves or 0):
        return illegal(
            BrickQuestReason.NO_ACTIONS_LEFT,
            f"{actor.name} has used its {budget.moves} move action(s) this turn",
        )
    if isinstance(action, act.Attack | act.Breath) and turn.attacks >= (budget.attacks or 0):
        return illegal(
            BrickQuestReason.NO_ACTIONS_LEFT,
            f"{actor.name} has used its {budget.attacks} attack(s) this turn",
        )
    if not isinstance(action, act.Move | act.Attack | act.Breath):
        return illegal(
            BrickQuestReason.NO_ACTIONS_LEFT,
            f"{actor.name} only moves and attacks ({budget.moves} move, {budget.attacks} attacks)",
        )
    return LEGAL


def _rage_verdict(
    card: ClassDef | MonsterDef,
    actor: FigureState,
    turn: TurnState,
    limit: int,
    action: act.Action,
) -> Verdict:
    """Rage: at least one of the raging figure's actions must be an attack."""
    if not turn.raging or turn.attacks > 0 or isinstance(action, act.Attack):
        return LEGAL
    if turn.actions_used + 1 >= limit:
        return illegal(
            BrickQuestReason.RAGE_NEEDS_ATTACK,
            f"{actor.name} is raging: the last action this turn must be an attack",
        )
    return LEGAL
