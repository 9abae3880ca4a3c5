"""What the rules data says about a placed figure: move, attacks, size.

The GUI shows reach and attack overlays from these numbers; the numbers come from
the BrickQuest catalog (``companion.rulesets.brickquest.catalog``), never from widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.model.mapfile import FigurePlacement


@dataclass(frozen=True, slots=True)
class FigureStats:
    """A figure's movement and attack options, as its class or monster card gives them."""

    name: str
    move: int
    melee: bool
    reach: bool
    ranged: tuple[float, float] | None
    large: bool
    slips_through: bool


@cache
def catalog() -> Any:
    """The BrickQuest catalog, loaded once (None if its data cannot be read)."""
    try:
        from companion.rulesets.brickquest.catalog import default_catalog

        return default_catalog()
    except Exception:  # a broken data file must not stop the map editor
        return None


def class_choices() -> list[tuple[str, str]]:
    """``(id, name)`` of every character class."""
    cat = catalog()
    return [] if cat is None else [(k, v.name) for k, v in cat.classes.items()]


def monster_choices() -> list[tuple[str, str]]:
    """``(id, name)`` of every monster."""
    cat = catalog()
    return [] if cat is None else [(k, v.name) for k, v in cat.monsters.items()]


def stats_for(fig: FigurePlacement) -> FigureStats | None:
    """The figure's stats from its class or monster, or None if it names neither."""
    cat = catalog()
    if cat is None:
        return None
    entry = None
    if fig.class_id and fig.class_id in cat.classes:
        entry = cat.classes[fig.class_id]
    elif fig.monster and fig.monster in cat.monsters:
        entry = cat.monsters[fig.monster]
    if entry is None:
        return None
    att = entry.attack
    ranged = None
    if att.has_ranged and att.min_range is not None and att.max_range is not None:
        ranged = (float(att.min_range), float(att.max_range))
    slips = any(
        getattr(a, "moves_through_occupied", False) for a in getattr(entry, "abilities", ())
    )
    return FigureStats(
        name=entry.name, move=int(entry.move), melee=att.has_melee, reach=att.has_reach,
        ranged=ranged, large=entry.has_ability("large_creature"), slips_through=slips,
    )
