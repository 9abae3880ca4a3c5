"""Heroica's measures and derived numbers: steps on the lattice, locations, full health,
the die a hero rolls, who the monsters are.  Read by validation, resolution and views."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, cast

from companion.rules.verdict import Reason
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.schema import (
    DamageSkill,
    FullHealthBonus,
    HealSkill,
    KnightSwordStyle,
    Rank,
    Skill,
    Style,
)
from companion.rulesets.heroica.state import Cell, Feature, Hero, Monster, Quest

#: Orthogonal steps, in the order ties are broken: north, east, south, west.
STEPS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))
SHIELD: Final = "Shield"
ONE: Final = "1/Skull/Sword"


def reason(code: HeroicaReason, message: str, square: Cell | None = None) -> Reason:
    return Reason(code=code, message=message, square=square)


@dataclass(frozen=True)
class Ctx:
    """A quest and the catalog it is played with."""

    quest: Quest
    catalog: HeroicaCatalog

    @property
    def options(self):
        return self.quest.options


# ------------------------------------------------------------------------ the lattice


def adjacent(a: Cell, b: Cell) -> bool:
    """Orthogonally next to each other ("adjacent (not diagonal)")."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def diagonal(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def locked_edges(q: Quest) -> frozenset[frozenset[Cell]]:
    """The edges locked doors close."""
    return frozenset(
        frozenset((f.at, f.to)) for f in q.features.values() if f.kind == "locked_door" and f.to
    )


def blocking_features(q: Quest, kinds: Iterable[str]) -> dict[Cell, Feature]:
    """Features of ``kinds`` that take their space."""
    wanted = set(kinds)
    return {f.at: f for f in q.features.values() if f.kind in wanted and f.kind != "locked_door"}


def neighbours(
    q: Quest,
    cell: Cell,
    *,
    blocked: frozenset[Cell] | set[Cell],
    doors: bool = True,
    edges: frozenset[frozenset[Cell]] | None = None,
) -> list[Cell]:
    """Spaces one step from ``cell`` that are not ``blocked`` (``doors``: locked doors stop;
    ``edges``: the locked doors' edges, when the caller has them already)."""
    if edges is None:
        edges = locked_edges(q) if doors else frozenset()
    out = []
    for dx, dy in STEPS:
        n = (cell[0] + dx, cell[1] + dy)
        if n in q.spaces and n not in blocked and (not edges or frozenset((cell, n)) not in edges):
            out.append(n)
    return out


def distances(
    q: Quest,
    start: Cell | Iterable[Cell],
    *,
    blocked: frozenset[Cell] | set[Cell] = frozenset(),
    doors: bool = True,
    limit: int | None = None,
    until: Cell | None = None,
) -> dict[Cell, int]:
    """Path length in spaces from ``start`` (a space, or several: the nearest counts) to
    every space it reaches; no further than ``limit`` steps, and (``until``) one step past
    the layer that reaches that space, when only the spaces near it matter."""
    one = isinstance(start, tuple) and len(start) == 2 and isinstance(start[0], int)
    # ``one`` tells a single space from several at run time; mypy cannot narrow on it.
    starts: list[Cell] = [cast(Cell, start)] if one else list(cast(Iterable[Cell], start))
    edges = locked_edges(q) if doors else frozenset()
    dist = {c: 0 for c in starts}
    todo = deque(starts)
    stop: int | None = None
    while todo:
        c = todo.popleft()
        d = dist[c]
        if (limit is not None and d >= limit) or (stop is not None and d > stop):
            continue
        for n in neighbours(q, c, blocked=blocked, edges=edges):
            if n not in dist:
                dist[n] = d + 1
                todo.append(n)
                if n == until and stop is None:
                    stop = d + 2
    return dist


def straight_line(q: Quest, a: Cell, b: Cell, blocked: frozenset[Cell] | set[Cell]) -> bool:
    """``b`` in ``a``'s row or column with an unbroken line of spaces between."""
    if a == b or (a[0] != b[0] and a[1] != b[1]):
        return False
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    edges = locked_edges(q)
    c = a
    while c != b:
        n = (c[0] + dx, c[1] + dy)
        if n not in q.spaces or frozenset((c, n)) in edges or (n != b and n in blocked):
            return False
        c = n
    return True


def first_available(q: Quest, frm: Cell, cell: Cell, taken: set[Cell]) -> Cell:
    """ "Forward to the first available space": on along ``frm`` -> ``cell`` past taken
    spaces; where the line ends, the nearest free space by path."""
    dx, dy = cell[0] - frm[0], cell[1] - frm[1]
    c = cell
    while c in q.spaces and c in taken:
        c = (c[0] + dx, c[1] + dy) if (dx, dy) != (0, 0) else c
        if (dx, dy) == (0, 0):
            break
    if c in q.spaces and c not in taken:
        return c
    for n, _ in sorted(distances(q, cell).items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0])):
        if n not in taken:
            return n
    return cell


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` for one, else ``many`` (default ``word`` + "s"): "1 space", "2 spaces"."""
    return word if n == 1 else (many or word + "s")


def forward_end(q: Quest, hid: str, path: Iterable[Cell]) -> Cell | None:
    """Where a hero's move along ``path`` really ends: "If you end your move in a space
    occupied by another hero, move your hero forward to the first available space."
    Forward is on past the hero, never back to where the move began or onto a space it
    passed: None when no such space is free (or the move ends where it began)."""
    h = q.heroes[hid]
    steps = list(path)
    if not steps:
        return None
    end = steps[-1]
    behind = {h.at, *steps[:-1]}
    if end in {o.at for o in q.in_play() if o.id != hid}:
        taken = taken_cells(q, exclude=hid) | behind
        before = steps[-2] if len(steps) > 1 else h.at
        end = first_available(q, before, end, taken)
        if end in taken:
            return None
    return None if end == h.at else end


def away_from(q: Quest, mover: Cell, attacker: Cell, taken: set[Cell]) -> Cell | None:
    """One space "away from" ``attacker``: a free neighbour whose path distance from the
    attacker is larger; None when there is none (cornered)."""
    dist = distances(q, attacker)
    here = dist.get(mover, 0)
    # Straight back first (on along the attacker -> mover line), then any other way out.
    straight = (2 * mover[0] - attacker[0], 2 * mover[1] - attacker[1])
    away = [n for n in neighbours(q, mover, blocked=taken) if dist.get(n, 10**6) > here]
    return straight if straight in away else (away[0] if away else None)


# ------------------------------------------------------------------------ figures


def taken_cells(q: Quest, *, exclude: str | None = None) -> set[Cell]:
    """Spaces a figure cannot end on: figures, and features that take a space."""
    cells = {h.at for h in q.in_play() if h.id != exclude}
    cells |= {m.at for m in q.monsters.values() if m.id != exclude}
    return cells


def obstacle_cells(ctx: Ctx, kinds: Iterable[str]) -> set[Cell]:
    return set(blocking_features(ctx.quest, kinds))


def hero_blockers(ctx: Ctx, hero: Hero) -> set[Cell]:
    """Spaces a hero may not enter: monsters, and rocks and magic doors."""
    rules = ctx.catalog.tables.movement_rules
    cells = obstacle_cells(ctx, rules.heroes_blocked_by) | {
        m.at for m in ctx.quest.monsters.values()
    }
    return cells


def monster_flies(ctx: Ctx, m: Monster) -> bool:
    return ctx.catalog.monsters[m.kind].ability("flies_over") is not None


def monster_blockers(ctx: Ctx, m: Monster) -> set[Cell]:
    """Spaces a monster may not pass: heroes, and (unless it flies) rocks and magic doors."""
    cells = {h.at for h in ctx.quest.in_play()}
    if not monster_flies(ctx, m):
        cells |= obstacle_cells(ctx, ctx.catalog.tables.movement_rules.monsters_blocked_by)
    return cells


def adjacent_monsters(q: Quest, cell: Cell) -> list[Monster]:
    return [m for m in q.monsters.values() if adjacent(m.at, cell)]


def rank(ctx: Ctx, m: Monster) -> Rank:
    return ctx.catalog.monsters[m.kind].rank


def monster_name(ctx: Ctx, m: Monster) -> str:
    """ "Goblin Warrior": the monster kind's name."""
    return ctx.catalog.monsters[m.kind].name


def strength(ctx: Ctx, m: Monster) -> int:
    return ctx.catalog.strength(m.kind)


def full_health(ctx: Ctx, h: Hero) -> int:
    """The hero's full health: the option, plus its best Helmet (they do not stack)."""
    bonus = 0
    for item_id in (*h.gear, *h.relics):
        effect = ctx.catalog.items[item_id].effect("full_health_bonus")
        if isinstance(effect, FullHealthBonus):
            bonus = max(bonus, effect.bonus)
    return ctx.options.hero_health + bonus


def healed(ctx: Ctx, skill: HealSkill, h: Hero) -> tuple[int, int]:
    """The health and temporary health ``h`` has after ``skill`` heals it: "Restore full
    health" (or "up to 2 health", never above full health), plus the Staff's temporary."""
    top = full_health(ctx, h)
    health = top if skill.amount == "full" else min(top, h.health + skill.amount)
    return health, h.temporary + skill.temporary_health


def heals_nothing(ctx: Ctx, skill: HealSkill, h: Hero) -> bool:
    """The text lets a hero at full health be healed: the skill is spent for nothing."""
    return healed(ctx, skill, h) == (h.health, h.temporary)


def die_of(h: Hero) -> str:
    """The die the hero rolls in place of the Action Die."""
    return "blessed" if h.blessed else "cursed" if h.cursed else "action"


def share_location(q: Quest, a: Cell, b: Cell) -> bool:
    """In the same location (a link piece is in two)."""
    return bool(set(q.locations_of(a)) & set(q.locations_of(b)))


def location_cells(q: Quest, cell: Cell) -> set[Cell]:
    """Every space of the locations ``cell`` is in."""
    out: set[Cell] = set()
    for lid in q.locations_of(cell):
        out |= q.locations[lid].cells
    return out


# ------------------------------------------------------------------------ skills


def skill_of(ctx: Ctx, h: Hero, weapon: str | None) -> Skill | None:
    """The skill used: the hero's own, a weapon's, or the hero's with its own weapon."""
    hero = ctx.catalog.heroes[h.hero]
    if weapon is None:
        return hero.skill
    if weapon == hero.with_weapon.weapon:
        return hero.with_weapon.skill
    return ctx.catalog.items[weapon].skill


def skill_style(ctx: Ctx, h: Hero, weapon: str | None, skill: Skill) -> Style:
    """Melee or Ranged, as option knight_and_sword_style reads the Knight and the Sword."""
    style = ctx.options.knight_and_sword_style
    if style != KnightSwordStyle.AS_WRITTEN and (
        weapon == "sword" or (weapon is None and h.hero == "knight")
    ):
        return Style.MELEE if style == KnightSwordStyle.MELEE else Style.RANGED
    if weapon is not None and weapon != ctx.catalog.heroes[h.hero].with_weapon.weapon:
        item = ctx.catalog.items[weapon]
        if item.style is not None:
            return item.style
    return skill.style  # the hero's own skill, with its own weapon too


def is_damage(skill: Skill) -> bool:
    return isinstance(skill, DamageSkill)


def is_heal(skill: Skill) -> bool:
    return isinstance(skill, HealSkill)


def activated(ctx: Ctx, hero: Hero) -> list[str]:
    """The monsters that move to attack the hero: in its location, or with an unbroken
    straight line of spaces to it (monsters that never move are left out)."""
    q = ctx.quest
    here = set(q.locations_of(hero.at))
    blocked = obstacle_cells(ctx, ("rocks", "magic_door"))
    out = []
    for m in q.monsters.values():
        if ctx.catalog.monsters[m.kind].ability("immobile") is not None:
            continue
        if not here.isdisjoint(q.locations_of(m.at)) or straight_line(q, m.at, hero.at, blocked):
            out.append(m.id)
    return out
