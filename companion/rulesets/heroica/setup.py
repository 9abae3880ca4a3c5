"""Building a quest: from a rules scenario's keys, or from a Heroica map.

The set-up document (what ``initial_state`` reads) holds::

    {"board": {...},                 # companion.rulesets.heroica.board (with "spaces")
     "heroes": [{"id", "hero", "at", "name", "health", "skill", "gold", "blessed",
                 "cursed", "potions", "gear", "relics", "key", "torch", ...}],
     "monsters": [{"id", "monster", "at", "health", "relic", "crystal"}],
     "options": {...},
     "variation": "co_operative",
     "turn": "wizard-1", "phase": "hero_movement", "move_face": "3/Sword",
     "moves_left": 3, "fire": 0, "boss_track": 0, "round": 1}

Heroes sit clockwise in the order given.  Without ``turn`` the first player is still to
be rolled.  A game made from a map passes the map itself as ``"dungeon"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.mapfile import MapDocument
from companion.rules.places import place_name
from companion.rules.ruleset import ScenarioSetup
from companion.rules.scenario import ScenarioError, row_problems, validation_problems
from companion.rules.setups import read_setup
from companion.rulesets.heroica.board import (
    BoardSpec,
    Id,
    board_problems,
    spaces_of_rows,
)
from companion.rulesets.heroica.catalog import HeroicaCatalog
from companion.rulesets.heroica.reach import quest_problems
from companion.rulesets.heroica.roster import label, read_roster
from companion.rulesets.heroica.rules import Ctx, full_health
from companion.rulesets.heroica.schema import Category, Options
from companion.rulesets.heroica.state import (
    PHASES,
    UPKEEP,
    Cell,
    Feature,
    Hero,
    Item,
    Location,
    Monster,
    Quest,
)


class SetupError(ValueError):
    """A set-up that cannot start a quest; the message names the place."""


class HeroSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: Id
    hero: Id
    name: str = ""
    at: Cell
    health: Annotated[int, Field(ge=0, le=99)] | None = None
    skill: Annotated[int, Field(ge=0, le=99)] | None = None
    gold: Annotated[int, Field(ge=0, le=9999)] | None = None
    blessed: bool = False
    cursed: bool = False
    potions: list[Id] = Field(default_factory=list, max_length=64)
    gear: list[Id] = Field(default_factory=list, max_length=64)
    relics: list[Id] = Field(default_factory=list, max_length=64)
    key: bool = False
    torch: bool = False
    temporary: Annotated[int, Field(ge=0, le=99)] = 0
    lose_move: bool = False
    strength: Annotated[int, Field(ge=0, le=9)] = 0


class MonsterSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: Id
    monster: Id
    at: Cell
    health: Annotated[int, Field(ge=1, le=99)] | None = None
    relic: Id | None = None
    crystal: bool = False


class QuestSpec(BaseModel):
    """A scenario's keys for Heroica."""

    model_config = ConfigDict(extra="forbid")

    board: BoardSpec
    heroes: list[HeroSpec] = Field(default_factory=list, max_length=6)
    monsters: list[MonsterSpec] = Field(default_factory=list, max_length=200)
    options: dict[str, Any] = Field(default_factory=dict)
    variation: Literal["co_operative", "versus"] = "co_operative"
    dungeon_master: bool = False
    #: Map Build: the board grows inside ``bounds`` (default: the map's own size).
    map_build: bool = False
    bounds: (
        tuple[Annotated[int, Field(ge=1, le=256)], Annotated[int, Field(ge=1, le=256)]] | None
    ) = None
    turn: Id | None = None
    #: The first player, whose turn begins each round (default: the first seat).
    first: Id | None = None
    #: The Heroica Token's holder (default: the hero whose turn it is, "the first player").
    token: Id | None = None
    phase: str = UPKEEP
    move_face: str | None = None
    moves_left: Annotated[int, Field(ge=0, le=99)] = 0
    stopped: bool = False
    fire: Annotated[int, Field(ge=0, le=99)] = 0
    boss_track: Annotated[int, Field(ge=0, le=99)] = 0
    round: Annotated[int, Field(ge=1)] = 1


def scenario_setup(ruleset_id: str, doc: Mapping[str, Any]) -> ScenarioSetup:
    """Validate a scenario's keys; ``ScenarioError`` lists every problem with its place."""
    try:
        spec = QuestSpec.model_validate_json(json.dumps(dict(doc)), strict=True)
    except ValidationError as exc:
        raise ScenarioError(problems=validation_problems(exc)) from None
    if spec.board.spaces is None:
        raise ScenarioError("board.spaces: a scenario's board gives its spaces' rows")
    ragged = row_problems("board.spaces", spec.board.spaces)
    if ragged:
        raise ScenarioError(problems=ragged)
    setup = {"ruleset": ruleset_id, **spec.model_dump(exclude_none=True)}
    width = max((len(r) for r in spec.board.spaces), default=1)
    return ScenarioSetup(setup=setup, grid=(max(width, 1), max(len(spec.board.spaces), 1)))


def _spaces_of(dungeon: DungeonMap) -> frozenset[Cell]:
    ys, xs = (dungeon.terrain == int(Terrain.FLOOR)).nonzero()
    return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))


def build_quest(setup: Mapping[str, Any], catalog: HeroicaCatalog) -> Quest:
    """The quest a set-up document starts; ``SetupError`` names what is wrong and where."""
    raw = {k: v for k, v in setup.items() if k not in ("ruleset", "dungeon")}
    spec, options = read_setup(
        QuestSpec, raw, catalog.make_options, Options.model_fields, SetupError
    )
    dungeon = setup.get("dungeon")
    if isinstance(dungeon, DungeonMap):
        spaces = _spaces_of(dungeon)
        if spec.bounds is None:
            spec = spec.model_copy(update={"bounds": (dungeon.width, dungeon.height)})
    else:
        rows = spec.board.spaces or []
        spaces = spaces_of_rows(rows)
        if spec.bounds is None and rows:
            spec = spec.model_copy(update={"bounds": (max(map(len, rows)), len(rows))})
    problems = board_problems(spec.board, spaces, catalog)
    if problems:
        place, message = problems[0]
        raise SetupError(f"{place}: {message}")
    start = spec.board.start or (spec.heroes[0].at if spec.heroes else None)
    problems = quest_problems(
        spec.board,
        spaces,
        start,
        {m.id: m.at for m in spec.monsters},
        map_build=spec.map_build,
    )
    if problems:
        raise SetupError("; ".join(f"{place}: {message}" for place, message in problems))
    return _quest(spec, spaces, options, catalog)


def _quest(
    spec: QuestSpec, spaces: frozenset[Cell], options: Options, catalog: HeroicaCatalog
) -> Quest:
    board = spec.board
    locations = {
        loc.id: Location(loc.id, loc.name or loc.id, loc.realm, frozenset(loc.squares()), loc.boss)
        for loc in board.locations
    }
    colours: dict[Cell, str] = {}
    for loc in board.locations:
        colour = catalog.realms[loc.realm].colour
        for c in loc.squares():
            if colour and c not in colours:
                colours[c] = colour
    for spot in board.colours:
        colours[spot.at] = spot.colour
    features = {}
    counts: dict[str, int] = {}
    for f in board.features:
        counts[f.kind] = counts.get(f.kind, 0) + 1
        fid = f"{f.kind}-{counts[f.kind]}"
        features[fid] = Feature(fid, f.kind, f.at, f.to, f.token, f.boss, f.sealed)
    items = {
        f"item-{i + 1}": Item(f"item-{i + 1}", s.item, s.at) for i, s in enumerate(board.items)
    }
    seen: dict[Cell, str] = {}

    def place(fid: str, at: Cell, where: str) -> None:
        if at not in spaces:
            raise SetupError(f"{where}: {fid} at {place_name(at)} is not on a space")
        if at in seen:
            raise SetupError(f"{where}: {fid} at {place_name(at)} shares the space with {seen[at]}")
        seen[at] = fid

    monsters = {}
    for i, m in enumerate(spec.monsters):
        where = f"monsters[{i}]"
        if m.monster not in catalog.monsters:
            known = ", ".join(catalog.monsters)
            raise SetupError(f"{where}: unknown monster {m.monster!r} (known: {known})")
        if m.relic is not None and (
            m.relic not in catalog.items or catalog.items[m.relic].category != Category.RELIC
        ):
            raise SetupError(f"{where}: {m.relic!r} is not a relic")
        place(m.id, m.at, where)
        health = m.health or catalog.health_levels(m.monster, max(1, len(spec.heroes)))
        relic = m.relic or board.relics.get(m.id)
        health += relic_health(catalog, relic)
        crystal = m.crystal or relic == "crystal_of_deflection"
        monsters[m.id] = Monster(m.id, m.monster, m.at, health, relic, crystal)
    heroes: dict[str, Hero] = {}
    for i, hs in enumerate(spec.heroes):
        where = f"heroes[{i}]"
        if hs.hero not in catalog.heroes:
            known = ", ".join(catalog.heroes)
            raise SetupError(f"{where}: unknown hero {hs.hero!r} (known: {known})")
        if hs.id in monsters or hs.id in heroes:
            raise SetupError(f"{where}: id {hs.id!r} is used twice")
        for field, category in (("potions", "potion"), ("gear", None), ("relics", "relic")):
            for item in getattr(hs, field):
                entry = catalog.items.get(item)
                if entry is None or (category and entry.category.value != category):
                    raise SetupError(
                        f"{where}.{field}: {item!r} is not a {category or 'weapon or armour'}"
                    )
        place(hs.id, hs.at, where)
        hero = Hero(
            id=hs.id,
            name=hs.name or catalog.heroes[hs.hero].name,
            hero=hs.hero,
            at=hs.at,
            health=0,
            skill=options.starting_skill_points if hs.skill is None else hs.skill,
            gold=options.starting_gold if hs.gold is None else hs.gold,
            blessed=hs.blessed,
            cursed=hs.cursed and not hs.blessed,
            potions=tuple(hs.potions),
            gear=tuple(hs.gear),
            relics=tuple(hs.relics),
            key=hs.key,
            torch=hs.torch,
            temporary=hs.temporary,
            lose_move=hs.lose_move,
            strength=hs.strength,
        )
        heroes[hs.id] = hero
    if not heroes:
        raise SetupError("heroes: a quest needs at least one hero")
    start = board.start or next(iter(heroes.values())).at
    target = board.target
    if target is not None and target not in monsters:
        raise SetupError(f"board.target: no monster {target!r} on the board")
    if spec.first is not None and spec.first not in heroes:
        raise SetupError(f"first: {spec.first!r} is not a hero ({', '.join(heroes)})")
    quest = Quest(
        spaces=spaces,
        locations=locations,
        colours=colours,
        own_colours={spot.at: spot.colour for spot in board.colours},
        heroes=heroes,
        monsters=monsters,
        features=features,
        items=items,
        seats=tuple(heroes),
        options=options,
        start=start,
        variation=spec.variation,
        dungeon_master=spec.dungeon_master,
        map_build=spec.map_build,
        bounds=spec.bounds or _extent(spaces),
        target=target,
        fire=spec.fire,
        boss_track=spec.boss_track,
        round=spec.round,
        first=list(heroes).index(spec.first) if spec.first is not None else 0,
    )
    quest = seal_at_start(quest, catalog)
    ctx = Ctx(quest, catalog)
    quest = quest.with_(
        heroes={
            hid: h.with_(health=_health(full_health(ctx, h), spec.heroes[i].health))
            for i, (hid, h) in enumerate(heroes.items())
        }
    )
    if spec.turn is not None:
        if spec.turn not in heroes:
            raise SetupError(f"turn: {spec.turn!r} is not a hero ({', '.join(heroes)})")
        if spec.phase not in PHASES[:3]:
            raise SetupError(f"phase: {spec.phase!r} is not a hero phase ({', '.join(PHASES[:3])})")
        hero = quest.heroes[spec.turn]
        quest = quest.with_(
            # A hero whose turn it is that lost its move (Snake, rocks) loses it now.
            heroes={**quest.heroes, hero.id: hero.with_(lose_move=False)},
            move_lost=hero.lose_move,
            token=spec.token or spec.turn,
            turn=quest.seats.index(spec.turn),
            phase=spec.phase,
            move_face=spec.move_face,
            moves_left=spec.moves_left,
            stopped=spec.stopped,
        )
    return quest


def seal_at_start(quest: Quest, catalog: HeroicaCatalog) -> Quest:
    """Generators of a monster that starts at or below their sealing health start sealed
    (the Dragon with few players: option dragon_generators_sealed_at_start)."""
    if not quest.options.dragon_generators_sealed_at_start:
        return quest
    features = dict(quest.features)
    for m in quest.monsters.values():
        rank = catalog.ranks[catalog.monsters[m.kind].rank]
        if rank.id != "dragon":
            continue
        gens = [f for f in features.values() if f.kind == "monster_generator" and f.boss == m.id]
        for gen, at in zip(gens, rank.generators_sealed_at, strict=False):
            if m.health <= at:
                features[gen.id] = gen.with_(sealed=True)
    return quest.with_(features=features)


def relic_health(catalog: HeroicaCatalog, relic: str | None) -> int:
    """A boss holding the Helmet of Protection has its extra health too (reading of
    "Boss Monsters also use the power of the Relic they hold")."""
    if relic is None:
        return 0
    effect = catalog.items[relic].effect("full_health_bonus")
    return getattr(effect, "bonus", 0) if effect is not None else 0


def _extent(spaces: frozenset[Cell]) -> tuple[int, int]:
    return (max((x for x, _ in spaces), default=0) + 1, max((y for _, y in spaces), default=0) + 1)


def _health(full: int, given: int | None) -> int:
    return full if given is None else min(full, given)


def _roster_names(
    doc: MapDocument, party: Mapping[str, Any] | None, catalog: HeroicaCatalog | None
) -> dict[str, str]:
    """Figure id -> the name its hero has in ``party`` (the roster), for the map's hero
    figures the roster has; ``SetupError`` for a bad roster or a hero of another kind."""
    if party is None or catalog is None:
        return {}
    try:
        roster = read_roster(party, catalog)
    except ValueError as exc:
        raise SetupError(f"roster: {exc}") from None
    names = {}
    for p in doc.figures:
        c = roster.character(p.id)
        if c is None or not p.class_id:
            continue
        if c.hero != p.class_id:
            raise SetupError(
                f"figure {p.id!r}: a {p.class_id} on the map but a {c.hero} in the roster"
            )
        names[p.id] = label(c, catalog)
    return names


def game_setup(
    doc: MapDocument,
    options: Mapping[str, Any],
    target: str | None,
    party: Mapping[str, Any] | None = None,
    catalog: HeroicaCatalog | None = None,
    *,
    variation: str = "co_operative",
    dungeon_master: bool = False,
    map_build: bool = False,
) -> dict[str, Any]:
    """A new game's set-up from a Heroica map: its board, its heroes and monsters.  A hero
    figure whose id is a character of ``party`` (a roster) takes that character's name."""
    board = dict(doc.board or {})
    if target:
        board["target"] = target
    names = _roster_names(doc, party, catalog)
    heroes = [
        {"id": p.id, "hero": p.class_id, "name": names.get(p.id, p.name), "at": list(p.at)}
        for p in doc.figures
        if p.class_id
    ]
    monsters = [
        {"id": p.id, "monster": p.monster, "at": list(p.at)} for p in doc.figures if p.monster
    ]
    return {
        "dungeon": doc.dungeon,
        "board": board,
        "heroes": heroes,
        "monsters": monsters,
        "options": dict(options),
        "variation": variation,
        "dungeon_master": dungeon_master,
        "map_build": map_build,
    }
