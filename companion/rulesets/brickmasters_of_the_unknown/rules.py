"""Brickmasters of the Unknown's rules about figures: dice and bumps, move, weapons and
reach, who is in combat, arcs, sight and openings, where a move must stop.

One function per question, used by validation, resolution, the odds and the views alike,
so no rule is written twice.  The text's loose places are the game's options.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from companion.model.geometry.tabletop import (
    Base,
    StraightMove,
    centre_of,
    line_cells,
    sight_blocked,
    straight_move,
    terrain_blocks,
)
from companion.rules.facing import ArcSpec, FacingSpec
from companion.rules.verdict import Reason
from companion.rulesets.brickmasters_of_the_unknown.dtypes import bump
from companion.rulesets.brickmasters_of_the_unknown.options import Options
from companion.rulesets.brickmasters_of_the_unknown.reasons import BmotuReason
from companion.rulesets.brickmasters_of_the_unknown.state import Encounter, Fig, Stat, Weapon

R = BmotuReason
_EPS = 1e-6

#: "A figure can attack or shoot into its forward semicircle"; Parthian shot: all round.
FACING = FacingSpec(
    kind="eight",
    arcs=(
        ArcSpec(key="front", label="Forward semicircle", degrees=180),
        ArcSpec(key="parthian", label="Parthian shot (all round)", degrees=360),
    ),
    note="Facing is determined only when a figure stops moving.",
    # What ``resolve._face`` does when the player names no facing.
    unnamed="along its move (toward a foe it meets)",
)


@dataclass(frozen=True)
class Ctx:
    """An encounter and the data it is played with (the catalog, when a figure is made)."""

    enc: Encounter
    catalog: Any = None

    @property
    def options(self) -> Options:
        return self.enc.options


def reason(code: BmotuReason, message: str, cell: tuple[int, int] | None = None) -> Reason:
    return Reason(code=code, message=message, square=cell)


def halve(ctx: Ctx, value: int) -> int:
    """½ of ``value``, rounded as the game's option says."""
    how = ctx.options.half_rounding
    if how == "up":
        return (value + 1) // 2
    if how == "nearest":
        return math.floor(value / 2 + 0.5)
    return value // 2


# -- dice ------------------------------------------------------------------------------------


def side_of(f: Fig) -> str:
    """The side a figure fights for now (a charmed one: its charmer's)."""
    charm = f.effect("charmed")
    return charm.side if charm is not None else f.side


def enemies(enc: Encounter, a: Fig, b: Fig) -> bool:
    return a.id != b.id and side_of(a) != side_of(b)


def stat_die(f: Fig, stat: Stat, extra_bumps: int = 0) -> int:
    """The die ``f`` rolls for ``stat`` now: its own, bumped by Curse/bless and ``extra``."""
    bumps = extra_bumps + sum(e.amount for e in f.effects if e.kind == "bump" and e.stat == stat)
    return bump(f.die(stat), bumps)


def lost_turn(f: Fig) -> str | None:
    """Why the figure loses its turns now (asleep, turned, a frog), or None."""
    for kind, why in (
        ("asleep", "asleep"),
        ("turned", "turned"),
        ("frog", "a frog"),
        ("mending", "being mended"),
    ):
        if f.effect(kind) is not None:
            return why
    return None


# -- move ------------------------------------------------------------------------------------


def armour_slowing(ctx: Ctx, f: Fig) -> int:
    """Move lost to armour (L17, the class's ``move_penalty``): Fighters 1 per two pieces
    after the first, Rogues 2 per piece after the first, all else 1:1 (after the first,
    or for every piece: an option).  Mooks' printed move stands unless an option says."""
    if not f.is_character and not ctx.options.mooks_slowed_by_armour:
        return 0
    free, per, studs = f.move_penalty
    if (per, studs) == (1, 1) and ctx.options.armour_slows_others == "every_piece":
        free = 0
    return (max(0, len(f.armour) - free) // per) * studs


def current_move(ctx: Ctx, f: Fig, *, spells: bool = True) -> int:
    """Combat move in move points: the figure's, Fast +2, less armour; Haste doubles it and
    Slow halves it (``spells``); never below 0."""
    move = max(0, f.move + 2 * f.count("fast") - armour_slowing(ctx, f))
    if spells and f.effect("haste") is not None:
        move *= 2
    if spells and f.effect("slow") is not None:
        move = halve(ctx, move)
    return move


def move_studs(ctx: Ctx, f: Fig) -> float:
    return float(current_move(ctx, f) * ctx.options.move_unit_studs)


# -- weapons, reach and range ----------------------------------------------------------------


def fighting_weapons(f: Fig) -> list[Weapon]:
    """Its weapons that fight (a beast's and Kung-Fu's natural ones among them)."""
    return [w for w in f.weapons if w.fight_range is not None]


def shooting_weapons(f: Fig) -> list[Weapon]:
    """Its weapons that shoot ("Beasts always count as armed, and use fight")."""
    return [w for w in f.weapons if w.shoot_range is not None]


def reach(f: Fig) -> float | None:
    """The longest range of its non-shooting weapons (None: it has none)."""
    ranges = [w.fight_range for w in fighting_weapons(f) if w.fight_range is not None]
    return max(ranges) if ranges else None


def distance(ctx: Ctx, a: Base, b: Base) -> float:
    """ "Range is the shortest number of studs between two figures": base edge to base edge
    (or centre to centre, an option)."""
    centres = math.hypot(a.x - b.x, a.y - b.y)
    if ctx.options.range_measure == "centre":
        return centres
    return max(0.0, centres - a.radius - b.radius)


def within(ctx: Ctx, a: Base, b: Base, studs: float | None) -> bool:
    return studs is not None and distance(ctx, a, b) <= studs + _EPS


def threatens(ctx: Ctx, enemy: Fig, at: Base) -> bool:
    """``at`` is within range of ``enemy``'s non-shooting weapon, which can reach it: no
    wall between, and an opening wide enough for the weapon (1 stud for spears and lances,
    2 for the rest)."""
    if enemy.broken:
        return False
    return any(
        within(ctx, at, enemy.base, w.fight_range)
        and terrain_between(ctx, enemy.base, at, w.opening) is None
        for w in fighting_weapons(enemy)
    )


def threatened_cells(ctx: Ctx, f: Fig, foes: list[Fig], cells: list[tuple[int, int]]) -> list[bool]:
    """For each cell: would ``f`` standing there be threatened by one of ``foes``
    (``threatens`` for every cell and foe, with the sight lines of all of them traced at
    once)?"""
    enc = ctx.enc
    out = [False] * len(cells)
    # (cell index, widths of the foe's weapons in range, its first line) still to trace.
    pending: list[tuple[int, list[int], int]] = []
    lines: list[tuple[tuple[float, float], tuple[float, float], float, float]] = []
    mover = f.base
    armed = [(o.base, fighting_weapons(o)) for o in foes if not o.broken]
    for i, cell in enumerate(cells):
        here = mover.moved(centre_of(cell), f.elevation)
        for a, weapons in armed:
            widths = [w.opening for w in weapons if within(ctx, here, a, w.fight_range)]
            if not widths:
                continue
            if _open_ground(ctx, a, here):
                out[i] = True
                break
            b = here
            first = len(lines)
            lines.append(((a.x, a.y), (b.x, b.y), a.elevation, b.elevation))
            dx, dy = b.x - a.x, b.y - a.y
            length = math.hypot(dx, dy)
            if length != 0:
                px, py = -dy / length, dx / length
                for off in (0.45, 0.9) if max(widths) > 1 else (0.45,):
                    for s in (1, -1):
                        sx, sy = px * off * s, py * off * s
                        lines.append(
                            ((a.x + sx, a.y + sy), (b.x + sx, b.y + sy), a.elevation, b.elevation)
                        )
            pending.append((i, widths, first))
    if not pending:
        return out
    blocked = terrain_blocks(
        enc.table, lines, tall=ctx.options.tall_height_bricks, layers=enc.table_layers
    )
    ends = [first for _, _, first in pending[1:]] + [len(lines)]
    for (i, widths, first), end in zip(pending, ends, strict=True):
        # terrain_between: the centre line, then 0.45 either side (and 0.9 for 2 studs).
        flags = blocked[first:end]
        if any(not flags[: 3 if width <= 1 else 5].any() for width in widths):
            out[i] = True
    return out


def engaged(ctx: Ctx, a: Fig, b: Fig) -> bool:
    """``a`` and ``b`` are in combat: enemies, one within the other's fighting reach."""
    if a.broken or b.broken or not enemies(ctx.enc, a, b):
        return False
    if a.id in ctx.enc.fled or b.id in ctx.enc.fled:
        return False
    return threatens(ctx, b, a.base) or threatens(ctx, a, b.base)


def foes_engaged(ctx: Ctx, f: Fig) -> list[Fig]:
    """The enemies ``f`` is in combat with (worked out once per state for a figure as it
    stands in it)."""
    enc = ctx.enc
    if enc.figs.get(f.id) is not f:
        return [o for o in enc.figs.values() if engaged(ctx, f, o)]
    key = ("foes_engaged", f.id)
    got = enc.memo.get(key)
    if got is None:
        got = enc.memo[key] = [o for o in enc.figs.values() if engaged(ctx, f, o)]
    return list(got)


def in_combat(ctx: Ctx, f: Fig) -> bool:
    return bool(foes_engaged(ctx, f))


def weapon_for(ctx: Ctx, f: Fig, target: Fig, shooting: bool) -> Weapon | None:
    """The weapon ``f`` would use on ``target``: one in range, heaviest first."""
    order = {"heavy": 0, "standard": 1, "light": 2}
    pool = shooting_weapons(f) if shooting else fighting_weapons(f)
    fits = [
        w
        for w in pool
        if within(ctx, f.base, target.base, w.range(shooting))
        and terrain_between(ctx, f.base, target.base, w.opening) is None
    ]
    fits.sort(key=lambda w: (order[w.damage], -(w.range(shooting) or 0)))
    return fits[0] if fits else None


# -- arcs, sight, openings -------------------------------------------------------------------


def in_arc(f: Fig, target: Fig, shooting: bool) -> bool:
    """Forward semicircle, or all round when shooting with Parthian shot."""
    arc = "parthian" if shooting and f.count("parthian_shot") else "front"
    return FACING.in_arc((f.x, f.y), f.facing, (target.x, target.y), arc)


def sight(ctx: Ctx, a: Fig, b: Fig) -> tuple[int, int] | str | None:
    """What blocks the sight line from ``a`` to ``b`` (a cell, a figure), None: clear."""
    enc = ctx.enc
    others = [o for o in enc.bases() if o.id not in (a.id, b.id)]
    return sight_blocked(
        enc.table,
        a.base,
        b.base,
        others,
        tall=ctx.options.tall_height_bricks,
        layers=enc.table_layers,
    )


def opening_blocked(ctx: Ctx, a: Fig, b: Fig, width: int) -> tuple[int, int] | None:
    """Where the gap along the line from ``a`` to ``b`` is narrower than ``width`` studs."""
    return terrain_between(ctx, a.base, b.base, width, centre=False)


def terrain_between(
    ctx: Ctx, a: Base, b: Base, width: int, *, centre: bool = True
) -> tuple[int, int] | None:
    """The first wall (or tall cell) on the line between two bases, or where the opening
    it passes is narrower than ``width`` studs: the lines ``width``/2 either side of the
    centre line must be clear too.  None: an attack gets through."""
    enc = ctx.enc
    tall = ctx.options.tall_height_bricks
    if _open_ground(ctx, a, b):
        return None
    if centre:
        got = sight_blocked(enc.table, a, b, [], tall=tall, layers=enc.table_layers)
        if isinstance(got, tuple):
            return got
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    px, py = -dy / length, dx / length
    offsets = (0.45,) if width <= 1 else (0.45, 0.9)
    for o in offsets:
        for s in (1, -1):
            sx, sy = px * o * s, py * o * s
            got = sight_blocked(
                enc.table,
                Base(a.id, a.x + sx, a.y + sy, a.radius, a.side, a.elevation),
                Base(b.id, b.x + sx, b.y + sy, b.radius, b.side, b.elevation),
                [],
                tall=tall,
                layers=enc.table_layers,
            )
            if isinstance(got, tuple):
                return got
    return None


def _open_ground(ctx: Ctx, a: Base, b: Base) -> bool:
    """Nothing that could block stands in the box around two bases (a quick test before
    sight lines are traced): no barrier, no cell ``tall`` above the lower base."""
    layers = ctx.enc.table_layers
    h, w = layers.wall.shape
    x0, x1 = max(0, int(min(a.x, b.x)) - 2), min(w, int(max(a.x, b.x)) + 3)
    y0, y1 = max(0, int(min(a.y, b.y)) - 2), min(h, int(max(a.y, b.y)) + 3)
    if layers.wall[y0:y1, x0:x1].any():
        return False
    low = min(a.elevation, b.elevation)
    return not bool((layers.top[y0:y1, x0:x1] >= low + ctx.options.tall_height_bricks).any())


# -- where a move stops ------------------------------------------------------------------------


def check_path(ctx: Ctx, f: Fig, to: tuple[int, int]) -> StraightMove:
    enc = ctx.enc
    return straight_move(
        enc.table,
        f.base,
        centre_of(to),
        enc.bases(exclude=f.id),
        tall=ctx.options.tall_height_bricks,
        layers=enc.table_layers,
    )


def first_stop(ctx: Ctx, f: Fig, to: tuple[int, int]) -> tuple[tuple[int, int], Fig] | None:
    """The first cell along the straight move to ``to`` (its start excluded) where ``f``
    comes within range of an enemy's non-shooting weapon, and that enemy; None if none.

    "A figure must stop moving and enter combat when it moves within range of an
    opponent's non-shooting weapon."  Cells are read at their centres."""
    foes = [o for o in ctx.enc.standing() if enemies(ctx.enc, f, o) and reach(o) is not None]
    if not foes:
        return None
    for cell in line_cells(f.cell, to)[1:]:
        here = f.base.moved(centre_of(cell), f.elevation)
        for o in foes:
            if threatens(ctx, o, here):
                return cell, o
    return None


def lootable(body: Fig) -> list[str]:
    """The armour pieces by a broken body: those it still wears and those knocked off it
    this encounter ("place all discarded items by the broken body")."""
    off = list(body.armour_start)
    for p in body.armour:
        if p in off:
            off.remove(p)
    return [*body.armour, *off]
