"""Pydantic models of In a World Where Bricks Rule's data (``resources/rulesets/
in_a_world_where_bricks_rule/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Sequences are tuples.  No Qt here and no rule numbers: every number is in the data files.

Class abilities (``kind`` tag; every parameter is in ``classes.toml``):

- ``weapon_attack_bonus``: ``bonus`` to attack rolls with one of ``weapons`` (Archer,
  Soldier, Swordsman).
- ``extra_hit``: ``hits`` more on a successful attack (Brute).
- ``toughness``: knocked out at ``level + extra_hits`` hits (Brute).
- ``activation_defense``: ``modifier`` added to defense for the activation check only
  (Knight, Soldier).
- ``innate_range``: has range without a ranged weapon; never takes the attack modifiers
  of ``exempt_from`` (Ninja).
- ``unblocked_movement``: moves are not blocked by tall objects / characters, nor slowed
  by difficult terrain, as its flags say (Space Trooper).
- ``undead_revival``: while knocked out, a ``die_sides`` roll in ``succeeds_on`` brings it
  back with no hits; ``acts_at_once`` (Undead).
- ``disarm_on_melee_hit``: a character it hits in melee drops its weapon (Vigilante).
- ``wizard_blast``: an ability costing ``actions``: a ``die_sides`` roll in ``succeeds_on``
  gives a character within ``range_lengths`` ``hits``; ``target_loses_round``; at most
  ``uses_per_round`` (Wizard).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import (
    AfterValidator,
    Field,
    StringConstraints,
)
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds

#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
#: Sides of a die the text rolls: d6 and d20.
DieSides = Annotated[int, Field(ge=2)]
Text = Annotated[str, StringConstraints(min_length=1)]

#: The ten classes of the text ("Character Classes"); ``classes.toml`` must have them all.
TEXT_CLASSES: Final = (
    "archer",
    "brute",
    "knight",
    "ninja",
    "soldier",
    "space_trooper",
    "swordsman",
    "undead",
    "vigilante",
    "wizard",
)


# ------------------------------------------------------------------------ armor


class ArmorDef(_Frozen):
    """One row of the defense guide: "Chainmail, SWAT body armor: 14"."""

    id: Id
    name: Text
    defense: Positive
    #: The text's own words for this row.
    examples: tuple[Text, ...] = ()


class ArmorFile(_Frozen):
    format_version: Literal[1]
    #: "Carrying a shield adjusts an armor value by +1."
    shield_bonus: int
    armor: Annotated[tuple[ArmorDef, ...], _UniqueIds, Field(min_length=1)]


# ---------------------------------------------------------------------- weapons


class WeaponDef(_Frozen):
    """A kind of weapon; ``ranged`` weapons give the character range."""

    id: Id
    name: Text
    ranged: bool
    examples: tuple[Text, ...] = ()


class WeaponsFile(_Frozen):
    format_version: Literal[1]
    weapons: Annotated[tuple[WeaponDef, ...], _UniqueIds, Field(min_length=1)]


# ------------------------------------------------------------------------ rules


class Situation(StrEnum):
    """The four combat conditions of "Attack modifiers:"."""

    MELEE_BY_RANGED_CHARACTER = "melee_by_ranged_character"
    TARGET_LOWER = "target_lower"
    TARGET_IN_COVER = "target_in_cover"
    TARGET_IN_CONTACT_WITH_ATTACKER_SIDE = "target_in_contact_with_attacker_side"


class AttackModifier(_Frozen):
    situation: Situation
    modifier: int
    #: The line of the text, verbatim.
    text: Text


def _every_situation_once(entries: tuple[AttackModifier, ...]) -> tuple[AttackModifier, ...]:
    seen = [entry.situation for entry in entries]
    for situation in Situation:
        if seen.count(situation) != 1:
            raise PydanticCustomError(
                "situations",
                "situation '{situation}' must appear once (found {count})",
                {"situation": situation.value, "count": seen.count(situation)},
            )
    return entries


class Activation(_Frozen):
    """The round's roll: ``dice`` d``die_sides``; players alternate, ``first_player`` first."""

    dice: Positive
    die_sides: DieSides
    first_player: Literal["youngest"]


class Actions(_Frozen):
    per_activation: Positive
    may_leave_unused: bool


class Movement(_Frozen):
    """Move actions: a straight move of up to ``lengths_per_move`` and what things cost."""

    lengths_per_move: Annotated[float, Field(gt=0)]
    difficult_terrain_actions: Positive
    break_free_actions: Positive
    pick_up_actions: Positive
    climb_actions: Positive


class Attack(_Frozen):
    """d``die_sides`` (+ level if ``adds_level``) + modifiers >= defense gives ``hits``."""

    die_sides: DieSides
    adds_level: bool
    #: How far a character with range reaches; melee needs base contact.
    ranged_reach_lengths: Annotated[float, Field(gt=0)]
    hits: Positive
    modifiers: Annotated[tuple[AttackModifier, ...], AfterValidator(_every_situation_once)]

    def modifier(self, situation: Situation | str) -> int:
        wanted = Situation(situation)
        return next(m.modifier for m in self.modifiers if m.situation == wanted)


class KnockOut(_Frozen):
    """Knocked out when hits reach the level (plus any toughness)."""

    at_hits: Literal["level"]
    removed_from_battle: bool


class BattleEnd(_Frozen):
    last_side_standing: bool
    agreed_objective: bool


class RulesFile(_Frozen):
    format_version: Literal[1]
    activation: Activation
    actions: Actions
    movement: Movement
    attack: Attack
    knock_out: KnockOut
    battle_end: BattleEnd


# ---------------------------------------------------------------------- classes


class WeaponAttackBonus(_Frozen):
    kind: Literal["weapon_attack_bonus"]
    weapons: Annotated[tuple[Id, ...], Field(min_length=1)]
    bonus: int


class ExtraHit(_Frozen):
    kind: Literal["extra_hit"]
    hits: Positive


class Toughness(_Frozen):
    kind: Literal["toughness"]
    extra_hits: Positive


class ActivationDefense(_Frozen):
    kind: Literal["activation_defense"]
    modifier: int


class InnateRange(_Frozen):
    kind: Literal["innate_range"]
    exempt_from: tuple[Situation, ...] = ()


class UnblockedMovement(_Frozen):
    kind: Literal["unblocked_movement"]
    ignores_tall_objects: bool
    ignores_characters: bool
    ignores_difficult_terrain: bool


class UndeadRevival(_Frozen):
    kind: Literal["undead_revival"]
    die_sides: DieSides
    succeeds_on: Annotated[tuple[Positive, ...], Field(min_length=1)]
    acts_at_once: bool


class DisarmOnMeleeHit(_Frozen):
    kind: Literal["disarm_on_melee_hit"]


class WizardBlast(_Frozen):
    kind: Literal["wizard_blast"]
    actions: Positive
    die_sides: DieSides
    succeeds_on: Annotated[tuple[Positive, ...], Field(min_length=1)]
    range_lengths: Annotated[float, Field(gt=0)]
    hits: Positive
    target_loses_round: bool
    uses_per_round: Positive


Ability = Annotated[
    WeaponAttackBonus
    | ExtraHit
    | Toughness
    | ActivationDefense
    | InnateRange
    | UnblockedMovement
    | UndeadRevival
    | DisarmOnMeleeHit
    | WizardBlast,
    Field(discriminator="kind"),
]


class ClassDef(_Frozen):
    """A class: its name, its line of the text and its abilities (no level, no defense)."""

    id: Id
    name: Text
    #: The class's line of the text, verbatim.
    text: Text
    abilities: tuple[Ability, ...] = ()

    def ability(self, kind: str) -> Ability | None:
        """The first ability of ``kind``, or None."""
        return next((a for a in self.abilities if a.kind == kind), None)

    def attack_bonus(self, weapon: str) -> int:
        """The class's bonus to attack rolls with a weapon of kind ``weapon``."""
        return sum(
            a.bonus
            for a in self.abilities
            if isinstance(a, WeaponAttackBonus) and weapon in a.weapons
        )

    @property
    def activation_modifier(self) -> int:
        return sum(a.modifier for a in self.abilities if isinstance(a, ActivationDefense))

    @property
    def extra_hits_dealt(self) -> int:
        return sum(a.hits for a in self.abilities if isinstance(a, ExtraHit))

    @property
    def extra_hits_sustained(self) -> int:
        return sum(a.extra_hits for a in self.abilities if isinstance(a, Toughness))

    def exempt_from(self, situation: Situation | str) -> bool:
        wanted = Situation(situation)
        return any(isinstance(a, InnateRange) and wanted in a.exempt_from for a in self.abilities)


def _every_text_class(entries: tuple[ClassDef, ...]) -> tuple[ClassDef, ...]:
    present = {entry.id for entry in entries}
    for ident in TEXT_CLASSES:
        if ident not in present:
            raise PydanticCustomError(
                "missing_class", "missing class '{id}' of the text", {"id": ident}
            )
    return entries


class ClassesFile(_Frozen):
    format_version: Literal[1]
    classes: Annotated[tuple[ClassDef, ...], _UniqueIds, AfterValidator(_every_text_class)]


# ---------------------------------------------------------------------- options


class LengthMeasure(StrEnum):
    """What "within one length of each other" measures between."""

    #: The gap between the two bases, edge to edge (0 in base contact).
    BASE_EDGES = "base_edges"
    #: From the centre of one base to the centre of the other.
    CENTRES = "centres"


class CoverRule(StrEnum):
    """How "Target has ≥50% cover" is judged."""

    #: The attacker's player states it on the attack.
    DECLARED = "declared"
    #: At least half the sight lines from the attacker's eyes to the target are blocked.
    SIGHT_LINES = "sight_lines"


class FriendInContact(StrEnum):
    """Which attacks "Target is in contact with a character on the same side" penalises."""

    #: Every attack, as the text reads: ganging up in melee too.
    ALL = "all"
    #: Ranged attacks only: shooting into a melee where a friend fights.
    RANGED = "ranged"


class _OptionDoc(_Frozen):
    #: The loose sentence of the text.
    quote: Text
    #: What the option means, and why its default.
    description: Text


class StudsOption(_OptionDoc):
    default: Positive


class BricksOption(_OptionDoc):
    default: Positive


class FlagOption(_OptionDoc):
    default: bool


class GapOption(_OptionDoc):
    default: Annotated[float, Field(ge=0, le=4)]


class MeasureOption(_OptionDoc):
    default: LengthMeasure


class CoverOption(_OptionDoc):
    default: CoverRule


class FriendOption(_OptionDoc):
    default: FriendInContact


OptionEntry = (
    StudsOption | BricksOption | FlagOption | GapOption | MeasureOption | CoverOption | FriendOption
)


class Options(_Frozen):
    """The readings one game plays by; :meth:`OptionsFile.defaults` gives the defaults."""

    #: Studs in one length.
    length_studs: Positive
    length_measured_between: LengthMeasure
    #: An object this many bricks above the mover's floor blocks movement and sight.
    tall_height_bricks: Positive
    ranged_attack_needs_line_of_sight: bool
    cover: CoverRule
    #: The target's floor must be this many bricks lower for the +2.
    lower_elevation_min_bricks: Positive
    break_free_also_moves: bool
    undead_revival_needs_activation_roll: bool
    #: Two bases this close (studs, edge to edge) or closer are in base contact.
    contact_gap_studs: Annotated[float, Field(ge=0, le=4)]
    #: A character without a weapon may still attack.
    unarmed_attacks: bool
    #: A knocked-out Undead keeps its side in the battle (it may still rise).
    fallen_undead_remains: bool
    #: Bases this many bricks apart in height, or more, are not in contact.
    contact_height_bricks: Positive
    friend_in_contact_applies_to: FriendInContact


class OptionsFile(_Frozen):
    """Each option of :class:`Options` with its default, its quote and its description."""

    format_version: Literal[1]
    length_studs: StudsOption
    length_measured_between: MeasureOption
    tall_height_bricks: BricksOption
    ranged_attack_needs_line_of_sight: FlagOption
    cover: CoverOption
    lower_elevation_min_bricks: BricksOption
    break_free_also_moves: FlagOption
    undead_revival_needs_activation_roll: FlagOption
    contact_gap_studs: GapOption
    unarmed_attacks: FlagOption
    fallen_undead_remains: FlagOption
    contact_height_bricks: BricksOption
    friend_in_contact_applies_to: FriendOption

    def documented(self) -> dict[str, OptionEntry]:
        """Every option's entry, by name, in the order of :class:`Options`."""
        return {name: getattr(self, name) for name in Options.model_fields}

    def defaults(self) -> Options:
        """The options a game plays by unless told otherwise."""
        return Options.model_validate(
            {name: entry.default for name, entry in self.documented().items()}
        )
