"""Attack actions (melee, reach, ranged) and a dragon's breath."""

from __future__ import annotations

from companion.model.geometry import attack_geometry
from companion.rules.places import place_name
from companion.rules.verdict import Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.combat import base_attack, turned_board
from companion.rulesets.brickquest.context import Ctx, current_turn
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.schema import Breath, OneAttackPerTurn
from companion.rulesets.brickquest.state import FigureState

_GEOMETRY_TEXT = {
    "not_in_arc": "{target} is outside {actor}'s {mode} arc",
    "not_adjacent": "{target} is not in one of the three squares in front of {actor}",
    "height_difference": "{target} stands more than 2 bricks higher or lower than {actor}",
    "out_of_range": "{target} is {d:.2f} squares away, beyond {actor}'s maximum range {hi:g}",
    "too_close": "{target} is {d:.2f} squares away, closer than {actor}'s minimum range {lo:g}",
    "no_line_of_sight": "the line from {actor} to {target} is blocked at {blocked}",
}


def check_attack(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the attack: the two figures' states and the attack's own
    limits first (who may attack whom, with what, this round), then its geometry (range,
    arc, height, sight: ``attack_geometry``'s order).  Attacking itself, a dead target and
    a missing attack of that kind say nothing about geometry, and stop before it."""
    assert isinstance(action, act.Attack)
    target = ctx.figure(action.target)
    card = ctx.card(actor)
    turn = current_turn(actor)
    if target.id == actor.id:
        return illegal(BrickQuestReason.INVALID_TARGET, f"{actor.name} cannot attack itself")
    if target.dead:
        return illegal(BrickQuestReason.TARGET_DEAD, f"{target.name} is already dead", target.pos)
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str, sq: tuple[int, int] | None = None) -> None:
        out.append(Reason(code=code, message=text, square=sq))

    if actor.has("ethereal"):
        no(BrickQuestReason.ETHEREAL, f"{actor.name} is ethereal and may not attack")
    if target.has("ethereal"):
        no(
            BrickQuestReason.ETHEREAL,
            f"{target.name} is ethereal and cannot be attacked",
            target.pos,
        )
    if target.inside is not None:
        no(
            BrickQuestReason.INVALID_TARGET,
            f"{target.name} is hidden inside an object",
            target.inside,
        )
    if turn.cast:
        no(
            BrickQuestReason.SPELL_RESTRICTION,
            f"{actor.name} cast a spell this round and may not attack",
        )
    attack = base_attack(card, actor, action.mode)
    if attack is None:
        if actor.disarmed:
            no(
                BrickQuestReason.DISARMED,
                f"{actor.name} has dropped the weapon: only an open-handed melee attack"
                " until armed again",
            )
        else:
            no(BrickQuestReason.NO_ABILITY, f"{actor.name} has no {action.mode} attack")
        return Verdict(reasons=tuple(out))
    kind = "ranged" if action.mode == "ranged" else "melee"
    if turn.attack_mode is not None and turn.attack_mode != kind:
        no(
            BrickQuestReason.MIXED_ATTACK_TYPES,
            f"{actor.name} made a {turn.attack_mode} attack this round and may not mix in a"
            f" {kind} one",
        )
    once = card.ability("one_attack_per_turn")
    if isinstance(once, OneAttackPerTurn) and turn.attacks >= 1:
        no(
            BrickQuestReason.NO_ACTIONS_LEFT,
            f"{actor.name} makes only one {once.weapon} attack per turn",
        )
    if target.inside is not None:  # nothing to measure to
        return Verdict(reasons=tuple(out))
    board = ctx.board
    allow_turn = action.turn is None
    if action.turn is not None:
        board = turned_board(ctx, actor, action.turn)
    lo, hi = card.attack.min_range, card.attack.max_range
    geo = attack_geometry(
        board,
        actor.id,
        target.id,
        action.mode,
        min_range=lo,
        max_range=hi,
        allow_turn=allow_turn,
        # The state's board: its sight lines are kept (the table asks every figure's).
        sight=(lambda: ctx.sight(actor, target)) if board is ctx.board else None,
    )
    for code, blocked in geo.problems:
        text = _GEOMETRY_TEXT.get(code, "{target} cannot be attacked from here").format(
            target=target.name,
            actor=actor.name,
            mode=action.mode,
            d=geo.distance,
            lo=lo or 0,
            hi=hi or 0,
            blocked=place_name(blocked) if blocked else "?",
        )
        no(BrickQuestReason.of(code), text, blocked or target.pos)
    return Verdict(reasons=tuple(out))


def check_breath(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the breath (ethereal, hiccups, breathed last round); a figure
    without a breath attack hears only that."""
    assert isinstance(action, act.Breath)
    breath = ctx.card(actor).ability("breath")
    if not isinstance(breath, Breath):
        return illegal(BrickQuestReason.NO_ABILITY, f"{actor.name} has no breath attack")
    out: list[Reason] = []
    if actor.has("ethereal"):
        out += illegal(
            BrickQuestReason.ETHEREAL, f"{actor.name} is ethereal and may not attack"
        ).reasons
    if actor.has("hiccups"):
        hic = f"{actor.name} has hiccups: no special abilities"
        out += illegal(BrickQuestReason.HICCUPS, hic).reasons
    last = actor.breath_turn
    if breath.every_other_round and last is not None and actor.turns_taken - last < 2:
        out += illegal(
            BrickQuestReason.ABILITY_USED,
            f"{actor.name} breathed last round; the breath returns every other round",
        ).reasons
    return Verdict(reasons=tuple(out))
