"""Heroica's actions: one tagged union, shaped like scenario checks.

``actor`` is the hero (or, in the monster phases, the monster) acting; the first player's
roll belongs to the table (``"table"``).  Squares are spaces ``[x, y]``; a ``path`` lists
the spaces entered, one orthogonal step each, without the start.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Cell = tuple[int, int]

#: The actor of actions that belong to the table, not a figure.
TABLE: Final = "table"
#: The actor of the Dungeon Master's moves.
DUNGEON_MASTER: Final = "dungeon_master"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: str


class RollFirstPlayer(_Action):
    """ "Roll at the start of the game to determine which hero goes first." (Character Die)"""

    action: Literal["roll_first_player"] = "roll_first_player"
    actor: str = TABLE


class Buy(_Action):
    """Upkeep: buy a potion, weapon or armour from the store."""

    action: Literal["buy"] = "buy"
    item: str


class Sell(_Action):
    """Upkeep: sell a potion, weapon, armour or relic from the hero pack."""

    action: Literal["sell"] = "sell"
    item: str


class Give(_Action):
    """Hand an item (or gold) to a hero in the same location."""

    action: Literal["give"] = "give"
    to: str
    item: str
    gold: Annotated[int, Field(ge=0, le=999)] = 0


class UsePotion(_Action):
    """Drink a potion in a hero phase (a Life potion may be given to ``target`` instead)."""

    action: Literal["use_potion"] = "use_potion"
    potion: str


class RollMove(_Action):
    """Roll the Action Die (Blessed or Cursed Die) to move."""

    action: Literal["roll_move"] = "roll_move"


class Move(_Action):
    """Move along ``path`` (orthogonal steps), up to the spaces the roll left."""

    action: Literal["move"] = "move"
    path: list[Cell] = Field(min_length=1, max_length=64)


class SkipMove(_Action):
    """A hero that lost its movement turn (Snake, rocks) lets it go."""

    action: Literal["skip_move"] = "skip_move"


class Unlock(_Action):
    """Put the key in a locked door next to the hero: the spaces either side join."""

    action: Literal["unlock"] = "unlock"
    door: str


class PassDoor(_Action):
    """On a movement Shield: pass a magic or locked door next to the hero."""

    action: Literal["pass_door"] = "pass_door"
    door: str


class UseRelic(_Action):
    """On a movement Shield: the Chalice (bless ``target``) or a Sceptre (move ``target``,
    a monster, to ``to``)."""

    action: Literal["use_relic"] = "use_relic"
    relic: str
    target: str
    to: Cell | None = None


class UseSkill(_Action):
    """The hero's skill, or a weapon's ability (``weapon``), exhausting the skill points.

    ``path``: the spaces of its move; ``targets``: the monsters it hits, or the hero it
    heals."""

    action: Literal["use_skill"] = "use_skill"
    weapon: str | None = None
    targets: list[str] = Field(default_factory=list, max_length=8)
    path: list[Cell] = Field(default_factory=list, max_length=8)


class Fight(_Action):
    """Hero combat: roll against an adjacent monster.

    With option melee_skill_trigger = shield_roll, ``skill_on_shield`` says that a Shield
    uses the hero's Melee skill (or ``weapon``'s) instead of its 2 damage."""

    action: Literal["fight"] = "fight"
    target: str
    skill_on_shield: bool = False
    weapon: str | None = None


class Search(_Action):
    """Search the chest or casket the hero stopped on, or explore the rocks beside it.

    ``choice``: for a casket token with two outcomes ("... or ..."), 0 the first, 1 the
    second."""

    action: Literal["search"] = "search"
    choice: Annotated[int, Field(ge=0, le=1)] = 0


class MoveMagicDoor(_Action):
    """Ended on a magic space: move a magic door to an empty space of the allowed colour."""

    action: Literal["move_magic_door"] = "move_magic_door"
    door: str
    to: Cell


class ReadMap(_Action):
    """Ended next to a map: look inside a casket and move it to an unoccupied tan space."""

    action: Literal["read_map"] = "read_map"
    casket: str
    to: Cell


class EndTurn(_Action):
    """The hero's phases are over: the monsters that see the hero move and attack."""

    action: Literal["end_turn"] = "end_turn"


class MonsterMove(_Action):
    """Monster movement: roll for the monster and move it toward the hero."""

    action: Literal["monster_move"] = "monster_move"


class MonsterAttack(_Action):
    """Monster combat: the monster next to the hero attacks it."""

    action: Literal["monster_attack"] = "monster_attack"


class AttackHero(_Action):
    """Versus: on a movement Shield, attack another hero next to yours."""

    action: Literal["attack_hero"] = "attack_hero"
    target: str


class DmMove(_Action):
    """The Dungeon Master rolls and moves ``monster`` toward ``toward`` (default: the
    nearest hero); next to a hero, it attacks."""

    action: Literal["dm_move"] = "dm_move"
    actor: str = DUNGEON_MASTER
    monster: str
    toward: str | None = None


class DmEnd(_Action):
    """The Dungeon Master moves no more monsters this round."""

    action: Literal["dm_end"] = "dm_end"
    actor: str = DUNGEON_MASTER


class Expand(_Action):
    """Map Build: the Heroica Token's holder, at the start of its turn, adds a location on
    an empty ``side`` of its ``location``: the Location, Action and Items Dice decide
    which tile (``tile``: the player's pick where the die allows one), the monsters and
    the items (``potions``: the potions of choice)."""

    action: Literal["expand"] = "expand"
    side: Literal["north", "east", "south", "west"]
    location: str | None = None
    tile: str | None = None
    potions: list[str] = Field(default_factory=list, max_length=2)


class PassToken(_Action):
    """Co-operative: hand the Heroica Token to a hero in the same location."""

    action: Literal["pass_token"] = "pass_token"
    to: str


class DragonFire(_Action):
    """The Dragon's fire attack, due when it wakes and each round of the table after: the
    Character Die picks the hero (and its Lava Mountain generators roll)."""

    action: Literal["dragon_fire"] = "dragon_fire"


Action = Annotated[
    RollFirstPlayer
    | Buy
    | Sell
    | Give
    | UsePotion
    | RollMove
    | Move
    | SkipMove
    | Unlock
    | PassDoor
    | UseRelic
    | UseSkill
    | Fight
    | Search
    | MoveMagicDoor
    | ReadMap
    | EndTurn
    | MonsterMove
    | MonsterAttack
    | AttackHero
    | DmMove
    | DmEnd
    | Expand
    | PassToken
    | DragonFire,
    Field(discriminator="action"),
]
ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)
