"""The reason codes Heroica's verdicts give, each with its sentence: the shared ones
it uses (their sentences are the core's, ``companion.rules.reasons``) and its own."""

from __future__ import annotations

from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of


class HeroicaReason(DeclaredReason):
    """Every code Heroica's verdicts give.  Add new ones; never rename."""

    # Shared: the core's codes and sentences.
    INSUFFICIENT_MOVEMENT = SharedReason.INSUFFICIENT_MOVEMENT.declared
    IMPASSABLE_TERRAIN = SharedReason.IMPASSABLE_TERRAIN.declared
    OCCUPIED = SharedReason.OCCUPIED.declared
    NOT_ADJACENT = SharedReason.NOT_ADJACENT.declared
    OUT_OF_RANGE = SharedReason.OUT_OF_RANGE.declared
    NOT_YOUR_TURN = SharedReason.NOT_YOUR_TURN.declared
    INVALID_TARGET = SharedReason.INVALID_TARGET.declared
    NO_SUCH_ITEM = SharedReason.NO_SUCH_ITEM.declared
    NO_ABILITY = SharedReason.NO_ABILITY.declared
    ABILITY_USED = SharedReason.ABILITY_USED.declared
    ALREADY_IN_STATE = SharedReason.ALREADY_IN_STATE.declared
    INITIATIVE_NEEDED = SharedReason.INITIATIVE_NEEDED.declared
    UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.declared
    LOCKED = SharedReason.LOCKED.declared
    NO_KEY = SharedReason.NO_KEY.declared
    GAME_OVER = SharedReason.GAME_OVER.declared
    NO_PERMISSION = SharedReason.NO_PERMISSION.declared
    # Heroica's own.
    DIAGONAL = "diagonal", "heroes and monsters move and fight straight, never diagonally"
    MUST_STOP = SharedReason.MUST_STOP.declared
    MUST_FIGHT = "must_fight", "the hero must first fight the monster next to it"
    MUST_SEARCH = "must_search", "the hero must first search the chest or casket it stands on"
    INSUFFICIENT_SKILL_POINTS = (
        "insufficient_skill_points",
        "the hero has too few skill points for the skill",
    )
    INSUFFICIENT_GOLD = "insufficient_gold", "the hero has too little gold"
    CARRY_LIMIT = "carry_limit", "the hero may carry no more of that item"
    WRONG_PHASE = "wrong_phase", "the action belongs to another phase of the hero's turn"
    NOT_ROLLED = "not_rolled", "the Action Die must be rolled first"
    ALREADY_ROLLED = "already_rolled", "the die has been rolled for this already"
    MOVEMENT_LOST = "movement_lost", "the hero lost this turn's movement"
    NOT_STRAIGHT_LINE = (
        "not_straight_line",
        "the target is not in a clear straight line from the hero",
    )
    NOT_IN_LOCATION = (
        "not_in_location",
        "the hero, figure or space is not in the location it must be in",
    )
    NEEDS_SHIELD = "needs_shield", "the action needs a Shield on the movement roll"
    MONSTERS_TO_ACT = "monsters_to_act", "the monsters (or the Dragon) act first"
    NOT_FOR_SALE = "not_for_sale", "the store does not buy or sell that item"


#: Code -> sentence, as ``reasons()`` gives them.
REASONS = reasons_of(HeroicaReason)
