"""Combat: the rolls of a fight, who is hurt or pushed back, the shield skill."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rulesets.heroica.actions import Fight
from companion.rulesets.heroica.resolve_base import (
    Events,
    _enter_phase,
    _name,
    _say,
    _set_hero,
    _set_monster,
    _with,
    roll_face,
)
from companion.rulesets.heroica.resolve_damage import _condition, hurt_hero, hurt_monster
from companion.rulesets.heroica.resolve_turn import next_turn
from companion.rulesets.heroica.rules import (
    SHIELD,
    Ctx,
    adjacent,
    away_from,
    monster_name,
    skill_of,
    strength,
    taken_cells,
)
from companion.rulesets.heroica.schema import (
    DamageInstead,
    DamageSkill,
    ExtraDamageInRolls,
    FireAttack,
    HurtOnlyBy,
)
from companion.rulesets.heroica.state import COMBAT, Cell, Hero, Monster, Quest

#: Rolls a cornered combat may take before the table is asked to settle it.
MAX_CORNERED_ROLLS = 100


def _hurt_only(ctx: Ctx, m: Monster, face: str | None) -> bool:
    """Whether the monster takes damage from this roll (Golems: a Shield or a skill)."""
    rule = ctx.catalog.monsters[m.kind].ability("hurt_only_by")
    return not isinstance(rule, HurtOnlyBy) or face is None or face in rule.faces


def _spared(ctx: Ctx, m: Monster, face: str, fire: bool) -> bool:
    """The Dragon "does not take damage on a 3 or a 1" in its fire attack (and in its
    normal attack unless option dragon_hurt_by_normal_attack)."""
    rule = ctx.catalog.monsters[m.kind].ability("fire_attack")
    if not isinstance(rule, FireAttack) or face not in rule.no_damage_on:
        return False
    return fire or not ctx.options.dragon_hurt_by_normal_attack


def _sword_of_power(ctx: Ctx, h: Hero) -> int:
    bonus = 0
    for r in h.relics:
        effect = ctx.catalog.items[r].effect("extra_damage_in_rolls")
        if isinstance(effect, ExtraDamageInRolls):
            bonus += effect.bonus
    return bonus


def _damage_to_hero(ctx: Ctx, m: Monster, extra: int) -> int:
    """The monster's strength (a Werewolf's 3), ``extra`` on a monster's Shield, and the
    Sword of Power a Boss Monster holds ("Boss Monsters also use the power of the Relic")."""
    kind = ctx.catalog.monsters[m.kind]
    instead = kind.ability("damage_instead")
    base = instead.damage if isinstance(instead, DamageInstead) else strength(ctx, m)
    relic = _relic_bonus(ctx, m)
    if extra and isinstance(instead, DamageInstead):
        return ctx.options.werewolf_shield_damage + relic
    return base + extra + relic


def _boss_chalice(ctx: Ctx, m: Monster) -> bool:
    """ "In the hands of a Boss Monster, the Chalice Curses rather than Blesses": on the
    boss's Shield ("the Boss Monster always uses it when it rolls Shield")."""
    if m.relic is None:
        return False
    effect = ctx.catalog.items[m.relic].effect("bless")
    return effect is not None and getattr(effect, "boss_curses", False)


def _relic_bonus(ctx: Ctx, m: Monster) -> int:
    if m.relic is None:
        return 0
    effect = ctx.catalog.items[m.relic].effect("extra_damage_in_rolls")
    return effect.bonus if isinstance(effect, ExtraDamageInRolls) else 0


def _push(ctx: Ctx, q: Quest, fid: str, frm: Cell, spaces: int, ev: Events) -> tuple[Quest, int]:
    """Move a figure up to ``spaces`` away from ``frm``; how many it moved (0: none)."""
    moved = 0
    for _ in range(spaces):
        q2 = q
        here = q.heroes[fid].at if fid in q.heroes else q.monsters[fid].at
        taken = taken_cells(q, exclude=fid) | {
            f.at for f in q.features.values() if f.kind in ("rocks", "magic_door")
        }
        to = away_from(q, here, frm, taken)
        if to is None:
            break
        if fid in q.heroes:
            q = _set_hero(q2, q.heroes[fid].with_(at=to))
        else:
            q = _set_monster(q2, q.monsters[fid].with_(at=to))
        moved += 1
    if moved:
        where = q.heroes[fid].at if fid in q.heroes else q.monsters[fid].at
        _say(
            ev,
            "moved",
            f"{_name(_with(ctx, q), fid)} moves back {moved} to {place_name(where)}",
            fid,
            moved,
        )
    return q, moved


def combat(
    ctx: Ctx,
    q: Quest,
    hid: str,
    mid: str,
    dice: Dice,
    ev: Events,
    *,
    hero_attacks: bool,
    fire: bool = False,
    shield_skill: DamageSkill | None = None,
) -> Quest:
    """One fight on the hero's or the monster's combat table; cornered, it goes on until
    one of them is defeated."""
    table = ctx.catalog.tables.hero_combat if hero_attacks else ctx.catalog.tables.monster_combat
    bonus = q.heroes[hid].strength if hero_attacks else 0
    if bonus:
        q = _set_hero(q, q.heroes[hid].with_(strength=0))
    for _ in range(MAX_CORNERED_ROLLS):
        h, m = q.heroes[hid], q.monsters[mid]
        purpose = (
            f"{h.name} fights the {monster_name(ctx, m)}"
            if hero_attacks
            else f"The {monster_name(ctx, m)} attacks {h.name}"
        )
        q, face = roll_face(ctx, q, dice, purpose, hid, own=hero_attacks)
        if shield_skill is not None and face == SHIELD:
            return _shield_skill(ctx, q, hid, mid, shield_skill, ev)
        row = next(r for r in table.rows if r.face == face)
        _say(ev, "roll", f"{purpose}: {face}", hid if hero_attacks else mid)
        h = q.heroes[hid]
        cornered = False
        hero_start, monster_start = h.at, m.at
        if row.monster_damage:
            if not hero_attacks and _spared(ctx, m, face, fire):
                _say(ev, "note", f"The {monster_name(ctx, m)} takes no damage on a {face}", mid)
            elif _hurt_only(ctx, m, face):
                dealt = row.monster_damage + bonus + _sword_of_power(ctx, h)
                q = hurt_monster(ctx, q, mid, dealt, hid, ev)
            else:
                _say(
                    ev,
                    "note",
                    f"The {monster_name(ctx, m)} is tough: only a Shield or a skill hurts it",
                    mid,
                )
        bonus = 0
        # "Deal 1 damage AND lose health ... AND move back": the hero's loss and push-back
        # stand even when the damage defeats the monster; only the monster's own move
        # back is "If the monster is not defeated".
        if row.hero_hit:
            ninja = hero_attacks and any(
                ctx.catalog.items[g].effect("no_damage_when_attacking") for g in h.gear
            )
            if ninja:
                _say(ev, "note", f"Sneak attack: {h.name} takes no damage", hid)
            else:
                before = q.heroes[hid].defeats
                q = hurt_hero(ctx, q, hid, _damage_to_hero(ctx, m, row.hero_extra_damage), ev, m)
                if face == SHIELD and not hero_attacks and _boss_chalice(ctx, m):
                    _say(ev, "relic", f"The {monster_name(ctx, m)} raises the Chalice", mid)
                    q = _condition(ctx, q, hid, "cursed", ev)
                if q.heroes[hid].defeats > before or q.heroes[hid].out:
                    return q
                pushed = ctx.catalog.monsters[m.kind].pushback if row.hero_moves_back else 0
                if pushed and q.heroes[hid].at == hero_start:
                    frm = q.monsters[mid].at if mid in q.monsters else monster_start
                    q, moved = _push(ctx, q, hid, frm, pushed, ev)
                    # A push blocked part-way stops (option pushback_blocked = stops) or
                    # counts as cornered (= cornered); not moving at all is cornered.
                    short = moved < pushed and ctx.options.pushback_blocked.value == "cornered"
                    cornered = cornered or moved == 0 or short
        immobile = ctx.catalog.monsters[m.kind].ability("immobile") is not None
        if (
            mid in q.monsters
            and row.monster_moves_back
            and not immobile
            and q.monsters[mid].at == monster_start
        ):
            hurt = _hurt_only(ctx, m, face) or ctx.options.golem_retreats_undamaged
            if hurt:
                q, moved = _push(ctx, q, mid, q.heroes[hid].at, row.monster_moves_back, ev)
                cornered = cornered or moved == 0
        if not cornered or mid not in q.monsters or q.outcome is not None:
            return q
        _say(ev, "note", "Cornered: the combat goes on until one of them is defeated")
    return q


def _shield_skill(ctx: Ctx, q: Quest, hid: str, mid: str, skill: DamageSkill, ev: Events) -> Quest:
    """A hero combat Shield spent on the Melee skill (option shield_roll): its damage to
    the monster (every adjacent one for the Axe's kind), its gold, its swap; no counter."""
    h = q.heroes[hid]
    _say(ev, "skill", f"{h.name} spends the Shield on its Melee skill", hid)
    targets = (
        [m.id for m in q.monsters.values() if adjacent(m.at, h.at)] if skill.all_adjacent else [mid]
    )
    for t in targets:
        if t in q.monsters:
            if skill.swap_places:
                m = q.monsters[t]
                here = q.heroes[hid].at
                q = _set_monster(q, m.with_(at=here))
                q = _set_hero(q, q.heroes[hid].with_(at=m.at))
            q = hurt_monster(ctx, q, t, skill.damage, hid, ev)
    if skill.extra_gold:
        hh = q.heroes[hid]
        q = _set_hero(q, hh.with_(gold=hh.gold + skill.extra_gold))
    return q


def _fight(ctx: Ctx, a: Fight, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, COMBAT).with_(stopped=True, moves_left=0)
    one = ctx.options.adjacent_monsters_fought.value == "one"
    q = q.with_(
        fought=True, must_fight=() if one else tuple(x for x in q.must_fight if x != a.target)
    )
    h = q.heroes[a.actor]
    skill = skill_of(ctx, h, a.weapon) if a.skill_on_shield else None
    q = combat(
        ctx,
        q,
        a.actor,
        a.target,
        dice,
        ev,
        hero_attacks=True,
        shield_skill=skill if isinstance(skill, DamageSkill) else None,
    )
    if q.heroes[a.actor].defeats > h.defeats:
        return next_turn(ctx, q.with_(must_fight=(), must_search=None), ev)
    return q
