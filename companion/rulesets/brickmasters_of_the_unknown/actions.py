"""Brickmasters of the Unknown's actions: one tagged union, shaped like scenario checks.

``actor`` is the figure acting (the table's own actions name ``"table"``).  Points on the
table are stud cells ``[x, y]``: a figure's base is centred on its cell.  Facings are
compass names ("N", "NE"...), set when a figure stops.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Cell = tuple[int, int]
Ids = Annotated[list[Annotated[str, Field(min_length=1, max_length=64)]], Field(max_length=40)]

#: The actor of actions that belong to the table, not a figure.
TABLE: Final = "table"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: str


class RollInitiative(_Action):
    """ "Each figure rolls initiative for the entire encounter (1d6 + current move)"."""

    action: Literal["roll_initiative"] = "roll_initiative"
    actor: str = TABLE


class Move(_Action):
    """Action phase: a straight move to ``to``, stopping where an enemy's reach begins;
    ``wire_fu``: add the adventure roll to move into combat."""

    action: Literal["move"] = "move"
    to: Cell
    facing: str | None = None
    wire_fu: bool = False


class Delay(_Action):
    """Action phase: delay the move until after the named friend has acted."""

    action: Literal["delay"] = "delay"
    behind: str


class Close(_Action):
    """Action phase, in combat but out of range: move into range of ``target``."""

    action: Literal["close"] = "close"
    target: str
    to: Cell
    facing: str | None = None


class Flee(_Action):
    """Action phase, in combat: poltroonery (1d6 + move each); if it wins, move to ``to``."""

    action: Literal["flee"] = "flee"
    to: Cell
    facing: str | None = None


class Shoot(_Action):
    """Action phase (resolved at once) or final shots: an opposed Shoot roll at ``target``."""

    action: Literal["shoot"] = "shoot"
    target: str
    weapon: str | None = None


class Cast(_Action):
    """Action phase: begin casting ``spell`` (resolved in spell resolution).

    ``mode``: which reading of the spell's two ("one"/"many" for Zap, "web"/"wall",
    "one"/"many" for Sleep, "curse"/"bless", "unbreak"/"armour" for Heal, "haste"/"slow");
    ``stat`` for Curse/bless; ``to`` for Teleport's destination and Wall's far end;
    ``gem``: cast from a gem of the spell."""

    action: Literal["cast"] = "cast"
    spell: str
    targets: Ids = Field(default_factory=list)
    mode: str = ""
    stat: Literal["fight", "shoot", "cast", "adventure"] | None = None
    to: Cell | None = None
    gem: bool = False


class Special(_Action):
    """Action phase: Whirlwind or Gun-Fu (once a day), resolved with the spells."""

    action: Literal["special"] = "special"
    gimmick: Literal["whirlwind", "gun_fu"]
    targets: Ids


class Pass(_Action):
    """Let this phase's turn go (the action phase, a final shot, a spell to resolve)."""

    action: Literal["pass"] = "pass"


class Fight(_Action):
    """Combat resolution: ``actor`` fights ``target``; ``with``: the actor's extra friends
    in the gang-up (+1 bump each), ``against``: the target's extra friends."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    action: Literal["fight"] = "fight"
    target: str
    with_: Ids = Field(default_factory=list, alias="with")
    against: Ids = Field(default_factory=list)


class Allocate(_Action):
    """The winner against several figures chooses who takes its hits: one hit each to
    the figures of ``to`` in turn, round again while hits remain; or ``split`` exactly."""

    action: Literal["allocate"] = "allocate"
    to: Ids = Field(default_factory=list)
    split: dict[str, int] = Field(default_factory=dict)


class ResolveSpell(_Action):
    """Spell resolution: roll the caster's declared spell (Cast against Cast)."""

    action: Literal["resolve_spell"] = "resolve_spell"


class Recast(_Action):
    """A caster that lost its roll discards a spellcasting item to roll again."""

    action: Literal["recast"] = "recast"
    item: str


class Adventure(_Action):
    """An adventure roll: against 4 (passive) or another figure's adventure (opposed);
    ``bumps`` for difficulty and tools, ``gimmick_dice`` d6s added by gimmicks."""

    action: Literal["adventure"] = "adventure"
    bumps: int = Field(default=0, ge=-7, le=7)
    gimmick_dice: int = Field(default=0, ge=0, le=6)
    against: str | None = None
    task: str = Field(default="", max_length=200)


class Hazard(_Action):
    """The table applies a hazard to a figure: a fall (d3 hits per level), fire (1d3) or
    a trap's hits."""

    action: Literal["hazard"] = "hazard"
    actor: str = TABLE
    target: str
    kind: Literal["fall", "fire", "trap"]
    levels: int = Field(default=1, ge=1, le=20)
    hits: int = Field(default=1, ge=0, le=20)


class EndEncounter(_Action):
    """The table declares the encounter over (a side fled the field), naming the winner."""

    action: Literal["end_encounter"] = "end_encounter"
    actor: str = TABLE
    winner: str


Action = Annotated[
    RollInitiative
    | Move
    | Delay
    | Close
    | Flee
    | Shoot
    | Cast
    | Special
    | Pass
    | Fight
    | Allocate
    | ResolveSpell
    | Recast
    | Adventure
    | Hazard
    | EndEncounter,
    Field(discriminator="action"),
]
ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
