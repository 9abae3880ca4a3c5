"""Carrying out a Heroica action: the rolls, damage, moving back, the turn moving on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
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
from companion.rulesets.heroica.dragon import dragon_of, should_wake
from companion.rulesets.heroica.rules import (
    ONE,
    SHIELD,
    STEPS,
    Ctx,
    activated,
    adjacent,
    away_from,
    die_of,
    distances,
    first_available,
    forward_end,
    full_health,
    locked_edges,
    monster_blockers,
    monster_flies,
    monster_name,
    plural,
    skill_of,
    strength,
    taken_cells,
)
from companion.rulesets.heroica.schema import (
    Category,
    CurseOnBlessed,
    DamageInstead,
    DamageSkill,
    DragonAfterDevouring,
    ExtraDamageInRolls,
    ExtraMove,
    ExtraMovement,
    FireAttack,
    FireTrackEnd,
    HealSkill,
    HeroDefeat,
    HurtOnlyBy,
    NextAttackBonus,
    Rank,
    RestoreHealth,
    RestoreSkillPoints,
    TemporaryHealth,
)
from companion.rulesets.heroica.state import (
    COMBAT,
    MONSTER_COMBAT,
    MONSTER_MOVEMENT,
    MOVEMENT,
    UPKEEP,
    Cell,
    Feature,
    Hero,
    Monster,
    Quest,
)
from companion.rulesets.heroica.validate import phase_index, stops_at

Events = list[Event]
#: Rolls a cornered combat may take before the table is asked to settle it.
MAX_CORNERED_ROLLS = 100


def resolve(ctx: Ctx, action: Action, dice: Dice) -> tuple[Quest, Events]:
    """The quest after ``action`` (checked legal), and what happened, worded."""
    events: Events = []
    handler = _HANDLERS[type(action)]
    q = handler(ctx, action, dice, events)
    if q.outcome is None and should_wake(ctx, q):
        _say(events, "dragon", "A hero enters Lava Mountain: the Dragon awakes!")
        q = q.with_(dragon_awake=True, dragon_due=True)
    return q, events


def _with(ctx: Ctx, q: Quest) -> Ctx:
    return Ctx(q, ctx.catalog)


def _say(
    events: Events, kind: str, text: str, figure: str | None = None, amount: int | None = None
) -> None:
    events.append(Event(kind=kind, text=text, figure=figure, amount=amount))


def _name(ctx: Ctx, fid: str) -> str:
    q = ctx.quest
    if fid in q.heroes:
        return q.heroes[fid].name
    m = q.monsters.get(fid)
    return f"the {ctx.catalog.monsters[m.kind].name}" if m else fid


def _set_hero(q: Quest, h: Hero) -> Quest:
    return q.with_(heroes={**q.heroes, h.id: h})


def _set_monster(q: Quest, m: Monster) -> Quest:
    return q.with_(monsters={**q.monsters, m.id: m})


def _enter_phase(q: Quest, phase: str) -> Quest:
    """Move the turn on to ``phase`` (never back)."""
    return q.with_(phase=phase) if phase_index(phase) > phase_index(q.phase) else q


# ------------------------------------------------------------------------ dice


def roll_label(ctx: Ctx, dice: Dice, die_id: str, purpose: str) -> str:
    """One roll of the die ``die_id``, as its face's label."""
    die = ctx.catalog.dice[die_id]
    return die.faces[dice.roll(1, purpose, len(die.faces), die=die_id).faces[0] - 1]


def roll_face(
    ctx: Ctx,
    q: Quest,
    dice: Dice,
    purpose: str,
    hero: str | None,
    *,
    own: bool = True,
    search: bool = False,
) -> tuple[Quest, str]:
    """Roll the Action Die (or the hero's Blessed or Cursed Die, ``own``), and end a
    Blessing on a 1 or a Curse on a Shield when the hero rolled (a ``search`` roll of a
    chest or rocks too, unless option conditions_end_on_any_roll is off)."""
    h = q.heroes.get(hero or "")
    die_id = die_of(h) if h is not None and own else "action"
    if h is not None and not own and ctx.options.condition_die_for_monster_rolls:
        die_id = die_of(h)
    die = ctx.catalog.dice[die_id]
    face = die.faces[dice.roll(1, purpose, len(die.faces), die=die_id).faces[0] - 1]
    if h is not None and own and (not search or ctx.options.conditions_end_on_any_roll):
        if h.blessed and face == ONE:
            q = _set_hero(q, h.with_(blessed=False))
        elif h.cursed and face == SHIELD:
            q = _set_hero(q, h.with_(cursed=False))
    return q, face


# ------------------------------------------------------------------------ the turn


def _first_player(ctx: Ctx, a: RollFirstPlayer, dice: Dice, ev: Events) -> Quest:
    q = _draw_relics(ctx, ctx.quest, dice, ev)
    die = ctx.catalog.dice["character"]
    by_face = {ctx.catalog.heroes[h.hero].character_die_face: h.id for h in q.in_play()}
    for _ in range(50):
        face = die.faces[dice.roll(1, "first player", len(die.faces), die="character").faces[0] - 1]
        if face in by_face:
            seat = q.seats.index(by_face[face])
            _say(
                ev,
                "turn",
                f"The Character Die shows the {face}: {q.heroes[by_face[face]].name} goes first",
            )
            q = q.with_(token=by_face[face], first=seat)
            return begin_turn(ctx, q, seat, ev, new_round=False)
        if not ctx.options.first_player_reroll:
            _say(
                ev,
                "turn",
                f"The Character Die shows the {face}, not in play: the first seat begins",
            )
            return begin_turn(ctx, q.with_(token=q.seats[0], first=0), 0, ev, new_round=False)
        _say(ev, "turn", f"The Character Die shows the {face}, not in play: roll again")
    return begin_turn(ctx, q.with_(token=q.seats[0], first=0), 0, ev, new_round=False)


def _draw_relics(ctx: Ctx, q: Quest, dice: Dice, ev: Events) -> Quest:
    """Option relic_assignment = random: each Boss Monster without a relic draws one not
    yet in play, a die of as many faces as there are relics left (at the game's start)."""
    if ctx.options.relic_assignment.value != "random":
        return q
    for m in sorted(q.monsters.values(), key=lambda m: m.id):
        if ctx.catalog.monsters[m.kind].rank != Rank.BOSS or m.relic is not None:
            continue
        held = {x.relic for x in q.monsters.values()} | {
            r for h in q.heroes.values() for r in h.relics
        }
        free = [i.id for i in ctx.catalog.items_of(Category.RELIC) if i.id not in held]
        if not free:
            break
        pick = free[0]
        if len(free) > 1:
            face = dice.roll(1, f"the relic of the {monster_name(ctx, m)}", len(free)).faces[0]
            pick = free[face - 1]
        _say(ev, "relic", f"The {monster_name(ctx, m)} holds the {ctx.catalog.items[pick].name}")
        from companion.rulesets.heroica.setup import relic_health

        crystal = m.crystal or pick == "crystal_of_deflection"
        health = m.health + relic_health(ctx.catalog, pick)
        q = _set_monster(q, m.with_(relic=pick, crystal=crystal, health=health))
    return q


def begin_turn(ctx: Ctx, q: Quest, seat: int, ev: Events, *, new_round: bool) -> Quest:
    """The hero at ``seat`` begins its turn: Upkeep restores a skill point."""
    h = q.heroes[q.seats[seat]]
    points = ctx.catalog.skill_points
    skill = min(points.full, h.skill + points.upkeep_restore)
    temporary = h.temporary
    if ctx.options.temporary_health == TemporaryHealth.UNTIL_NEXT_TURN:
        temporary = 0
    q = _set_hero(q, h.with_(skill=skill, lose_move=False, temporary=temporary))
    q = q.with_(
        turn=seat,
        round=q.round + (1 if new_round else 0),
        phase=UPKEEP,
        move_face=None,
        moves_left=0,
        moved=0,
        stopped=False,
        move_lost=h.lose_move,
        skill_used=False,
        shield_used=False,
        magic_used=False,
        expanded=False,
        must_fight=(),
        must_search=None,
        fought=False,
        to_move=(),
        to_attack=(),
    )
    if new_round and q.dragon_awake:
        q = q.with_(dragon_due=True)
        _say(ev, "dragon", "A new round of the table: the Dragon's fire attack is due")
    gained = skill - h.skill
    points_gained = f": +{gained} {plural(gained, 'skill point')}" if gained else ""
    _say(ev, "turn", f"{h.name}'s turn{points_gained}", h.id)
    if h.lose_move:
        _say(ev, "turn", f"{h.name} may not move this turn", h.id)
    return q


def next_turn(ctx: Ctx, q: Quest, ev: Events) -> Quest:
    """The next hero in play, clockwise, begins its turn."""
    if q.outcome is not None or q.turn is None:
        return q
    n = len(q.seats)
    for step in range(1, n + 1):
        seat = (q.turn + step) % n
        if not q.heroes[q.seats[seat]].out:
            # A round of the table ends when play comes round to the first player's seat
            # again ("Roll at the start of the game to determine which hero goes first").
            new_round = (q.first - q.turn - 1) % n < step
            if new_round and q.dungeon_master and not q.dm_left:
                left = len(q.in_play())
                _say(
                    ev,
                    "phase",
                    "Every hero has had a turn: the Dungeon Master moves up to "
                    f"{left} {plural(left, 'monster')}",
                )
                return q.with_(dm_left=left, to_move=(), to_attack=(), phase=MONSTER_MOVEMENT)
            return begin_turn(ctx, q.with_(dm_left=0), seat, ev, new_round=new_round)
    return q


def _end_turn(ctx: Ctx, a: EndTurn, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    if q.dungeon_master:
        return next_turn(ctx, q, ev)  # the monsters move in the Dungeon Master's turn
    acting = activated(ctx, h)
    dragon = dragon_of(ctx, q)
    if dragon is not None and adjacent(dragon.at, h.at):
        acting.append(
            dragon.id
        )  # "a normal attack ... against any hero who ends their turn" next to it
    attack_now = tuple(m for m in acting if adjacent(q.monsters[m].at, h.at))
    to_move = tuple(m for m in acting if m not in attack_now)
    if not acting:
        _say(ev, "turn", f"No monster sees {h.name}")
        return next_turn(ctx, q, ev)
    names = ", ".join(_name(ctx, m) for m in acting)
    _say(ev, "phase", f"The monsters move to attack {h.name}: {names}")
    q = q.with_(phase=MONSTER_MOVEMENT, to_move=to_move, to_attack=attack_now)
    return _after_monster(ctx, q, ev)


def _after_monster(ctx: Ctx, q: Quest, ev: Events) -> Quest:
    """Drop monsters that can no longer act; move on to combat, then to the next turn."""
    h = q.heroes.get(q.active or "")
    if h is None or q.outcome is not None:
        return q
    to_move = tuple(m for m in q.to_move if m in q.monsters)
    to_attack = tuple(
        m for m in q.to_attack if m in q.monsters and adjacent(q.monsters[m].at, h.at)
    )
    q = q.with_(to_move=to_move, to_attack=to_attack)
    if to_move:
        return q
    if to_attack:
        return q.with_(phase=MONSTER_COMBAT)
    return next_turn(ctx, q, ev)


# ------------------------------------------------------------------------ upkeep


def _price(ctx: Ctx, item: str, side: str) -> int:
    cat = ctx.catalog.items[item].category
    price = next(p for p in ctx.catalog.items_file.shop.prices if p.category == cat)
    value = price.buy if side == "buy" else price.sell
    assert value is not None
    return value


def _add_item(h: Hero, item: str, category: Category) -> Hero:
    if category == Category.POTION:
        return h.with_(potions=(*h.potions, item))
    if category == Category.RELIC:
        return h.with_(relics=(*h.relics, item))
    if category == Category.KEY:
        return h.with_(key=True)
    if category == Category.TORCH:
        return h.with_(torch=True)
    return h.with_(gear=(*h.gear, item))


def _drop_item(h: Hero, item: str) -> Hero:
    if item == "key":
        return h.with_(key=False)
    if item == "torch":
        return h.with_(torch=False)
    for field in ("potions", "gear", "relics"):
        held: tuple[str, ...] = getattr(h, field)
        if item in held:
            i = held.index(item)
            return h.with_(**{field: held[:i] + held[i + 1 :]})
    return h


def _clamp_health(ctx: Ctx, h: Hero) -> Hero:
    return h.with_(health=min(h.health, full_health(ctx, h)))


def _buy(ctx: Ctx, a: Buy, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    item = ctx.catalog.items[a.item]
    price = _price(ctx, a.item, "buy")
    h = _add_item(h.with_(gold=h.gold - price), a.item, item.category)
    if item.effect("full_health_bonus") is not None:
        gained = full_health(ctx, h) - full_health(ctx, q.heroes[a.actor])
        h = h.with_(health=h.health + max(0, gained))
    _say(ev, "shop", f"{h.name} buys the {item.name} for {price} gold", h.id, price)
    return _set_hero(q, h)


def _sell(ctx: Ctx, a: Sell, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    item = ctx.catalog.items[a.item]
    price = _price(ctx, a.item, "sell")
    h = _clamp_health(_with(ctx, q), _drop_item(h, a.item).with_(gold=h.gold + price))
    _say(ev, "shop", f"{h.name} sells the {item.name} for {price} gold", h.id, price)
    return _set_hero(q, h)


def _give(ctx: Ctx, a: Give, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h, other = q.heroes[a.actor], q.heroes[a.to]
    if a.item == "gold":
        q = _set_hero(q, h.with_(gold=h.gold - a.gold))
        q = _set_hero(q, other.with_(gold=other.gold + a.gold))
        _say(ev, "give", f"{h.name} gives {a.gold} gold to {other.name}", h.id)
        return q
    item = ctx.catalog.items[a.item]
    q = _set_hero(q, _clamp_health(ctx, _drop_item(h, a.item)))
    q = _set_hero(q, _add_item(other, a.item, item.category))
    _say(ev, "give", f"{h.name} gives the {item.name} to {other.name}", h.id)
    return q


def _potion(ctx: Ctx, a: UsePotion, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = _drop_item(q.heroes[a.actor], a.potion)
    item = ctx.catalog.items[a.potion]
    text = f"{h.name} drinks the {item.name}"
    for effect in item.effects:
        if isinstance(effect, RestoreHealth):
            top = full_health(ctx, h)
            h = h.with_(health=min(top, h.health + effect.amount))
        elif isinstance(effect, RestoreSkillPoints):
            full = ctx.catalog.skill_points.full
            h = h.with_(
                skill=full if effect.amount == "full" else min(full, h.skill + effect.amount)
            )
        elif isinstance(effect, ExtraMovement):
            q = q.with_(moves_left=q.moves_left + effect.spaces)
            text += f": {effect.spaces} more spaces"
        elif isinstance(effect, NextAttackBonus):
            h = h.with_(strength=h.strength + effect.damage)
    q = _set_hero(q, h)
    if item.effect("reroll") is not None:
        _say(ev, "potion", text + ": the movement roll is rolled again", h.id)
        return _roll_move(
            _with(ctx, q.with_(move_face=None, moves_left=0)), RollMove(actor=h.id), dice, ev
        )
    _say(ev, "potion", text, h.id)
    return q


# ------------------------------------------------------------------------ movement


def _roll_move(ctx: Ctx, a: RollMove, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, MOVEMENT)
    q, face = roll_face(ctx, q, dice, "movement", a.actor)
    h = q.heroes[a.actor]
    row = next(r for r in ctx.catalog.tables.hero_movement.rows if r.face == face)
    torch = 1 if h.torch else 0
    spaces = row.spaces + torch + q.moves_left
    if row.skill_points:
        h = h.with_(skill=min(ctx.catalog.skill_points.full, h.skill + row.skill_points))
        q = _set_hero(q, h)
    extra = " (+1 torch)" if torch else ""
    points = row.skill_points
    bonus = f", +{points} {plural(points, 'skill point')}" if points else ""
    unit = plural(spaces, "space")
    _say(ev, "roll", f"{h.name} rolls {face}: up to {spaces} {unit}{extra}{bonus}", h.id, spaces)
    return q.with_(move_face=face, moves_left=spaces)


def _skip(ctx: Ctx, a: SkipMove, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, MOVEMENT)
    _say(ev, "turn", f"{q.heroes[a.actor].name} does not move this turn", a.actor)
    return q.with_(move_lost=False, stopped=True, moved=0, move_face="lost")


def walk(ctx: Ctx, q: Quest, hid: str, path: list[Cell], ev: Events) -> Quest:
    """A hero's steps: keys used on locked doors, items picked up, forced stops noted."""
    h = q.heroes[hid]
    prev = h.at
    edges = locked_edges(q)
    features = dict(q.features)
    items = dict(q.items)
    for c in path:
        door = frozenset((prev, c))
        if door in edges:
            fid = next(
                f.id
                for f in features.values()
                if f.kind == "locked_door" and frozenset((f.at, f.to)) == door
            )
            del features[fid]
            h = h.with_(key=False)
            _say(ev, "door", f"{h.name} unlocks the door with the key", h.id)
            edges = edges - {door}
        for item in [i for i in items.values() if i.at == c]:
            h, taken = _pick_up(ctx, h, item.item, ev)
            if taken:
                del items[item.id]
        prev = c
    end = path[-1]
    q = q.with_(features=features, items=items)
    new_end = forward_end(q, hid, path) or end
    n = len(path)
    _say(ev, "moved", f"{h.name} moves {n} {plural(n, 'space')} to {place_name(end)}", h.id, n)
    if new_end != end:
        _say(ev, "moved", f"{h.name} moves forward past the hero to {place_name(new_end)}", h.id)
    h = h.with_(at=new_end)
    q = _set_hero(q, h)
    q = q.with_(moved=q.moved + n, moves_left=max(0, q.moves_left - n))
    return _forced_stop(_with(ctx, q), q, h, ev)


def _forced_stop(ctx: Ctx, q: Quest, h: Hero, ev: Events) -> Quest:
    why = stops_at(ctx, h, h.at)
    if not why:
        return q
    fights = tuple(m.id for m in q.monsters.values() if adjacent(m.at, h.at))
    search = None
    f = q.feature_at(h.at)
    if f is not None and f.kind in ("treasure_chest", "casket"):
        search = f.id
    elif not fights:
        search = next(
            (r.id for r in q.features.values() if r.kind == "rocks" and adjacent(r.at, h.at)), None
        )
    _say(ev, "stop", f"{h.name} must stop: {why}", h.id)
    return q.with_(stopped=True, moves_left=0, must_fight=fights, must_search=search)


def _pick_up(ctx: Ctx, h: Hero, item_id: str, ev: Events) -> tuple[Hero, bool]:
    item = ctx.catalog.items[item_id]
    if item.category == Category.GOLD:
        _say(ev, "item", f"{h.name} picks up 1 gold", h.id, 1)
        return h.with_(gold=h.gold + 1), True
    if item.category in (Category.KEY, Category.TORCH) and getattr(h, item.category.value):
        _say(
            ev, "item", f"{h.name} may carry only ONE {item.name.lower()} and leaves this one", h.id
        )
        return h, False
    _say(ev, "item", f"{h.name} picks up the {item.name}", h.id)
    return _add_item(h, item_id, item.category), True


def _move(ctx: Ctx, a: Move, dice: Dice, ev: Events) -> Quest:
    return walk(ctx, ctx.quest, a.actor, list(a.path), ev)


def _unlock(ctx: Ctx, a: Unlock, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, MOVEMENT)
    h = q.heroes[a.actor]
    features = {k: v for k, v in q.features.items() if k != a.door}
    _say(ev, "door", f"{h.name} unlocks the door with the key: the spaces either side join", h.id)
    return _set_hero(q.with_(features=features), h.with_(key=False))


def _other_side(ctx: Ctx, q: Quest, h: Hero, door: Feature) -> Cell:
    if door.kind == "locked_door":
        assert door.to is not None
        beyond = door.to if h.at == door.at else door.at
        return first_available(q, h.at, beyond, taken_cells(q, exclude=h.id))
    beyond = (2 * door.at[0] - h.at[0], 2 * door.at[1] - h.at[1])
    taken = taken_cells(q, exclude=h.id) | {
        f.at for f in q.features.values() if f.kind in ("rocks", "magic_door")
    }
    return first_available(q, door.at, beyond, taken) if beyond in q.spaces else h.at


def _pass_door(ctx: Ctx, a: PassDoor, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    door = q.features[a.door]
    to = _other_side(ctx, q, h, door)
    name = ctx.catalog.features[door.kind].name.lower()
    _say(ev, "door", f"{h.name} passes through the {name} to {place_name(to)}", h.id)
    q = _set_hero(q, h.with_(at=to)).with_(shield_used=True, moves_left=0, stopped=True)
    return _forced_stop(_with(ctx, q), q, q.heroes[h.id], ev)


def _relic(ctx: Ctx, a: UseRelic, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest.with_(shield_used=True, moves_left=0, stopped=True)
    h = q.heroes[a.actor]
    item = ctx.catalog.items[a.relic]
    if item.effect("bless") is not None:
        other = q.heroes[a.target]
        q = _condition(ctx, q, other.id, "blessed", ev)
        _say(ev, "relic", f"{h.name} raises the {item.name}", h.id)
        return q
    m = q.monsters[a.target]
    assert a.to is not None
    _say(
        ev,
        "relic",
        f"{h.name} uses the {item.name}: {_name(ctx, m.id)} goes to {place_name(a.to)}",
        h.id,
    )
    return _set_monster(q, m.with_(at=a.to))


def _magic_door(ctx: Ctx, a: MoveMagicDoor, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    door = q.features[a.door]
    _say(
        ev, "door", f"{q.heroes[a.actor].name} moves the magic door to {place_name(a.to)}", a.actor
    )
    return q.with_(features={**q.features, door.id: door.with_(at=a.to)}, magic_used=True)


def _read_map(ctx: Ctx, a: ReadMap, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    casket = q.features[a.casket]
    if casket.token is None:
        casket = casket.with_(token=_draw_token(ctx, dice))
    _say(
        ev,
        "map",
        f"{q.heroes[a.actor].name} reads the map: the casket holds the {casket.token} "
        f"token and goes to {place_name(a.to)}",
        a.actor,
    )
    return q.with_(features={**q.features, casket.id: casket.with_(at=a.to)}, magic_used=True)


# ------------------------------------------------------------------------ damage


def _condition(ctx: Ctx, q: Quest, hid: str, cond: str, ev: Events) -> Quest:
    """Bless or curse a hero: a Curse on a Blessed hero ends the Blessing (option)."""
    h = q.heroes[hid]
    other = "cursed" if cond == "blessed" else "blessed"
    if getattr(h, other) and ctx.options.curse_on_blessed_hero == CurseOnBlessed.CANCELS:
        _say(ev, "condition", f"{h.name} is no longer {other}", h.id)
        return _set_hero(q, h.with_(**{other: False}))
    _say(ev, "condition", f"{h.name} is {cond}", h.id)
    return _set_hero(q, h.with_(**{other: False, cond: True}))


def hurt_hero(
    ctx: Ctx, q: Quest, hid: str, amount: int, ev: Events, by: Monster | None = None
) -> Quest:
    """The hero loses ``amount`` health (temporary health first): the torch goes out, a
    Snake's bite or a Mummy's curse takes hold, and at zero the hero is defeated."""
    h = q.heroes[hid]
    if amount <= 0:
        return q
    temp = min(h.temporary, amount)
    h = h.with_(temporary=h.temporary - temp, health=h.health - (amount - temp))
    _say(ev, "damage", f"{h.name} loses {amount} health ({max(h.health, 0)} left)", h.id, amount)
    if h.torch:
        h = h.with_(torch=False)
        _say(ev, "item", f"{h.name} drops the torch and it goes out", h.id)
    q = _set_hero(q, h)
    if by is not None:
        kind = ctx.catalog.monsters[by.kind]
        if kind.ability("skip_move_on_damage") is not None:
            q = _set_hero(q, q.heroes[hid].with_(lose_move=True))
            _say(ev, "condition", f"{h.name} is bitten: it loses its next movement turn", h.id)
        if kind.ability("curse_on_damage") is not None:
            q = _condition(ctx, q, hid, "cursed", ev)
    if q.heroes[hid].health <= 0:
        if by is not None and ctx.catalog.monsters[by.kind].ability("devours") is not None:
            return devour(ctx, q, hid, by, ev)
        q = defeat_hero(ctx, q, hid, ev)
    return q


def devour(ctx: Ctx, q: Quest, hid: str, dragon: Monster, ev: Events) -> Quest:
    """ "it swoops onto the hero's square ... and DEVOURS the hero, removing them from the
    game." (The Crystal of Deflection still saves its wearer.)"""
    h = q.heroes[hid]
    if "crystal_of_deflection" in h.relics and ctx.options.crystal_prevents_defeat:
        return defeat_hero(ctx, q, hid, ev)
    _say(ev, "defeated", f"The Dragon swoops onto {h.name}'s space and DEVOURS {h.name}!", hid)
    q = _set_hero(q, h.with_(out=True, health=0, defeats=h.defeats + 1))
    # Where it ends: option dragon_after_devouring (default perched: where it was).
    hero_square = ctx.options.dragon_after_devouring == DragonAfterDevouring.HERO_SQUARE
    if hero_square and dragon.id in q.monsters:
        q = _set_monster(q, q.monsters[dragon.id].with_(at=h.at))
        _say(ev, "moved", f"The Dragon stays on {h.name}'s space {place_name(h.at)}", dragon.id)
    if not q.in_play() and q.outcome is None:
        q = q.with_(outcome="Every hero is devoured: the Dragon wins")
    return q


def defeat_hero(ctx: Ctx, q: Quest, hid: str, ev: Events) -> Quest:
    h = q.heroes[hid]
    top = full_health(ctx, h)
    if "crystal_of_deflection" in h.relics and ctx.options.crystal_prevents_defeat:
        h = _drop_item(h, "crystal_of_deflection").with_(health=top)
        _say(ev, "relic", f"The Crystal of Deflection saves {h.name}: full health again", h.id)
        return _set_hero(q, h)
    _say(ev, "defeated", f"{h.name} is defeated", h.id)
    if ctx.options.hero_defeat == HeroDefeat.OUT:
        q = _set_hero(q, h.with_(out=True, health=0, defeats=h.defeats + 1))
    else:
        taken = taken_cells(q, exclude=h.id)
        start = first_available(q, q.start, q.start, taken)
        q = _set_hero(q, h.with_(at=start, health=top, temporary=0, defeats=h.defeats + 1))
        _say(ev, "moved", f"{h.name} returns to the start with full health", h.id)
    q = add_fire(ctx, q, ctx.catalog.tables.fire_track.per_hero_defeated, ev)
    if not q.in_play() and q.outcome is None:
        q = q.with_(outcome="Every hero is out: the heroes lose")
    return q


def add_fire(ctx: Ctx, q: Quest, n: int, ev: Events) -> Quest:
    if n <= 0 or q.variation != "co_operative":
        return q
    if dragon_of(ctx, q) is not None:
        _say(ev, "track", "The Fire Track records the Dragon's health now: no token is added")
        return q
    fire = min(ctx.options.fire_track_length, q.fire + n)
    _say(
        ev,
        "track",
        f"The Fire Track rises to {fire} of {ctx.options.fire_track_length}",
        amount=fire,
    )
    q = q.with_(fire=fire)
    if fire >= ctx.options.fire_track_length and q.outcome is None:
        if ctx.options.fire_track_full == FireTrackEnd.LOSE:
            q = q.with_(outcome="The Fire Track is full: the heroes lose")
        else:
            grown = _mapbuild().add_lava_mountain(ctx, q, ev)
            if grown is None:
                q = q.with_(
                    outcome="The Fire Track is full, and Lava Mountain has no room on this "
                    "board: the heroes lose"
                )
            else:
                _say(
                    ev,
                    "dragon",
                    "The Fire Track is full: Lava Mountain rises, and the "
                    "heroes must face the Dragon!",
                )
                q = grown
    return q


def hurt_monster(ctx: Ctx, q: Quest, mid: str, amount: int, hero: str | None, ev: Events) -> Quest:
    """The monster loses ``amount`` health; defeated, it gives its gold and relic."""
    m = q.monsters[mid]
    if amount <= 0:
        return q
    kind = ctx.catalog.monsters[m.kind]
    health = m.health - amount
    _say(
        ev, "damage", f"The {kind.name} loses {amount} health ({max(health, 0)} left)", mid, amount
    )
    if health <= 0 and m.crystal:
        top = (
            ctx.catalog.health_levels(m.kind, len(q.seats))
            if hasattr(ctx.catalog, "health_levels")
            else 1
        )
        _say(ev, "relic", f"The Crystal of Deflection saves the {kind.name}", mid)
        lost = None if m.relic == "crystal_of_deflection" else m.relic  # "lose the crystal"
        return _set_monster(q, m.with_(health=top, crystal=False, relic=lost))
    q = _seal_generators(ctx, q, m, max(health, 0), ev)
    if health > 0:
        return _set_monster(q, m.with_(health=health))
    monsters = {k: v for k, v in q.monsters.items() if k != mid}
    q = q.with_(
        monsters=monsters,
        defeated=(*q.defeated, mid),
        must_fight=tuple(x for x in q.must_fight if x != mid),
        to_move=tuple(x for x in q.to_move if x != mid),
        to_attack=tuple(x for x in q.to_attack if x != mid),
    )
    _say(ev, "died", f"The {kind.name} is defeated", mid)
    if hero is not None and hero in q.heroes:
        h = q.heroes[hero]
        gold = ctx.catalog.gold_for(m.kind, ctx.options)
        if gold:
            h = h.with_(gold=h.gold + gold)
            _say(ev, "gold", f"{h.name} gains {gold} gold", h.id, gold)
        if m.relic:
            h = _add_item(h, m.relic, Category.RELIC)
            _say(ev, "relic", f"{h.name} takes the {ctx.catalog.items[m.relic].name}", h.id)
        q = _set_hero(q, h)
    if (q.target == mid or kind.rank == Rank.DRAGON) and q.outcome is None:
        if q.variation == "versus":
            return final_sale(ctx, q, kind.name, ev)
        q = q.with_(outcome=f"The {kind.name} is defeated: the heroes win")
    return q


def final_sale(ctx: Ctx, q: Quest, target: str, ev: Events) -> Quest:
    """Versus: "All players then sell their relics, weapons, armour and potions. The player
    with the most gold wins." """
    shop = ctx.catalog.items_file.shop
    prices = {p.category: p.sell for p in shop.prices}
    heroes = dict(q.heroes)
    for h in q.heroes.values():
        goods = [
            i
            for i in (*h.relics, *h.gear, *h.potions)
            if ctx.catalog.items[i].category in shop.versus_final_sale
        ]
        gold = sum(prices[ctx.catalog.items[i].category] for i in goods)
        heroes[h.id] = h.with_(gold=h.gold + gold, relics=(), gear=(), potions=())
        if gold:
            _say(ev, "shop", f"{h.name} sells everything for {gold} gold ({h.gold + gold})", h.id)
    q = q.with_(heroes=heroes)
    best = max(h.gold for h in heroes.values())
    winners = [h.name for h in heroes.values() if h.gold == best]
    who = " and ".join(winners)
    verb = "wins" if len(winners) == 1 else "tie"
    return q.with_(outcome=f"The {target} is defeated: {who} {verb} with {best} gold")


def _seal_generators(ctx: Ctx, q: Quest, m: Monster, health: int, ev: Events) -> Quest:
    seals = ctx.catalog.ranks[ctx.catalog.monsters[m.kind].rank].generators_sealed_at
    gens = [f for f in q.features.values() if f.kind == "monster_generator" and f.boss == m.id]
    features = dict(q.features)
    for gen, at in zip(gens, seals, strict=False):
        if not gen.sealed and health <= at:
            features[gen.id] = gen.with_(sealed=True)
            _say(ev, "generator", f"A monster generator at {place_name(gen.at)} is sealed")
    return q.with_(features=features)


# ------------------------------------------------------------------------ combat


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


# ------------------------------------------------------------------------ skills


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
        top = full_health(ctx, other)
        health = top if skill.amount == "full" else min(top, other.health + skill.amount)
        other = other.with_(health=health, temporary=other.temporary + skill.temporary_health)
        _say(
            ev,
            "heal",
            f"{other.name} is healed to {health}"
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


# ------------------------------------------------------------------------ searching


def _draw_token(ctx: Ctx, dice: Dice) -> str:
    tokens = [t.token for t in ctx.catalog.tables.casket.tokens]
    face = dice.roll(1, "casket token", len(tokens), die="casket").faces[0]
    return tokens[face - 1]


def _search(ctx: Ctx, a: Search, dice: Dice, ev: Events) -> Quest:
    q = _enter_phase(ctx.quest, COMBAT).with_(stopped=True, moves_left=0)
    f = q.features[q.must_search or ""]
    h = q.heroes[a.actor]
    features = {k: v for k, v in q.features.items() if k != f.id}
    q = q.with_(must_search=None)
    tables = ctx.catalog.tables
    if f.kind == "treasure_chest":
        q, face = roll_face(ctx, q, dice, f"{h.name} searches the chest", h.id, search=True)
        row = next(r for r in tables.chest.rows if r.face == face)
        _say(ev, "search", f"The chest: {row.text}", h.id)
        q = q.with_(features=features)
        return _gain(ctx, q, h.id, row.gold, row.health, ev)
    if f.kind == "casket":
        token = f.token or _draw_token(ctx, dice)
        entry = next(t for t in tables.casket.tokens if t.token == token)
        outcome = entry.outcomes[min(a.choice, len(entry.outcomes) - 1)]
        _say(ev, "search", f"The casket holds the {token} token: {entry.text}", h.id)
        q = q.with_(features=features)
        if outcome.condition is not None:
            q = _condition(ctx, q, h.id, outcome.condition.value, ev)
        if outcome.boss_track:
            q = q.with_(
                boss_track=min(ctx.options.boss_track_length, q.boss_track + outcome.boss_track)
            )
            _say(ev, "track", f"The Boss Track rises to {q.boss_track}", amount=q.boss_track)
        q = add_fire(ctx, q, outcome.fire_track, ev)
        return _gain(ctx, q, h.id, outcome.gold, outcome.health, ev)
    # rocks
    q, face = roll_face(ctx, q, dice, f"{h.name} explores the rocks", h.id, search=True)
    rock = next(r for r in tables.rocks.rows if r.face == face)
    _say(ev, "search", f"The rocks: {rock.text}", h.id)
    result = rock.result.value
    if result == "pass_through":
        beyond = (2 * f.at[0] - h.at[0], 2 * f.at[1] - h.at[1])
        taken = taken_cells(q, exclude=h.id) | {
            x.at for x in q.features.values() if x.kind in ("rocks", "magic_door")
        }
        to = first_available(q, f.at, beyond, taken) if beyond in q.spaces else h.at
        return _set_hero(q, h.with_(at=to))
    if result == "remove":
        return q.with_(features=features)
    if result == "move_back":
        q, _ = _push(ctx, q, h.id, f.at, 1, ev)
        return q
    return _set_hero(q, h.with_(at=f.at, lose_move=True))


def _gain(ctx: Ctx, q: Quest, hid: str, gold: int, health: int, ev: Events) -> Quest:
    h = q.heroes[hid]
    if gold:
        h = h.with_(gold=h.gold + gold)
        q = _set_hero(q, h)
        _say(ev, "gold", f"{h.name} takes {gold} gold from the store", hid, gold)
    if health > 0:
        top = full_health(ctx, h)
        q = _set_hero(q, h.with_(health=min(top, h.health + health)))
    elif health < 0:
        before = h.defeats
        q = hurt_hero(ctx, q, hid, -health, ev)
        if q.heroes[hid].defeats > before and q.active == hid:
            return next_turn(ctx, q, ev)
    return q


# ------------------------------------------------------------------------ monsters


def monster_path(ctx: Ctx, q: Quest, m: Monster, hero: Hero, spaces: int) -> list[Cell]:
    """The monster's steps toward the hero, at most ``spaces``, ending next to it."""
    blocked = monster_blockers(_with(ctx, q), m)
    flies = monster_flies(ctx, m)
    goals = [
        (hero.at[0] + dx, hero.at[1] + dy)
        for dx, dy in STEPS
        if (hero.at[0] + dx, hero.at[1] + dy) in q.spaces
    ]
    free = [g for g in goals if g not in blocked or g == m.at]
    best = distances(q, free, blocked=blocked - {m.at}, doors=not flies, until=m.at)
    edges = frozenset() if flies else locked_edges(q)
    path: list[Cell] = []
    here = m.at
    for _ in range(spaces):
        if best.get(here, 10**6) == 0:
            break
        options = [
            (best[n], i, n)
            for i, (dx, dy) in enumerate(STEPS)
            if (n := (here[0] + dx, here[1] + dy)) in best
            and n not in blocked
            and frozenset((here, n)) not in edges
        ]
        if not options:
            break
        d, _, n = min(options)
        if d >= best.get(here, 10**6):
            break
        path.append(n)
        here = n
    return path


def _monster_move(ctx: Ctx, a: MonsterMove, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    m = q.monsters[a.actor]
    hero = q.heroes[q.active or ""]
    q, face = roll_face(ctx, q, dice, f"the {monster_name(ctx, m)} moves", hero.id, own=False)
    row = next(r for r in ctx.catalog.tables.monster_movement.rows if r.face == face)
    extra = ctx.catalog.monsters[m.kind].ability("extra_move")
    spaces = row.spaces + (extra.spaces if isinstance(extra, ExtraMove) else 0)
    q = _step_monster(ctx, q, m, hero, spaces, face, ev)
    end = q.monsters[m.id].at
    to_attack = q.to_attack + ((m.id,) if adjacent(end, hero.at) else ())
    q = q.with_(to_move=tuple(x for x in q.to_move if x != m.id), to_attack=to_attack)
    if ctx.catalog.monsters[m.kind].rank == Rank.BOSS:
        q = _generators(ctx, q, m, dice, ev)
    return _after_monster(ctx, q, ev)


def _step_monster(
    ctx: Ctx, q: Quest, m: Monster, hero: Hero, spaces: int, face: str, ev: Events
) -> Quest:
    """Move ``m`` up to ``spaces`` toward ``hero``; ending on a monster or an item, it moves
    forward to the first available space."""
    path = monster_path(ctx, q, m, hero, spaces)
    end = path[-1] if path else m.at
    if path:
        taken = taken_cells(q, exclude=m.id) | {i.at for i in q.items.values()}
        if end in taken:
            end = first_available(q, path[-2] if len(path) > 1 else m.at, end, taken)
    _say(
        ev,
        "moved",
        f"The {monster_name(ctx, m)} rolls {face} and moves {len(path)} "
        f"{plural(len(path), 'space')} to {place_name(end)}",
        m.id,
        len(path),
    )
    return _set_monster(q, m.with_(at=end))


def _generators(ctx: Ctx, q: Quest, boss: Monster, dice: Dice, ev: Events) -> Quest:
    """ "Whenever the Boss Monster moves, roll the Action Die" for each of its generators."""
    gen_rules = ctx.catalog.tables.generator
    for gen in [
        f for f in q.features.values() if f.kind == "monster_generator" and f.boss == boss.id
    ]:
        if gen.sealed:
            continue
        q, face = roll_face(ctx, q, dice, "monster generator", None)
        row = next(r for r in gen_rules.rows if r.face == face)
        realm = next(iter(q.locations[lid].realm for lid in q.locations_of(gen.at)), None)
        realm = realm or ctx.catalog.monsters[boss.kind].realms[0]
        for rank in row.spawn:
            q = (
                spawn(ctx, q, realm, rank, gen.at, ev)
                or spawn(ctx, q, realm, gen_rules.fallback_rank, gen.at, ev)
                or q
            )
        if not row.spawn:
            _say(ev, "generator", f"The generator rolls {face}: nothing happens")
        q = add_fire(ctx, q, row.fire_track, ev)
    return q


def spawn(
    ctx: Ctx,
    q: Quest,
    realm: str,
    rank: Rank,
    at: Cell,
    ev: Events,
    where: str = "on the generator",
) -> Quest | None:
    """A monster of ``realm`` and ``rank`` on ``at``; None when every figure is in play."""
    kinds = [k for k in ctx.catalog.monsters_in(realm) if k.rank == rank]
    limit = ctx.options.monster_figures_per_kind
    for kind in kinds:
        if limit and sum(1 for m in q.monsters.values() if m.kind == kind.id) >= limit:
            continue
        taken = taken_cells(q)
        cell = at if at not in taken else first_available(q, at, at, taken)
        n = 1 + sum(1 for mid in q.monsters if mid.startswith(kind.id))
        while f"{kind.id}-{n}" in q.monsters:
            n += 1
        mid = f"{kind.id}-{n}"
        health = ctx.catalog.health_levels(kind.id, len(q.seats))
        _say(ev, "generator", f"A {kind.name} appears {where}", mid)
        return _set_monster(q, Monster(mid, kind.id, cell, health))
    return None


def _monster_attack(ctx: Ctx, a: MonsterAttack, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    hid = q.active or ""
    h = q.heroes[hid]
    q = q.with_(to_attack=tuple(x for x in q.to_attack if x != a.actor))
    q = combat(ctx, q, hid, a.actor, dice, ev, hero_attacks=False)
    if q.heroes[hid].defeats > h.defeats or q.heroes[hid].out:
        return next_turn(ctx, q.with_(to_move=(), to_attack=()), ev)
    return _after_monster(ctx, q, ev)


def _dragon_fire(ctx: Ctx, a: DragonFire, dice: Dice, ev: Events) -> Quest:
    """The Character Die picks the hero the Dragon attacks with fire (the monster combat
    table; the Dragon takes no damage on a 3 or a 1); then its generators roll."""
    q = ctx.quest.with_(dragon_due=False)
    dragon = q.monsters[a.actor]
    die = ctx.catalog.dice["character"]
    face = die.faces[
        dice.roll(1, "the Dragon's fire", len(die.faces), die="character").faces[0] - 1
    ]
    target = next(
        (h for h in q.in_play() if ctx.catalog.heroes[h.hero].character_die_face == face), None
    )
    if target is None:
        _say(ev, "dragon", f"The Character Die shows the {face}, not in play: no fire attack")
    else:
        _say(ev, "dragon", f"The Dragon breathes fire at {target.name}", target.id)
        before = target.defeats
        q = combat(ctx, q, target.id, dragon.id, dice, ev, hero_attacks=False, fire=True)
        if q.active == target.id and (
            q.heroes[target.id].out or q.heroes[target.id].defeats > before
        ):
            q = next_turn(ctx, q, ev)
    if dragon.id in q.monsters and q.outcome is None:
        q = _lava_generators(ctx, q, q.monsters[dragon.id], dice, ev)
    return q


def _lava_generators(ctx: Ctx, q: Quest, dragon: Monster, dice: Dice, ev: Events) -> Quest:
    """Lava Mountain's generators: the Location Die picks the realm (Shield: none; 1: roll
    it again, and the monsters are Level 2), then the Action Die as for any generator."""
    lava = ctx.catalog.tables.lava_mountain_generator
    location = ctx.catalog.dice[lava.die]
    realms = {r.location_die_face: r.id for r in ctx.catalog.realms.values() if r.location_die_face}
    for gen in [
        f for f in q.features.values() if f.kind == "monster_generator" and f.boss == dragon.id
    ]:
        if gen.sealed:
            continue
        level_2 = False
        realm = None
        for _ in range(20):
            face = location.faces[
                dice.roll(1, "Lava Mountain generator", len(location.faces), die=lava.die).faces[0]
                - 1
            ]
            row = next(r for r in lava.rows if r.face == face)
            if row.result == "reroll_as_level_2":
                level_2 = True
                continue
            realm = realms.get(face) if row.result == "realm" else None
            break
        if realm is None:
            _say(ev, "generator", "The Location Die shows Shield: no monsters appear")
            continue
        q, action_face = roll_face(ctx, q, dice, "monster generator", None)
        spawn_row = next(r for r in ctx.catalog.tables.generator.rows if r.face == action_face)
        for rank in spawn_row.spawn:
            rank = Rank.LEVEL_2 if level_2 else rank
            q = (
                spawn(ctx, q, realm, rank, gen.at, ev)
                or spawn(ctx, q, realm, ctx.catalog.tables.generator.fallback_rank, gen.at, ev)
                or q
            )
        if not spawn_row.spawn:
            _say(ev, "generator", f"The generator rolls {action_face}: nothing happens")
    return q


def _attack_hero(ctx: Ctx, a: AttackHero, dice: Dice, ev: Events) -> Quest:
    """Versus: one hero attacks another on a movement Shield (option hero_versus_hero:
    the hero combat table, the other hero as a monster of strength hero_strength; or 1
    damage).  A hero who defeats the holder of the Heroica Token steals it."""
    q = ctx.quest.with_(shield_used=True, moves_left=0, stopped=True)
    h, other = q.heroes[a.actor], q.heroes[a.target]
    before = other.defeats
    if ctx.options.hero_versus_hero.value == "one_damage":
        _say(ev, "fight", f"{h.name} attacks {other.name}", h.id)
        q = hurt_hero(ctx, q, other.id, 1, ev)
    else:
        q, face = roll_face(ctx, q, dice, f"{h.name} attacks {other.name}", h.id)
        row = next(r for r in ctx.catalog.tables.hero_combat.rows if r.face == face)
        _say(ev, "roll", f"{h.name} attacks {other.name}: {face}", h.id)
        bonus = q.heroes[h.id].strength
        if bonus:
            q = _set_hero(q, q.heroes[h.id].with_(strength=0))
        if row.monster_damage:
            dealt = row.monster_damage + bonus + _sword_of_power(ctx, h)
            q = hurt_hero(ctx, q, other.id, dealt, ev)
            if q.heroes[other.id].defeats == before and row.monster_moves_back:
                q, _ = _push(ctx, q, other.id, q.heroes[h.id].at, row.monster_moves_back, ev)
        if row.hero_hit:
            mine = h.defeats
            q = hurt_hero(ctx, q, h.id, ctx.options.hero_strength, ev)
            if q.heroes[h.id].defeats == mine and row.hero_moves_back:
                q, _ = _push(ctx, q, h.id, q.heroes[other.id].at, row.hero_moves_back, ev)
    if q.heroes[other.id].defeats > before and q.token == other.id:
        q = q.with_(token=h.id)
        _say(ev, "token", f"{h.name} steals the Heroica Token", h.id)
    if q.heroes[h.id].defeats > h.defeats:
        return next_turn(ctx, q, ev)
    return q


def _dm_move(ctx: Ctx, a: DmMove, dice: Dice, ev: Events) -> Quest:
    """The Dungeon Master's move: the monster goes toward the hero (the nearest by path,
    unless named) and attacks it when it ends next to it."""
    q = ctx.quest
    m = q.monsters[a.monster]
    heroes = q.in_play()
    if a.toward is not None:
        target = q.heroes[a.toward]
    else:
        dist = distances(q, m.at, doors=not monster_flies(ctx, m))
        target = min(heroes, key=lambda h: (dist.get(h.at, 10**6), h.id))
    q, face = roll_face(ctx, q, dice, f"the {monster_name(ctx, m)} moves", target.id, own=False)
    row = next(r for r in ctx.catalog.tables.monster_movement.rows if r.face == face)
    extra = ctx.catalog.monsters[m.kind].ability("extra_move")
    spaces = row.spaces + (extra.spaces if isinstance(extra, ExtraMove) else 0)
    q = _step_monster(ctx, q, m, target, spaces, face, ev)
    q = q.with_(dm_left=q.dm_left - 1)
    if adjacent(q.monsters[m.id].at, target.at):
        q = combat(ctx, q, target.id, m.id, dice, ev, hero_attacks=False)
    if ctx.catalog.monsters[m.kind].rank == Rank.BOSS and m.id in q.monsters:
        q = _generators(ctx, q, q.monsters[m.id], dice, ev)
    if q.dm_left <= 0 and q.outcome is None:
        return _new_round(ctx, q, ev)
    return q


def _dm_end(ctx: Ctx, a: DmEnd, dice: Dice, ev: Events) -> Quest:
    _say(ev, "phase", "The Dungeon Master ends its turn")
    return _new_round(ctx, ctx.quest, ev)


def _new_round(ctx: Ctx, q: Quest, ev: Events) -> Quest:
    """The Dungeon Master's turn is over: the first player (or, once out, the next hero in
    play clockwise from its seat) begins the next round."""
    q = q.with_(dm_left=0)
    n = len(q.seats)
    seats = ((q.first + step) % n for step in range(n))
    seat = next((i for i in seats if not q.heroes[q.seats[i]].out), None)
    return q if seat is None else begin_turn(ctx, q, seat, ev, new_round=True)


_HANDLERS: dict[type[Any], Callable[..., Quest]] = {
    RollFirstPlayer: _first_player,
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
    MonsterMove: _monster_move,
    MonsterAttack: _monster_attack,
    DragonFire: _dragon_fire,
    AttackHero: _attack_hero,
    DmMove: _dm_move,
    DmEnd: _dm_end,
    Expand: lambda ctx, a, dice, ev: _mapbuild().expand(ctx, a, dice, ev),
    PassToken: lambda ctx, a, dice, ev: _mapbuild().pass_token(ctx, a, dice, ev),
}


def _mapbuild() -> Any:
    """The Map Build module, imported late (it uses this one)."""
    from companion.rulesets.heroica import mapbuild

    return mapbuild
