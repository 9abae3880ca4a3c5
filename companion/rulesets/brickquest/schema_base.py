"""What BrickQuest's data files share: the skill-check rule, ids and counts, the enums
(races, archetypes, spell lists, conditions, item categories) and the attack profile.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final

from pydantic import Field, StringConstraints, model_validator

from companion.datafiles import DataModel as _Frozen

#: Rule of skill checks: a roll of snake eyes (two 1s) always fails, whatever the bonus.
SNAKE_EYES_ALWAYS_FAILS: Final = True


#: Skill checks roll this many six-sided dice.
SKILL_CHECK_DICE: Final = 2


#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]


Count = Annotated[int, Field(ge=0)]


Positive = Annotated[int, Field(ge=1)]


Distance = Annotated[float, Field(ge=0)]


class Race(StrEnum):
    HUMAN = "human"
    ELF = "elf"
    DWARF = "dwarf"


class Archetype(StrEnum):
    FIGHTER = "fighter"
    ROGUE = "rogue"
    WIZARD = "wizard"
    PRIEST = "priest"


class SpellList(StrEnum):
    """The three spell lists; "Cleric Spells" in the tables is ``priestly``."""

    PRIESTLY = "priestly"
    WIZARDLY = "wizardly"
    DWARVEN_WAR = "dwarven_war"


class Condition(StrEnum):
    """States a spell, potion or ability puts on (or takes off) a figure, object or square."""

    CURSED = "cursed"
    HICCUPS = "hiccups"
    SILENCED = "silenced"
    INVISIBLE = "invisible"
    ETHEREAL = "ethereal"
    BLINDED = "blinded"
    POISONED = "poisoned"
    MUMMY_ROT = "mummy_rot"
    LYCANTHROPY = "lycanthropy"
    MAGIC_LOCKED = "magic_locked"
    WARDED = "warded"
    #: A living statue keeping still until a target is close enough to attack.
    POSING = "posing"


class ItemCategory(StrEnum):
    COIN = "coin"
    TREASURE = "treasure"
    GOBLET = "goblet"
    GEM = "gem"
    KEY = "key"
    POTION = "potion"
    SCROLL = "scroll"
    BOOK = "book"


class AttackProfile(_Frozen):
    """Attack dice and bonuses per attack type; ranges in squares (BrickRuler)."""

    melee_dice: Count | None = None
    melee_bonus: int = 0
    ranged_dice: Count | None = None
    ranged_bonus: int = 0
    min_range: Distance | None = None
    max_range: Distance | None = None
    #: Dice of a reach attack (a target two squares away), e.g. a tentacle.
    reach_dice: Count | None = None

    @model_validator(mode="after")
    def _consistent(self) -> AttackProfile:
        if self.melee_dice is None and self.ranged_dice is None and self.reach_dice is None:
            raise ValueError("at least one of melee_dice, ranged_dice, reach_dice is needed")
        if self.melee_dice is None and self.melee_bonus:
            raise ValueError("melee_bonus without melee_dice")
        if self.ranged_dice is None:
            if self.ranged_bonus or self.min_range is not None or self.max_range is not None:
                raise ValueError("ranged_bonus/min_range/max_range without ranged_dice")
        else:
            if self.min_range is None or self.max_range is None:
                raise ValueError("ranged_dice needs min_range and max_range")
            if self.min_range > self.max_range:
                raise ValueError("min_range is larger than max_range")
        return self

    @property
    def has_melee(self) -> bool:
        return self.melee_dice is not None

    @property
    def has_ranged(self) -> bool:
        return self.ranged_dice is not None

    @property
    def has_reach(self) -> bool:
        return self.reach_dice is not None
