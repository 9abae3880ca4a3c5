"""Whether a Heroica action is legal now, with every reason it is not.

Order: the game's state (over, first player, the Dungeon Master's or the Dragon's turn),
then the hero's turn, then the action's own checks (the phase, the hero's obligations,
then what the action names: for a move the allowance, then each step in path order).
Some reasons stop the rest, because what follows could not be measured: the game being
over, no first player yet, monsters or the Dragon to act, an unknown hero, and another
hero's turn -- the phase, the roll and the allowance all belong to the hero whose turn it
is, so nothing of the action can be judged for another.  Within an action, a thing it
names that is not there (an item, a door, a monster, a hero) stops what is about that
thing, and a move with no allowance to measure (the movement lost, not rolled, over, or
the Shield used instead) is not followed along its path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.places import place_name
from companion.rules.verdict import Reason, Verdict
from companion.rulesets.heroica import mapbuild
from companion.rulesets.heroica.actions import (
    Action,
    AttackHero,
    Buy,
    DmEnd,
    DmMove,
    DragonFire,
    EndTurn,
    Expand,
    Fight,
    Give,
    MonsterAttack,
    MonsterMove,
    Move,
    MoveMagicDoor,
    PassDoor,
    PassToken,
    ReadMap,
    RollFirstPlayer,
    RollMove,
    Search,
    Sell,
    SkipMove,
    Unlock,
    UsePotion,
    UseRelic,
    UseSkill,
)
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import (
    SHIELD,
    Ctx,
    adjacent,
    diagonal,
    distances,
    forward_end,
    hero_blockers,
    locked_edges,
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
    Category,
    DamageSkill,
    HealSkill,
    Measure,
    MeleeSkillTrigger,
    MoveMonster,
    Style,
)
from companion.rulesets.heroica.state import (
    COMBAT,
    MONSTER_COMBAT,
    MONSTER_MOVEMENT,
    MOVEMENT,
    UPKEEP,
    Cell,
    Hero,
)

R = HeroicaReason
#: Hero phases, in order; an action of a later one closes the earlier ones.
HERO_PHASES = (UPKEEP, MOVEMENT, COMBAT)


def validate(ctx: Ctx, action: Action) -> Verdict:
    """Legal, or every reason against it."""
    q = ctx.quest
    if q.outcome is not None:
        return _no(reason(R.GAME_OVER, f"the game is over: {q.outcome}"))
    if isinstance(action, RollFirstPlayer):
        if q.turn is not None:
            return _no(reason(R.ALREADY_ROLLED, "the first player has been rolled for"))
        return Verdict()
    if q.turn is None:
        return _no(reason(R.INITIATIVE_NEEDED, "roll the Character Die for the first player"))
    if isinstance(action, (DmMove, DmEnd)):
        return Verdict(reasons=tuple(_dm(ctx, action)))
    if q.dm_left:
        return _no(reason(R.MONSTERS_TO_ACT, "the Dungeon Master is moving the monsters"))
    if isinstance(action, DragonFire):
        if not q.dragon_due:
            return _no(reason(R.NOT_YOUR_TURN, "the Dragon's fire attack is not due now"))
        return Verdict()
    if q.dragon_due:
        return _no(reason(R.MONSTERS_TO_ACT, "the Dragon is awake: its fire attack comes first"))
    if isinstance(action, (MonsterMove, MonsterAttack)):
        return Verdict(reasons=tuple(_monster(ctx, action)))
    h = q.heroes.get(action.actor)
    if h is None:
        known = ", ".join(sorted(q.heroes))
        return _no(reason(R.UNKNOWN_FIGURE, f"no hero {action.actor!r} (heroes: {known})"))
    if h.id != q.active:
        who = q.heroes[q.active].name if q.active else "nobody"
        return _no(reason(R.NOT_YOUR_TURN, f"it is {who}'s turn, not {h.name}'s"))
    if q.phase in (MONSTER_MOVEMENT, MONSTER_COMBAT):
        return _no(
            reason(R.MONSTERS_TO_ACT, "the monsters are acting: move and attack with them first")
        )
    check = _CHECKS.get(type(action))
    return Verdict(reasons=tuple(check(ctx, h, action) if check else []))


def _no(*reasons: Reason) -> Verdict:
    return Verdict(reasons=reasons)


def phase_index(phase: str) -> int:
    return HERO_PHASES.index(phase) if phase in HERO_PHASES else len(HERO_PHASES)


def _phase(ctx: Ctx, latest: str, what: str) -> list[Reason]:
    """``what`` belongs to phases up to ``latest``; the turn is past it."""
    if phase_index(ctx.quest.phase) > phase_index(latest):
        names = {p.id: p.name for p in ctx.catalog.tables.phases}
        return [
            reason(
                R.WRONG_PHASE,
                f"{what} is done in {names[latest]} or before; the turn is in "
                f"{names[ctx.quest.phase]}",
            )
        ]
    return []


def _obligations(ctx: Ctx, h: Hero) -> list[Reason]:
    q = ctx.quest
    out = []
    if q.must_fight:
        names = " or ".join(ctx.catalog.monsters[q.monsters[m].kind].name for m in q.must_fight)
        out.append(reason(R.MUST_FIGHT, f"{h.name} must fight the {names} first", h.at))
    if q.must_search:
        kind = ctx.catalog.features[q.features[q.must_search].kind].name
        out.append(reason(R.MUST_SEARCH, f"{h.name} must search the {kind.lower()} first", h.at))
    return out


# ------------------------------------------------------------------------ upkeep


def _price(ctx: Ctx, item: str, side: str) -> int | None:
    cat = ctx.catalog.items[item].category
    for p in ctx.catalog.items_file.shop.prices:
        if p.category == cat:
            return p.buy if side == "buy" else p.sell
    return None


def _buy(ctx: Ctx, h: Hero, a: Buy) -> list[Reason]:
    if a.item not in ctx.catalog.items:
        return [reason(R.NO_SUCH_ITEM, f"the store has no {a.item!r}")]
    out = _phase(ctx, UPKEEP, "Buying")
    price = _price(ctx, a.item, "buy")
    name = ctx.catalog.items[a.item].name
    if price is None:  # no price to pay: the gold is not counted
        out.append(reason(R.NOT_FOR_SALE, f"the store does not sell the {name}"))
    elif h.gold < price:
        out.append(
            reason(R.INSUFFICIENT_GOLD, f"the {name} costs {price} gold; {h.name} has {h.gold}")
        )
    if ctx.catalog.items[a.item].category != Category.POTION and h.carries(a.item):
        out.append(reason(R.ALREADY_IN_STATE, f"{h.name} already has the {name}"))
    return out


def _sell(ctx: Ctx, h: Hero, a: Sell) -> list[Reason]:
    out = _phase(ctx, UPKEEP, "Selling")
    if a.item not in ctx.catalog.items or not h.carries(a.item):
        return [*out, reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item!r}")]
    if _price(ctx, a.item, "sell") is None:
        out.append(reason(R.NOT_FOR_SALE, f"the store does not buy the {a.item}"))
    return out


def _give(ctx: Ctx, h: Hero, a: Give) -> list[Reason]:
    q = ctx.quest
    other = q.heroes.get(a.to)
    if other is None or other.out or other.id == h.id:
        return [reason(R.INVALID_TARGET, f"{a.to!r} is not another hero in play")]
    out = []
    if not share_location(q, h.at, other.at):
        out.append(reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location"))
    if a.item == "gold":
        if a.gold < 1 or a.gold > h.gold:
            out.append(reason(R.INSUFFICIENT_GOLD, f"{h.name} has {h.gold} gold"))
        return out
    if a.item in ("key", "torch"):
        if not getattr(h, a.item):
            out.append(reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item}"))
        if getattr(other, a.item):
            out.append(reason(R.CARRY_LIMIT, f"{other.name} may carry only ONE {a.item}"))
    elif not h.carries(a.item):
        out.append(reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item!r}"))
    return out


def _potion(ctx: Ctx, h: Hero, a: UsePotion) -> list[Reason]:
    q = ctx.quest
    if a.potion not in h.potions:
        return [reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.potion!r}")]
    out = _phase(ctx, COMBAT, "Drinking a potion")
    item = ctx.catalog.items[a.potion]
    if item.effect("reroll") is not None and (q.move_face is None or q.moved):
        out.append(
            reason(R.NOT_ROLLED, "the Luck potion re-rolls the movement roll, before moving")
        )
    if (
        item.effect("extra_movement") is not None
        and q.phase != UPKEEP
        and (q.stopped or q.phase != MOVEMENT)
    ):
        out.append(reason(R.WRONG_PHASE, "the Speed potion is for moving; the move is over"))
    return out


# ------------------------------------------------------------------------ movement


def _movement_open(ctx: Ctx, h: Hero, what: str) -> list[Reason]:
    out = _phase(ctx, MOVEMENT, what)
    if ctx.quest.fought:
        out.append(reason(R.WRONG_PHASE, f"{h.name} has fought: the movement phase is over"))
    return out


def _roll_move(ctx: Ctx, h: Hero, a: RollMove) -> list[Reason]:
    q = ctx.quest
    out = _movement_open(ctx, h, "The movement roll")
    if q.move_face is not None or q.moved:
        out.append(reason(R.ALREADY_ROLLED, f"{h.name} has rolled to move this turn"))
    if q.move_lost:
        out.append(reason(R.MOVEMENT_LOST, f"{h.name} lost this movement turn"))
    if q.skill_used:
        out.append(reason(R.WRONG_PHASE, f"{h.name} used a skill instead of rolling"))
    return out


def _skip(ctx: Ctx, h: Hero, a: SkipMove) -> list[Reason]:
    out = _movement_open(ctx, h, "Letting the move go")
    if not ctx.quest.move_lost:
        out.append(reason(R.ALREADY_IN_STATE, f"{h.name} has its movement turn"))
    return out


def check_path(ctx: Ctx, h: Hero, path: list[Cell], allowance: int) -> list[Reason]:
    """A hero's steps: orthogonal, onto spaces, not into monsters or obstacles, through
    locked doors only with a key, within the allowance, stopping where it must.

    Every problem is reported: the allowance first, then each step's in path order (a
    monster or obstacle in the way, a locked door, the first space it must stop on).  A
    diagonal step, a jump or a step off the spaces ends the list: nothing after it is a
    path."""
    q = ctx.quest
    blocked = hero_blockers(ctx, h)
    edges = locked_edges(q)
    out: list[Reason] = []
    if len(path) > allowance:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"{len(path)} {plural(len(path), 'space')}; {h.name} may move {allowance} more",
                path[allowance] if allowance < len(path) else path[-1],
            )
        )
    key = h.key
    prev = h.at
    stopped = False
    for i, c in enumerate(path):
        if diagonal(prev, c):
            return [*out, reason(R.DIAGONAL, "you may not move diagonally", c)]
        if not adjacent(prev, c):
            return [
                *out,
                reason(R.NOT_ADJACENT, f"{place_name(c)} is not next to {place_name(prev)}", c),
            ]
        if c not in q.spaces:
            return [*out, reason(R.IMPASSABLE_TERRAIN, f"{place_name(c)} is not a space", c)]
        if c in blocked:
            what = q.occupant(c)
            name = (
                ctx.catalog.monsters[q.monsters[what].kind].name
                if what in q.monsters
                else ctx.catalog.features[q.feature_at(c).kind].name  # type: ignore[union-attr]
            )
            out.append(reason(R.OCCUPIED, f"the {name} at {place_name(c)} is in the way", c))
        if frozenset((prev, c)) in edges:
            if not key:
                out.append(
                    reason(
                        R.LOCKED, f"a locked door between {place_name(prev)} and {place_name(c)}", c
                    )
                )
            key = False  # the key opens it, once
        if i < len(path) - 1 and stops_at(ctx, h, c) and not stopped:
            out.append(
                reason(
                    R.MUST_STOP, f"{h.name} must stop at {place_name(c)}: {stops_at(ctx, h, c)}", c
                )
            )
            stopped = True
        prev = c
    return out


def stops_at(ctx: Ctx, h: Hero, c: Cell) -> str:
    """Why a hero entering ``c`` must end its move there ('' if it need not)."""
    q = ctx.quest
    if any(adjacent(m.at, c) for m in q.monsters.values()):
        return "it is next to a monster, and must fight"
    f = q.feature_at(c)
    if f is not None and f.kind in ("treasure_chest", "casket"):
        return f"it must search the {ctx.catalog.features[f.kind].name.lower()}"
    if any(adjacent(r.at, c) for r in q.features.values() if r.kind == "rocks"):
        return "it is next to rocks, and must explore them"
    return ""


def _move(ctx: Ctx, h: Hero, a: Move) -> list[Reason]:
    q = ctx.quest
    out = _movement_open(ctx, h, "Moving")
    if q.move_lost:
        return [*out, reason(R.MOVEMENT_LOST, f"{h.name} lost this movement turn")]
    if q.move_face is None:
        return [*out, reason(R.NOT_ROLLED, f"roll the Action Die before {h.name} moves")]
    if q.stopped:
        return [*out, reason(R.MUST_STOP, f"{h.name}'s move has ended")]
    if q.move_face == SHIELD and q.shield_used:
        return [*out, reason(R.WRONG_PHASE, f"{h.name} used the Shield instead of moving")]
    out += check_path(ctx, h, a.path, q.moves_left)
    if not out and forward_end(q, h.id, a.path) is None:
        end = a.path[-1]
        why = (
            f"{h.name} would end where it began"
            if end == h.at
            else f"no space is free forward past the hero at {place_name(end)}"
        )
        out.append(reason(R.OCCUPIED, f"{why}: the move goes nowhere", end))
    return out


def _door_side(ctx: Ctx, h: Hero, door_id: str) -> list[Reason]:
    q = ctx.quest
    door = q.features.get(door_id)
    if door is None or door.kind not in ("locked_door", "magic_door"):
        return [reason(R.INVALID_TARGET, f"{door_id!r} is not a locked or magic door")]
    if door.kind == "locked_door":
        if h.at not in (door.at, door.to):
            return [reason(R.NOT_ADJACENT, f"{h.name} is not at the door", door.at)]
    elif not adjacent(h.at, door.at):
        return [reason(R.NOT_ADJACENT, f"{h.name} is not next to the magic door", door.at)]
    return []


def _unlock(ctx: Ctx, h: Hero, a: Unlock) -> list[Reason]:
    out = _movement_open(ctx, h, "Unlocking a door")
    door = ctx.quest.features.get(a.door)
    if door is None or door.kind != "locked_door":
        return [*out, reason(R.INVALID_TARGET, f"{a.door!r} is not a locked door")]
    out += _door_side(ctx, h, a.door)
    if not h.key:
        out.append(reason(R.NO_KEY, f"{h.name} carries no key", door.at))
    return out


def _shield_choice(ctx: Ctx, h: Hero, what: str) -> list[Reason]:
    q = ctx.quest
    out = _movement_open(ctx, h, what)
    if q.move_face != SHIELD:
        rolled = "no roll yet" if q.move_face is None else q.move_face
        out.append(reason(R.NEEDS_SHIELD, f"{what} needs a movement Shield ({rolled})"))
    elif q.moved or q.shield_used:
        out.append(reason(R.WRONG_PHASE, f"{what} is instead of moving; {h.name} has moved"))
    return out


def _pass_door(ctx: Ctx, h: Hero, a: PassDoor) -> list[Reason]:
    return _shield_choice(ctx, h, "Passing a door") + _door_side(ctx, h, a.door)


def _relic(ctx: Ctx, h: Hero, a: UseRelic) -> list[Reason]:
    q = ctx.quest
    if a.relic not in h.relics:
        return [reason(R.NO_SUCH_ITEM, f"{h.name} holds no {a.relic!r}")]
    item = ctx.catalog.items[a.relic]
    out = _shield_choice(ctx, h, f"The {item.name}")
    if item.effect("bless") is not None:
        other = q.heroes.get(a.target)
        if other is None or other.out:
            return [*out, reason(R.INVALID_TARGET, f"{a.target!r} is not a hero in play")]
        if not share_location(q, h.at, other.at):
            out.append(reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location"))
        return out
    effect = item.effect("move_monster")
    if not isinstance(effect, MoveMonster):
        return [*out, reason(R.NO_ABILITY, f"the {item.name} is not used this way")]
    m = q.monsters.get(a.target)
    if m is None:
        return [*out, reason(R.INVALID_TARGET, f"no monster {a.target!r}")]
    if ctx.catalog.monsters[m.kind].rank not in effect.ranks:
        out.append(reason(R.INVALID_TARGET, "only a Level 1 or 2 monster", m.at))
    if effect.take_from == "your_location" and not share_location(q, h.at, m.at):
        out.append(reason(R.NOT_IN_LOCATION, "the monster is not in your location", m.at))
    if a.to is None:
        return [*out, reason(R.INVALID_TARGET, "say where the monster goes ('to')")]
    out += _empty_space(ctx, a.to, exclude=m.id)
    if effect.place_in == "your_location" and not share_location(q, h.at, a.to):
        out.append(reason(R.NOT_IN_LOCATION, f"{place_name(a.to)} is not in your location", a.to))
    return out


def _empty_space(ctx: Ctx, cell: Cell, *, exclude: str | None = None) -> list[Reason]:
    q = ctx.quest
    if cell not in q.spaces:
        return [reason(R.IMPASSABLE_TERRAIN, f"{place_name(cell)} is not a space", cell)]
    if (
        cell in taken_cells(q, exclude=exclude)
        or q.feature_at(cell) is not None
        or q.items_at(cell)
    ):
        return [reason(R.OCCUPIED, f"{place_name(cell)} is not empty", cell)]
    return []


# ------------------------------------------------------------------------ skills


def _skill(ctx: Ctx, h: Hero, a: UseSkill) -> list[Reason]:
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
        out += _movement_open(ctx, h, "A Ranged skill")
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
        out += _phase(ctx, COMBAT, "A Melee skill")
        if q.fought:
            out.append(reason(R.WRONG_PHASE, f"{h.name} has fought this turn"))
        if q.must_search:
            out += _obligations(ctx, h)
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


# ------------------------------------------------------------------------ combat, search


def _fight(ctx: Ctx, h: Hero, a: Fight) -> list[Reason]:
    q = ctx.quest
    m = q.monsters.get(a.target)
    if m is None:
        return [reason(R.INVALID_TARGET, f"no monster {a.target!r}")]
    out = _phase(ctx, COMBAT, "Fighting")
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
        out += _obligations(ctx, h)
    if diagonal(h.at, m.at):
        out.append(reason(R.DIAGONAL, "you may not fight diagonally", m.at))
    elif not adjacent(h.at, m.at):
        out.append(
            reason(R.NOT_ADJACENT, f"the {monster_name(ctx, m)} is not next to {h.name}", m.at)
        )
    return out


def _search(ctx: Ctx, h: Hero, a: Search) -> list[Reason]:
    q = ctx.quest
    if q.must_search is None:
        return [reason(R.INVALID_TARGET, f"{h.name} has nothing to search here")]
    return _phase(ctx, COMBAT, "Searching")


def _magic_door(ctx: Ctx, h: Hero, a: MoveMagicDoor) -> list[Reason]:
    q = ctx.quest
    out = _movement_open(ctx, h, "Moving a magic door")
    f = q.feature_at(h.at)
    if f is None or f.kind != "magic_space":
        out.append(reason(R.INVALID_TARGET, f"{h.name} is not on a magic space", h.at))
    elif q.magic_used:
        out.append(reason(R.ABILITY_USED, "the magic space has been used this turn"))
    allowed = ctx.catalog.features["magic_door"].moved_to
    return out + _moved_to(ctx, a.door, "magic_door", a.to, allowed)


def _read_map(ctx: Ctx, h: Hero, a: ReadMap) -> list[Reason]:
    q = ctx.quest
    out = _movement_open(ctx, h, "Reading a map")
    if not any(f.kind == "map" and adjacent(f.at, h.at) for f in q.features.values()):
        out.append(reason(R.NOT_ADJACENT, f"{h.name} is not next to a map", h.at))
    elif q.magic_used:
        out.append(reason(R.ABILITY_USED, "a map has been read this turn"))
    allowed = ctx.catalog.features["map"].moves_casket_to
    return out + _moved_to(ctx, a.casket, "casket", a.to, allowed)


def _moved_to(
    ctx: Ctx, feature_id: str, kind: str, to: Cell, colours: tuple[str, ...]
) -> list[Reason]:
    """A feature of ``kind`` moved to ``to``: an empty space of one of ``colours``."""
    q = ctx.quest
    feature = q.features.get(feature_id)
    name = ctx.catalog.features[kind].name.lower()
    if feature is None or feature.kind != kind:
        return [reason(R.INVALID_TARGET, f"{feature_id!r} is not a {name}")]
    out = _empty_space(ctx, to)
    if q.colours.get(to) not in colours:
        out.append(reason(R.INVALID_TARGET, f"a {name} goes to a {' or '.join(colours)} space", to))
    return out


def _end_turn(ctx: Ctx, h: Hero, a: EndTurn) -> list[Reason]:
    q = ctx.quest
    out = _obligations(ctx, h)
    if q.move_face is None and not (q.moved or q.move_lost or q.skill_used or q.fought):
        out.append(reason(R.NOT_ROLLED, f"{h.name} has not rolled to move (or used a skill)"))
    return out


# ------------------------------------------------------------------------ monsters


def _monster(ctx: Ctx, a: MonsterMove | MonsterAttack) -> list[Reason]:
    q = ctx.quest
    m = q.monsters.get(a.actor)
    if m is None:
        return [reason(R.UNKNOWN_FIGURE, f"no monster {a.actor!r}")]
    if isinstance(a, MonsterMove):
        if q.phase != MONSTER_MOVEMENT or a.actor not in q.to_move:
            return [reason(R.NOT_YOUR_TURN, f"the {monster_name(ctx, m)} does not move now")]
        first = nearest_first(ctx)
        if first is not None and first != m.id:
            name = monster_name(ctx, q.monsters[first])
            return [reason(R.NOT_YOUR_TURN, f"the {name}, nearest the hero, moves first")]
        return []
    if q.phase != MONSTER_COMBAT or a.actor not in q.to_attack:
        return [reason(R.NOT_YOUR_TURN, f"the {monster_name(ctx, m)} does not attack now")]
    return []


def nearest_first(ctx: Ctx) -> str | None:
    """With option monster_move_order = nearest_first, the monster that moves next."""
    q = ctx.quest
    if ctx.options.monster_move_order.value != "nearest_first" or not q.to_move:
        return None
    hero = q.heroes[q.active or ""]
    dist = distances(q, hero.at, doors=False)
    return min(q.to_move, key=lambda mid: (dist.get(q.monsters[mid].at, 10**6), mid))


def _dm(ctx: Ctx, a: DmMove | DmEnd) -> list[Reason]:
    q = ctx.quest
    if not q.dm_left:
        return [
            reason(R.NOT_YOUR_TURN, "the Dungeon Master moves monsters after every hero's turn")
        ]
    if isinstance(a, DmEnd):
        return []
    m = q.monsters.get(a.monster)
    if m is None:
        return [reason(R.INVALID_TARGET, f"no monster {a.monster!r}")]
    out = []
    if ctx.catalog.monsters[m.kind].ability("immobile") is not None:
        out.append(reason(R.INVALID_TARGET, f"the {monster_name(ctx, m)} does not move", m.at))
    if a.toward is not None and (a.toward not in q.heroes or q.heroes[a.toward].out):
        out.append(reason(R.INVALID_TARGET, f"{a.toward!r} is not a hero in play"))
    return out


def _attack_hero(ctx: Ctx, h: Hero, a: AttackHero) -> list[Reason]:
    q = ctx.quest
    if q.variation != "versus":
        return [reason(R.INVALID_TARGET, "heroes attack each other only in a Versus game")]
    out = _shield_choice(ctx, h, "Attacking a hero")
    other = q.heroes.get(a.target)
    if other is None or other.out or other.id == h.id:
        return [*out, reason(R.INVALID_TARGET, f"{a.target!r} is not another hero in play")]
    if diagonal(h.at, other.at):
        out.append(reason(R.DIAGONAL, "you may not fight diagonally", other.at))
    elif not adjacent(h.at, other.at):
        out.append(reason(R.NOT_ADJACENT, f"{other.name} is not next to {h.name}", other.at))
    return out


_CHECKS: dict[type[Any], Callable[..., list[Reason]]] = {
    Buy: _buy,
    Sell: _sell,
    Give: _give,
    UsePotion: _potion,
    RollMove: _roll_move,
    SkipMove: _skip,
    Move: _move,
    Unlock: _unlock,
    PassDoor: _pass_door,
    UseRelic: _relic,
    UseSkill: _skill,
    Fight: _fight,
    Search: _search,
    MoveMagicDoor: _magic_door,
    ReadMap: _read_map,
    EndTurn: _end_turn,
    AttackHero: _attack_hero,
    Expand: lambda ctx, h, a: mapbuild.check_expand(ctx, h, a),
    PassToken: lambda ctx, h, a: mapbuild.check_pass_token(ctx, h, a),
}
