"""The board's marks, the odds, the log's wording, scenario fields and queries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.ruleset import Event
from companion.rules.table import BoardMark, Odds
from companion.rulesets.heroica.marks import draw_spaces, draw_things
from companion.rulesets.heroica.rules import (
    SHIELD,
    Ctx,
    activated,
    die_of,
    distances,
    full_health,
    monster_name,
    straight_line,
)
from companion.rulesets.heroica.state import Cell, Hero, Monster
from companion.rulesets.heroica.views_offers import moves


def marks(ctx: Ctx) -> list[BoardMark]:
    """The board as it stands: space colours, link pieces, features, items, doors (what a
    casket holds stays hidden)."""
    return [*space_marks(ctx), *thing_marks(ctx)]


def space_marks(ctx: Ctx) -> list[BoardMark]:
    """The spaces' colours and link pieces (they change only when the map grows)."""
    return draw_spaces(ctx.catalog, ctx.quest.locations.values(), ctx.quest.own_colours)


def thing_marks(ctx: Ctx) -> list[BoardMark]:
    """Features, items and doors (a casket's token hidden)."""
    q = ctx.quest
    return draw_things(ctx.catalog, q.features.values(), q.items.values(), reveal=False)


def odds(ctx: Ctx, action: Mapping[str, Any]) -> Odds | None:
    """A fight's chances on the die the hero rolls, from the combat table."""
    q = ctx.quest
    if action.get("action") != "fight":
        return None
    h = q.heroes.get(str(action.get("actor")))
    m = q.monsters.get(str(action.get("target")))
    if h is None or m is None:
        return None
    die = ctx.catalog.dice[die_of(h)]
    table = ctx.catalog.tables.hero_combat.rows
    hurt: dict[int, float] = {}
    for face in die.faces:
        row = next(r for r in table if r.face == face)
        dmg = row.monster_damage + h.strength if row.monster_damage else 0
        rule = ctx.catalog.monsters[m.kind].ability("hurt_only_by")
        if rule is not None and face not in getattr(rule, "faces", ()):
            dmg = 0
        hurt[dmg] = hurt.get(dmg, 0.0) + 1 / len(die.faces)
    hit = 1 - hurt.get(0, 0.0)
    kill = sum(p for d, p in hurt.items() if d >= m.health)
    shield = die.count(SHIELD) / len(die.faces)
    text = (
        f"{die.name}: {hit:.0%} to hurt the {monster_name(ctx, m)}, "
        f"{kill:.0%} to defeat it (Shield {shield:.0%})"
    )
    return Odds(hit=hit, damage=hurt, kill=kill, text=text)


def describe(ctx: Ctx, action: Mapping[str, Any], events: Sequence[Event]) -> str:
    texts = [e.text for e in events]
    if texts:
        return "; ".join(texts)
    return f"{action.get('actor')}: {action.get('action')}"


def hero_fields(ctx: Ctx, h: Hero) -> dict[str, Any]:
    return {
        "at": list(h.at),
        "health": h.health,
        "full_health": full_health(ctx, h),
        "skill": h.skill,
        "gold": h.gold,
        "blessed": h.blessed,
        "cursed": h.cursed,
        "potions": list(h.potions),
        "gear": list(h.gear),
        "relics": list(h.relics),
        "key": h.key,
        "torch": h.torch,
        "temporary": h.temporary,
        "lose_move": h.lose_move,
        "strength": h.strength,
        "out": h.out,
        "defeats": h.defeats,
    }


def monster_fields(ctx: Ctx, m: Monster) -> dict[str, Any]:
    return {"at": list(m.at), "health": m.health, "defeated": False, "relic": m.relic}


def game_fields(ctx: Ctx) -> dict[str, Any]:
    q = ctx.quest
    return {
        "round": q.round,
        "first": q.seats[q.first] if q.seats else None,
        "active": q.active,
        "phase": q.phase,
        "move_face": q.move_face,
        "moves_left": q.moves_left,
        "stopped": q.stopped,
        "must_fight": sorted(q.must_fight),
        "must_search": q.must_search,
        "to_move": list(q.to_move),
        "to_attack": list(q.to_attack),
        "fire": q.fire,
        "boss_track": q.boss_track,
        "dragon_awake": q.dragon_awake,
        "dm_left": q.dm_left,
        "tiles": list(q.tiles_used),
        "locations": sorted(q.locations),
        "token": q.token,
        "dragon_due": q.dragon_due,
        "outcome": q.outcome,
        "monsters": sorted(q.monsters),
        "features": sorted(q.features),
        "items": sorted(i.item for i in q.items.values()),
        "sealed": sorted(f.id for f in q.features.values() if f.sealed),
    }


def query(ctx: Ctx, query: Mapping[str, Any]) -> dict[str, Any]:
    """``spaces`` (path length), ``straight_line``, ``location`` (of ``at``),
    ``activated`` (the monsters that would move to attack ``actor``), ``reachable``."""
    q = ctx.quest
    kind = query.get("query")

    def cell(key: str) -> Cell:
        v = query.get(key)
        if isinstance(v, str):
            fig = q.heroes.get(v) or q.monsters.get(v)
            if fig is None:
                raise ValueError(f"{key}: no figure {v!r}")
            return fig.at
        if not isinstance(v, (list, tuple)) or len(v) != 2:
            raise ValueError(f"{key}: give a figure id or a square [x, y]")
        return (int(v[0]), int(v[1]))

    if kind == "spaces":
        dist = distances(q, cell("from")).get(cell("to"))
        return {"value": dist}
    if kind == "straight_line":
        return {"value": straight_line(q, cell("from"), cell("to"), set())}
    if kind == "location":
        return {"value": sorted(q.locations_of(cell("at")))}
    if kind == "activated":
        h = q.heroes.get(str(query.get("actor")))
        if h is None:
            raise ValueError("activated: name a hero as actor")
        return {"value": sorted(activated(ctx, h))}
    if kind == "reachable":
        hid = str(query.get("actor"))
        return {"value": sorted([list(c) for c in moves(ctx, hid)])}
    raise ValueError(
        f"unknown query {kind!r}: spaces, straight_line, location, activated, reachable"
    )
