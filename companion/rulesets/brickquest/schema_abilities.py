"""The abilities of classes and monsters (``kind`` tag; listed in ``schema``) and the base
of the cards that carry them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Annotated, Any, Literal, Self

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.rulesets.brickquest.schema_base import (
    Condition,
    Count,
    Distance,
    Id,
    Positive,
    SpellList,
)


class SapperBlast(_Frozen):
    """Damage of a sapper charge in one zone: ``dice`` d6 plus ``points``."""

    zone: Literal["target", "adjacent", "within_radius_2", "under_rubble"]
    dice: Count = 0
    points: Count = 0


class SapperCharge(_Frozen):
    """One sapper action, paid in explosive points."""

    id: Id
    name: str
    cost: Positive
    blasts: tuple[SapperBlast, ...] = ()
    summary: str


class Charge(_Frozen):
    kind: Literal["charge"]
    extra_attack_dice: Positive
    min_squares: Positive


class Backstab(_Frozen):
    kind: Literal["backstab"]
    extra_attack_dice: Positive


class Prowess(_Frozen):
    kind: Literal["prowess"]
    dice: Positive
    split_allowed: bool


class NinjaFocus(_Frozen):
    kind: Literal["ninja_focus"]
    dice: Positive
    split_allowed: bool


class Rage(_Frozen):
    kind: Literal["rage"]
    extra_actions: Positive
    defense_dice_given_up: Positive
    attack_required: bool


class Sapper(_Frozen):
    kind: Literal["sapper"]
    explosive_points: Count
    max_fuse_rounds: Count
    uses_per_round: Positive
    charges: tuple[SapperCharge, ...]


class TurnUndead(_Frozen):
    kind: Literal["turn_undead"]
    radius: Distance
    dice: Positive


class Meditation(_Frozen):
    kind: Literal["meditation"]
    spell_point_dice: Positive


class Recuperate(_Frozen):
    kind: Literal["recuperate"]
    spell_points_per_round: Positive


class LargeCreature(_Frozen):
    kind: Literal["large_creature"]
    defense_modifier: int


class Vermin(_Frozen):
    kind: Literal["vermin"]
    defense_bonus: int
    moves_through_occupied: bool


class Incorporeal(_Frozen):
    kind: Literal["incorporeal"]
    counting_faces: tuple[Annotated[int, Field(ge=1, le=6)], ...]
    enchanted_weapons_exempt: bool
    moves_through_occupied: bool


class Undead(_Frozen):
    kind: Literal["undead"]


class Regenerates(_Frozen):
    kind: Literal["regenerates"]
    hit_points_per_turn: Positive
    not_while: tuple[Condition, ...] = ()


class Poison(_Frozen):
    kind: Literal["poison"]
    extra_damage: Positive
    delay_turns: Positive
    optional: bool = False


class MummyRot(_Frozen):
    kind: Literal["mummy_rot"]
    damage_per_round: Positive
    cumulative: bool


class Lycanthropy(_Frozen):
    kind: Literal["lycanthropy"]
    contract_on: Annotated[int, Field(ge=1, le=6)]
    turns_to_change: Positive
    cure_window: Positive


class Breath(_Frozen):
    kind: Literal["breath"]
    dice: Positive
    cone_length: Distance
    every_other_round: bool


class ActionBudget(_Frozen):
    kind: Literal["action_budget"]
    actions: Positive | None = None
    moves: Count | None = None
    attacks: Count | None = None

    @model_validator(mode="after")
    def _something(self) -> ActionBudget:
        if self.actions is None and self.moves is None and self.attacks is None:
            raise ValueError("give actions, or moves and attacks")
        return self


class Spellcaster(_Frozen):
    kind: Literal["spellcaster"]
    spell_list: SpellList
    spell_points: Count
    allowed_spells: tuple[Id, ...] | None = None
    optional: bool = False


class VampireConversion(_Frozen):
    kind: Literal["vampire_conversion"]
    becomes: Id


class LivingStatue(_Frozen):
    kind: Literal["living_statue"]


class SpecialTreasure(_Frozen):
    kind: Literal["special_treasure"]
    item: Id
    multiplier: Positive
    #: How many it carries (Elephanthulhu's eyes: two rubies).
    count: Positive = 1


class OneAttackPerTurn(_Frozen):
    kind: Literal["one_attack_per_turn"]
    weapon: str


class MeleeAndRanged(_Frozen):
    kind: Literal["melee_and_ranged"]


Ability = Annotated[
    Charge
    | Backstab
    | Prowess
    | NinjaFocus
    | Rage
    | Sapper
    | TurnUndead
    | Meditation
    | Recuperate
    | LargeCreature
    | Vermin
    | Incorporeal
    | Undead
    | Regenerates
    | Poison
    | MummyRot
    | Lycanthropy
    | Breath
    | ActionBudget
    | Spellcaster
    | VampireConversion
    | LivingStatue
    | SpecialTreasure
    | OneAttackPerTurn
    | MeleeAndRanged,
    Field(discriminator="kind"),
]


#: What cards answer about themselves, asked for every figure of every state (boards,
#: sizes, replays): (id of the card, question) -> (the card, the answer).  Cards are frozen,
#: and an entry holds its card, so an id is never another card's while it is kept.
_KNOWN: dict[tuple[int, Any], tuple[Any, Any]] = {}


_KNOWN_LIMIT = 4096


def _known(card: object, question: Any, answer: Callable[[], Any]) -> Any:
    """``answer()`` for ``card``, worked out once per card and question."""
    key = (id(card), question)
    hit = _KNOWN.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    value = answer()
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    _KNOWN[key] = (card, value)
    return value


class _HasAbilities(_Frozen):
    abilities: tuple[Ability, ...] = ()

    def ability(self, kind: str) -> Ability | None:
        """The first ability of this ``kind``, or None."""
        return next((a for a in self.abilities if a.kind == kind), None)

    def has_ability(self, kind: str) -> bool:
        return self.ability(kind) is not None

    @property
    def optional_abilities(self) -> tuple[str, ...]:
        """Kinds of ability only some figures of this card have (a casting snakeman)."""
        return tuple(a.kind for a in self.abilities if getattr(a, "optional", False))

    def fitted(self, chosen: Iterable[str]) -> Self:
        """The card as one figure has it: its optional abilities only where ``chosen``.

        The answer is kept per card and choice (``_known``)."""
        chosen = tuple(chosen)

        def fit() -> _HasAbilities:
            drop = set(self.optional_abilities) - set(chosen)
            if not drop:
                return self
            kept = tuple(a for a in self.abilities if a.kind not in drop)
            return self.model_copy(update={"abilities": kept})

        fitted: Self = _known(self, ("fitted", chosen), fit)
        return fitted

    @property
    def moves_through_occupied(self) -> bool:
        """Vermin and incorporeal figures may move through occupied squares."""
        through: bool = _known(
            self,
            "moves_through_occupied",
            lambda: any(getattr(a, "moves_through_occupied", False) for a in self.abilities),
        )
        return through

    @property
    def is_undead(self) -> bool:
        return self.has_ability("undead")

    @property
    def large(self) -> bool:
        """A large creature (taller figure; -2 on Defense): derived from the abilities."""
        large: bool = _known(self, "large", lambda: self.has_ability("large_creature"))
        return large

    @property
    def ability_defense_modifier(self) -> int:
        """The sum of the fixed Defense modifiers the abilities give (large, vermin)."""
        total = 0
        for a in self.abilities:
            if isinstance(a, LargeCreature):
                total += a.defense_modifier
            elif isinstance(a, Vermin):
                total += a.defense_bonus
        return total

    @field_validator("abilities")
    @classmethod
    def _no_repeated_kinds(cls, value: tuple[Ability, ...]) -> tuple[Ability, ...]:
        repeated = [k for k, n in Counter(a.kind for a in value).items() if n > 1]
        if repeated:
            raise PydanticCustomError(
                "repeated_ability",
                "ability kind(s) {kinds} given twice",
                {"kinds": ", ".join(repeated)},
            )
        return value
