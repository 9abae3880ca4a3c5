"""QUBQST's game state and actions (pydantic; no Qt).

One party at one cube: the catacomb (cubes with their rolled faces and joined paths), the
characters, the party's treasure and items, and the encounter on the party's cube.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from companion.rulesets.qubqst.data import Cards

Dir = Literal["N", "E", "S", "W"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Options(_Frozen):
    sample: Literal["cards", "all", "off"] = "cards"
    mode: Literal["single", "coop", "versus"] = "single"
    players: str = ""
    pool_after_defeat: Literal["remaining", "fresh"] = "remaining"
    tie_round: Literal["nothing", "both_discard"] = "nothing"
    cube_limit: int = Field(default=0, ge=0, le=99)
    rest_cap: bool = True
    swap_fighter: bool = False
    secret_items: bool = False
    resistance_fight: Literal["refuse", "no_harm"] = "refuse"


class Character(_Frozen):
    id: str
    name: str
    hit_power: int
    max_hit_power: int
    weak: bool = False
    dead: bool = False
    #: 0 Hit Power, waiting for HEL before the party moves on.
    down: bool = False
    casting_points: int = 0
    #: The combat cubes left in the fight it is in (None: not fighting).
    pool: int | None = None

    @property
    def able(self) -> bool:
        return not (self.weak or self.dead or self.down)


class Cube(_Frozen):
    id: str
    face: str
    paths: tuple[str, ...]
    content: Literal["empty", "trap", "creatures"]
    colours: tuple[str, ...] = ()
    #: path -> "cube:path" it is joined to.
    joins: dict[str, str] = Field(default_factory=dict)
    discarded: bool = False
    #: Drawing order (golden 0).
    order: int = 0


class Foe(_Frozen):
    id: str
    colour: str
    creature: str | None = None
    #: The creature cube showed a bag/box of treasure: no creature.
    bag: str | None = None
    hit_power: int = 0
    pool: int | None = None
    engaged: bool = False
    defeated: bool = False
    sneaked: bool = False
    evaded: bool = False
    opened: bool = False
    fighter: str | None = None

    @property
    def resolved(self) -> bool:
        if self.bag is not None:
            return self.opened
        return self.defeated or self.sneaked or self.evaded


class Trap(_Frozen):
    trap: str
    victim: str
    #: The cache it guards (destroyed if it goes off), or None.
    cache: str | None = None
    disarmed: bool = False


class Encounter(_Frozen):
    cube: str
    entry: str | None = None
    revealed: bool = False
    foes: tuple[Foe, ...] = ()
    trap: Trap | None = None
    #: Caches the party may search (a defeated creature's, a bag's, a stolen cache).
    caches: tuple[str, ...] = ()
    #: Caches whose trap was disarmed: a re-roll's trap goes off at once.
    rerolls: tuple[str, ...] = ()
    rested: bool = False
    #: A spell cast or a secret room searched here: too late to rest.
    late: bool = False
    searched: tuple[str, ...] = ()
    sneaked: bool = False
    evaded: bool = False
    #: A found secret room's cube, waiting for the party to go in (or not).
    secret: Foe | None = None


class Party(_Frozen):
    gold: int = 0
    gems: int = 0
    normal_item: str | None = None
    magic_item: str | None = None
    defeated: int = 0


class Result(_Frozen):
    player: str
    completed: bool
    score: int


class Game(_Frozen):
    phase: Literal["setup", "play", "over"] = "setup"
    options: Options = Options()
    cards: Cards
    party_ids: tuple[str, ...]
    characters: dict[str, Character]
    party: Party = Party()
    cubes: dict[str, Cube] = Field(default_factory=dict)
    bag: tuple[str, ...] = ()
    to_draw: int = 0
    #: The last cube drawn, until it is joined.
    unjoined: str | None = None
    item_rolled: bool = False
    encounter: Encounter | None = None
    visited: int = 0
    outcome: Literal["won", "lost"] | None = None
    players: tuple[str, ...] = ()
    player: int = 0
    results: tuple[Result, ...] = ()
    step: str = "Set-up"

    @property
    def position(self) -> str | None:
        return self.encounter.cube if self.encounter else None


# -- actions ------------------------------------------------------------------------------
class _Action(_Frozen):
    actor: str


class StartItem(_Action):
    action: Literal["start_item"] = "start_item"


class Draw(_Action):
    action: Literal["draw"] = "draw"
    cube: str | None = None
    face: int | str | None = None


class Join(_Action):
    action: Literal["join"] = "join"
    cube: str
    path: Dir
    to: str
    to_path: Dir


class Enter(_Action):
    action: Literal["enter"] = "enter"
    cube: str
    path: Dir


class Reveal(_Action):
    action: Literal["reveal"] = "reveal"


class Fight(_Action):
    action: Literal["fight"] = "fight"
    foe: str
    magic_item: bool = False


class Cast(_Action):
    action: Literal["cast"] = "cast"
    spell: str
    target: str | None = None
    foe: str | None = None
    path: Dir | None = None


class Sneak(_Action):
    action: Literal["sneak"] = "sneak"
    foe: str
    using: Literal["skill", "clk"] = "skill"


class Steal(_Action):
    action: Literal["steal"] = "steal"
    foe: str


class Evade(_Action):
    action: Literal["evade"] = "evade"
    foe: str


class OpenBag(_Action):
    action: Literal["open_bag"] = "open_bag"
    foe: str


class SearchTreasure(_Action):
    action: Literal["search_treasure"] = "search_treasure"
    cache: str


class Disarm(_Action):
    action: Literal["disarm"] = "disarm"
    using: Literal["skill", "dsm"] = "skill"


class Spring(_Action):
    action: Literal["spring"] = "spring"


class Rest(_Action):
    action: Literal["rest"] = "rest"
    choice: Literal["hit_power", "recover", "casting_point"]


class SearchSecret(_Action):
    action: Literal["search_secret"] = "search_secret"
    path: Dir
    using: Literal["skill", "map"] = "skill"


class EnterSecret(_Action):
    action: Literal["enter_secret"] = "enter_secret"


class UseItem(_Action):
    action: Literal["use_item"] = "use_item"
    item: str
    target: str | None = None


class MoveOn(_Action):
    action: Literal["move_on"] = "move_on"
    path: Dir


class NextPlayer(_Action):
    action: Literal["next_player"] = "next_player"
    #: The next player's own party (default: the same characters).
    party: tuple[str, ...] | None = None


AnyAction = (
    StartItem
    | Draw
    | Join
    | Enter
    | Reveal
    | Fight
    | Cast
    | Sneak
    | Steal
    | Evade
    | OpenBag
    | SearchTreasure
    | Disarm
    | Spring
    | Rest
    | SearchSecret
    | EnterSecret
    | UseItem
    | MoveOn
    | NextPlayer
)
Action = Annotated[AnyAction, Field(discriminator="action")]
ACTIONS: TypeAdapter[AnyAction] = TypeAdapter(Action)
SETUP_ACTIONS = ("start_item", "draw", "join", "enter")
PHASES = ("Set-up", "Reveal", "Creatures", "Trap", "Treasure", "Rest", "Secret rooms", "Move on")
