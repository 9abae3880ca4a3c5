"""Reason codes: the few every ruleset shares, how a ruleset declares its own, and the
check a ruleset's declaration passes when it is loaded.

A reason code is a stable lower_snake word a verdict gives ("occupied"); its sentence says
what it means in any situation ("the square is taken by another figure").  The core keeps
the codes that mean the same in any game (``SharedReason``): the scenario format's own
(FORMAT.md) and those more than one ruleset gives.  Each ruleset declares every code its
verdicts give, the shared ones it uses and its own, each with its sentence, in a
``DeclaredReason`` enum of its own package (``companion/rulesets/<id>/reasons.py``);
``Ruleset.reasons`` gives that declaration as code -> sentence.  Loading a ruleset checks
it (``reason_problems``): well-formed codes, a sentence each, and no shared code given
another sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Self

#: A reason code's shape: lower_snake words of letters and digits, starting with a letter.
CODE_PATTERN = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
_CODE = re.compile(CODE_PATTERN)


class DeclaredReason(StrEnum):
    """A reason-code enum whose members carry their sentence: ``NAME = "code", "sentence"``.

    A ruleset's own enum subclasses it; a shared code it gives is taken whole from the
    core, ``OCCUPIED = SharedReason.OCCUPIED.declared``, so its sentence stays the core's.
    A member is a ``str`` (its code), so a verdict takes it as its code.
    """

    sentence: str

    def __new__(cls, code: str, sentence: str) -> Self:
        member = str.__new__(cls, code)
        member._value_ = code
        member.sentence = sentence
        return member

    @classmethod
    def of(cls, code: str) -> Self:
        """The member whose code is ``code``; ``ValueError`` when there is none."""
        member = cls._value2member_map_.get(code)
        if not isinstance(member, cls):
            raise ValueError(f"{code!r} is not a code of {cls.__name__}")
        return member

    @property
    def declared(self) -> tuple[str, str]:
        """``(code, sentence)``: what another enum declares to give this code as it is."""
        return (self.value, self.sentence)


class SharedReason(DeclaredReason):
    """The codes that mean the same in any game.  Add new ones; never rename."""

    # The scenario format's own (FORMAT.md, ``scenario.FORMAT_REASON_CODES``).
    INSUFFICIENT_MOVEMENT = "insufficient_movement", "the figure cannot move that far now"
    TOO_STEEP = "too_steep", "the climb or drop is too high for the figure"
    IMPASSABLE_TERRAIN = "impassable_terrain", "the way is not ground a figure can stand on"
    OCCUPIED = "occupied", "the place is taken by another figure or thing"
    CANNOT_END_HERE = "cannot_end_here", "the figure may pass this place but not stop on it"
    CORNER_CUTTING = "corner_cutting", "a diagonal step may not cut the corner of an obstacle"
    NOT_ADJACENT = "not_adjacent", "the figure is not next to what it acts on"
    NOT_IN_ARC = "not_in_arc", "the target is outside the arc the figure faces"
    HEIGHT_DIFFERENCE = "height_difference", "the target is too far above or below the figure"
    OUT_OF_RANGE = "out_of_range", "the target is further than the action reaches"
    TOO_CLOSE = "too_close", "the target is nearer than the action's shortest range"
    NO_LINE_OF_SIGHT = "no_line_of_sight", "something blocks the figure's view of the target"
    NO_ACTIONS_LEFT = "no_actions_left", "the figure has used every action it has this turn"
    SPELL_RESTRICTION = "spell_restriction", "the spell may not be cast in this situation"
    MIXED_ATTACK_TYPES = "mixed_attack_types", "the attacks of one turn may not be mixed so"
    INSUFFICIENT_SPELL_POINTS = (
        "insufficient_spell_points",
        "the caster has too few spell points for the spell",
    )
    NOT_A_CASTER = "not_a_caster", "the figure cannot cast spells"
    UNKNOWN_SPELL = "unknown_spell", "the figure does not know the spell"
    NOT_YOUR_TURN = "not_your_turn", "it is not this figure's (or side's) turn to act"
    TARGET_DEAD = "target_dead", "the target is out of the game"
    UNTRAINED = "untrained", "the figure is not trained in the weapon, armour or skill"
    INVALID_TARGET = "invalid_target", "what the action names cannot be its target"
    # Given by more than one ruleset, meaning the same in each.
    UNKNOWN_FIGURE = "unknown_figure", "the game has no figure of that id"
    INITIATIVE_NEEDED = "initiative_needed", "the turn order must be rolled before anyone acts"
    ALREADY_IN_STATE = "already_in_state", "the figure or thing is in that state already"
    NO_SUCH_ITEM = "no_such_item", "the figure does not have the item, or no item has that id"
    NO_ABILITY = "no_ability", "the figure or item has no such ability"
    ABILITY_USED = "ability_used", "the ability has been used as often as it may be for now"
    DISARMED = "disarmed", "the figure has no weapon in hand for that attack"
    LOCKED = "locked", "the door or container is locked"
    NO_KEY = "no_key", "the figure has no key for the lock"
    NO_PERMISSION = (
        "no_permission",
        "the figure lacks the consent or the token the action needs",
    )
    GAME_OVER = "game_over", "the game has ended: no one acts any more"
    MUST_STOP = "must_stop", "the figure's move must end here, where the rules stop it"


#: Every shared code with its sentence.
SHARED_REASONS: Mapping[str, str] = MappingProxyType({r.value: r.sentence for r in SharedReason})


def reasons_of(declaration: type[DeclaredReason]) -> Mapping[str, str]:
    """Code -> sentence of every member of ``declaration``.

    ``ValueError`` names a code declared twice (an enum makes the second name an alias of
    the first silently, and its sentence would be lost)."""
    twice = [
        f"{name} repeats {member.name} ({member.value!r})"
        for name, member in declaration.__members__.items()
        if name != member.name
    ]
    if twice:
        raise ValueError(f"{declaration.__name__} declares a code twice: {'; '.join(twice)}")
    return MappingProxyType({member.value: member.sentence for member in declaration})


def reason_problems(reasons: Any) -> list[str]:
    """What is wrong with a ruleset's declared reasons (``Ruleset.reasons()``): not a
    mapping of code -> sentence, a code that is not lower_snake, a missing sentence, a
    shared code given another sentence than the core's.  Empty: sound."""
    if not isinstance(reasons, Mapping):
        return [f"reasons() must give code -> sentence, not a {type(reasons).__name__}"]
    if not reasons:
        return ["reasons() declares no reason code"]
    problems = []
    for code, sentence in reasons.items():
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            problems.append(f"reason code {code!r} is not lower_snake (e.g. 'not_adjacent')")
        elif not isinstance(sentence, str) or not sentence.strip():
            problems.append(f"reason code {code!r} has no sentence")
        elif code in SHARED_REASONS and sentence != SHARED_REASONS[code]:
            problems.append(
                f"reason code {code!r} is shared: its sentence is the core's "
                f"({SHARED_REASONS[code]!r}), not {sentence!r}; give another code for "
                "another meaning"
            )
    return problems
