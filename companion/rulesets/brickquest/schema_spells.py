"""Spells: their areas, durations and effects (``spells.toml``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.brickquest.schema_base import (
    Condition,
    Count,
    Distance,
    Id,
    Positive,
    SpellList,
)


class AdjacentFigure(_Frozen):
    kind: Literal["adjacent_figure"]


class FigureInSight(_Frozen):
    kind: Literal["figure_in_sight"]


class SelfArea(_Frozen):
    kind: Literal["self"]
    #: Blinding light: every figure whose firing arc faces the caster is affected.
    affects_figures_facing_caster: bool = False


class Circle(_Frozen):
    kind: Literal["circle"]
    radius: Distance
    centred_on: Literal["target", "caster"]
    needs_line_of_sight: bool


class Cone(_Frozen):
    kind: Literal["cone"]
    length: Distance


class Line(_Frozen):
    kind: Literal["line"]
    length: Distance


class SquareArea(_Frozen):
    kind: Literal["square"]
    side: Positive
    centred_on: Literal["caster"]


class AdjacentObject(_Frozen):
    kind: Literal["adjacent_object"]


class AdjacentSquare(_Frozen):
    kind: Literal["adjacent_square"]


class Wall(_Frozen):
    kind: Literal["wall"]
    length: Literal[2, 3]
    needs_line_of_sight: bool


class LocationInSight(_Frozen):
    kind: Literal["location_in_sight"]


class TargetAndAdjacent(_Frozen):
    kind: Literal["target_and_adjacent"]
    needs_line_of_sight: bool


class PotionInHand(_Frozen):
    kind: Literal["potion_in_hand"]


SpellArea = Annotated[
    AdjacentFigure
    | FigureInSight
    | SelfArea
    | Circle
    | Cone
    | Line
    | SquareArea
    | AdjacentObject
    | AdjacentSquare
    | Wall
    | LocationInSight
    | TargetAndAdjacent
    | PotionInHand,
    Field(discriminator="kind"),
]


class Duration(_Frozen):
    """How long a spell lasts.

    ``instant`` may still leave an effect for ``effect_rounds`` (blinding light);
    ``rounds`` lasts ``rounds`` rounds; ``sustained`` lasts while the caster pays the
    upkeep; ``until_discharged`` until triggered; ``permanent`` for good.
    """

    kind: Literal["instant", "rounds", "until_discharged", "sustained", "permanent"]
    rounds: Positive | None = None
    effect_rounds: Positive | None = None

    @model_validator(mode="after")
    def _rounds(self) -> Duration:
        if (self.kind == "rounds") != (self.rounds is not None):
            raise ValueError("rounds is needed with kind 'rounds' and only then")
        if self.effect_rounds is not None and self.kind != "instant":
            raise ValueError("effect_rounds only goes with kind 'instant'")
        return self


class SpellEffect(_Frozen):
    """What a spell does; absent fields do not apply."""

    damage_dice: Positive | None = None
    adjacent_damage_dice: Positive | None = None
    #: fire, electricity, cold, magic...; for printing and for ``physical``.
    damage_type: str | None = None
    #: Physical damage (fire, electricity, cold) does not affect an ethereal figure.
    physical: bool = False
    heal_dice: Positive | None = None
    cures: tuple[Condition, ...] = ()
    applies: Condition | None = None
    damage_per_round: Positive | None = None
    #: Hiccups: the target takes only this many actions per round.
    actions_per_round: Positive | None = None
    #: Ethereality: movement rate while the condition lasts, in squares per action.
    move_per_action: Positive | None = None
    #: Infuse: the target gets the points spent minus this.
    spell_point_transfer_loss: Count | None = None
    unlocks: bool = False
    reveals_secrets: bool = False
    teleport_max_squares: Positive | None = None
    summons: Id | None = None
    allies_attack_modifier: int = 0
    allies_defense_modifier: int = 0
    enemies_attack_modifier: int = 0
    #: Strengthen potion: the potion's effect is multiplied by this (once per potion).
    potion_multiplier: Positive | None = None

    @model_validator(mode="after")
    def _physical(self) -> SpellEffect:
        if self.physical and self.damage_dice is None:
            raise ValueError("physical needs damage_dice")
        return self


class SpellDef(_Frozen):
    """One spell of one spell list."""

    id: Id
    name: str
    spell_list: SpellList
    #: None only with ``variable_cost`` (infuse).
    cost: Count | None = None
    variable_cost: bool = False
    #: Sustained spells: points paid at the start of each later turn of the caster.
    upkeep_per_round: Positive | None = None
    area: SpellArea
    duration: Duration
    effect: SpellEffect = Field(default_factory=SpellEffect)
    #: Sustained dwarven spells: the caster may only move while the spell lasts.
    restricts_caster_to_moving: bool = False
    summary: str

    @model_validator(mode="after")
    def _costs(self) -> SpellDef:
        if self.variable_cost != (self.cost is None):
            raise ValueError("cost is None exactly when variable_cost is true")
        if (self.duration.kind == "sustained") != (self.upkeep_per_round is not None):
            raise ValueError("upkeep_per_round goes with a sustained duration, and only then")
        return self


class SpellsFile(_Frozen):
    format_version: Literal[1]
    spells: Annotated[tuple[SpellDef, ...], _UniqueIds]
