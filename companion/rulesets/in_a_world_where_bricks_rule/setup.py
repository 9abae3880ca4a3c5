"""Building a battle: from a rules scenario's keys, or from a table map and a roster.

The set-up document (what ``initial_state`` reads) holds::

    {"map": {"terrain": [...], "heights": [...]},   # one character per stud
     "sides": ["red", "blue"],                       # youngest player's side first
     "figures": [{"id", "side", "level", "class", "armor", "shield", "weapon",
                  "at": [x, y], "hits", "knocked_out", ...}],
     "items": [{"id", "weapon", "at": [x, y]}],
     "options": {...},
     "round": 1, "roll": 12, "done": [...], "side": "red"}   # a round already rolled

A game made from a map file passes the map itself as ``"dungeon"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.dungeon import DungeonMap
from companion.model.geometry.tabletop import (
    TableLayers,
    barriers,
    centre_of,
    standing_height,
)
from companion.model.mapfile import MapDocument
from companion.model.textmap import TextMapError, parse_text_map
from companion.rules.places import place_name
from companion.rules.ruleset import ScenarioSetup
from companion.rules.scenario import ScenarioError, row_problems, validation_problems
from companion.rules.setups import read_setup
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog
from companion.rulesets.in_a_world_where_bricks_rule.placing import (
    Placed,
    map_problems,
    placement_problems,
)
from companion.rulesets.in_a_world_where_bricks_rule.roster import (
    Character,
    RosterError,
    check_character,
    defense_of,
    read_roster,
)
from companion.rulesets.in_a_world_where_bricks_rule.rules import Ctx, may_be_eligible
from companion.rulesets.in_a_world_where_bricks_rule.schema import Options
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle, Fighter, GroundItem

Row = Annotated[str, Field(max_length=512)]
Cell = tuple[int, int]


class SetupError(ValueError):
    """A set-up that cannot start a battle; the message names the place."""


class TableSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terrain: list[Row] = Field(min_length=1, max_length=512)
    heights: list[Row] | None = Field(default=None, max_length=512)

    @property
    def size(self) -> tuple[int, int]:
        return max(len(row) for row in self.terrain), len(self.terrain)


class FigureSpec(Character):
    """A character standing on the table, and what the battle has done to it so far."""

    at: Cell
    hits: Annotated[int, Field(ge=0, le=99)] = 0
    knocked_out: bool = False


class ItemSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[str, Field(min_length=1, max_length=64)]
    weapon: str | None = None
    name: str = ""
    at: Cell


class BattleSpec(BaseModel):
    """A scenario's keys for this ruleset."""

    model_config = ConfigDict(extra="forbid")

    map: TableSpec
    sides: list[Annotated[str, Field(min_length=1, max_length=32)]] = Field(
        min_length=2, max_length=8
    )
    figures: list[FigureSpec] = Field(default_factory=list, max_length=200)
    items: list[ItemSpec] = Field(default_factory=list, max_length=200)
    options: dict[str, Any] = Field(default_factory=dict)
    round: Annotated[int, Field(ge=1)] = 1
    roll: Annotated[int, Field(ge=0, le=99)] | None = None
    done: list[str] = Field(default_factory=list)
    side: str | None = None


def scenario_setup(ruleset_id: str, doc: Mapping[str, Any]) -> ScenarioSetup:
    """Validate a scenario's keys; ``ScenarioError`` lists every problem with its place."""
    try:
        spec = BattleSpec.model_validate_json(json.dumps(dict(doc)), strict=True)
    except ValidationError as exc:
        raise ScenarioError(problems=validation_problems(exc)) from None
    ragged = row_problems("map.terrain", spec.map.terrain)
    ragged += row_problems("map.heights", spec.map.heights or [], spec.map.size[0])
    if ragged:
        raise ScenarioError(problems=ragged)
    setup = {"ruleset": ruleset_id, **spec.model_dump(by_alias=True, exclude_none=True)}
    return ScenarioSetup(setup=setup, grid=spec.map.size)


def build_battle(setup: Mapping[str, Any], catalog: IawwbrCatalog) -> Battle:
    """The battle a set-up document starts; ``SetupError`` names what is wrong and where."""
    raw = {k: v for k, v in setup.items() if k not in ("ruleset", "dungeon")}
    given = setup.get("dungeon")
    if isinstance(given, DungeonMap):
        raw.setdefault("map", {"terrain": ["."]})
    spec, options = read_setup(
        BattleSpec, raw, catalog.make_options, Options.model_fields, SetupError
    )
    if isinstance(given, DungeonMap):
        table = given.copy()
    else:
        try:
            table = parse_text_map(spec.map.terrain, spec.map.heights)
        except TextMapError as exc:
            raise SetupError(f"map: {exc}") from None
    fighters = _fighters(spec, table, catalog)
    items = tuple(
        GroundItem(i.id, i.weapon, i.name or (i.weapon or i.id), *centre_of(i.at))
        for i in spec.items
    )
    battle = Battle(
        layers=TableLayers.of(table),
        table=table,
        fighters=fighters,
        sides=tuple(spec.sides),
        options=options,
        round=spec.round,
        items=items,
    )
    if spec.roll is not None:
        ctx = Ctx(battle, catalog)
        eligible = frozenset(f.id for f in fighters.values() if may_be_eligible(ctx, f, spec.roll))
        side = spec.side or next(
            (s for s in spec.sides if any(fighters[i].side == s for i in eligible)),
            spec.sides[0],
        )
        if side not in spec.sides:
            raise SetupError(f"side: {side!r} is not one of the sides {spec.sides}")
        battle = battle.with_(
            roll=spec.roll,
            eligible=eligible,
            done=frozenset(spec.done),
            side_index=spec.sides.index(side),
        )
    return battle


def _fighters(spec: BattleSpec, table: DungeonMap, catalog: IawwbrCatalog) -> dict[str, Fighter]:
    fighters: dict[str, Fighter] = {}
    wall = barriers(table)
    problems: list[str] = []
    for i, fs in enumerate(spec.figures):
        where = f"figures.{i}"
        problems += check_character(fs, catalog, where)
        if fs.id in fighters:
            problems.append(f"{where}.id: {fs.id!r} is used twice")
        if fs.side not in spec.sides:
            problems.append(f"{where}.side: {fs.side!r} is not one of the sides {spec.sides}")
        x, y = fs.at
        if not table.in_bounds(x, y):
            problems.append(
                f"{where}.at: {place_name(fs.at)} is off the {table.width}x{table.height} table"
            )
            continue
        if wall[y, x]:
            problems.append(f"{where}.at: {place_name(fs.at)} is a wall or a barrier")
        if problems:
            continue
        cx, cy = centre_of(fs.at)
        fighters[fs.id] = Fighter(
            id=fs.id,
            name=fs.label,
            side=fs.side,
            class_id=fs.class_id,
            level=fs.level,
            defense=defense_of(fs, catalog),
            armor=fs.armor,
            shield=fs.shield,
            weapon=fs.weapon,
            weapon_name=fs.weapon_name,
            x=cx,
            y=cy,
            radius=fs.base,
            elevation=standing_height(table, (cx, cy)),
            hits=fs.hits,
            knocked_out=fs.knocked_out,
        )
    if not problems:
        placed = [
            Placed(f"figures.{i}.at", fs.id, fs.at, fs.base) for i, fs in enumerate(spec.figures)
        ]
        problems += [f"{place}: {msg}" for place, msg in placement_problems(table, placed)]
    if problems:
        raise SetupError("; ".join(problems))
    return fighters


def game_setup(
    doc: MapDocument,
    party: Mapping[str, Any] | None,
    options: Mapping[str, Any],
    catalog: IawwbrCatalog,
) -> dict[str, Any]:
    """A new game's set-up: the table's placed figures, each linked by id to the roster's
    character of that id.  ``ValueError`` names a figure without a character."""
    if party is None:
        raise SetupError("roster: none given; a battle needs the characters of every side")
    try:
        roster = read_roster(party, catalog)
    except RosterError as exc:
        raise SetupError(f"roster: {exc}") from None
    figures = []
    for placement in doc.figures:
        c = roster.character(placement.id)
        if c is None:
            raise SetupError(
                f"figure {placement.id!r} on the map has no character in the roster "
                f"(roster ids: {', '.join(ch.id for ch in roster.characters)})"
            )
        figures.append({**c.model_dump(by_alias=True), "at": list(placement.at)})
    bases = {f["id"]: float(f["base"]) for f in figures}
    problems = map_problems(doc, bases)
    if problems:
        raise SetupError("; ".join(f"{place}: {message}" for place, message in problems))
    return {
        "dungeon": doc.dungeon,
        "map": {"terrain": ["."]},
        "sides": list(roster.sides),
        "figures": figures,
        "options": dict(options),
    }
