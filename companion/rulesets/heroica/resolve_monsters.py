"""The monsters' turn: their paths and moves, generators, spawning, attacks, the Dragon's
fire and the Dungeon Master's moves.
"""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rulesets.heroica.actions import (
    AttackHero,
    DmEnd,
    DmMove,
    DragonFire,
    MonsterAttack,
    MonsterMove,
)
from companion.rulesets.heroica.resolve_base import (
    Events,
    _say,
    _set_hero,
    _set_monster,
    _with,
    roll_face,
)
from companion.rulesets.heroica.resolve_combat import _push, _sword_of_power, combat
from companion.rulesets.heroica.resolve_damage import add_fire, hurt_hero
from companion.rulesets.heroica.resolve_turn import _after_monster, begin_turn, next_turn
from companion.rulesets.heroica.rules import (
    STEPS,
    Ctx,
    adjacent,
    distances,
    first_available,
    locked_edges,
    monster_blockers,
    monster_flies,
    monster_name,
    plural,
    taken_cells,
)
from companion.rulesets.heroica.schema import ExtraMove, Rank
from companion.rulesets.heroica.state import Cell, Hero, Monster, Quest


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
