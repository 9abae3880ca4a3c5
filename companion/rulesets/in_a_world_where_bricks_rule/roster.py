"""A battle's characters (the roster): level, class, armor, shield, weapon, side.

A roster is the ``party`` of a game (``companion.rules.game``): a JSON document listing
both sides' characters, each linked by id to a figure placed on the table.  It is checked
against the catalog, so an unknown class, armor or weapon is refused by name and place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.rules.rosters import RosterError, problems_of, validate_strict
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog

FORMAT_NAME: Final = "brick-companion-roster"
#: Highest level a character may be given ("Just pick a level that seems appropriate").
MAX_LEVEL = 20


class Character(BaseModel):
    """One character of the text's four attributes, plus its weapon and side."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
    name: Annotated[str, Field(max_length=200)] = ""
    side: Annotated[str, Field(min_length=1, max_length=32)]
    level: Annotated[int, Field(ge=1, le=MAX_LEVEL)]
    class_id: Annotated[str, Field(alias="class", max_length=64)]
    armor: Annotated[str, Field(max_length=64)] = "none"
    shield: bool = False
    #: The weapon's kind (``weapons.toml``), or None: unarmed.
    weapon: Annotated[str | None, Field(max_length=64)] = None
    #: What the weapon is at the table ("crowbar"): shown, not read by the rules.
    weapon_name: Annotated[str, Field(max_length=200)] = ""
    #: The defense, when set by hand; None: from the armor and shield.
    defense: Annotated[int | None, Field(ge=1, le=40)] = None
    #: Radius of the figure's round base, in studs (a minifig's 2x2 round base: 1).
    base: Annotated[float, Field(ge=0.5, le=8)] = 1.0

    @property
    def label(self) -> str:
        return self.name or self.id


class Roster(BaseModel):
    """The file: the sides in the order they activate (youngest player first)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["brick-companion-roster"] = "brick-companion-roster"
    version: Literal[1] = 1
    ruleset: Literal["in_a_world_where_bricks_rule"] = "in_a_world_where_bricks_rule"
    name: Annotated[str, Field(max_length=200)] = "Battle"
    #: Sides, youngest player's first ("Players (starting with the youngest) take turns").
    sides: Annotated[
        tuple[Annotated[str, Field(min_length=1, max_length=32)], ...],
        Field(min_length=2, max_length=8),
    ]
    characters: Annotated[tuple[Character, ...], Field(max_length=200)] = ()

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)


def check_character(c: Character, catalog: IawwbrCatalog, where: str) -> list[str]:
    """What is wrong with a character's ids, worded with their place."""
    problems = []
    if c.class_id not in catalog.classes:
        problems.append(f"{where}.class: unknown class {c.class_id!r}")
    if c.armor not in catalog.armor:
        problems.append(f"{where}.armor: unknown armor {c.armor!r}")
    if c.weapon is not None and c.weapon not in catalog.weapons:
        problems.append(f"{where}.weapon: unknown weapon {c.weapon!r}")
    return problems


def read_roster(raw: Mapping[str, Any], catalog: IawwbrCatalog) -> Roster:
    """A roster from its JSON value; ``RosterError`` lists every problem with its place."""
    try:
        roster = validate_strict(Roster, raw)
    except ValidationError as exc:
        raise RosterError("; ".join(problems_of(exc))) from None
    problems: list[str] = []
    seen: set[str] = set()
    for i, c in enumerate(roster.characters):
        where = f"characters.{i}"
        if c.id in seen:
            problems.append(f"{where}.id: {c.id!r} is used twice")
        seen.add(c.id)
        if c.side not in roster.sides:
            problems.append(
                f"{where}.side: {c.side!r} is not one of the sides {list(roster.sides)}"
            )
        problems += check_character(c, catalog, where)
    if len(set(roster.sides)) != len(roster.sides):
        problems.append("sides: a side is named twice")
    if problems:
        raise RosterError("; ".join(problems))
    return roster


def defense_of(c: Character, catalog: IawwbrCatalog) -> int:
    """The character's defense: set by hand, or its armor's plus the shield's bonus."""
    return c.defense if c.defense is not None else catalog.defense(c.armor, c.shield)


def has_range(class_id: str, weapon: str | None, catalog: IawwbrCatalog) -> bool:
    """ "A character either 'has range,' or it doesn't": a ranged weapon, or a class that
    gives range (the Ninja's shuriken)."""
    if weapon is not None and catalog.get_weapon(weapon).ranged:
        return True
    return catalog.get_class(class_id).ability("innate_range") is not None
