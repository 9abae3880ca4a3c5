"""Heroica's items: the shop, prices and effects (``items.toml``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.heroica.schema_base import (
    TEXT_ITEMS,
    Id,
    Positive,
    Quoted,
    Text,
    _every,
    _unique,
)
from companion.rulesets.heroica.schema_heroes import Skill, Style
from companion.rulesets.heroica.schema_monsters import Rank


class Category(StrEnum):
    POTION = "potion"
    WEAPON = "weapon"
    ARMOUR = "armour"
    RELIC = "relic"
    TORCH = "torch"
    KEY = "key"
    GOLD = "gold"


class Price(Quoted):
    """What the store asks (``buy``; None: not sold) and pays (``sell``) for a category."""

    category: Category
    buy: Positive | None = None
    sell: Positive


class Shop(Quoted):
    #: The phase the store is open in.
    phase: Id
    #: "All players then sell their relics, weapons, armour and potions." (Versus)
    versus_final_sale: tuple[Category, ...]
    prices: Annotated[tuple[Price, ...], _unique("category")]


class PotionUse(Quoted):
    phases: Annotated[tuple[Id, ...], Field(min_length=1)]


class RelicRules(Quoted):
    boss_uses_relic: bool
    boss_uses_shield_relic_on_every_shield: bool
    taken_from_defeated_boss: bool


class RestoreHealth(_Frozen):
    kind: Literal["restore_health"]
    amount: Positive


class RestoreSkillPoints(_Frozen):
    kind: Literal["restore_skill_points"]
    amount: Positive | Literal["full"]


class Reroll(_Frozen):
    kind: Literal["reroll"]
    die: Id


class ExtraMovement(_Frozen):
    """Up to ``spaces`` more when moving."""

    kind: Literal["extra_movement"]
    spaces: Positive


class NextAttackBonus(_Frozen):
    kind: Literal["next_attack_bonus"]
    damage: Positive


class NoDamageWhenAttacking(_Frozen):
    kind: Literal["no_damage_when_attacking"]


class FullHealthBonus(_Frozen):
    kind: Literal["full_health_bonus"]
    bonus: Positive
    #: Items it does not stack with.
    not_with: tuple[Id, ...] = ()


class Bless(_Frozen):
    kind: Literal["bless"]
    trigger: Literal["movement_shield"]
    target: Literal["hero_in_location"]
    includes_self: bool
    #: "In the hands of a Boss Monster, the Chalice Curses rather than Blesses."
    boss_curses: bool


class MoveMonster(_Frozen):
    kind: Literal["move_monster"]
    trigger: Literal["movement_shield"]
    ranks: Annotated[tuple[Rank, ...], Field(min_length=1)]
    take_from: Literal["anywhere", "your_location"]
    place_in: Literal["anywhere", "your_location"]


class RestoreOnFirstDefeat(_Frozen):
    kind: Literal["restore_on_first_defeat"]


class ExtraDamageInRolls(_Frozen):
    kind: Literal["extra_damage_in_rolls"]
    bonus: Positive
    affects_skills: bool


class LostOnHealthLoss(_Frozen):
    kind: Literal["lost_on_health_loss"]


class Unlocks(_Frozen):
    kind: Literal["unlocks"]
    feature: Id
    single_use: bool


class GoldPiece(_Frozen):
    kind: Literal["gold"]
    amount: Positive


Effect = Annotated[
    RestoreHealth
    | RestoreSkillPoints
    | Reroll
    | ExtraMovement
    | NextAttackBonus
    | NoDamageWhenAttacking
    | FullHealthBonus
    | Bless
    | MoveMonster
    | RestoreOnFirstDefeat
    | ExtraDamageInRolls
    | LostOnHealthLoss
    | Unlocks
    | GoldPiece,
    Field(discriminator="kind"),
]


class ItemDef(Quoted):
    """A thing for the hero pack: a weapon's ``skill`` and/or its ``effects``."""

    id: Id
    name: Text
    category: Category
    #: A potion's colour, as the text gives it ("Life (red)").
    colour: Text | None = None
    #: "Melee:" or "Ranged:" where the text labels an item that has no skill.
    label: Style | None = None
    #: "You may only carry ONE torch at a time."
    carry_limit: Positive | None = None
    skill: Skill | None = None
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _does_something(self) -> ItemDef:
        if self.skill is None and not self.effects:
            raise PydanticCustomError("no_use", "an item needs a skill or effects")
        return self

    @property
    def style(self) -> Style | None:
        """Melee or Ranged, as the text labels it (None: neither)."""
        return self.skill.style if self.skill is not None else self.label

    def effect(self, kind: str) -> Effect | None:
        """The first effect of ``kind``, or None."""
        return next((e for e in self.effects if e.kind == kind), None)


class ItemsFile(_Frozen):
    format_version: Literal[1]
    shop: Shop
    potion_use: PotionUse
    relics: RelicRules
    items: Annotated[tuple[ItemDef, ...], _UniqueIds, _every("item", TEXT_ITEMS)]
