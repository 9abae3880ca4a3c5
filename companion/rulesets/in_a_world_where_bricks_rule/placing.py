"""Where figures may be placed on an IAWWBR table: each round base whole on the table,
no two bases overlapping ("base contact" is touching, never one base over another).

One check for a battle's set-up (a scenario's or a new game's, ``setup.build_battle``)
and for a table map (``brick-companion validate``, ``IawwbrRules.table_problems``), so
both refuse the same placements with the same words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.geometry.tabletop import centre_of
from companion.model.mapfile import MapDocument
from companion.rules.places import place_name
from companion.rulesets.in_a_world_where_bricks_rule.roster import Character

#: A character's base radius unless its roster says (a minifig's 2x2 round base).
DEFAULT_BASE: float = Character.model_fields["base"].default

#: Studs of overlap (or overhang) that still count as touching: rounding, not placing.
_EPS = 1e-6


@dataclass(frozen=True)
class Placed:
    """A figure to place: where its problems are reported, its id, cell and base radius."""

    place: str
    id: str
    at: tuple[int, int]
    radius: float


def placement_problems(table: DungeonMap, figures: Sequence[Placed]) -> list[tuple[str, str]]:
    """Every base that hangs over the table's edge (off the table or over void) or
    overlaps another's, as (place, message); empty when all may stand there."""
    problems: list[tuple[str, str]] = []
    for i, f in enumerate(figures):
        if not table.in_bounds(*f.at):
            continue  # the cell itself is refused by the caller
        if _overhangs(table, f):
            problems.append(
                (
                    f.place,
                    f"{f.id}'s base (radius {f.radius:g} studs) on {place_name(f.at)} hangs over "
                    "the table's edge; a base stands whole on the table",
                )
            )
        cx, cy = centre_of(f.at)
        for other in figures[:i]:
            ox, oy = centre_of(other.at)
            gap = math.hypot(cx - ox, cy - oy) - f.radius - other.radius
            if gap < -_EPS:
                problems.append(
                    (
                        f.place,
                        f"{f.id}'s base on {place_name(f.at)} overlaps {other.id}'s on "
                        f"{place_name(other.at)} (gap {gap:.2f} studs);"
                        " bases may touch, not overlap",
                    )
                )
    return problems


def _overhangs(table: DungeonMap, f: Placed) -> bool:
    """Whether the base covers any part of a void cell or any point off the table."""
    cx, cy = centre_of(f.at)
    r = f.radius - _EPS
    if cx - r < 0 or cy - r < 0 or cx + r > table.width or cy + r > table.height:
        return True
    void = int(Terrain.VOID)
    for y in range(math.floor(cy - r), math.floor(cy + r) + 1):
        for x in range(math.floor(cx - r), math.floor(cx + r) + 1):
            if int(table.terrain[y, x]) != void:
                continue
            nx, ny = min(max(cx, x), x + 1), min(max(cy, y), y + 1)
            if math.hypot(cx - nx, cy - ny) < r:
                return True
    return False


def map_problems(
    doc: MapDocument, bases: Mapping[str, float] | None = None
) -> list[tuple[str, str]]:
    """``placement_problems`` of a table map's figures, each with its roster base radius
    (``bases``, by figure id) or ``DEFAULT_BASE``; places as in the map file."""
    placed = [
        Placed(f"figures[{i}] {f.id!r}", f.id, f.at, (bases or {}).get(f.id, DEFAULT_BASE))
        for i, f in enumerate(doc.figures)
    ]
    return placement_problems(doc.dungeon, placed)
