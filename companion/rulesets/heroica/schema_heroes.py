"""Heroica's dice, skills and heroes (``dice.toml``, ``heroes.toml``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.heroica.schema_base import (
    TEXT_DICE,
    TEXT_HEROES,
    Count,
    Id,
    Label,
    Positive,
    Quoted,
    Text,
    _every,
)


class Condition(StrEnum):
    """Blessings and Curses."""

    BLESSED = "blessed"
    CURSED = "cursed"


class DieDef(Quoted):
    """One of the six dice: its faces' labels, face 1 first."""

    id: Id
    name: Text
    faces: Annotated[tuple[Label, ...], Field(min_length=2)]
    #: The die rolled in place of ``replaces`` while a hero is ``when``.
    replaces: Id | None = None
    when: Condition | None = None

    @model_validator(mode="after")
    def _replaces_when(self) -> DieDef:
        if (self.replaces is None) != (self.when is None):
            raise PydanticCustomError(
                "replaces_when", "'replaces' and 'when' go together (both or neither)"
            )
        return self

    @property
    def distinct_faces(self) -> tuple[str, ...]:
        """Each label once, in face order."""
        return tuple(dict.fromkeys(self.faces))

    def count(self, label: str) -> int:
        """How many faces carry ``label``."""
        return self.faces.count(label)


class DiceFile(_Frozen):
    format_version: Literal[1]
    dice: Annotated[tuple[DieDef, ...], _UniqueIds, _every("die", TEXT_DICE)]


class Style(StrEnum):
    """Melee or Ranged: "Each hero has a special Ranged or Melee skill."."""

    MELEE = "melee"
    RANGED = "ranged"


class Measure(StrEnum):
    #: "up to N spaces away, even around corners": a path of spaces.
    PATH = "path"
    #: "in a straight line": the same row or column.
    STRAIGHT_LINE = "straight_line"


class Move(_Frozen):
    spaces: Positive
    #: "Move up to 2 spaces" (or fewer); otherwise exactly ``spaces``.
    up_to: bool


class DamageSkill(_Frozen):
    kind: Literal["damage"]
    style: Style
    cost: Positive
    damage: Positive
    targets: Positive = 1
    all_adjacent: bool = False
    reach: Positive
    measure: Measure = Measure.PATH
    different_lines: bool = False
    move_before: Move | None = None
    move_after: Move | None = None
    swap_places: bool = False
    extra_gold: Count = 0


class HealSkill(_Frozen):
    kind: Literal["heal"]
    style: Style
    cost: Positive
    amount: Positive | Literal["full"]
    up_to: bool = False
    temporary_health: Count = 0
    target: Literal["hero_in_location"]
    includes_self: bool


Skill = Annotated[DamageSkill | HealSkill, Field(discriminator="kind")]


class SkillPoints(Quoted):
    """The "full (4) skill points": 1 restored in Upkeep and 1 more on a movement Shield."""

    full: Positive
    upkeep_restore: Count
    shield_restore: Count


class WithWeapon(Quoted):
    """The hero's skill with its own weapon: "(If the Barbarian has the Axe: ...)"."""

    weapon: Id
    skill: Skill


class HeroDef(Quoted):
    """A hero: its skill (``text``: the skill's words after "Melee - " or "Ranged - ")."""

    id: Id
    name: Text
    #: Its face on the Character Die and that face's colour.
    colour: Text
    character_die_face: Label
    skill: Skill
    with_weapon: WithWeapon

    @property
    def style(self) -> Style:
        return self.skill.style


class HeroesFile(_Frozen):
    format_version: Literal[1]
    skill_points: SkillPoints
    heroes: Annotated[tuple[HeroDef, ...], _UniqueIds, _every("hero", TEXT_HEROES)]
