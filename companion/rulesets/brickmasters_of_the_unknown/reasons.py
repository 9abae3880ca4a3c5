"""The reason codes Brickmasters of the Unknown's verdicts give, each with its sentence:
the shared ones it uses (their sentences are the core's, ``companion.rules.reasons``) and
its own (RULESETS.md §3.6, and those the encounter's flow needs)."""

from __future__ import annotations

from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of


class BmotuReason(DeclaredReason):
    """Every code Brickmasters of the Unknown's verdicts give.  Add new ones; never rename."""

    # Shared: the core's codes and sentences.
    INSUFFICIENT_MOVEMENT = SharedReason.INSUFFICIENT_MOVEMENT.declared
    IMPASSABLE_TERRAIN = SharedReason.IMPASSABLE_TERRAIN.declared
    OCCUPIED = SharedReason.OCCUPIED.declared
    NOT_IN_ARC = SharedReason.NOT_IN_ARC.declared
    OUT_OF_RANGE = SharedReason.OUT_OF_RANGE.declared
    NO_LINE_OF_SIGHT = SharedReason.NO_LINE_OF_SIGHT.declared
    NOT_A_CASTER = SharedReason.NOT_A_CASTER.declared
    UNKNOWN_SPELL = SharedReason.UNKNOWN_SPELL.declared
    NOT_YOUR_TURN = SharedReason.NOT_YOUR_TURN.declared
    TARGET_DEAD = SharedReason.TARGET_DEAD.declared
    INVALID_TARGET = SharedReason.INVALID_TARGET.declared
    UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.declared
    INITIATIVE_NEEDED = SharedReason.INITIATIVE_NEEDED.declared
    NO_SUCH_ITEM = SharedReason.NO_SUCH_ITEM.declared
    NO_ABILITY = SharedReason.NO_ABILITY.declared
    ABILITY_USED = SharedReason.ABILITY_USED.declared
    DISARMED = SharedReason.DISARMED.declared
    GAME_OVER = SharedReason.GAME_OVER.declared
    MUST_STOP = SharedReason.MUST_STOP.declared
    # Brickmasters of the Unknown's own.
    NOT_THIS_PHASE = "not_this_phase", "the action belongs to another phase of the round"
    BROKEN = "broken", "a broken minifig is out of play until it is fixed"
    IN_COMBAT = "in_combat", "a figure in combat may only close range or flee"
    NOT_IN_COMBAT = "not_in_combat", "the figure is not in combat with that opponent"
    NO_CASTING_GEAR = "no_casting_gear", "casting needs spellcasting gear"
    NOT_PREPARED = "not_prepared", "the spell was not prepared for the day"
    NO_SPELLS_LEFT = "no_spells_left", "the caster has used every spell of the day"
    RELOAD = "reload", "crossbows, pistols and muskets get no final shot"
    ALREADY_ACTED = "already_acted", "the figure has acted in this phase already"
    LOST_TURN = "lost_turn", "the figure loses its turn (asleep, stunned, turned or a frog)"
    HELD_FAST = "held_fast", "the figure may not move (webbed)"
    DELAYED = "delayed", "a figure that delayed may only move"
    NOT_AWAY = "not_away", "fleeing must move away from the attacker and out of combat"
    NO_HITS_TO_SPLIT = "no_hits_to_split", "there are no hits waiting to be allocated"
    HITS_TO_SPLIT = "hits_to_split", "the winner of a fight must allocate its hits first"
    NO_OPENING = (
        "no_opening",
        "the gap is too narrow for the weapon (1 stud: spears, lances and bows; 2 for the rest)",
    )


#: Code -> sentence, as ``reasons()`` gives them.
REASONS = reasons_of(BmotuReason)
