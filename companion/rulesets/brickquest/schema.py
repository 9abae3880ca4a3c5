"""Pydantic models of BrickQuest's rules data (``resources/rulesets/brickquest/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Sequences are tuples (truly immutable); the TOML arrays load into them unchanged.
No Qt here, and no rule numbers either: every number lives in the data files.

Abilities (``kind`` tag, shared by classes and monsters; every parameter is in the data):

- ``charge``: ``extra_attack_dice`` after a straight move of at least ``min_squares``.
- ``backstab``: ``extra_attack_dice`` when attacking from the square directly behind.
- ``prowess``: ``dice`` extra dice shared between Attack and Defense each turn;
  ``split_allowed`` (prowess: one to each is allowed).
- ``ninja_focus``: like prowess, ``dice`` for Attack *or* Defense (``split_allowed`` false).
  A ``*`` on a ninja's dice in the text marks this ability.
- ``rage``: ``extra_actions`` by giving up ``defense_dice_given_up`` until the next turn;
  ``attack_required`` (one of the actions must be an attack).
- ``sapper``: ``explosive_points`` to start with, ``max_fuse_rounds``, ``uses_per_round``,
  ``charges`` (:class:`SapperCharge`: clear rubble, open door, bomb...).
- ``turn_undead``: undead within ``radius`` take half of ``dice`` d6, rounded up.
- ``meditation``: a full round of concentration, if not attacked, gives
  ``spell_point_dice`` d6 spell points.
- ``recuperate``: ``spell_points_per_round`` in every round the figure does not cast.
- ``large_creature``: ``defense_modifier`` on Defense rolls (-2).
- ``vermin``: ``defense_bonus`` on Defense rolls; ``moves_through_occupied``.
- ``incorporeal``: only attack dice showing ``counting_faces`` count against it unless
  the attacker has an enchanted weapon (``enchanted_weapons_exempt``);
  ``moves_through_occupied``.
- ``undead``: subject to turning.
- ``regenerates``: ``hit_points_per_turn`` at the start of each turn below maximum,
  never while under one of the ``not_while`` conditions (vampire: ethereal).
- ``poison``: a figure damaged takes ``extra_damage`` more after ``delay_turns``;
  ``optional`` (the blowgunner "may use" it: a figure set up with it does).
- ``mummy_rot``: ``damage_per_round`` until cured; ``cumulative`` (false).
- ``lycanthropy``: contracted on a d6 roll of ``contract_on`` after damage; the victim
  turns after ``turns_to_change``; curable for ``cure_window`` rounds after turning.
- ``breath``: an action doing ``dice`` d6 to a cone of ``cone_length``;
  ``every_other_round``.
- ``action_budget``: ``actions`` per turn instead of 2 (cerberus), or ``moves`` +
  ``attacks`` (elephanthulhu).
- ``spellcaster``: casts from ``spell_list`` with ``spell_points``; ``allowed_spells``
  restricts it (vampire: ethereality only); ``optional``: only some of the kind have it
  (those set up with it).
- ``vampire_conversion``: a character reduced to 0 HP by it ``becomes`` that monster.
- ``living_statue``: pretends to be a statue until a target is close enough to attack.
- ``special_treasure``: carries ``count`` of ``item``, each worth ``multiplier`` times its
  normal value (``ruby@x5``), left on its corpse to loot.
- ``one_attack_per_turn``: only one attack with ``weapon`` per turn (still 2 actions).
- ``melee_and_ranged``: may make melee or ranged attacks in a round, not both.

Spell areas (``kind`` tag): ``adjacent_figure``, ``figure_in_sight``, ``self``,
``circle``, ``cone``, ``line``, ``square``, ``adjacent_object``, ``adjacent_square``,
``wall``, ``location_in_sight``, ``target_and_adjacent``, ``potion_in_hand``.

Skill ids: the class tables' "Force Door/Object" is ``force_door``, "Search doors/traps"
is ``search_secrets`` ("Search for secrets"), "Disarm traps" is ``disarm_trap``; each
:class:`SkillDef` lists such spellings in ``aliases``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Annotated, Any, Final, Literal, NamedTuple, Self

from pydantic import (
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds

#: Rule of skill checks: a roll of snake eyes (two 1s) always fails, whatever the bonus.
SNAKE_EYES_ALWAYS_FAILS: Final = True
#: Skill checks roll this many six-sided dice.
SKILL_CHECK_DICE: Final = 2

#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Distance = Annotated[float, Field(ge=0)]


# --------------------------------------------------------------------------- enums


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


# ----------------------------------------------------------------------- attacks


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


# --------------------------------------------------------------------- abilities


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


# ------------------------------------------------------------------ classes


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


# ----------------------------------------------------------------- monsters


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


# ------------------------------------------------------------------- spells


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


# -------------------------------------------------------------------- items


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


# ------------------------------------------------------------------- skills


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


# --------------------------------------------------------- cross references


class ReferenceProblem(NamedTuple):
    """A broken reference between data files: the file key, field path and message."""

    file: str
    loc: str
    message: str


def _unknown(kind: str, ident: str, known: Iterable[str]) -> str:
    from difflib import get_close_matches

    near = get_close_matches(ident, list(known), n=3)
    hint = f" (did you mean {', '.join(map(repr, near))}?)" if near else ""
    return f"unknown {kind} id {ident!r}{hint}"


def reference_problems(
    classes: ClassesFile,
    monsters: MonstersFile,
    spells: SpellsFile,
    items: ItemsFile,
    skills: SkillsFile,
) -> list[ReferenceProblem]:
    """Every reference from one data file to another that names nothing.

    Checked: class skills -> skills; class spell lists and spellcaster abilities ->
    a list with spells; a spellcaster's ``allowed_spells`` -> spells of its list;
    spells' ``summons`` and ``vampire_conversion.becomes`` -> monsters;
    ``special_treasure.item`` -> items.
    """
    problems: list[ReferenceProblem] = []
    skill_ids = {s.id for s in skills.skills}
    monster_ids = {m.id for m in monsters.monsters}
    item_ids = {i.id for i in items.items}
    spell_by_id = {s.id: s for s in spells.spells}
    lists_with_spells = {s.spell_list for s in spells.spells}

    for ci, cdef in enumerate(classes.classes):
        for si, bonus in enumerate(cdef.skills):
            if bonus.skill not in skill_ids:
                loc = f"classes.{ci}.skills.{si}.skill"
                problems.append(
                    ReferenceProblem("classes", loc, _unknown("skill", bonus.skill, skill_ids))
                )
        for li, spell_list in enumerate(cdef.spell_lists):
            if spell_list not in lists_with_spells:
                loc = f"classes.{ci}.spell_lists.{li}"
                msg = f"spell list {spell_list.value!r} has no spells"
                problems.append(ReferenceProblem("classes", loc, msg))

    owners: list[tuple[str, int, _HasAbilities]] = [
        ("classes", i, c) for i, c in enumerate(classes.classes)
    ] + [("monsters", i, m) for i, m in enumerate(monsters.monsters)]
    for file, index, owner in owners:
        for ai, ability in enumerate(owner.abilities):
            loc = f"{file}.{index}.abilities.{ai}.{ability.kind}"
            if isinstance(ability, Spellcaster):
                if ability.spell_list not in lists_with_spells:
                    msg = f"spell list {ability.spell_list.value!r} has no spells"
                    problems.append(ReferenceProblem(file, f"{loc}.spell_list", msg))
                for si, spell_id in enumerate(ability.allowed_spells or ()):
                    spell = spell_by_id.get(spell_id)
                    if spell is None:
                        msg = _unknown("spell", spell_id, spell_by_id)
                        problems.append(ReferenceProblem(file, f"{loc}.allowed_spells.{si}", msg))
                    elif spell.spell_list != ability.spell_list:
                        msg = f"spell {spell_id!r} is not on the {ability.spell_list.value} list"
                        problems.append(ReferenceProblem(file, f"{loc}.allowed_spells.{si}", msg))
            elif isinstance(ability, VampireConversion) and ability.becomes not in monster_ids:
                msg = _unknown("monster", ability.becomes, monster_ids)
                problems.append(ReferenceProblem(file, f"{loc}.becomes", msg))
            elif isinstance(ability, SpecialTreasure) and ability.item not in item_ids:
                msg = _unknown("item", ability.item, item_ids)
                problems.append(ReferenceProblem(file, f"{loc}.item", msg))

    for si, spell in enumerate(spells.spells):
        summoned = spell.effect.summons
        if summoned is not None and summoned not in monster_ids:
            msg = _unknown("monster", summoned, monster_ids)
            problems.append(ReferenceProblem("spells", f"spells.{si}.effect.summons", msg))
    return problems
