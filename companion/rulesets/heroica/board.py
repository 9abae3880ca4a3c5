"""A Heroica board: spaces on a square lattice, its locations, features and items.

The board is the ruleset's own section of a map file (``MapFile.board``) and of a rules
scenario (``"board"``).  Spaces are the map's floor squares (``.``); every other square is
no space.  A scenario gives them itself, as ``"spaces"`` rows.  The section::

    {"spaces": ["....", ". .."],                      # scenarios only
     "locations": [{"id": "bay", "name": "Draida Bay", "realm": "draida_bay",
                    "rects": [[x, y, w, h]], "cells": [[x, y]]}],
     "features": [{"kind": "treasure_chest", "at": [x, y]},
                  {"kind": "locked_door", "at": [x, y], "to": [x, y]},   # between two spaces
                  {"kind": "casket", "at": [x, y], "token": "yellow"},
                  {"kind": "monster_generator", "at": [x, y], "boss": "goblin_king"}],
     "items": [{"item": "gold", "at": [x, y]}],
     "colours": [{"at": [x, y], "colour": "tan"}],     # a space's own colour
     "start": [x, y],
     "target": "boss-1",                               # the quest's target monster
     "relics": {"boss-1": "sword_of_power"}}           # what each boss holds

A space in two locations is on a link piece (it is "effectively in two locations at the
same time").  A space's colour is its own (``colours``) or its first location's realm's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.mapfile import FigurePlacement
from companion.rules.places import place_name
from companion.rules.table import BoardMark
from companion.rulesets.heroica.catalog import HeroicaCatalog

Cell = tuple[int, int]
Row = Annotated[str, Field(max_length=256)]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
Name = Annotated[str, Field(max_length=80)]

#: Board side limit, in spaces.
MAX_SIDE = 256
#: Most locations, features and items one board may have.
MAX_ENTRIES = 2000


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LocationSpec(_Spec):
    """A location: a map tile or a link piece's neighbour, by rectangles and single cells."""

    id: Id
    name: Name = ""
    realm: Id
    rects: Annotated[list[tuple[int, int, int, int]], Field(max_length=MAX_ENTRIES)] = []
    cells: Annotated[list[Cell], Field(max_length=MAX_SIDE * MAX_SIDE)] = []
    #: A Boss Monster location (its generators belong to its boss).
    boss: bool = False

    def squares(self) -> Iterator[Cell]:
        """Every square the location covers (rectangles first, then cells)."""
        for x, y, w, h in self.rects:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    yield (xx, yy)
        yield from self.cells


class FeatureSpec(_Spec):
    """A chest, casket, rocks, map, magic door or space, locked door or generator."""

    kind: Id
    at: Cell
    #: A locked door: the space across it (the door is the edge between ``at`` and ``to``).
    to: Cell | None = None
    #: A casket's hidden token (drawn at random when it is searched, if not given).
    token: Id | None = None
    #: A monster generator: the boss figure whose moves it follows.
    boss: Id | None = None
    sealed: bool = False


class ItemSpot(_Spec):
    """An item lying on a space (gold, a key, a torch, a potion, a weapon)."""

    item: Id
    at: Cell


class ColourSpot(_Spec):
    at: Cell
    colour: Name


class BoardSpec(_Spec):
    """A board's section (see the module's docstring)."""

    spaces: Annotated[list[Row], Field(max_length=MAX_SIDE)] | None = None
    locations: Annotated[list[LocationSpec], Field(max_length=MAX_ENTRIES)] = []
    features: Annotated[list[FeatureSpec], Field(max_length=MAX_ENTRIES)] = []
    items: Annotated[list[ItemSpot], Field(max_length=MAX_ENTRIES)] = []
    colours: Annotated[list[ColourSpot], Field(max_length=MAX_SIDE * MAX_SIDE)] = []
    start: Cell | None = None
    #: The target monster (a figure id): the heroes win when it is defeated.
    target: Id | None = None
    #: The relic each Boss Monster holds: boss figure id -> relic item id.
    relics: Annotated[dict[str, Id], Field(max_length=64)] = {}


def parse_board(raw: Mapping[str, Any]) -> BoardSpec:
    """A board section; pydantic's ``ValidationError`` on a malformed one."""
    return BoardSpec.model_validate(dict(raw))


def spaces_of_rows(rows: Sequence[str]) -> frozenset[Cell]:
    """The spaces of ``spaces`` rows: every ``.`` (any other character is no space)."""
    return frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == ".")


def board_problems(
    spec: BoardSpec, spaces: frozenset[Cell], catalog: HeroicaCatalog
) -> list[tuple[str, str]]:
    """Every problem of a board on ``spaces``, as (place, message); none: it is sound."""
    problems: list[tuple[str, str]] = []
    ids: set[str] = set()
    for i, loc in enumerate(spec.locations):
        place = f"board.locations[{i}]"
        if loc.id in ids:
            problems.append((place, f"location id {loc.id!r} is used twice"))
        ids.add(loc.id)
        if loc.realm not in catalog.realms:
            problems.append((place, _unknown("realm", loc.realm, catalog.realms)))
        for cell in loc.squares():
            if cell not in spaces:
                problems.append((place, f"square {place_name(cell)} of {loc.id!r} is not a space"))
                break
    taken: dict[Cell, str] = {}
    for i, f in enumerate(spec.features):
        place = f"board.features[{i}]"
        feature = catalog.features.get(f.kind)
        if feature is None:
            problems.append((place, _unknown("feature", f.kind, catalog.features)))
            continue
        if f.at not in spaces:
            problems.append((place, f"{f.kind} at {place_name(f.at)} is not on a space"))
        if f.kind == "locked_door":
            if f.to is None or abs(f.to[0] - f.at[0]) + abs(f.to[1] - f.at[1]) != 1:
                problems.append((place, "a locked door needs 'to': the space next to 'at'"))
            elif f.to not in spaces:
                problems.append((place, f"locked door's 'to' {place_name(f.to)} is not a space"))
        elif f.to is not None:
            problems.append((place, f"only a locked door has 'to', not a {f.kind}"))
        if f.token is not None:
            tokens = [t.token for t in catalog.tables.casket.tokens]
            if f.kind != "casket":
                problems.append((place, f"only a casket has a token, not a {f.kind}"))
            elif f.token not in tokens:
                problems.append((place, f"unknown casket token {f.token!r} ({', '.join(tokens)})"))
        if feature.occupies_space:
            if f.at in taken:
                problems.append((place, f"{place_name(f.at)} already holds the {taken[f.at]}"))
            taken[f.at] = f.kind
    for i, item in enumerate(spec.items):
        place = f"board.items[{i}]"
        if item.item not in catalog.items:
            problems.append((place, _unknown("item", item.item, catalog.items)))
        if item.at not in spaces:
            problems.append((place, f"{item.item} at {place_name(item.at)} is not on a space"))
        elif item.at in taken:
            problems.append((place, f"{place_name(item.at)} holds the {taken[item.at]}"))
    colours = set(catalog.tables.space_colours)
    for i, c in enumerate(spec.colours):
        if c.colour not in colours:
            problems.append((f"board.colours[{i}]", _unknown("colour", c.colour, colours)))
    for boss, relic in spec.relics.items():
        entry = catalog.items.get(relic)
        if entry is None or entry.category.value != "relic":
            problems.append((f"board.relics.{boss}", f"{relic!r} is not a relic"))
    if spec.start is not None and spec.start not in spaces:
        problems.append(("board.start", f"{place_name(spec.start)} is not a space"))
    return problems


def validation_messages(exc: ValidationError) -> list[tuple[str, str]]:
    """(place, message) of each error of a malformed board section."""
    return [(".".join(["board", *map(str, err["loc"])]), err["msg"]) for err in exc.errors()[:50]]


def _unknown(what: str, ident: str, known: Any) -> str:
    return f"unknown {what} {ident!r} (known: {', '.join(sorted(known))})"


# -- a map's board section (BoardSection) ------------------------------------------------


def map_spaces(dungeon: DungeonMap) -> frozenset[Cell]:
    """The spaces of a map: its floor squares (``.``); every other square is no space."""
    ys, xs = (dungeon.terrain == int(Terrain.FLOOR)).nonzero()
    return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))


def check_board(raw: object, dungeon: DungeonMap, catalog: HeroicaCatalog) -> list[tuple[str, str]]:
    """Every problem of a map file's ``board`` section on ``dungeon``, as (place, message):
    its form (``parse_board``), then ``board_problems`` on the map's floor squares.

    Never raises: a malformed section is a list of problems."""
    if not isinstance(raw, Mapping):
        return [("board", f"expected a JSON object, not a JSON {_json_type(raw)}")]
    try:
        spec = parse_board(raw)
    except ValidationError as exc:
        return validation_messages(exc)
    problems: list[tuple[str, str]] = []
    if spec.spaces is not None:
        problems.append(
            (
                "board.spaces",
                "a map's spaces are its floor squares ('.' in 'terrain'); remove 'spaces'",
            )
        )
    for i, loc in enumerate(spec.locations):
        for j, (x, y, w, h) in enumerate(loc.rects):
            if w < 1 or h < 1 or x < 0 or y < 0 or x + w > dungeon.width or y + h > dungeon.height:
                problems.append(
                    (
                        f"board.locations[{i}].rects[{j}]",
                        f"[{x}, {y}, {w}, {h}] is not a rectangle on the "
                        f"{dungeon.width}x{dungeon.height} map",
                    )
                )
    if problems:
        return problems
    return board_problems(spec, map_spaces(dungeon), catalog)


def figure_problems(
    figures: Sequence[FigurePlacement], catalog: HeroicaCatalog
) -> list[tuple[str, str]]:
    """The map's figures that are no Heroica hero or monster (a figure placed while the
    map was another ruleset's), as (place, message): a game would refuse them."""
    problems = []
    for f in figures:
        if f.monster is not None and f.monster not in catalog.monsters:
            what = f"{f.monster!r} is no Heroica monster"
        elif f.monster is None and f.class_id is not None and f.class_id not in catalog.heroes:
            what = f"{f.class_id!r} is no Heroica hero ({', '.join(catalog.heroes)})"
        else:
            continue
        problems.append((f"figures.{f.id}", what))
    return problems


def board_marks(raw: object, dungeon: DungeonMap, catalog: HeroicaCatalog) -> list[BoardMark]:
    """What the map editor draws of a board: each location's squares in its realm's
    colour (link pieces striped), features (a casket's token shown), items and the
    heroes' start, drawn as play mode draws them (``marks.draw_board``).  A malformed
    section draws nothing; entries of unknown kinds are drawn plainly."""
    if not isinstance(raw, Mapping):
        return []
    try:
        spec = parse_board(raw)
    except ValidationError:
        return []
    from companion.rulesets.heroica.marks import draw_board
    from companion.rulesets.heroica.state import Feature, Item, Location

    locations = [
        Location(loc.id, loc.name or loc.id, loc.realm, frozenset(_squares_on(loc, dungeon)))
        for loc in spec.locations
    ]
    features = [
        Feature(f"f{i}", f.kind, f.at, f.to, f.token, f.boss, f.sealed)
        for i, f in enumerate(spec.features)
    ]
    items = [Item(f"i{i}", spot.item, spot.at) for i, spot in enumerate(spec.items)]
    own = {c.at: c.colour for c in spec.colours}
    return draw_board(catalog, locations, own, features, items, spec.start)


def _squares_on(loc: LocationSpec, dungeon: DungeonMap) -> set[Cell]:
    """The location's squares on the map (its rectangles clipped to it)."""
    out = {c for c in loc.cells if dungeon.in_bounds(*c)}
    for x, y, w, h in loc.rects:
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, dungeon.width), min(y + h, dungeon.height)
        out.update((xx, yy) for yy in range(y0, y1) for xx in range(x0, x1))
    return out


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    return "null" if value is None else type(value).__name__
