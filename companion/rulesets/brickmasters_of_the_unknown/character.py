"""A Brickmasters of the Unknown minifig as its sheet keeps it, and the roster of them.

A roster is the ``party`` of a game (``companion.rules.game``): a JSON document listing
the characters of both sides, each linked by id to a figure on the table.  It is checked
against the catalog, so an unknown class, gimmick, spell, weapon, armour piece or item is
refused by name and place.  Derived numbers (move, armour value, spells known) are
computed here from the catalog, never stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.rules.rosters import RosterError, problems_of, validate_strict
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog
from companion.rulesets.brickmasters_of_the_unknown.dtypes import Dtype
from companion.rulesets.brickmasters_of_the_unknown.schema import STATS, Stat

FORMAT_NAME: Final = "brick-companion-roster"
RULESET: Final = "brickmasters_of_the_unknown"

Ident = Annotated[str, Field(min_length=1, max_length=64)]
Small = Annotated[int, Field(ge=0, le=1_000_000)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Money(_Model):
    """Pips: "100 brown pips = 10 grey pips = 1 yellow pip" (L154)."""

    yellow: Small = 0
    grey: Small = 0
    brown: Small = 0


class Character(_Model):
    """One minifig: class, its four dtypes now, gimmicks, gear, spells and bookkeeping."""

    id: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
    name: Annotated[str, Field(max_length=200)] = ""
    side: Annotated[str, Field(min_length=1, max_length=32)]
    class_id: Annotated[str, Field(alias="class", max_length=64)]
    fight: Dtype
    shoot: Dtype
    cast: Dtype
    adventure: Dtype
    #: Gimmicks held, a repeat for each time taken (the class's free ones included).
    gimmicks: tuple[Ident, ...] = ()
    #: Professional's chosen career.
    career: Annotated[str, Field(max_length=100)] = ""
    #: Once-a-day gimmicks used today.
    used_today: tuple[Ident, ...] = ()
    #: Removable armour pieces worn.
    armour: tuple[Ident, ...] = ()
    #: Pieces knocked off in this combat (they come back after it, L146).
    armour_discarded: tuple[Ident, ...] = ()
    printed_torso: bool = False
    weapons: tuple[Ident, ...] = ()
    items: tuple[Ident, ...] = ()
    gems: tuple[Ident, ...] = ()
    spells_known: tuple[Ident, ...] = ()
    spells_prepared: tuple[Ident, ...] = ()
    #: Spells the day allows (the best of three Cast rolls), None: not yet rolled today.
    spells_per_day: Annotated[int | None, Field(ge=0, le=20)] = None
    spells_cast_today: Annotated[int, Field(ge=0, le=20)] = 0
    broken: bool = False
    demibumps: Small = 0
    money: Money = Money()
    #: Radius of the figure's round base, in studs (a minifig's 2x2 round base: 1).
    base: Annotated[float, Field(ge=0.5, le=8)] = 1.0

    @property
    def label(self) -> str:
        return self.name or self.id

    def dtype(self, stat: Stat | str) -> int:
        return int(getattr(self, Stat(stat).value))

    def dice(self) -> dict[str, int]:
        return {s.value: self.dtype(s) for s in STATS}

    def count(self, gimmick_id: str) -> int:
        return self.gimmicks.count(gimmick_id)


class Roster(_Model):
    """The file: the sides, and the characters of all of them."""

    format: Literal["brick-companion-roster"] = "brick-companion-roster"
    version: Literal[1] = 1
    ruleset: Literal["brickmasters_of_the_unknown"] = "brickmasters_of_the_unknown"
    name: Annotated[str, Field(max_length=200)] = "Warbands"
    sides: Annotated[
        tuple[Annotated[str, Field(min_length=1, max_length=32)], ...],
        Field(min_length=2, max_length=8),
    ]
    characters: Annotated[tuple[Character, ...], Field(max_length=200)] = ()

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)


# -- derived numbers ------------------------------------------------------------------


def armour_max(c: Character, catalog: BmotuCatalog) -> int | None:
    """The lowest "Max armor" of its gimmicks (None: no limit); removable pieces only."""
    caps = [cap for g in set(c.gimmicks) if (cap := catalog.get_gimmick(g).armour_max) is not None]
    return min(caps) if caps else None


def armour_value(c: Character, catalog: BmotuCatalog) -> int:
    """ "an armor value equal to the number of armor pieces worn"; a printed torso +1 (L96)."""
    worn = sum(catalog.get_armour(a).value for a in c.armour)
    torso = catalog.get_armour("printed_torso").value if c.printed_torso else 0
    return worn + torso


def base_move(c: Character, catalog: BmotuCatalog) -> int:
    """The class's move with Fast's +2 for each time taken (L68)."""
    bonus = sum(catalog.get_gimmick(g).move_bonus for g in c.gimmicks)
    return catalog.get_class(c.class_id).move + bonus


def combat_move(c: Character, catalog: BmotuCatalog) -> int:
    """Move in combat, reduced by the armour pieces worn as the class says (L17)."""
    penalty = catalog.get_class(c.class_id).move_penalty.penalty(len(c.armour))
    return max(base_move(c, catalog) - penalty, 0)


def can_cast(c: Character, catalog: BmotuCatalog) -> bool:
    """Cast above d4 and casting gear carried (L113)."""
    gear = set(catalog.casting_gear())
    return catalog.can_cast_die(c.cast) and any(i in gear for i in c.items)


def spells_known_allowed(c: Character, catalog: BmotuCatalog) -> int:
    """ "½ the max value of their cast stat" (L115), Magus +2 each; 0 for Cast ≤ d4."""
    if not catalog.can_cast_die(c.cast):
        return 0
    return catalog.spells_known_at_start(c.cast, c.gimmicks)


def once_a_day_left(c: Character, catalog: BmotuCatalog) -> dict[str, int]:
    """Each once-a-day gimmick held, with its uses left today."""
    held = Counter(g for g in c.gimmicks if catalog.get_gimmick(g).once_per_day)
    used = Counter(c.used_today)
    return {g: max(n - used[g], 0) for g, n in held.items()}


def money_in_brown(money: Money, catalog: BmotuCatalog) -> int:
    return (
        money.yellow * catalog.coin_value("yellow")
        + money.grey * catalog.coin_value("grey")
        + money.brown * catalog.coin_value("brown")
    )


# -- checking -------------------------------------------------------------------------


def _unknown(where: str, ids: tuple[str, ...], table: Mapping[str, Any], what: str) -> list[str]:
    return [f"{where}.{i}: unknown {what} {x!r}" for i, x in enumerate(ids) if x not in table]


def armour_problems(c: Character, catalog: BmotuCatalog) -> list[str]:
    """Why the removable pieces worn are not allowed: over the gimmicks' maximum (L33),
    two on one place ("Helmet or Burnoose", L96), a visor without a helmet."""
    problems = []
    cap = armour_max(c, catalog)
    if cap is not None and len(c.armour) > cap:
        limiting = sorted(
            catalog.get_gimmick(g).name
            for g in set(c.gimmicks)
            if catalog.get_gimmick(g).armour_max == cap
        )
        problems.append(
            f"{len(c.armour)} removable pieces, but {', '.join(limiting)} allow at most {cap} (L33)"
        )
    slots = Counter(catalog.get_armour(a).slot for a in c.armour)
    for slot, n in slots.items():
        if n > 1:
            same = ", ".join(a for a in c.armour if catalog.get_armour(a).slot == slot)
            problems.append(f"one piece on the {slot}, not {n} ({same}) (L96)")
    for piece in c.armour:
        needs = catalog.get_armour(piece).needs
        if needs is not None and needs not in c.armour:
            problems.append(f"a {piece} is worn on a {needs} (L96)")
    return problems


def check_character(c: Character, catalog: BmotuCatalog, where: str) -> list[str]:
    """What is wrong with a character's ids and gear, worded with their place."""
    problems = []
    if c.class_id not in catalog.classes:
        problems.append(f"{where}.class: unknown class {c.class_id!r}")
    problems += _unknown(f"{where}.gimmicks", c.gimmicks, catalog.gimmicks, "gimmick")
    problems += _unknown(f"{where}.used_today", c.used_today, catalog.gimmicks, "gimmick")
    removable = {a for a, d in catalog.armour.items() if d.removable}
    for name, pieces in (("armour", c.armour), ("armour_discarded", c.armour_discarded)):
        problems += _unknown(
            f"{where}.{name}", pieces, dict.fromkeys(removable), "removable armour piece"
        )
    problems += _unknown(f"{where}.weapons", c.weapons, catalog.weapons, "weapon")
    problems += _unknown(f"{where}.items", c.items, catalog.items, "item")
    problems += _unknown(f"{where}.gems", c.gems, catalog.gems, "gem")
    problems += _unknown(f"{where}.spells_known", c.spells_known, catalog.spells, "spell")
    problems += _unknown(f"{where}.spells_prepared", c.spells_prepared, catalog.spells, "spell")
    if problems:
        return problems
    problems += [f"{where}.armour: {p}" for p in armour_problems(c, catalog)]
    unknown_prepared = [s for s in c.spells_prepared if s not in c.spells_known]
    if unknown_prepared:
        problems.append(
            f"{where}.spells_prepared: {', '.join(unknown_prepared)} not in the spell book"
        )
    return problems


def read_roster(raw: Mapping[str, Any], catalog: BmotuCatalog) -> Roster:
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
