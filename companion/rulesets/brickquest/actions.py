"""BrickQuest's actions: one tagged union, the same shape as the scenario checks (FORMAT.md).

An action is a request; ``rules.validate`` says whether it is legal and
``rules.resolve`` carries it out.  Targets are a figure id or a square ``[x, y]``.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from companion.model.dungeon import Facing

Square = tuple[int, int]
Target = str | Square


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: str


class Move(_Action):
    """Step along ``path`` (the squares after the start); face ``facing`` at the end."""

    action: Literal["move"] = "move"
    path: tuple[Square, ...] = Field(min_length=1, max_length=64)
    facing: Facing | None = None


class Attack(_Action):
    """A melee, reach or ranged attack, with the free 90° turn if wanted."""

    action: Literal["attack"] = "attack"
    target: str
    mode: Literal["melee", "reach", "ranged"] = "melee"
    turn: Literal["left", "right"] | None = None


class Breath(_Action):
    """A dragon's breath: a cone in front of it (once every other round)."""

    action: Literal["breath"] = "breath"
    facing: Facing | None = None


class Cast(_Action):
    """Cast a spell; from a scroll or book when ``item`` names one the caster carries."""

    action: Literal["cast"] = "cast"
    spell: str
    target: Target | None = None
    facing: Facing | None = None
    squares: tuple[Square, ...] = Field(default=(), max_length=3)
    points: int | None = Field(default=None, ge=1, le=99)
    item: str | None = None


InteractKind = Literal[
    "open",
    "close",
    "lock",
    "unlock",
    "pick_up",
    "loot",
    "give",
    "take",
    "activate",
    "climb_in",
    "climb_out",
    "arm",
]


class Interact(_Action):
    """Doors, chests, barrels, sarcophagi, levers, items on the floor, other figures' swag."""

    action: Literal["interact"] = "interact"
    kind: InteractKind
    target: Target | None = None
    items: tuple[str, ...] = ()
    permission: bool = True


class UseItem(_Action):
    """Drink a potion or use another item the figure carries."""

    action: Literal["use_item"] = "use_item"
    item: str


class UseSkill(_Action):
    """A skill check (or Turn Undead), against a difficulty the BrickMaster sets."""

    action: Literal["skill"] = "skill"
    skill: str
    target: Target | None = None
    difficulty: Literal[
        "simple", "easy", "normal", "hard", "extremely_hard", "nearly_impossible"
    ] = "normal"
    circumstance: int = Field(default=0, ge=-6, le=6)


SapperAbility = Literal[
    "clear_rubble", "open_door", "block_passage", "bomb", "big_bomb", "really_big_bomb"
]


class Sapper(_Action):
    """A Sapper's explosive, going off at the end of the Sapper's turn after ``fuse`` rounds."""

    action: Literal["sapper"] = "sapper"
    ability: SapperAbility
    squares: tuple[Square, ...] = Field(min_length=1, max_length=2)
    fuse: int = Field(default=0, ge=0, le=3)


class BeginTurn(_Action):
    """Choices made at the start of a turn: Prowess/Ninja Focus dice, Rage, upkeep."""

    action: Literal["begin_turn"] = "begin_turn"
    focus_attack: int = Field(default=0, ge=0, le=2)
    rage: bool = False
    sustain: bool = True


class EndTurn(_Action):
    action: Literal["end_turn"] = "end_turn"


class Hold(_Action):
    """Optional rule: act at the end of the round instead (both actions)."""

    action: Literal["hold"] = "hold"


#: The actor of the table's own actions (initiative, overrides, adjustments).
BRICKMASTER: Final = "brickmaster"


class _TableAction(BaseModel):
    """An action of the BrickMaster's, not of a figure."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: Literal["brickmaster"] = BRICKMASTER


class RollInitiative(_TableAction):
    """Roll (or type) initiative: 2d6 + bonus per character, monsters on their number."""

    action: Literal["initiative"] = "initiative"


class Reorder(_TableAction):
    """The BrickMaster's override of the acting order (a drag in the tracker)."""

    action: Literal["reorder"] = "reorder"
    order: tuple[str, ...] = Field(min_length=1, max_length=1024)


class Adjust(_TableAction):
    """The BrickMaster sets a figure's points or conditions by hand (a click on a sheet)."""

    action: Literal["adjust"] = "adjust"
    figure: str
    hp: int | None = Field(default=None, ge=0, le=999)
    sp: int | None = Field(default=None, ge=0, le=999)
    add_effects: tuple[str, ...] = Field(default=(), max_length=20)
    remove_effects: tuple[str, ...] = Field(default=(), max_length=20)
    add_items: tuple[str, ...] = Field(default=(), max_length=20)
    remove_items: tuple[str, ...] = Field(default=(), max_length=20)
    #: Put the figure on another square (a figure pushed by hand).
    at: Square | None = None


class EditMap(_TableAction):
    """A map edit during a game: a secret door found, a barrel moved, rubble cleared."""

    action: Literal["edit_map"] = "edit_map"
    at: Square
    #: A terrain character of the map format ('.', '#', '+', '/', 'L'...), or None.
    terrain: str | None = Field(default=None, min_length=1, max_length=1)
    #: Move the object standing on ``at`` to this square.
    move_object_to: Square | None = None


TABLE_ACTIONS = (RollInitiative, Reorder, Adjust, EditMap)

Action = Annotated[
    Move
    | Attack
    | Breath
    | Cast
    | Interact
    | UseItem
    | UseSkill
    | Sapper
    | BeginTurn
    | EndTurn
    | Hold
    | RollInitiative
    | Reorder
    | Adjust
    | EditMap,
    Field(discriminator="action"),
]
ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
#: Actions that spend one of the figure's actions for the round.
COUNTED = (Move, Attack, Breath, Cast, Interact, UseItem, UseSkill, Sapper)
