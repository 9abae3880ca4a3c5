"""The reason codes BrickQuest's verdicts give, each with its sentence: the shared ones
it uses (their sentences are the core's, ``companion.rules.reasons``) and its own."""

from __future__ import annotations

from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of


class BrickQuestReason(DeclaredReason):
    """Every code BrickQuest's verdicts give.  Add new ones; never rename."""

    # Shared: the core's codes and sentences.
    INSUFFICIENT_MOVEMENT = SharedReason.INSUFFICIENT_MOVEMENT.declared
    TOO_STEEP = SharedReason.TOO_STEEP.declared
    IMPASSABLE_TERRAIN = SharedReason.IMPASSABLE_TERRAIN.declared
    OCCUPIED = SharedReason.OCCUPIED.declared
    CANNOT_END_HERE = SharedReason.CANNOT_END_HERE.declared
    CORNER_CUTTING = SharedReason.CORNER_CUTTING.declared
    NOT_ADJACENT = SharedReason.NOT_ADJACENT.declared
    NOT_IN_ARC = SharedReason.NOT_IN_ARC.declared
    HEIGHT_DIFFERENCE = SharedReason.HEIGHT_DIFFERENCE.declared
    OUT_OF_RANGE = SharedReason.OUT_OF_RANGE.declared
    TOO_CLOSE = SharedReason.TOO_CLOSE.declared
    NO_LINE_OF_SIGHT = SharedReason.NO_LINE_OF_SIGHT.declared
    NO_ACTIONS_LEFT = SharedReason.NO_ACTIONS_LEFT.declared
    SPELL_RESTRICTION = SharedReason.SPELL_RESTRICTION.declared
    MIXED_ATTACK_TYPES = SharedReason.MIXED_ATTACK_TYPES.declared
    INSUFFICIENT_SPELL_POINTS = SharedReason.INSUFFICIENT_SPELL_POINTS.declared
    NOT_A_CASTER = SharedReason.NOT_A_CASTER.declared
    UNKNOWN_SPELL = SharedReason.UNKNOWN_SPELL.declared
    NOT_YOUR_TURN = SharedReason.NOT_YOUR_TURN.declared
    TARGET_DEAD = SharedReason.TARGET_DEAD.declared
    UNTRAINED = SharedReason.UNTRAINED.declared
    INVALID_TARGET = SharedReason.INVALID_TARGET.declared
    LOCKED = SharedReason.LOCKED.declared
    NO_KEY = SharedReason.NO_KEY.declared
    NO_PERMISSION = SharedReason.NO_PERMISSION.declared
    NO_SUCH_ITEM = SharedReason.NO_SUCH_ITEM.declared
    NO_ABILITY = SharedReason.NO_ABILITY.declared
    ABILITY_USED = SharedReason.ABILITY_USED.declared
    DISARMED = SharedReason.DISARMED.declared
    ALREADY_IN_STATE = SharedReason.ALREADY_IN_STATE.declared
    INITIATIVE_NEEDED = SharedReason.INITIATIVE_NEEDED.declared
    UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.declared
    # BrickQuest's own.
    ACTOR_DOWN = "actor_down", "the figure that would act is dead"
    NOT_IN_FRONT = "not_in_front", "the figure must stand directly in front of the door or chest"
    WRONG_CASTING_CLASS = (
        "wrong_casting_class",
        "the spell or scroll belongs to another casting class's list",
    )
    INSUFFICIENT_EXPLOSIVES = (
        "insufficient_explosives",
        "the sapper has too few points of explosives for the charge",
    )
    ETHEREAL = "ethereal", "an ethereal or hidden figure may not attack or be attacked"
    SILENCED = "silenced", "a silenced figure cannot cast spells"
    HICCUPS = (
        "hiccups",
        "the figure may use no special ability now (hiccups, or one sapper ability a round)",
    )
    SUSTAINING_SPELL = (
        "sustaining_spell",
        "a caster keeping up a spell may only move while it lasts",
    )
    RAGE_NEEDS_ATTACK = (
        "rage_needs_attack",
        "a raging figure's last action of the turn must be an attack",
    )
    TURN_ALREADY_STARTED = (
        "turn_already_started",
        "the figure has acted this turn already: too late for this",
    )
    POSING_AS_STATUE = (
        "posing_as_statue",
        "a figure posing as a statue keeps still until a target is close enough",
    )


#: Code -> sentence, as ``reasons()`` gives them.
REASONS = reasons_of(BrickQuestReason)
