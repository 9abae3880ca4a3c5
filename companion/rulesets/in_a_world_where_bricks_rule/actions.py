"""In a World Where Bricks Rule's actions: one tagged union, shaped like scenario checks.

``actor`` is the character acting (the round's roll has the table, ``"table"``, as actor).
Points on the table are stud cells ``[x, y]``: the figure's base is centred on the cell.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Cell = tuple[int, int]

#: The actor of actions that belong to the table, not a character.
TABLE: Final = "table"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: str


class RollActivation(_Action):
    """ "To begin each round, one player rolls four six-sided dice (4d6)."""

    action: Literal["roll_activation"] = "roll_activation"
    actor: str = TABLE


class Move(_Action):
    """A straight move of the base's centre to the cell ``to`` (at most one length)."""

    action: Literal["move"] = "move"
    to: Cell


class BreakFree(_Action):
    """Spend a move action to break free of base contact with an enemy."""

    action: Literal["break_free"] = "break_free"


class Climb(_Action):
    """Spend a move action to climb onto an object next to the base."""

    action: Literal["climb"] = "climb"
    to: Cell


class PickUp(_Action):
    """Spend a move action to pick up a weapon or other item lying by the base."""

    action: Literal["pick_up"] = "pick_up"
    item: str


class Attack(_Action):
    """Attack a character in base contact, or within one length with range.

    ``cover``: the attacker's player says the target has at least half cover (read only
    when the game judges cover as declared)."""

    action: Literal["attack"] = "attack"
    target: str
    cover: bool = False


class WizardBlast(_Action):
    """The Wizard's action: a d6; on 1-3 a character within one length takes a hit."""

    action: Literal["wizard_blast"] = "wizard_blast"
    target: str


class UndeadRise(_Action):
    """A knocked-out Undead's d6 when it would activate: on 1-2 it comes back."""

    action: Literal["undead_rise"] = "undead_rise"


class EndActivation(_Action):
    """End the character's activation, leaving any actions unused (or pass, unactivated)."""

    action: Literal["end_activation"] = "end_activation"


class EndBattle(_Action):
    """ "...or when an agreed-upon objective is completed (such as capturing a base)": the
    table declares the battle over and names the winning side."""

    action: Literal["end_battle"] = "end_battle"
    actor: str = TABLE
    winner: str


Action = Annotated[
    RollActivation
    | Move
    | BreakFree
    | Climb
    | PickUp
    | Attack
    | WizardBlast
    | UndeadRise
    | EndActivation
    | EndBattle,
    Field(discriminator="action"),
]
ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
#: Actions that cost a move action.
MOVE_ACTIONS: Final = frozenset({"move", "break_free", "climb", "pick_up"})
