"""The reason codes QUBQST's verdicts give, each with its sentence: the shared ones it uses
(the core's sentences, ``companion.rules.reasons``) and its own (RULESETS.md §5.6)."""

from __future__ import annotations

from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of


class QubqstReason(DeclaredReason):
    """Every code QUBQST's verdicts give.  Add new ones; never rename."""

    # Shared: the core's codes and sentences.
    NOT_A_CASTER = SharedReason.NOT_A_CASTER.declared
    UNKNOWN_SPELL = SharedReason.UNKNOWN_SPELL.declared
    NO_SUCH_ITEM = SharedReason.NO_SUCH_ITEM.declared
    INVALID_TARGET = SharedReason.INVALID_TARGET.declared
    UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.declared
    GAME_OVER = SharedReason.GAME_OVER.declared
    # QUBQST's own.
    MULTIPLE_CREATURES = (
        "multiple_creatures",
        "no sneaking or evading on a cube with more than 1 creature (eg the Golden Cube)",
    )
    ALREADY_ENGAGED = (
        "already_engaged",
        "sneaking is done on first entering, not once the creature has been engaged",
    )
    NOT_ENGAGED = "not_engaged", "to evade, the party must have already engaged the creature"
    ENCOUNTER_UNRESOLVED = (
        "encounter_unresolved",
        "what the party encountered on this cube must be dealt with first",
    )
    NOT_EMPTY = "not_empty", "characters can rest only on an empty Catacomb Cube"
    ALREADY_RESTED = "already_rested", "only 1 character can rest per Catacomb Cube"
    TOO_LATE_TO_REST = (
        "too_late_to_rest",
        "resting happens before any spells are cast or secret rooms are searched for",
    )
    ALREADY_SEARCHED = "already_searched", "each unjoined path is searched for a secret room once"
    ENTRY_PATH = "entry_path", "the path the party entered from hides no secret room"
    PATH_NOT_JOINED = "path_not_joined", "the party moves on only through a joined path"
    PATH_JOINED = (
        "path_joined",
        "the path is joined to another Catacomb Cube (no secret room, no new join, no way in)",
    )
    NO_SUCH_PATH = "no_such_path", "the cube has no path that way"
    MAGIC_ONLY = "magic_only", "the creature can only be harmed by magic"
    NOT_A_THIEF = "not_a_thief", "only the Thief has that skill"
    NO_CASTING_POINTS = "no_casting_points", "the Wizard has too few Casting Points"
    SNEAKED = "sneaked", "after sneaking past, the party cannot look for secret rooms here"
    EVADED = (
        "evaded",
        "after evading, the party moves straight on, without treasure or secret rooms",
    )
    WEAK = "weak", "a weak (WEK) character takes no part in the game until recovered"
    DEAD = "dead", "the character is dead (or on 0 Hit Power, awaiting HEL)"
    WRONG_STAGE = "wrong_stage", "that is done at another stage of the game"
    NOT_REVEALED = "not_revealed", "look at what the cube holds first (reveal)"
    ALREADY_REVEALED = "already_revealed", "the cube's encounter has been revealed already"
    ONE_AT_A_TIME = (
        "one_at_a_time",
        "only 1 character can fight a creature at a time, and creatures are resolved 1 at a time",
    )
    NOTHING_PENDING = "nothing_pending", "there is no such trap, treasure or room waiting"
    NO_ROUTE = "no_route", "there has to be a clear path through the catacombs to the Golden Cube"
    CUBE_NOT_JOINED = (
        "cube_not_joined",
        "each cube drawn is joined by a path to another before the next is drawn",
    )
    SPOT_TAKEN = (
        "spot_taken",
        "a cube is joined by a path to another where no Catacomb Cube lies already",
    )
    BAG_EMPTY = "bag_empty", "every cube the party's size calls for has been drawn"
    RUN_OVER = "run_over", "this player's run is over (or not over yet, for the next player)"
    UNKNOWN_FOE = "unknown_foe", "there is no such creature on this cube"


REASONS = reasons_of(QubqstReason)
