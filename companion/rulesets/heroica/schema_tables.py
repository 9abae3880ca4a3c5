"""Heroica's tables: phases, movement, combat, locations, chests, realms, features,
generators, tracks, variations, Map Build (``tables.toml``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds
from companion.rulesets.heroica.schema_base import (
    TEXT_PHASES,
    TEXT_REALMS,
    TEXT_VARIATIONS,
    Count,
    Id,
    Label,
    Positive,
    Quoted,
    Text,
    _every,
    _unique,
)
from companion.rulesets.heroica.schema_heroes import Condition
from companion.rulesets.heroica.schema_monsters import Rank


class Phase(Quoted):
    id: Id
    name: Text


class TurnOrder(Quoted):
    #: The die that picks the first player.
    first: Id
    then: Literal["clockwise"]


class MoveRow(_Frozen):
    face: Label
    spaces: Count
    #: Skill points restored on this face (Shield: 1).
    skill_points: Count = 0


class MovementTable(Quoted):
    die: Id
    #: Up to that many spaces (a hero), or exactly that many (a monster).
    up_to: bool
    rows: tuple[MoveRow, ...]


class MovementRules(Quoted):
    diagonal: bool
    hero_picks_up_items: bool
    hero_stops_next_to_monster: bool
    monster_picks_up_items: bool
    monster_stops_next_to_hero: bool
    heroes_blocked_by: tuple[Id, ...]
    monsters_blocked_by: tuple[Id, ...]


class ShieldChoice(Quoted):
    """Something a movement Shield may do "instead of moving", and what it needs."""

    id: Id
    #: The feature, item or play variation it needs.
    requires: Id


class CombatRow(Quoted):
    """One face of a combat table: what the monster and the hero lose, and who moves back."""

    face: Label
    monster_damage: Count
    #: Spaces the monster moves back "If the monster is not defeated".
    monster_moves_back: Count
    #: The hero loses the monster's strength (plus ``hero_extra_damage``).
    hero_hit: bool
    hero_extra_damage: Count = 0
    hero_moves_back: Count

    @model_validator(mode="after")
    def _extra_needs_hit(self) -> CombatRow:
        if self.hero_extra_damage and not self.hero_hit:
            raise PydanticCustomError("extra_damage", "hero_extra_damage needs hero_hit")
        return self


class CombatTable(Quoted):
    die: Id
    rows: tuple[CombatRow, ...]


class Cornered(Quoted):
    fight_until_defeated: bool


class LocationRules(Quoted):
    link_pieces_in_both_locations: bool
    shared_in_location: tuple[Literal["exchange_items", "heal", "bless"], ...]


class ConditionDef(Quoted):
    """Blessed or Cursed: its token, its die, and what ends it."""

    id: Condition
    name: Text
    token: Text
    die: Id
    ends_on_face: Label
    ends_when: Condition


class ChestRow(Quoted):
    face: Label
    gold: Count
    #: Health gained (negative: lost).
    health: int


class ChestTable(Quoted):
    die: Id
    rows: tuple[ChestRow, ...]


class CasketOutcome(_Frozen):
    health: int = 0
    gold: Count = 0
    condition: Condition | None = None
    boss_track: Count = 0
    fire_track: Count = 0

    @model_validator(mode="after")
    def _something(self) -> CasketOutcome:
        if not (self.health or self.gold or self.condition or self.boss_track or self.fire_track):
            raise PydanticCustomError("empty_outcome", "an outcome must change something")
        return self


class CasketToken(Quoted):
    token: Text
    #: One outcome, or several of which the hero's player chooses one ("... or ...").
    outcomes: Annotated[tuple[CasketOutcome, ...], Field(min_length=1)]


class Casket(Quoted):
    tokens: Annotated[tuple[CasketToken, ...], _unique("token"), Field(min_length=1)]


class RockResult(StrEnum):
    PASS_THROUGH = "pass_through"
    REMOVE = "remove"
    MOVE_BACK = "move_back"
    STUCK = "stuck"


class RockRow(Quoted):
    face: Label
    result: RockResult


class RocksTable(Quoted):
    die: Id
    rows: tuple[RockRow, ...]


class Realm(Quoted):
    id: Id
    name: Text
    colour: Text | None = None
    location_die_face: Label | None = None


class Feature(Quoted):
    """Something on the map: when it stops a hero, whether it takes a space."""

    id: Id
    name: Text
    realm: Id | None = None
    stops: Literal["on_entering", "adjacent"] | None = None
    occupies_space: bool
    #: A movement Shield next to it passes it "instead of moving".
    pass_on_shield: bool = False
    #: The item that opens it.
    unlocked_by: Id | None = None
    #: Its own colour ("blue disc").
    colour: Text | None = None
    #: Space colours a Map sends a casket to.
    moves_casket_to: tuple[Text, ...] = ()
    #: Space colours it may be moved to (magic door), and when only Waldurk Forest is played.
    moved_to: tuple[Text, ...] = ()
    moved_to_if_only_waldurk_forest: tuple[Text, ...] = ()


class GeneratorRow(Quoted):
    face: Label
    spawn: tuple[Rank, ...]
    fire_track: Count


class Generator(Quoted):
    die: Id
    #: The rank that appears when every figure of the rolled one is in play.
    fallback_rank: Rank
    rows: tuple[GeneratorRow, ...]


class LavaRow(Quoted):
    face: Label
    #: none - no monsters; realm - the realm of the face rolled; reroll_as_level_2.
    result: Literal["none", "realm", "reroll_as_level_2"]


class LavaGenerator(Quoted):
    die: Id
    rows: tuple[LavaRow, ...]


class FireTrack(Quoted):
    used_in: tuple[Id, ...]
    per_hero_defeated: Positive
    per_generator_one: Positive
    records_dragon_health: bool


class BossTrack(Quoted):
    used_in: tuple[Id, ...]
    boss_location_only_when_full: bool
    reset_when_boss_added: bool


class HeroicaToken(Quoted):
    starts_with: Literal["first_player"]
    passes: Literal["clockwise"]
    co_operative_pass_in_location: bool
    versus_stolen_by_defeater: bool


class Variation(Quoted):
    id: Id
    name: Text
    #: A game picks one "goal" and one "map" variation, and may add "monsters".
    group: Literal["goal", "map", "monsters"]


class DungeonMaster(Quoted):
    moves_monsters_up_to: Literal["players"]


class LocationRow(Quoted):
    face: Label
    tile: Literal["choice", "realm_rolled", "same_as_location"]
    boss_track: Count


class SpawnRow(Quoted):
    face: Label
    spawn: tuple[Rank, ...]


class ItemsRow(Quoted):
    face: Label
    #: Item (or feature) ids, one of each.
    places: tuple[Id, ...]
    potions_of_choice: Count = 0


class MapBuild(Quoted):
    starting_realm: Id
    dice: tuple[Id, ...]
    location: tuple[LocationRow, ...]
    monsters: tuple[SpawnRow, ...]
    items: tuple[ItemsRow, ...]


class TablesFile(_Frozen):
    format_version: Literal[1]
    phases: Annotated[tuple[Phase, ...], _UniqueIds, _every("phase", TEXT_PHASES, in_order=True)]
    turn_order: TurnOrder
    hero_movement: MovementTable
    monster_movement: MovementTable
    movement_rules: MovementRules
    shield_instead_of_moving: Annotated[tuple[ShieldChoice, ...], _UniqueIds]
    hero_combat: CombatTable
    monster_combat: CombatTable
    cornered: Cornered
    location: LocationRules
    conditions: Annotated[
        tuple[ConditionDef, ...], _UniqueIds, _every("condition", [c.value for c in Condition])
    ]
    chest: ChestTable
    casket: Casket
    rocks: RocksTable
    space_colours: Annotated[tuple[Text, ...], Field(min_length=1)]
    realms: Annotated[tuple[Realm, ...], _UniqueIds, _every("realm", TEXT_REALMS)]
    features: Annotated[tuple[Feature, ...], _UniqueIds]
    generator: Generator
    lava_mountain_generator: LavaGenerator
    fire_track: FireTrack
    boss_track: BossTrack
    heroica_token: HeroicaToken
    variations: Annotated[tuple[Variation, ...], _UniqueIds, _every("variation", TEXT_VARIATIONS)]
    dungeon_master: DungeonMaster
    map_build: MapBuild

    def die_tables(self) -> dict[str, tuple[str, str | None, tuple[object, ...]]]:
        """Every table rolled on a die, by the field path of its rows: (die id, the field
        path of its ``die`` or None where the die is fixed, rows with a ``face``)."""
        tables: dict[str, tuple[str, str | None, tuple[object, ...]]] = {}
        for name in (
            "hero_movement",
            "monster_movement",
            "hero_combat",
            "monster_combat",
            "chest",
            "rocks",
            "generator",
            "lava_mountain_generator",
        ):
            table = getattr(self, name)
            tables[f"{name}.rows"] = (table.die, f"{name}.die", table.rows)
        build = self.map_build
        tables["map_build.location"] = ("location", None, build.location)
        tables["map_build.monsters"] = ("action", None, build.monsters)
        tables["map_build.items"] = ("items", None, build.items)
        return tables
