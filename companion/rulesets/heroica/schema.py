"""Pydantic models of Heroica's data (expanded rules; ``resources/rulesets/heroica/*.toml``).

Every model is frozen and forbids unknown keys, so a typo in a data file is an error.
Sequences are tuples.  No Qt here and no rule numbers: every number is in the data files.
Entries that come from the text carry its ``line`` (a line of ``heroica-expanded.txt`` as
the file is, within its second, complete copy: lines 137-317) and its ``text`` (the
sentence, verbatim).  What one file cannot check alone (ids of another file, die faces) is
checked by :func:`companion.rulesets.heroica.catalog.load_catalog`.

Skills (``kind`` tag; a hero's skill, a weapon's Melee or Ranged ability):

- ``damage``: ``damage`` to ``targets`` monsters (or to every adjacent one, ``all_adjacent``)
  up to ``reach`` spaces away, measured along a path of spaces ("even around corners") or
  in a straight line (``different_lines``: each target on its own line); a ``move_before``
  or ``move_after`` of ``spaces`` (``up_to``: or fewer); ``swap_places`` with the monster;
  ``extra_gold`` from the store.
- ``heal``: restore ``amount`` health (or ``"full"``; ``up_to``) and ``temporary_health``
  to one hero in the hero's location (``includes_self``).

Both cost ``cost`` skill points and are Melee or Ranged (``style``).

Monster abilities (``kind`` tag):

- ``extra_move``: moves ``spaces`` more each time it moves (Spider).
- ``skip_move_on_damage``: a hero it damages loses its next movement turn (Snake).
- ``flies_over``: passes the ``obstacles`` (feature ids) other monsters cannot (Bat, Dark
  Druid).
- ``pushback``: a hero it hits moves back ``spaces`` instead of 1 (the goblins).
- ``damage_instead``: a hero it hits takes ``damage`` instead of its strength (Werewolf).
- ``curse_on_damage``: a hero it damages is Cursed (Mummy, Pharaoh Ramses).
- ``hurt_only_by``: takes damage only on a roll of one of ``faces`` or from a skill when
  ``skills`` (the Golems).
- ``immobile``: never moves (Dragon).
- ``fire_attack``: once awake (a hero enters ``wakes_in``), each round the ``die`` picks a
  hero, attacked with ``strength``; the monster takes no damage on ``no_damage_on``.
- ``adjacent_attack``: attacks with ``strength`` a hero next to it ``at`` the end of its turn.
- ``devours``: a hero it reduces to zero health leaves the game.

Item effects (``kind`` tag): ``restore_health``, ``restore_skill_points``, ``reroll``,
``extra_movement``, ``next_attack_bonus``, ``no_damage_when_attacking`` (Ninja Sword),
``full_health_bonus`` (Helmets; ``not_with``: does not stack with those items), ``bless``
and ``move_monster`` (relics used on a movement Shield), ``restore_on_first_defeat``
(Crystal), ``extra_damage_in_rolls`` (Sword of Power), ``lost_on_health_loss`` (torch),
``unlocks`` (key) and ``gold``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from itertools import pairwise
from typing import Annotated, Any, Final, Generic, Literal, TypeVar

from pydantic import AfterValidator, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel as _Frozen
from companion.datafiles import UniqueIds as _UniqueIds

#: An identifier in the data: lower snake case.
Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Text = Annotated[str, StringConstraints(min_length=1)]
#: A face of a die as the text names it ("Shield", "3/Sword", "gold/green").
Label = Text

#: The second, complete copy of the post in ``heroica-expanded.txt`` (1-based lines).
FIRST_LINE: Final = 137
LAST_LINE: Final = 317
Line = Annotated[int, Field(ge=FIRST_LINE, le=LAST_LINE)]

#: "2. THE HEROICA DICE": ``dice.toml`` must have them all.
TEXT_DICE: Final = ("action", "cursed", "blessed", "character", "location", "items")
#: "1. CHARACTERS"
TEXT_HEROES: Final = ("barbarian", "wizard", "druid", "ranger", "thief", "knight")
#: "7. STANDARD MONSTERS", "8. BOSS MONSTERS" and "DRAGON": the fourteen kinds.
TEXT_MONSTERS: Final = (
    "spider",
    "snake",
    "bat",
    "goblin_warrior",
    "werewolf",
    "mummy",
    "golem_guardian",
    "goblin_guardian",
    "goblin_general",
    "dark_druid",
    "pharaoh_ramses",
    "golem_lord",
    "goblin_king",
    "dragon",
)
#: "POTIONS", "6. WEAPONS & ARMOUR", "RELICS", torches, keys and gold.
TEXT_ITEMS: Final = (
    "life_potion",
    "skill_potion",
    "luck_potion",
    "speed_potion",
    "strength_potion",
    "axe",
    "wand",
    "staff",
    "bow",
    "dagger",
    "sword",
    "crossbow",
    "spear",
    "ninja_sword",
    "helmet",
    "helmet_of_protection",
    "chalice_of_luck",
    "sceptre_of_summoning",
    "sceptre_of_banishment",
    "crystal_of_deflection",
    "sword_of_power",
    "torch",
    "key",
    "gold",
)
#: The five phases of a player's turn, in order.
TEXT_PHASES: Final = (
    "upkeep",
    "hero_movement",
    "hero_combat",
    "monster_movement",
    "monster_combat",
)
#: The six locations of the text.
TEXT_REALMS: Final = (
    "draida_bay",
    "castle_fortaan",
    "waldurk_forest",
    "caverns_of_nathuz",
    "ramses_temple",
    "lava_mountain",
)
#: "4. PLAY VARIATIONS"
TEXT_VARIATIONS: Final = ("co_operative", "versus", "dungeon_master", "fixed_map", "map_build")

_E = TypeVar("_E")


def _every(kind: str, wanted: Iterable[str], *, in_order: bool = False) -> AfterValidator:
    """A validator: entries whose ``id``s include each of ``wanted`` (in that order)."""
    wanted = tuple(wanted)

    def check(entries: tuple[_E, ...]) -> tuple[_E, ...]:
        present = [str(getattr(entry, "id")) for entry in entries]  # noqa: B009
        for ident in wanted:
            if ident not in present:
                raise PydanticCustomError(
                    f"missing_{kind}",
                    "missing {kind} '{id}' of the text",
                    {"kind": kind, "id": ident},
                )
        if in_order and tuple(i for i in present if i in wanted) != wanted:
            raise PydanticCustomError(
                f"{kind}_order",
                "{kind}s must come in the text's order: {order}",
                {"kind": kind, "order": ", ".join(wanted)},
            )
        return entries

    return AfterValidator(check)


def _unique(field: str) -> AfterValidator:
    """A validator: no two entries share ``field``."""

    def check(entries: tuple[_E, ...]) -> tuple[_E, ...]:
        seen: dict[object, int] = {}
        for index, entry in enumerate(entries):
            value = getattr(entry, field)
            if value in seen:
                raise PydanticCustomError(
                    "duplicate",
                    "duplicate {field} '{value}' at index {index} (first at index {first})",
                    {"field": field, "value": str(value), "index": index, "first": seen[value]},
                )
            seen[value] = index
        return entries

    return AfterValidator(check)


class Quoted(_Frozen):
    """An entry of the text: its ``line`` and its sentence, verbatim."""

    line: Line
    text: Text


# -------------------------------------------------------------------------- dice


class Condition(StrEnum):
    """Blessings and Curses."""

    BLESSED = "blessed"
    CURSED = "cursed"


class DieDef(Quoted):
    """One of the six dice: its faces' labels, face 1 first."""

    id: Id
    name: Text
    faces: Annotated[tuple[Label, ...], Field(min_length=2)]
    #: The die rolled in place of ``replaces`` while a hero is ``when``.
    replaces: Id | None = None
    when: Condition | None = None

    @model_validator(mode="after")
    def _replaces_when(self) -> DieDef:
        if (self.replaces is None) != (self.when is None):
            raise PydanticCustomError(
                "replaces_when", "'replaces' and 'when' go together (both or neither)"
            )
        return self

    @property
    def distinct_faces(self) -> tuple[str, ...]:
        """Each label once, in face order."""
        return tuple(dict.fromkeys(self.faces))

    def count(self, label: str) -> int:
        """How many faces carry ``label``."""
        return self.faces.count(label)


class DiceFile(_Frozen):
    format_version: Literal[1]
    dice: Annotated[tuple[DieDef, ...], _UniqueIds, _every("die", TEXT_DICE)]


# ------------------------------------------------------------------------ skills


class Style(StrEnum):
    """Melee or Ranged: "Each hero has a special Ranged or Melee skill."."""

    MELEE = "melee"
    RANGED = "ranged"


class Measure(StrEnum):
    #: "up to N spaces away, even around corners": a path of spaces.
    PATH = "path"
    #: "in a straight line": the same row or column.
    STRAIGHT_LINE = "straight_line"


class Move(_Frozen):
    spaces: Positive
    #: "Move up to 2 spaces" (or fewer); otherwise exactly ``spaces``.
    up_to: bool


class DamageSkill(_Frozen):
    kind: Literal["damage"]
    style: Style
    cost: Positive
    damage: Positive
    targets: Positive = 1
    all_adjacent: bool = False
    reach: Positive
    measure: Measure = Measure.PATH
    different_lines: bool = False
    move_before: Move | None = None
    move_after: Move | None = None
    swap_places: bool = False
    extra_gold: Count = 0


class HealSkill(_Frozen):
    kind: Literal["heal"]
    style: Style
    cost: Positive
    amount: Positive | Literal["full"]
    up_to: bool = False
    temporary_health: Count = 0
    target: Literal["hero_in_location"]
    includes_self: bool


Skill = Annotated[DamageSkill | HealSkill, Field(discriminator="kind")]


# ------------------------------------------------------------------------ heroes


class SkillPoints(Quoted):
    """The "full (4) skill points": 1 restored in Upkeep and 1 more on a movement Shield."""

    full: Positive
    upkeep_restore: Count
    shield_restore: Count


class WithWeapon(Quoted):
    """The hero's skill with its own weapon: "(If the Barbarian has the Axe: ...)"."""

    weapon: Id
    skill: Skill


class HeroDef(Quoted):
    """A hero: its skill (``text``: the skill's words after "Melee - " or "Ranged - ")."""

    id: Id
    name: Text
    #: Its face on the Character Die and that face's colour.
    colour: Text
    character_die_face: Label
    skill: Skill
    with_weapon: WithWeapon

    @property
    def style(self) -> Style:
        return self.skill.style


class HeroesFile(_Frozen):
    format_version: Literal[1]
    skill_points: SkillPoints
    heroes: Annotated[tuple[HeroDef, ...], _UniqueIds, _every("hero", TEXT_HEROES)]


# ---------------------------------------------------------------------- monsters


class Rank(StrEnum):
    LEVEL_1 = "level_1"
    LEVEL_2 = "level_2"
    BOSS = "boss"
    DRAGON = "dragon"


class BossHealth(_Frozen):
    """4 in a Fixed Map game; in Map Build the n-th boss has players + first + (n-1) x step."""

    fixed_map: Positive
    map_build_first_players_plus: Positive
    map_build_step: Positive


class PlayersPlus(_Frozen):
    """Health levels equal to the number of players + ``players_plus``."""

    players_plus: Positive


def _decreasing(values: tuple[int, ...]) -> tuple[int, ...]:
    if any(a <= b for a, b in pairwise(values)):
        raise PydanticCustomError("decreasing", "must go down, first generator first")
    return values


class RankDef(Quoted):
    """A rank's numbers: strength, health, gold; the health at which its generators seal."""

    id: Rank
    name: Text
    strength: Positive
    health: Positive | BossHealth | PlayersPlus
    #: Gold for defeating one; None where the text gives none (option boss_gold).
    gold: Count | None = None
    holds_relic: bool = False
    generators_sealed_at: Annotated[tuple[Count, ...], AfterValidator(_decreasing)] = ()

    def health_levels(self, players: int, *, map_build: bool = False, boss_number: int = 1) -> int:
        """Starting health: ``players`` in the game; the ``boss_number``-th boss of Map Build."""
        health = self.health
        if isinstance(health, int):
            return health
        if isinstance(health, PlayersPlus):
            return players + health.players_plus
        if not map_build:
            return health.fixed_map
        return (
            players
            + health.map_build_first_players_plus
            + (boss_number - 1) * (health.map_build_step)
        )


class ExtraMove(_Frozen):
    kind: Literal["extra_move"]
    spaces: Positive


class SkipMoveOnDamage(_Frozen):
    kind: Literal["skip_move_on_damage"]


class FliesOver(_Frozen):
    kind: Literal["flies_over"]
    obstacles: Annotated[tuple[Id, ...], Field(min_length=1)]


class Pushback(_Frozen):
    kind: Literal["pushback"]
    spaces: Positive


class DamageInstead(_Frozen):
    kind: Literal["damage_instead"]
    damage: Positive


class CurseOnDamage(_Frozen):
    kind: Literal["curse_on_damage"]


class HurtOnlyBy(_Frozen):
    kind: Literal["hurt_only_by"]
    faces: tuple[Label, ...]
    skills: bool


class Immobile(_Frozen):
    kind: Literal["immobile"]


class FireAttack(_Frozen):
    kind: Literal["fire_attack"]
    die: Id
    strength: Positive
    wakes_in: Id
    no_damage_on: tuple[Label, ...] = ()


class AdjacentAttack(_Frozen):
    kind: Literal["adjacent_attack"]
    strength: Positive
    at: Literal["end_of_turn"]


class Devours(_Frozen):
    kind: Literal["devours"]


MonsterAbility = Annotated[
    ExtraMove
    | SkipMoveOnDamage
    | FliesOver
    | Pushback
    | DamageInstead
    | CurseOnDamage
    | HurtOnlyBy
    | Immobile
    | FireAttack
    | AdjacentAttack
    | Devours,
    Field(discriminator="kind"),
]


class MonsterDef(Quoted):
    """A monster kind: its rank (the numbers), its realms and its ability (``text``)."""

    id: Id
    name: Text
    rank: Rank
    realms: Annotated[tuple[Id, ...], Field(min_length=1)]
    abilities: tuple[MonsterAbility, ...] = ()

    def ability(self, kind: str) -> MonsterAbility | None:
        """The first ability of ``kind``, or None."""
        return next((a for a in self.abilities if a.kind == kind), None)

    @property
    def pushback(self) -> int:
        """Spaces a hero it hits moves back: 1 unless it says more."""
        return max((a.spaces for a in self.abilities if isinstance(a, Pushback)), default=1)


class MonstersFile(_Frozen):
    format_version: Literal[1]
    ranks: Annotated[tuple[RankDef, ...], _UniqueIds, _every("rank", [r.value for r in Rank])]
    monsters: Annotated[tuple[MonsterDef, ...], _UniqueIds, _every("monster", TEXT_MONSTERS)]


# ------------------------------------------------------------------------- items


class Category(StrEnum):
    POTION = "potion"
    WEAPON = "weapon"
    ARMOUR = "armour"
    RELIC = "relic"
    TORCH = "torch"
    KEY = "key"
    GOLD = "gold"


class Price(Quoted):
    """What the store asks (``buy``; None: not sold) and pays (``sell``) for a category."""

    category: Category
    buy: Positive | None = None
    sell: Positive


class Shop(Quoted):
    #: The phase the store is open in.
    phase: Id
    #: "All players then sell their relics, weapons, armour and potions." (Versus)
    versus_final_sale: tuple[Category, ...]
    prices: Annotated[tuple[Price, ...], _unique("category")]


class PotionUse(Quoted):
    phases: Annotated[tuple[Id, ...], Field(min_length=1)]


class RelicRules(Quoted):
    boss_uses_relic: bool
    boss_uses_shield_relic_on_every_shield: bool
    taken_from_defeated_boss: bool


class RestoreHealth(_Frozen):
    kind: Literal["restore_health"]
    amount: Positive


class RestoreSkillPoints(_Frozen):
    kind: Literal["restore_skill_points"]
    amount: Positive | Literal["full"]


class Reroll(_Frozen):
    kind: Literal["reroll"]
    die: Id


class ExtraMovement(_Frozen):
    """Up to ``spaces`` more when moving."""

    kind: Literal["extra_movement"]
    spaces: Positive


class NextAttackBonus(_Frozen):
    kind: Literal["next_attack_bonus"]
    damage: Positive


class NoDamageWhenAttacking(_Frozen):
    kind: Literal["no_damage_when_attacking"]


class FullHealthBonus(_Frozen):
    kind: Literal["full_health_bonus"]
    bonus: Positive
    #: Items it does not stack with.
    not_with: tuple[Id, ...] = ()


class Bless(_Frozen):
    kind: Literal["bless"]
    trigger: Literal["movement_shield"]
    target: Literal["hero_in_location"]
    includes_self: bool
    #: "In the hands of a Boss Monster, the Chalice Curses rather than Blesses."
    boss_curses: bool


class MoveMonster(_Frozen):
    kind: Literal["move_monster"]
    trigger: Literal["movement_shield"]
    ranks: Annotated[tuple[Rank, ...], Field(min_length=1)]
    take_from: Literal["anywhere", "your_location"]
    place_in: Literal["anywhere", "your_location"]


class RestoreOnFirstDefeat(_Frozen):
    kind: Literal["restore_on_first_defeat"]


class ExtraDamageInRolls(_Frozen):
    kind: Literal["extra_damage_in_rolls"]
    bonus: Positive
    affects_skills: bool


class LostOnHealthLoss(_Frozen):
    kind: Literal["lost_on_health_loss"]


class Unlocks(_Frozen):
    kind: Literal["unlocks"]
    feature: Id
    single_use: bool


class GoldPiece(_Frozen):
    kind: Literal["gold"]
    amount: Positive


Effect = Annotated[
    RestoreHealth
    | RestoreSkillPoints
    | Reroll
    | ExtraMovement
    | NextAttackBonus
    | NoDamageWhenAttacking
    | FullHealthBonus
    | Bless
    | MoveMonster
    | RestoreOnFirstDefeat
    | ExtraDamageInRolls
    | LostOnHealthLoss
    | Unlocks
    | GoldPiece,
    Field(discriminator="kind"),
]


class ItemDef(Quoted):
    """A thing for the hero pack: a weapon's ``skill`` and/or its ``effects``."""

    id: Id
    name: Text
    category: Category
    #: A potion's colour, as the text gives it ("Life (red)").
    colour: Text | None = None
    #: "Melee:" or "Ranged:" where the text labels an item that has no skill.
    label: Style | None = None
    #: "You may only carry ONE torch at a time."
    carry_limit: Positive | None = None
    skill: Skill | None = None
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _does_something(self) -> ItemDef:
        if self.skill is None and not self.effects:
            raise PydanticCustomError("no_use", "an item needs a skill or effects")
        return self

    @property
    def style(self) -> Style | None:
        """Melee or Ranged, as the text labels it (None: neither)."""
        return self.skill.style if self.skill is not None else self.label

    def effect(self, kind: str) -> Effect | None:
        """The first effect of ``kind``, or None."""
        return next((e for e in self.effects if e.kind == kind), None)


class ItemsFile(_Frozen):
    format_version: Literal[1]
    shop: Shop
    potion_use: PotionUse
    relics: RelicRules
    items: Annotated[tuple[ItemDef, ...], _UniqueIds, _every("item", TEXT_ITEMS)]


# ------------------------------------------------------------------------ tables


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


# ----------------------------------------------------------------------- options


class FireTrackEnd(StrEnum):
    LOSE = "lose"
    DRAGON = "dragon"


class MeleeSkillTrigger(StrEnum):
    #: In hero combat, with full skill points, exhausted instead of rolling.
    FULL_SKILL_POINTS = "full_skill_points"
    #: A hero-combat Shield spent on the skill instead of its 2 damage.
    SHIELD_ROLL = "shield_roll"


class KnightSwordStyle(StrEnum):
    AS_WRITTEN = "as_written"
    MELEE = "melee"
    RANGED = "ranged"


class PushbackBlocked(StrEnum):
    STOPS = "stops"
    CORNERED = "cornered"


class DragonAfterDevouring(StrEnum):
    #: The Dragon stays where it was (atop Lava Mountain).
    PERCHED = "perched"
    #: The Dragon ends on the devoured hero's space.
    HERO_SQUARE = "hero_square"


class AdjacentMonsters(StrEnum):
    ONE = "one"
    EACH = "each"


class MonsterMoveOrder(StrEnum):
    PLAYER_CHOICE = "player_choice"
    NEAREST_FIRST = "nearest_first"


class CurseOnBlessed(StrEnum):
    CANCELS = "cancels"
    REPLACES = "replaces"


class TemporaryHealth(StrEnum):
    UNTIL_LOST = "until_lost"
    UNTIL_NEXT_TURN = "until_next_turn"


class HeroDefeat(StrEnum):
    RETURN_TO_START = "return_to_start"
    OUT = "out"


class HeroVersusHero(StrEnum):
    HERO_COMBAT_TABLE = "hero_combat_table"
    ONE_DAMAGE = "one_damage"


class RelicAssignment(StrEnum):
    SETUP = "setup"
    RANDOM = "random"


_V = TypeVar("_V")


class _OptionDoc(_Frozen):
    #: The loose sentence of the text, verbatim.
    quote: Text
    #: What the option means, and why its default.
    description: Text


class Choice(_OptionDoc, Generic[_V]):
    """An option: its ``default`` (a number, a flag or one of a choice's values)."""

    default: _V


PositiveOption = Choice[Positive]
CountOption = Choice[Count]
FlagOption = Choice[bool]


class Options(_Frozen):
    """The readings one game plays by; :meth:`OptionsFile.defaults` gives the defaults."""

    hero_health: Positive
    starting_skill_points: Count
    starting_gold: Count
    fire_track_length: Positive
    fire_track_full: FireTrackEnd
    boss_track_length: Positive
    melee_skill_trigger: MeleeSkillTrigger
    knight_and_sword_style: KnightSwordStyle
    golem_retreats_undamaged: bool
    werewolf_shield_damage: Positive
    pushback_blocked: PushbackBlocked
    adjacent_monsters_fought: AdjacentMonsters
    monster_move_order: MonsterMoveOrder
    dragon_hurt_by_normal_attack: bool
    dragon_after_devouring: DragonAfterDevouring
    dragon_generators_sealed_at_start: bool
    condition_die_for_monster_rolls: bool
    conditions_end_on_any_roll: bool
    curse_on_blessed_hero: CurseOnBlessed
    figures_block_ranged: bool
    obstacles_block_ranged: bool
    temporary_health: TemporaryHealth
    hero_defeat: HeroDefeat
    crystal_prevents_defeat: bool
    hero_versus_hero: HeroVersusHero
    hero_strength: Positive
    first_player_reroll: bool
    #: 0: no limit.
    monster_figures_per_kind: Count
    boss_gold: Count
    relic_assignment: RelicAssignment


class OptionsFile(_Frozen):
    """Each option of :class:`Options` with its default, its quote and its description."""

    format_version: Literal[1]
    hero_health: PositiveOption
    starting_skill_points: CountOption
    starting_gold: CountOption
    fire_track_length: PositiveOption
    fire_track_full: Choice[FireTrackEnd]
    boss_track_length: PositiveOption
    melee_skill_trigger: Choice[MeleeSkillTrigger]
    knight_and_sword_style: Choice[KnightSwordStyle]
    golem_retreats_undamaged: FlagOption
    werewolf_shield_damage: PositiveOption
    pushback_blocked: Choice[PushbackBlocked]
    adjacent_monsters_fought: Choice[AdjacentMonsters]
    monster_move_order: Choice[MonsterMoveOrder]
    dragon_hurt_by_normal_attack: FlagOption
    dragon_after_devouring: Choice[DragonAfterDevouring]
    dragon_generators_sealed_at_start: FlagOption
    condition_die_for_monster_rolls: FlagOption
    conditions_end_on_any_roll: FlagOption
    curse_on_blessed_hero: Choice[CurseOnBlessed]
    figures_block_ranged: FlagOption
    obstacles_block_ranged: FlagOption
    temporary_health: Choice[TemporaryHealth]
    hero_defeat: Choice[HeroDefeat]
    crystal_prevents_defeat: FlagOption
    hero_versus_hero: Choice[HeroVersusHero]
    hero_strength: PositiveOption
    first_player_reroll: FlagOption
    monster_figures_per_kind: CountOption
    boss_gold: CountOption
    relic_assignment: Choice[RelicAssignment]

    def documented(self) -> dict[str, Choice[Any]]:
        """Every option's entry, by name, in the order of :class:`Options`."""
        return {name: getattr(self, name) for name in Options.model_fields}

    def defaults(self) -> Options:
        """The options a game plays by unless told otherwise."""
        return Options.model_validate(
            {name: getattr(self, name).default for name in Options.model_fields}
        )
