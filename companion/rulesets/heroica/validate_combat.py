"""Heroica's checks of skills, fights and searches: a skill's cost, style, move and
targets; a fight against a monster next to the hero; a search; a hero attacking a hero
(Versus)."""

from __future__ import annotations

from companion.rules.verdict import Reason
from companion.rulesets.heroica.actions import AttackHero, Fight, Search, UseSkill
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import (
    Ctx,
    adjacent,
    diagonal,
    distances,
    monster_name,
    plural,
    reason,
    share_location,
    skill_of,
    skill_style,
    straight_line,
    taken_cells,
)
from companion.rulesets.heroica.schema import (
    DamageSkill,
    HealSkill,
    Measure,
    MeleeSkillTrigger,
    Style,
)
from companion.rulesets.heroica.state import COMBAT, Cell, Hero
from companion.rulesets.heroica.validate_moves import check_path
from companion.rulesets.heroica.validate_turn import (
    movement_open,
    obligations,
    past_phase,
    shield_choice,
)

R = HeroicaReason


def check_skill(ctx: Ctx, h: Hero, a: UseSkill) -> list[Reason]:
    q = ctx.quest
    if a.weapon is not None and a.weapon not in h.gear:
        return [reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.weapon!r}")]
    skill = skill_of(ctx, h, a.weapon)
    if skill is None:
        return [reason(R.NO_ABILITY, f"the {a.weapon} has no ability to use")]
    out: list[Reason] = []
    if q.skill_used:
        out.append(reason(R.ABILITY_USED, f"{h.name} has used a skill this turn"))
    if h.skill < skill.cost:
        out.append(
            reason(
                R.INSUFFICIENT_SKILL_POINTS,
                f"the skill needs full ({skill.cost}) skill points; {h.name} has {h.skill}",
            )
        )
    style = skill_style(ctx, h, a.weapon, skill)
    if style == Style.RANGED:
        out += movement_open(ctx, h, "A Ranged skill")
        if q.move_face is not None or q.moved:
            out.append(reason(R.ALREADY_ROLLED, "a Ranged skill is used instead of rolling"))
    else:
        if ctx.options.melee_skill_trigger != MeleeSkillTrigger.FULL_SKILL_POINTS:
            out.append(
                reason(
                    R.NO_ABILITY,
                    "with melee_skill_trigger = shield_roll, a Melee skill is used by "
                    "fighting: a hero combat Shield uses it",
                )
            )
        out += past_phase(ctx, COMBAT, "A Melee skill")
        if q.fought:
            out.append(reason(R.WRONG_PHASE, f"{h.name} has fought this turn"))
        if q.must_search:
            out += obligations(ctx, h)
    if isinstance(skill, HealSkill):
        return out + _heal_target(ctx, h, a)
    assert isinstance(skill, DamageSkill)
    return out + _damage_targets(ctx, h, a, skill)


def _heal_target(ctx: Ctx, h: Hero, a: UseSkill) -> list[Reason]:
    q = ctx.quest
    if len(a.targets) != 1 or a.targets[0] not in q.heroes or q.heroes[a.targets[0]].out:
        return [reason(R.INVALID_TARGET, "name one hero to heal")]
    other = q.heroes[a.targets[0]]
    if not share_location(q, h.at, other.at):
        return [reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location", other.at)]
    return []


def skill_end(ctx: Ctx, h: Hero, skill: DamageSkill, path: list[Cell]) -> tuple[Cell, list[Reason]]:
    """Where a damage skill's move before the attack ends, and what is wrong with it."""
    move = skill.move_before
    if move is None:
        return h.at, []
    steps = path[: move.spaces] if move else []
    out = []
    if not move.up_to and len(path) != move.spaces:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"the skill moves exactly {move.spaces} {plural(move.spaces, 'space')} first",
            )
        )
    out += check_path(ctx, h, path, move.spaces)
    return (steps[-1] if steps else h.at), out


def _damage_targets(ctx: Ctx, h: Hero, a: UseSkill, skill: DamageSkill) -> list[Reason]:
    q = ctx.quest
    at, out = skill_end(ctx, h, skill, a.path)
    if skill.move_after is not None and len(a.path) > skill.move_after.spaces:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"the skill moves {skill.move_after.spaces} "
                f"{plural(skill.move_after.spaces, 'space')} after",
            )
        )
    if skill.all_adjacent:
        if not any(adjacent(m.at, at) for m in q.monsters.values()):
            out.append(reason(R.NOT_ADJACENT, "no monster is next to the hero"))
        return out
    if not a.targets:
        what = "the monster" if skill.targets == 1 else f"up to {skill.targets} monsters"
        return [*out, reason(R.INVALID_TARGET, f"name {what} to hit")]
    if len(a.targets) > skill.targets or len(set(a.targets)) != len(a.targets):
        hits = f"{skill.targets} {plural(skill.targets, 'monster')}"
        out.append(reason(R.INVALID_TARGET, f"the skill hits up to {hits}"))
    figures = taken_cells(q, exclude=h.id) if ctx.options.figures_block_ranged else set()
    obstacles = (
        {f.at for f in q.features.values() if f.kind in ("rocks", "magic_door")}
        if ctx.options.obstacles_block_ranged
        else set()
    )
    for t in a.targets:
        m = q.monsters.get(t)
        if m is None:
            out.append(reason(R.INVALID_TARGET, f"no monster {t!r}"))
            continue
        blocked = (figures | obstacles) - {m.at, at}
        if skill.measure == Measure.STRAIGHT_LINE:
            if not straight_line(q, at, m.at, blocked):
                out.append(
                    reason(
                        R.NOT_STRAIGHT_LINE,
                        f"the {monster_name(ctx, m)} is not in a straight line",
                        m.at,
                    )
                )
                continue
            dist = abs(m.at[0] - at[0]) + abs(m.at[1] - at[1])
        else:
            if diagonal(at, m.at) and skill.reach == 1:
                out.append(reason(R.DIAGONAL, "you may not fight diagonally", m.at))
                continue
            near = abs(m.at[0] - at[0]) + abs(m.at[1] - at[1]) <= skill.reach
            found = distances(q, at, blocked=blocked - {m.at}, limit=skill.reach) if near else {}
            dist = found.get(m.at, 10**6)
        if dist > skill.reach:
            out.append(
                reason(
                    R.OUT_OF_RANGE,
                    f"the {monster_name(ctx, m)} is {dist if dist < 10**6 else 'no path'} "
                    f"spaces away; the skill reaches {skill.reach}",
                    m.at,
                )
            )
    return out


def check_fight(ctx: Ctx, h: Hero, a: Fight) -> list[Reason]:
    q = ctx.quest
    m = q.monsters.get(a.target)
    if m is None:
        return [reason(R.INVALID_TARGET, f"no monster {a.target!r}")]
    out = past_phase(ctx, COMBAT, "Fighting")
    if a.skill_on_shield:
        if ctx.options.melee_skill_trigger != MeleeSkillTrigger.SHIELD_ROLL:
            out.append(
                reason(
                    R.NO_ABILITY,
                    "a Shield uses the Melee skill only with option "
                    "melee_skill_trigger = shield_roll",
                )
            )
        if a.weapon is not None and a.weapon not in h.gear:
            out.append(reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.weapon!r}"))
        skill = skill_of(ctx, h, a.weapon) if a.weapon is None or a.weapon in h.gear else None
        if skill is None or skill_style(ctx, h, a.weapon, skill) != Style.MELEE:
            out.append(reason(R.NO_ABILITY, "that is not a Melee skill"))
    if q.fought and not q.must_fight:
        out.append(reason(R.WRONG_PHASE, f"{h.name} has fought this turn"))
    if q.must_search:
        out += obligations(ctx, h)
    if diagonal(h.at, m.at):
        out.append(reason(R.DIAGONAL, "you may not fight diagonally", m.at))
    elif not adjacent(h.at, m.at):
        out.append(
            reason(R.NOT_ADJACENT, f"the {monster_name(ctx, m)} is not next to {h.name}", m.at)
        )
    return out


def check_search(ctx: Ctx, h: Hero, a: Search) -> list[Reason]:
    q = ctx.quest
    if q.must_search is None:
        return [reason(R.INVALID_TARGET, f"{h.name} has nothing to search here")]
    return past_phase(ctx, COMBAT, "Searching")


def check_attack_hero(ctx: Ctx, h: Hero, a: AttackHero) -> list[Reason]:
    q = ctx.quest
    if q.variation != "versus":
        return [reason(R.INVALID_TARGET, "heroes attack each other only in a Versus game")]
    out = shield_choice(ctx, h, "Attacking a hero")
    other = q.heroes.get(a.target)
    if other is None or other.out or other.id == h.id:
        return [*out, reason(R.INVALID_TARGET, f"{a.target!r} is not another hero in play")]
    if diagonal(h.at, other.at):
        out.append(reason(R.DIAGONAL, "you may not fight diagonally", other.at))
    elif not adjacent(h.at, other.at):
        out.append(reason(R.NOT_ADJACENT, f"{other.name} is not next to {h.name}", other.at))
    return out
