"""Verdicts: whether an action is legal, with stable reason codes and a sentence for players."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class ReasonCode(StrEnum):
    """Stable reason codes (shared/scenarios/FORMAT.md).  Add new ones; never rename."""

    INSUFFICIENT_MOVEMENT = "insufficient_movement"
    TOO_STEEP = "too_steep"
    IMPASSABLE_TERRAIN = "impassable_terrain"
    OCCUPIED = "occupied"
    CANNOT_END_HERE = "cannot_end_here"
    CORNER_CUTTING = "corner_cutting"
    NOT_ADJACENT = "not_adjacent"
    NOT_IN_ARC = "not_in_arc"
    HEIGHT_DIFFERENCE = "height_difference"
    OUT_OF_RANGE = "out_of_range"
    TOO_CLOSE = "too_close"
    NO_LINE_OF_SIGHT = "no_line_of_sight"
    NO_ACTIONS_LEFT = "no_actions_left"
    SPELL_RESTRICTION = "spell_restriction"
    MIXED_ATTACK_TYPES = "mixed_attack_types"
    INSUFFICIENT_SPELL_POINTS = "insufficient_spell_points"
    NOT_A_CASTER = "not_a_caster"
    UNKNOWN_SPELL = "unknown_spell"
    NOT_YOUR_TURN = "not_your_turn"
    TARGET_DEAD = "target_dead"
    UNTRAINED = "untrained"
    INVALID_TARGET = "invalid_target"
    # Added by this project (FORMAT.md allows additions).
    ACTOR_DOWN = "actor_down"
    NOT_IN_FRONT = "not_in_front"
    LOCKED = "locked"
    NO_KEY = "no_key"
    NO_PERMISSION = "no_permission"
    NO_SUCH_ITEM = "no_such_item"
    WRONG_CASTING_CLASS = "wrong_casting_class"
    NO_ABILITY = "no_ability"
    ABILITY_USED = "ability_used"
    INSUFFICIENT_EXPLOSIVES = "insufficient_explosives"
    ETHEREAL = "ethereal"
    SILENCED = "silenced"
    HICCUPS = "hiccups"
    DISARMED = "disarmed"
    ALREADY_IN_STATE = "already_in_state"
    SUSTAINING_SPELL = "sustaining_spell"
    RAGE_NEEDS_ATTACK = "rage_needs_attack"
    TURN_ALREADY_STARTED = "turn_already_started"
    POSING_AS_STATUE = "posing_as_statue"
    INITIATIVE_NEEDED = "initiative_needed"
    UNKNOWN_FIGURE = "unknown_figure"
    # In a World Where Bricks Rule (RULESETS.md §4.6).
    NOT_ACTIVATED = "not_activated"
    ALREADY_ACTIVATED = "already_activated"
    MUST_BREAK_FREE = "must_break_free"
    DIFFICULT_TERRAIN = "difficult_terrain"
    NO_RANGE = "no_range"
    KNOCKED_OUT = "knocked_out"
    NOT_KNOCKED_OUT = "not_knocked_out"
    ROUND_IN_PROGRESS = "round_in_progress"
    BATTLE_OVER = "battle_over"
    NOTHING_TO_CLIMB = "nothing_to_climb"
    OFF_TABLE = "off_table"
    # Heroica (RULESETS.md §2.6).
    DIAGONAL = "diagonal"
    MUST_STOP = "must_stop"
    MUST_FIGHT = "must_fight"
    MUST_SEARCH = "must_search"
    INSUFFICIENT_SKILL_POINTS = "insufficient_skill_points"
    INSUFFICIENT_GOLD = "insufficient_gold"
    CARRY_LIMIT = "carry_limit"
    WRONG_PHASE = "wrong_phase"
    NOT_ROLLED = "not_rolled"
    ALREADY_ROLLED = "already_rolled"
    MOVEMENT_LOST = "movement_lost"
    NOT_STRAIGHT_LINE = "not_straight_line"
    NOT_IN_LOCATION = "not_in_location"
    NEEDS_SHIELD = "needs_shield"
    MONSTERS_TO_ACT = "monsters_to_act"
    NOT_FOR_SALE = "not_for_sale"
    GAME_OVER = "game_over"


class Reason(BaseModel):
    """One reason an action is illegal: a code, a sentence, and the square it is about."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: ReasonCode
    message: str
    square: tuple[int, int] | None = None


class Verdict(BaseModel):
    """Legal when there are no reasons against it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reasons: tuple[Reason, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def codes(self) -> list[str]:
        return [r.code.value for r in self.reasons]

    @property
    def message(self) -> str:
        return "; ".join(r.message for r in self.reasons) if self.reasons else "legal"


LEGAL = Verdict()


def illegal(code: ReasonCode, message: str, square: tuple[int, int] | None = None) -> Verdict:
    """A verdict with one reason."""
    return Verdict(reasons=(Reason(code=code, message=message, square=square),))
