"""Heroes' skills: using one, and the walks some of them make."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rulesets.heroica.actions import UseSkill
from companion.rulesets.heroica.resolve_base import (
    Events,
    _enter_phase,
    _say,
    _set_hero,
    _set_monster,
)
from companion.rulesets.heroica.resolve_damage import hurt_monster
from companion.rulesets.heroica.resolve_movement import _pick_up
from companion.rulesets.heroica.rules import (
    Ctx,
    adjacent,
    first_available,
    healed,
    heals_nothing,
    monster_name,
    plural,
    skill_of,
    taken_cells,
)
from companion.rulesets.heroica.schema import DamageSkill, HealSkill
from companion.rulesets.heroica.state import COMBAT, MOVEMENT, Cell, Quest
from companion.rulesets.heroica.validate import phase_index


def _skill(ctx: Ctx, a: UseSkill, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    skill = skill_of(ctx, h, a.weapon)
    assert skill is not None
    source = ctx.catalog.items[a.weapon].name if a.weapon else ctx.catalog.heroes[h.hero].name
    q = _set_hero(q, h.with_(skill=h.skill - skill.cost)).with_(skill_used=True)
    _say(ev, "skill", f"{h.name} uses the {source}'s skill", h.id)
    if isinstance(skill, HealSkill):
        other = q.heroes[a.targets[0]]
        nothing = heals_nothing(ctx, skill, other)
        health, temporary = healed(ctx, skill, other)
        other = other.with_(health=health, temporary=temporary)
        _say(
            ev,
            "heal",
            f"{other.name} is already at full health ({health}): the skill heals nothing"
            if nothing
            else f"{other.name} is healed to {health}"
            + (f" (+{skill.temporary_health} temporary)" if skill.temporary_health else ""),
            other.id,
        )
        q = _set_hero(q, other)
        return q.with_(phase=COMBAT if phase_index(q.phase) < 2 else q.phase, stopped=True)
    assert isinstance(skill, DamageSkill)
    melee = skill.reach == 1 or skill.all_adjacent
    q = q.with_(stopped=True, moves_left=0)
    if skill.move_before is not None and a.path:
        n = skill.move_before.spaces
        q = _skill_walk(ctx, q, h.id, a.path[:n], ev)
    at = q.heroes[h.id].at
    bonus = q.heroes[h.id].strength
    if bonus:
        q = _set_hero(q, q.heroes[h.id].with_(strength=0))
    targets = (
        [m.id for m in q.monsters.values() if adjacent(m.at, at)]
        if skill.all_adjacent
        else list(a.targets)
    )
    for t in targets:
        if t not in q.monsters:
            continue
        m = q.monsters[t]
        if skill.swap_places:
            q = _set_monster(q, m.with_(at=at))
            q = _set_hero(q, q.heroes[h.id].with_(at=m.at))
            at = m.at
            _say(ev, "moved", f"{h.name} swaps places with the {monster_name(ctx, m)}", h.id)
        q = hurt_monster(ctx, q, t, skill.damage + bonus, h.id, ev)
        bonus = 0
    if skill.extra_gold:
        hh = q.heroes[h.id]
        q = _set_hero(q, hh.with_(gold=hh.gold + skill.extra_gold))
        _say(ev, "gold", f"{h.name} takes {skill.extra_gold} extra gold from the store", h.id)
    if skill.move_after is not None and a.path:
        q = _skill_walk(ctx, q, h.id, a.path[-skill.move_after.spaces :], ev)
    if melee:
        q = _enter_phase(q, COMBAT).with_(fought=True, must_fight=())
    else:
        q = _enter_phase(q, MOVEMENT)
    return q


def _skill_walk(ctx: Ctx, q: Quest, hid: str, path: list[Cell], ev: Events) -> Quest:
    """A skill's move: items are picked up; it makes no forced stop (a skill, not a move)."""
    h = q.heroes[hid]
    items = dict(q.items)
    for c in path:
        for item in [i for i in items.values() if i.at == c]:
            h, taken = _pick_up(ctx, h, item.item, ev)
            if taken:
                del items[item.id]
    end = path[-1]
    full = taken_cells(q, exclude=hid)
    if end in full:
        # Forward past the figure: never back to where the move began or a space passed.
        full |= {h.at, *path[:-1]}
        before = path[-2] if len(path) > 1 else h.at
        end = first_available(q, before, end, full)
        end = h.at if end in full else end
    h = h.with_(at=end)
    n = len(path)
    _say(ev, "moved", f"{h.name} moves {n} {plural(n, 'space')} to {place_name(h.at)}", h.id)
    return _set_hero(q.with_(items=items), h)
