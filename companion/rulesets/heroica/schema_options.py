"""Heroica's options: the variations a game may turn on (``options.toml``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from companion.datafiles import DataModel as _Frozen
from companion.rulesets.heroica.schema_base import Count, Positive, Text


class FireTrackEnd(StrEnum):
    LOSE = "lose"
    DRAGON = "dragon"


class MeleeSkillTrigger(StrEnum):
    #: In hero combat, with full skill points, exhausted instead of rolling.
    FULL_SKILL_POINTS = "full_skill_points"
    #: A hero-combat Shield spent on the skill instead of its 2 damage.
    SHIELD_ROLL = "shield_roll"


class KnightSwordStyle(StrEnum):
    AS_WRITTEN = "as_written"
    MELEE = "melee"
    RANGED = "ranged"


class PushbackBlocked(StrEnum):
    STOPS = "stops"
    CORNERED = "cornered"


class DragonAfterDevouring(StrEnum):
    #: The Dragon stays where it was (atop Lava Mountain).
    PERCHED = "perched"
    #: The Dragon ends on the devoured hero's space.
    HERO_SQUARE = "hero_square"


class AdjacentMonsters(StrEnum):
    ONE = "one"
    EACH = "each"


class MonsterMoveOrder(StrEnum):
    PLAYER_CHOICE = "player_choice"
    NEAREST_FIRST = "nearest_first"


class CurseOnBlessed(StrEnum):
    CANCELS = "cancels"
    REPLACES = "replaces"


class TemporaryHealth(StrEnum):
    UNTIL_LOST = "until_lost"
    UNTIL_NEXT_TURN = "until_next_turn"


class HeroDefeat(StrEnum):
    RETURN_TO_START = "return_to_start"
    OUT = "out"


class HeroVersusHero(StrEnum):
    HERO_COMBAT_TABLE = "hero_combat_table"
    ONE_DAMAGE = "one_damage"


class RelicAssignment(StrEnum):
    SETUP = "setup"
    RANDOM = "random"


_V = TypeVar("_V")


class _OptionDoc(_Frozen):
    #: The loose sentence of the text, verbatim.
    quote: Text
    #: What the option means, and why its default.
    description: Text


class Choice(_OptionDoc, Generic[_V]):
    """An option: its ``default`` (a number, a flag or one of a choice's values)."""

    default: _V


PositiveOption = Choice[Positive]


CountOption = Choice[Count]


FlagOption = Choice[bool]


class Options(_Frozen):
    """The readings one game plays by; :meth:`OptionsFile.defaults` gives the defaults."""

    hero_health: Positive
    starting_skill_points: Count
    starting_gold: Count
    fire_track_length: Positive
    fire_track_full: FireTrackEnd
    boss_track_length: Positive
    melee_skill_trigger: MeleeSkillTrigger
    knight_and_sword_style: KnightSwordStyle
    golem_retreats_undamaged: bool
    werewolf_shield_damage: Positive
    pushback_blocked: PushbackBlocked
    adjacent_monsters_fought: AdjacentMonsters
    monster_move_order: MonsterMoveOrder
    dragon_hurt_by_normal_attack: bool
    dragon_after_devouring: DragonAfterDevouring
    dragon_generators_sealed_at_start: bool
    condition_die_for_monster_rolls: bool
    conditions_end_on_any_roll: bool
    curse_on_blessed_hero: CurseOnBlessed
    figures_block_ranged: bool
    obstacles_block_ranged: bool
    temporary_health: TemporaryHealth
    hero_defeat: HeroDefeat
    crystal_prevents_defeat: bool
    hero_versus_hero: HeroVersusHero
    hero_strength: Positive
    first_player_reroll: bool
    #: 0: no limit.
    monster_figures_per_kind: Count
    boss_gold: Count
    relic_assignment: RelicAssignment


class OptionsFile(_Frozen):
    """Each option of :class:`Options` with its default, its quote and its description."""

    format_version: Literal[1]
    hero_health: PositiveOption
    starting_skill_points: CountOption
    starting_gold: CountOption
    fire_track_length: PositiveOption
    fire_track_full: Choice[FireTrackEnd]
    boss_track_length: PositiveOption
    melee_skill_trigger: Choice[MeleeSkillTrigger]
    knight_and_sword_style: Choice[KnightSwordStyle]
    golem_retreats_undamaged: FlagOption
    werewolf_shield_damage: PositiveOption
    pushback_blocked: Choice[PushbackBlocked]
    adjacent_monsters_fought: Choice[AdjacentMonsters]
    monster_move_order: Choice[MonsterMoveOrder]
    dragon_hurt_by_normal_attack: FlagOption
    dragon_after_devouring: Choice[DragonAfterDevouring]
    dragon_generators_sealed_at_start: FlagOption
    condition_die_for_monster_rolls: FlagOption
    conditions_end_on_any_roll: FlagOption
    curse_on_blessed_hero: Choice[CurseOnBlessed]
    figures_block_ranged: FlagOption
    obstacles_block_ranged: FlagOption
    temporary_health: Choice[TemporaryHealth]
    hero_defeat: Choice[HeroDefeat]
    crystal_prevents_defeat: FlagOption
    hero_versus_hero: Choice[HeroVersusHero]
    hero_strength: PositiveOption
    first_player_reroll: FlagOption
    monster_figures_per_kind: CountOption
    boss_gold: CountOption
    relic_assignment: Choice[RelicAssignment]

    def documented(self) -> dict[str, Choice[Any]]:
        """Every option's entry, by name, in the order of :class:`Options`."""
        return {name: getattr(self, name) for name in Options.model_fields}

    def defaults(self) -> Options:
        """The options a game plays by unless told otherwise."""
        return Options.model_validate(
            {name: getattr(self, name).default for name in Options.model_fields}
        )
