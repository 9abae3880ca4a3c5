"""The reason codes In a World Where Bricks Rule's verdicts give, each with its sentence:
the shared ones it uses (their sentences are the core's, ``companion.rules.reasons``) and
its own."""

from __future__ import annotations

from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of


class IawwbrReason(DeclaredReason):
    """Every code In a World Where Bricks Rule's verdicts give.  Add new ones; never rename."""

    # Shared: the core's codes and sentences.
    INSUFFICIENT_MOVEMENT = SharedReason.INSUFFICIENT_MOVEMENT.declared
    IMPASSABLE_TERRAIN = SharedReason.IMPASSABLE_TERRAIN.declared
    OCCUPIED = SharedReason.OCCUPIED.declared
    NOT_ADJACENT = SharedReason.NOT_ADJACENT.declared
    OUT_OF_RANGE = SharedReason.OUT_OF_RANGE.declared
    NO_LINE_OF_SIGHT = SharedReason.NO_LINE_OF_SIGHT.declared
    NO_ACTIONS_LEFT = SharedReason.NO_ACTIONS_LEFT.declared
    NOT_YOUR_TURN = SharedReason.NOT_YOUR_TURN.declared
    TARGET_DEAD = SharedReason.TARGET_DEAD.declared
    INVALID_TARGET = SharedReason.INVALID_TARGET.declared
    NO_SUCH_ITEM = SharedReason.NO_SUCH_ITEM.declared
    NO_ABILITY = SharedReason.NO_ABILITY.declared
    ABILITY_USED = SharedReason.ABILITY_USED.declared
    DISARMED = SharedReason.DISARMED.declared
    ALREADY_IN_STATE = SharedReason.ALREADY_IN_STATE.declared
    INITIATIVE_NEEDED = SharedReason.INITIATIVE_NEEDED.declared
    UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.declared
    # In a World Where Bricks Rule's own.
    NOT_ACTIVATED = (
        "not_activated",
        "the character's roll did not reach its defense: it cannot act this round",
    )
    ALREADY_ACTIVATED = "already_activated", "the character has already acted this round"
    MUST_BREAK_FREE = (
        "must_break_free",
        "a character in base contact with a foe must break free before moving",
    )
    DIFFICULT_TERRAIN = (
        "difficult_terrain",
        "difficult terrain costs more move actions than the character has left",
    )
    NO_RANGE = "no_range", "the character has no range and the target is not in base contact"
    KNOCKED_OUT = "knocked_out", "a knocked-out character cannot do that"
    NOT_KNOCKED_OUT = "not_knocked_out", "the character is not knocked out"
    ROUND_IN_PROGRESS = (
        "round_in_progress",
        "the round is under way until every character its roll let act has acted",
    )
    BATTLE_OVER = "battle_over", "the battle is over: a side has won"
    NOTHING_TO_CLIMB = "nothing_to_climb", "there is nothing higher to climb onto there"
    OFF_TABLE = "off_table", "the place is off the table"


#: Code -> sentence, as ``reasons()`` gives them.
REASONS = reasons_of(IawwbrReason)
