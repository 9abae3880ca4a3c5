"""Skills and abilities: skill checks, Turn Undead, Meditation, Sapper charges, turn choices."""

from __future__ import annotations

from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import Ctx, chebyshev, current_turn
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.schema import ClassDef, NinjaFocus, Prowess, Rage, Sapper
from companion.rulesets.brickquest.state import FigureState
from companion.rulesets.brickquest.validate_objects import door_fronts

#: Skills that work on a door or a lockable object (forcing, picking locks).
DOOR_SKILLS = ("force_door", "pick_locks")

#: Abilities used through the skill action, besides the skills of the data.
ABILITY_SKILLS = ("turn_undead", "meditation")


def check_skill(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the skill: for Turn Undead and Meditation the ability, then
    hiccups, then what this round allows; for a skill of the data its training, then the
    difficulty's need of a bonus, then its target (where the figure stands, then a magic
    lock).  An unknown skill, or an ability the figure does not have, stops the rest."""
    assert isinstance(action, act.UseSkill)
    card = ctx.card(actor)
    turn = current_turn(actor)
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str, sq: tuple[int, int] | None = None) -> None:
        out.append(Reason(code=code, message=text, square=sq))

    if action.skill in ABILITY_SKILLS:
        if not card.has_ability(action.skill):
            name = action.skill.replace("_", " ")
            return illegal(BrickQuestReason.NO_ABILITY, f"{actor.name} cannot use {name}")
        if actor.has("hiccups"):
            no(BrickQuestReason.HICCUPS, f"{actor.name} has hiccups: no special abilities")
        if action.skill == "turn_undead" and turn.cast:
            no(
                BrickQuestReason.SPELL_RESTRICTION,
                f"{actor.name} cast a spell this round and may not turn undead",
            )
        if action.skill == "meditation" and turn.actions_used > 0:
            no(
                BrickQuestReason.TURN_ALREADY_STARTED,
                f"meditation takes {actor.name}'s whole round; it has acted already",
            )
        return Verdict(reasons=tuple(out))
    skill = ctx.catalog.skills.get(action.skill)
    if skill is None:
        try:
            skill = ctx.catalog.find_skill(action.skill)
        except KeyError as exc:
            return illegal(BrickQuestReason.INVALID_TARGET, str(exc).strip("'\""))
    bonus = card.skill_bonus(skill.id) if isinstance(card, ClassDef) else 0
    trained = isinstance(card, ClassDef) and any(b.skill == skill.id for b in card.skills)
    if skill.trained_only and not trained:
        no(BrickQuestReason.UNTRAINED, f"only characters trained in {skill.name} may use it")
    difficulty = ctx.catalog.difficulties.get(action.difficulty)
    if difficulty is not None and difficulty.requires_bonus and bonus + action.circumstance <= 0:
        no(
            BrickQuestReason.UNTRAINED,
            f"{difficulty.name} tasks need a skill or other bonus; {actor.name} has none",
        )
    out += _check_skill_target(ctx, actor, skill.id, action).reasons
    return Verdict(reasons=tuple(out))


def _check_skill_target(ctx: Ctx, actor: FigureState, skill: str, action: act.UseSkill) -> Verdict:
    """Skills worked on a door or object (force, pick locks) are worked from next to it,
    and no skill opens a magic lock: both are said.  A square with no door or object, or
    off the map, stops the rest."""
    if skill not in DOOR_SKILLS or action.target is None or isinstance(action.target, str):
        return LEGAL
    sq = (int(action.target[0]), int(action.target[1]))
    dungeon = ctx.state.dungeon
    if not dungeon.in_bounds(*sq):
        return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(sq)} is off the map", sq)
    out: list[Reason] = []
    if dungeon.terrain_at(*sq).is_door:
        if actor.pos not in door_fronts(dungeon, sq):
            text = f"{actor.name} must stand directly in front of the door"
            out += illegal(BrickQuestReason.NOT_IN_FRONT, text, sq).reasons
    elif dungeon.object_at(*sq) is None:
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"no door or object at {place_name(sq)}", sq
        )
    elif chebyshev(actor.pos, sq) != 1:
        out += illegal(
            BrickQuestReason.NOT_ADJACENT, f"{place_name(sq)} is not next to {actor.name}", sq
        ).reasons
    if sq in ctx.state.magic_locks:
        out += illegal(
            BrickQuestReason.LOCKED, "a magic lock holds: neither key nor force opens it", sq
        ).reasons
    return Verdict(reasons=tuple(out))


def check_sapper(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the charge: the ability this round (hiccups, one a round),
    the explosives, the fuse, then where it goes.  No sapper ability, an unknown charge
    or a square off the map stops the rest."""
    assert isinstance(action, act.Sapper)
    ability = ctx.card(actor).ability("sapper")
    if not isinstance(ability, Sapper):
        return illegal(BrickQuestReason.NO_ABILITY, f"{actor.name} has no sapper abilities")
    charge = next((c for c in ability.charges if c.id == action.ability), None)
    if charge is None:
        return illegal(BrickQuestReason.NO_ABILITY, f"no sapper charge {action.ability!r}")
    dungeon = ctx.state.dungeon
    for sq in action.squares:
        if not dungeon.in_bounds(*sq):
            return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(sq)} is off the map", sq)
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str, sq: tuple[int, int] | None = None) -> None:
        out.append(Reason(code=code, message=text, square=sq))

    if actor.has("hiccups"):
        no(BrickQuestReason.HICCUPS, f"{actor.name} has hiccups: no special abilities")
    if current_turn(actor).sapper_used:
        no(BrickQuestReason.ABILITY_USED, "only one sapper ability may be used per round")
    if charge.cost > actor.explosives:
        no(
            BrickQuestReason.INSUFFICIENT_EXPLOSIVES,
            f"{charge.name} needs {charge.cost} points of explosives; {actor.name} has"
            f" {actor.explosives}",
        )
    if action.fuse > ability.max_fuse_rounds:
        no(BrickQuestReason.INVALID_TARGET, f"a fuse lasts 0 to {ability.max_fuse_rounds} rounds")
    first = action.squares[0]
    pair = action.ability in ("clear_rubble", "block_passage")
    if pair and (len(action.squares) != 2 or chebyshev(*action.squares) != 1):
        no(BrickQuestReason.INVALID_TARGET, f"{charge.name} needs two adjacent squares")
    if chebyshev(actor.pos, first) > 1:
        no(BrickQuestReason.NOT_ADJACENT, f"the charge must be placed next to {actor.name}", first)
    if action.ability == "open_door" and not dungeon.terrain_at(*first).is_door:
        no(BrickQuestReason.INVALID_TARGET, f"no door at {place_name(first)}", first)
    return Verdict(reasons=tuple(out))


def check_begin_turn(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against the turn's choices: a turn started already, then rage (the
    ability), hiccups (for rage and focus alike), then the focus dice (the ability, how
    many, how split).  Without a focus ability the dice are not counted."""
    assert isinstance(action, act.BeginTurn)
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str) -> None:
        out.append(Reason(code=code, message=text))

    if actor.turn.started:
        no(BrickQuestReason.TURN_ALREADY_STARTED, f"{actor.name}'s turn has started already")
    card = ctx.card(actor)
    if action.rage and not isinstance(card.ability("rage"), Rage):
        no(BrickQuestReason.NO_ABILITY, f"{actor.name} cannot rage")
    if (action.rage or action.focus_attack) and actor.has("hiccups"):
        no(BrickQuestReason.HICCUPS, f"{actor.name} has hiccups: no special abilities")
    if action.focus_attack:
        focus = card.ability("prowess") or card.ability("ninja_focus")
        if not isinstance(focus, Prowess | NinjaFocus):
            no(BrickQuestReason.NO_ABILITY, f"{actor.name} has no extra dice to allocate")
        else:
            if action.focus_attack > focus.dice:
                no(BrickQuestReason.INVALID_TARGET, f"only {focus.dice} extra dice to allocate")
            if not focus.split_allowed and action.focus_attack not in (0, focus.dice):
                no(
                    BrickQuestReason.INVALID_TARGET,
                    f"{actor.name}'s focus puts both dice on attack or both on defense",
                )
    return Verdict(reasons=tuple(out))


def check_hold(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against holding: the optional rule switched off, then the turn begun
    (an action taken), then a hold already made this turn."""
    out: list[Reason] = []
    if not ctx.state.options.holding:
        out += illegal(
            BrickQuestReason.NO_ABILITY, "holding is an optional rule, switched off"
        ).reasons
    turn = current_turn(actor)
    if turn.actions_used:
        out += illegal(
            BrickQuestReason.TURN_ALREADY_STARTED,
            f"{actor.name} has acted already: hold both actions or neither",
        ).reasons
    if turn.held:
        out += illegal(
            BrickQuestReason.ALREADY_IN_STATE,
            f"{actor.name} held already: act now or forfeit the turn",
        ).reasons
    return Verdict(reasons=tuple(out))
