"""Items and skills (``items.toml``, ``skills.toml``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import model_validator

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.brickquest.schema_base import (
    SNAKE_EYES_ALWAYS_FAILS,
    Condition,
    Count,
    Id,
    ItemCategory,
    Positive,
)


class PotionEffect(_Frozen):
    heal_dice: Positive | None = None
    spell_point_dice: Positive | None = None
    #: May healing / spell points go above the starting value?
    can_exceed_max: bool = False
    #: Mana potion: only spellcasters (clerics and wizards) gain from it.
    casters_only: bool = False
    move_bonus: Positive | None = None
    grants: Condition | None = None
    rounds: Positive | None = None
    cures: tuple[Condition, ...] = ()

    @model_validator(mode="after")
    def _rounds(self) -> PotionEffect:
        timed = self.move_bonus is not None or self.grants is not None
        if timed != (self.rounds is not None):
            raise ValueError("rounds goes with move_bonus or grants, and only then")
        return self


class ItemDef(_Frozen):
    """Swag: treasure, keys, potions, scrolls and books."""

    id: Id
    name: str
    category: ItemCategory
    #: None for things without a gold value (keys, potions, scrolls).
    value_gold: Count | None = None
    potion: PotionEffect | None = None
    #: Scrolls and books: how many spells they hold.
    spell_count: Positive | None = None
    #: Scrolls and books: 1 when each spell is used up once cast; None when it may be cast
    #: again and again while carried.
    free_casts_per_spell: Literal[1] | None = None
    #: Only a caster of the spell's own list may use it.
    matching_caster_only: bool = False
    summary: str

    @model_validator(mode="after")
    def _category_fields(self) -> ItemDef:
        if (self.category == ItemCategory.POTION) != (self.potion is not None):
            raise ValueError("potion effects go with category 'potion', and only then")
        spells = self.category in (ItemCategory.SCROLL, ItemCategory.BOOK)
        if spells != (self.spell_count is not None):
            raise ValueError("spell_count goes with scrolls and books, and only then")
        return self


class ItemsFile(_Frozen):
    format_version: Literal[1]
    items: Annotated[tuple[ItemDef, ...], _UniqueIds]


class SkillDef(_Frozen):
    id: Id
    name: str
    #: Only characters trained in it (with a bonus in their class) may use it.
    trained_only: bool
    #: Other spellings in the rules text (class tables), e.g. "Search doors/traps".
    aliases: tuple[str, ...] = ()


class Difficulty(_Frozen):
    """A skill-check difficulty: beat ``target`` with 2d6 + bonuses."""

    id: Id
    name: str
    #: The total needed ("N or better"); None for an automatic success (simple).
    target: Positive | None = None
    #: Nearly impossible: only a character with a skill or other bonus may try.
    requires_bonus: bool = False

    @property
    def automatic(self) -> bool:
        return self.target is None

    def succeeds(self, dice: Sequence[int], bonus: int = 0) -> bool:
        """Whether a check with these dice and this total bonus succeeds.

        A simple task always succeeds; snake eyes always fails; a task needing a
        bonus fails without one.
        """
        if self.target is None:
            return True
        if SNAKE_EYES_ALWAYS_FAILS and len(dice) == 2 and all(d == 1 for d in dice):
            return False
        if self.requires_bonus and bonus <= 0:
            return False
        return sum(dice) + bonus >= self.target


class SkillsFile(_Frozen):
    format_version: Literal[1]
    skills: Annotated[tuple[SkillDef, ...], _UniqueIds]
    difficulties: Annotated[tuple[Difficulty, ...], _UniqueIds]
