"""Classes and monsters (``classes.toml``, ``monsters.toml``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.brickquest.schema_abilities import _HasAbilities
from companion.rulesets.brickquest.schema_base import (
    Archetype,
    AttackProfile,
    Count,
    Id,
    Positive,
    Race,
    SpellList,
)


class SkillBonus(_Frozen):
    skill: Id
    bonus: int


class ClassDef(_HasAbilities):
    """A character class: the intersection of a race and an archetype."""

    id: Id
    name: str
    race: Race
    archetype: Archetype
    move: Count
    attack: AttackProfile
    defense_dice: Count
    defense_bonus: int = 0
    initiative_bonus: int
    #: None where the class table says "-" (not a caster).
    spell_points: Count | None = None
    hit_points: Positive
    skills: tuple[SkillBonus, ...] = ()
    spell_lists: tuple[SpellList, ...] = ()
    #: The "Special Abilities" line, for printing.
    summary: str

    @model_validator(mode="after")
    def _caster_consistent(self) -> ClassDef:
        if (self.spell_points is None) != (not self.spell_lists):
            raise ValueError("spell_points and spell_lists must be given together")
        skill_ids = [s.skill for s in self.skills]
        if len(set(skill_ids)) != len(skill_ids):
            raise ValueError("a skill is listed twice")
        return self

    @property
    def has_melee(self) -> bool:
        return self.attack.has_melee

    @property
    def has_ranged(self) -> bool:
        return self.attack.has_ranged

    @property
    def is_caster(self) -> bool:
        return self.spell_points is not None

    def skill_bonus(self, skill: str) -> int:
        """This class's bonus for ``skill`` (0 if none)."""
        return next((s.bonus for s in self.skills if s.skill == skill), 0)


class ClassesFile(_Frozen):
    format_version: Literal[1]
    classes: Annotated[tuple[ClassDef, ...], _UniqueIds]


class MonsterDef(_HasAbilities):
    """A monster card."""

    id: Id
    name: str
    move: Count
    attack: AttackProfile
    #: Attack dice depending on the weapon carried (skeleton); ``attack`` holds the default.
    attack_dice_by_weapon: dict[Id, Count] = Field(default_factory=dict)
    defense_dice: Count
    defense_bonus: int = 0
    initiative: int
    #: None where the card gives no hit points (skeleton, snakeman).
    hit_points: Positive | None = None
    #: The "Special Abilities" line, for printing.
    summary: str = ""

    @model_validator(mode="after")
    def _weapon_dice(self) -> MonsterDef:
        if self.attack_dice_by_weapon and (
            self.attack.melee_dice not in self.attack_dice_by_weapon.values()
        ):
            raise ValueError("attack.melee_dice must be one of attack_dice_by_weapon")
        return self

    @property
    def has_melee(self) -> bool:
        return self.attack.has_melee

    @property
    def has_ranged(self) -> bool:
        return self.attack.has_ranged

    @property
    def is_caster(self) -> bool:
        return self.has_ability("spellcaster")


class MonstersFile(_Frozen):
    format_version: Literal[1]
    monsters: Annotated[tuple[MonsterDef, ...], _UniqueIds]
