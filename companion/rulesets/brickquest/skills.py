"""Resolving skill checks (2d6 + bonuses against the difficulty; snake eyes always
fails), Turn Undead and Meditation."""

from __future__ import annotations

import math
from dataclasses import replace

from companion.model.dungeon import Terrain
from companion.model.geometry import area_circle, tokens_in
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import apply_damage
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.state import FigureState, GameState

Outcome = tuple[GameState, list[Event]]
#: Skills that, on a success against a door, change it.
DOOR_SKILLS = {"force_door": Terrain.DOOR_OPEN, "pick_locks": Terrain.DOOR_CLOSED}


def resolve_skill(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.UseSkill)
    if action.skill == "turn_undead":
        return _turn_undead(ctx, actor, dice)
    if action.skill == "meditation":
        fig = actor.model_copy(update={"meditating": True})
        text = f"{actor.name} meditates for the round."
        return ctx.state.with_figure(fig), [Event(kind="skill", figure=actor.id, text=text)]
    skill = ctx.catalog.skills.get(action.skill) or ctx.catalog.find_skill(action.skill)
    difficulty = ctx.catalog.difficulties[action.difficulty]
    card = ctx.card(actor)
    bonus = (
        card.skill_bonus(skill.id) if isinstance(card, s.ClassDef) else 0
    ) + action.circumstance
    if difficulty.automatic:
        ok, detail = True, "automatic success"
    else:
        roll = dice.roll(s.SKILL_CHECK_DICE, f"{actor.name}: {skill.name}")
        ok = difficulty.succeeds(roll.faces, bonus)
        detail = f"rolled {roll.total}{bonus:+d} against {difficulty.target}"
        if s.SNAKE_EYES_ALWAYS_FAILS and all(f == 1 for f in roll.faces):
            detail += ", snake eyes"
    verdict = "succeeds" if ok else "fails"
    events = [
        Event(
            kind="skill", figure=actor.id, text=f"{actor.name}'s {skill.name} {verdict} ({detail})."
        )
    ]
    state = ctx.state
    if (
        ok
        and skill.id in DOOR_SKILLS
        and action.target is not None
        and not isinstance(action.target, str)
    ):
        state = _work_lock(state, skill.id, (int(action.target[0]), int(action.target[1])))
    return state, events


def _work_lock(state: GameState, skill: str, sq: tuple[int, int]) -> GameState:
    """A forced door bursts open, a picked lock opens; a forced or picked chest is unlocked."""
    dungeon = state.dungeon
    if not dungeon.in_bounds(*sq) or sq in state.magic_locks:
        return state
    obj = dungeon.object_at(*sq)
    if dungeon.terrain_at(*sq).is_door:
        if skill == "pick_locks" and dungeon.terrain_at(*sq) is not Terrain.DOOR_LOCKED:
            return state
        dungeon = dungeon.copy()
        dungeon.terrain[sq[1], sq[0]] = int(DOOR_SKILLS[skill])
    elif obj is not None and obj.locked:
        dungeon = dungeon.copy()
        dungeon.objects[sq] = replace(obj, locked=False)
    return state.evolve(dungeon=dungeon)


def _turn_undead(ctx: Ctx, actor: FigureState, dice: Dice) -> Outcome:
    ability = ctx.card(actor).ability("turn_undead")
    assert isinstance(ability, s.TurnUndead)
    roll = dice.roll(ability.dice, f"{actor.name} turns undead")
    damage = math.ceil(roll.total / 2)
    state = ctx.state
    events = [
        Event(
            kind="skill",
            figure=actor.id,
            text=f"{actor.name} turns undead: {damage} damage to each.",
        )
    ]
    mask = area_circle(ctx.board, actor.pos, ability.radius)
    for token in tokens_in(ctx.board, mask):
        fig = state.figures[token.id]
        if fig.dead or not ctx.card(fig).is_undead:
            continue
        state, more = apply_damage(Ctx(state, ctx.catalog), fig.id, damage, dice, actor.id)
        events += more
    return state, events
