"""Movement: the move roll, walking, doors, relics, the magic door and the map."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rulesets.heroica.actions import (
    Move,
    MoveMagicDoor,
    PassDoor,
    ReadMap,
    RollMove,
    SkipMove,
    Unlock,
    UseRelic,
)
from companion.rulesets.heroica.resolve_base import (
    Events,
    _add_item,
    _enter_phase,
    _name,
    _say,
    _set_hero,
    _set_monster,
    _with,
    roll_face,
)
from companion.rulesets.heroica.resolve_damage import _condition
from companion.rulesets.heroica.resolve_searching import _draw_token
from companion.rulesets.heroica.rules import (
    Ctx,
    adjacent,
    first_available,
    forward_end,
    locked_edges,
    plural,
    taken_cells,
)
from companion.rulesets.heroica.schema import Category
from companion.rulesets.heroica.state import MOVEMENT, Cell, Feature, Hero, Quest
from companion.rulesets.heroica.validate import stops_at


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
