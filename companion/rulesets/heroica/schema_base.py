"""What every Heroica data file shares: ids, counts, texts and their lines, the rule
texts' names, and the checks that ids are unique and every entry present.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Final, TypeVar

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen

#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]


Count = Annotated[int, Field(ge=0)]


Positive = Annotated[int, Field(ge=1)]


Text = Annotated[str, StringConstraints(min_length=1)]


#: A face of a die as the text names it ("Shield", "3/Sword", "gold/green").
Label = Text


#: The second, complete copy of the post in ``heroica-expanded.txt`` (1-based lines).
FIRST_LINE: Final = 137


LAST_LINE: Final = 317


Line = Annotated[int, Field(ge=FIRST_LINE, le=LAST_LINE)]


#: "2. THE HEROICA DICE": ``dice.toml`` must have them all.
TEXT_DICE: Final = ("action", "cursed", "blessed", "character", "location", "items")


#: "1. CHARACTERS"
TEXT_HEROES: Final = ("barbarian", "wizard", "druid", "ranger", "thief", "knight")


#: "7. STANDARD MONSTERS", "8. BOSS MONSTERS" and "DRAGON": the fourteen kinds.
TEXT_MONSTERS: Final = (
    "spider",
    "snake",
    "bat",
    "goblin_warrior",
    "werewolf",
    "mummy",
    "golem_guardian",
    "goblin_guardian",
    "goblin_general",
    "dark_druid",
    "pharaoh_ramses",
    "golem_lord",
    "goblin_king",
    "dragon",
)


#: "POTIONS", "6. WEAPONS & ARMOUR", "RELICS", torches, keys and gold.
TEXT_ITEMS: Final = (
    "life_potion",
    "skill_potion",
    "luck_potion",
    "speed_potion",
    "strength_potion",
    "axe",
    "wand",
    "staff",
    "bow",
    "dagger",
    "sword",
    "crossbow",
    "spear",
    "ninja_sword",
    "helmet",
    "helmet_of_protection",
    "chalice_of_luck",
    "sceptre_of_summoning",
    "sceptre_of_banishment",
    "crystal_of_deflection",
    "sword_of_power",
    "torch",
    "key",
    "gold",
)


#: The five phases of a player's turn, in order.
TEXT_PHASES: Final = (
    "upkeep",
    "hero_movement",
    "hero_combat",
    "monster_movement",
    "monster_combat",
)


#: The six locations of the text.
TEXT_REALMS: Final = (
    "draida_bay",
    "castle_fortaan",
    "waldurk_forest",
    "caverns_of_nathuz",
    "ramses_temple",
    "lava_mountain",
)


#: "4. PLAY VARIATIONS"
TEXT_VARIATIONS: Final = ("co_operative", "versus", "dungeon_master", "fixed_map", "map_build")


_E = TypeVar("_E")


def _every(kind: str, wanted: Iterable[str], *, in_order: bool = False) -> AfterValidator:
    """A validator: entries whose ``id``s include each of ``wanted`` (in that order)."""
    wanted = tuple(wanted)

    def check(entries: tuple[_E, ...]) -> tuple[_E, ...]:
        present = [str(getattr(entry, "id")) for entry in entries]  # noqa: B009
        for ident in wanted:
            if ident not in present:
                raise PydanticCustomError(
                    f"missing_{kind}",
                    "missing {kind} '{id}' of the text",
                    {"kind": kind, "id": ident},
                )
        if in_order and tuple(i for i in present if i in wanted) != wanted:
            raise PydanticCustomError(
                f"{kind}_order",
                "{kind}s must come in the text's order: {order}",
                {"kind": kind, "order": ", ".join(wanted)},
            )
        return entries

    return AfterValidator(check)


def _unique(field: str) -> AfterValidator:
    """A validator: no two entries share ``field``."""

    def check(entries: tuple[_E, ...]) -> tuple[_E, ...]:
        seen: dict[object, int] = {}
        for index, entry in enumerate(entries):
            value = getattr(entry, field)
            if value in seen:
                raise PydanticCustomError(
                    "duplicate",
                    "duplicate {field} '{value}' at index {index} (first at index {first})",
                    {"field": field, "value": str(value), "index": index, "first": seen[value]},
                )
            seen[value] = index
        return entries

    return AfterValidator(check)


class Quoted(_Frozen):
    """An entry of the text: its ``line`` and its sentence, verbatim."""

    line: Line
    text: Text
