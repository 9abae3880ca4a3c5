"""Facings and arcs at any angle: bearings, compass directions and the in-arc test.

Angles are degrees clockwise from north, the map's way up (y grows southward): north 0,
east 90, south 180, west 270.  An arc of ``arc`` degrees is centred on the facing, so a
target is in it when its bearing lies within ``arc / 2`` either side (boundary
included); an arc of 360 holds every other point.  A point on the origin itself has no
bearing and is in no arc.  Points may be whole squares or fractions (a stud table).

Facings a ruleset limits to a few directions are named by the compass: four
(``N E S W``) or eight (with ``NE SE SW NW``).  No Qt, no rules here.
"""

from __future__ import annotations

import math

#: Slack of the boundary test, in degrees: an exact diagonal is on a ±45° boundary.
EPSILON = 1e-9
#: The eight compass directions, clockwise from north, with their angles.
COMPASS: dict[str, float] = {
    "N": 0.0,
    "NE": 45.0,
    "E": 90.0,
    "SE": 135.0,
    "S": 180.0,
    "SW": 225.0,
    "W": 270.0,
    "NW": 315.0,
}
#: The directions a figure limited to ``n`` facings may face (4 or 8), clockwise from north.
DIRECTIONS: dict[int, tuple[str, ...]] = {
    4: ("N", "E", "S", "W"),
    8: ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
}


def normal(degrees: float) -> float:
    """``degrees`` brought into ``[0, 360)``."""
    out = math.fmod(degrees, 360.0)
    return out + 360.0 if out < 0 else out + 0.0


def bearing(dx: float, dy: float) -> float:
    """The angle of the step ``(dx, dy)``, clockwise from north (y grows southward).

    Raises ``ValueError`` for the null step, which points nowhere."""
    if dx == 0 and dy == 0:
        raise ValueError("a point has no bearing from itself")
    return normal(math.degrees(math.atan2(dx, -dy)))


def turn_between(a: float, b: float) -> float:
    """The smallest turn from angle ``a`` to angle ``b``, in ``[0, 180]`` degrees."""
    d = normal(b - a)
    return 360.0 - d if d > 180.0 else d


def within_arc(dx: float, dy: float, facing: float, arc: float) -> bool:
    """The step ``(dx, dy)`` points into the arc of ``arc`` degrees centred on ``facing``
    (boundary included; never the null step)."""
    if dx == 0 and dy == 0:
        return False
    if arc >= 360.0:
        return True
    return turn_between(facing, bearing(dx, dy)) <= arc / 2.0 + EPSILON


def in_arc_at(
    origin: tuple[float, float], facing: float, arc: float, target: tuple[float, float]
) -> bool:
    """``target`` lies in the arc of ``arc`` degrees of a figure at ``origin`` facing
    ``facing`` (degrees clockwise from north)."""
    return within_arc(target[0] - origin[0], target[1] - origin[1], facing, arc)


def check_arc(arc: float) -> float:
    """``arc`` when it is an arc's width (more than 0, at most 360 degrees), else
    ``ValueError`` naming it."""
    if isinstance(arc, bool) or not isinstance(arc, (int, float)) or not 0 < arc <= 360:
        raise ValueError(f"an arc is more than 0 and at most 360 degrees, not {arc!r}")
    return float(arc)


def compass_degrees(name: str) -> float:
    """The angle of a compass direction ("N", "SE"...); ``ValueError`` names a wrong one."""
    try:
        return COMPASS[name.upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"{name!r} is not a compass direction ({', '.join(COMPASS)})") from None


def nearest_direction(degrees: float, count: int) -> str:
    """The one of ``count`` (4 or 8) compass directions nearest ``degrees``; on an exact
    boundary between two, E or W if one of them is (a square on an exact diagonal is
    faced east or west, as :func:`.facing.facing_toward` does), else the first clockwise
    from north."""
    names = DIRECTIONS[count]

    def key(name: str) -> tuple[float, bool, int]:
        off = round(turn_between(COMPASS[name], degrees), 9)
        return off, COMPASS[name] % 180 != 90, names.index(name)

    return min(names, key=key)


def stepped(name: str, steps: int, count: int) -> str:
    """The direction ``steps`` turns clockwise (negative: anticlockwise) from ``name``
    among ``count`` (4 or 8) directions; a name not among them starts from its nearest."""
    names = DIRECTIONS[count]
    start = name if name in names else nearest_direction(compass_degrees(name), count)
    return names[(names.index(start) + steps) % count]
