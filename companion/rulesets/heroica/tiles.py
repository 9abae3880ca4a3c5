"""Map Build's location tiles (``resources/rulesets/heroica/tiles.toml``) and where a tile
goes when it is added onto a side of a location.

A tile is added through a link piece: a line of ``link_length`` spaces from the middle of
the location's side, which is in both locations ("Characters on link pieces are
effectively in two locations at the same time").  A side is empty when the link and the
tile fit inside the board, on no space, with a square of nothing around the tile.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from companion.datafiles import DataModel, load_toml
from companion.rulesets.heroica.catalog import HeroicaCatalog, data_dir

Cell = tuple[int, int]
Side = Literal["north", "east", "south", "west"]
SIDES: Final[tuple[Side, ...]] = ("north", "east", "south", "west")
_STEP: Final[Mapping[str, Cell]] = {
    "north": (0, -1),
    "east": (1, 0),
    "south": (0, 1),
    "west": (-1, 0),
}
#: The characters of a tile's rows that stand for a feature on a space.
FEATURE_CHARS: Final[Mapping[str, str]] = {
    "c": "treasure_chest",
    "k": "casket",
    "m": "map",
    "r": "rocks",
    "M": "magic_door",
    "o": "magic_space",
    "g": "monster_generator",
}
_CHARS: Final = frozenset(".BD ") | frozenset(FEATURE_CHARS)
#: The realm whose tile comes with a full Fire Track, never by the Location Die.
LAVA_REALM: Final = "lava_mountain"


class Tile(DataModel):
    """One location tile: its realm, its spaces and what stands on them."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: str
    realm: str
    rows: Annotated[tuple[str, ...], Field(min_length=1, max_length=16)]
    #: The tile a Map Build game starts with.
    start: bool = False
    #: A Boss Monster location's boss (a monster id).
    boss: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> Tile:
        bad = {ch for row in self.rows for ch in row} - _CHARS
        if bad:
            raise PydanticCustomError(
                "tile_chars", "unknown characters {bad}", {"bad": sorted(bad)}
            )
        text = "".join(self.rows)
        if (text.count("B") + text.count("D") == 1) != (self.boss is not None):
            raise PydanticCustomError("tile_boss", "a boss tile has one 'B' (or 'D') and a boss")
        return self

    @property
    def size(self) -> tuple[int, int]:
        return max(len(r) for r in self.rows), len(self.rows)

    def cells(self) -> Iterator[tuple[Cell, str]]:
        """(x, y) within the tile and its character, for every space."""
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                if ch != " ":
                    yield (x, y), ch


class TilesFile(DataModel):
    format_version: Literal[1]
    link_length: Annotated[int, Field(ge=1, le=4)]
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Tiles:
    """The tiles, by id, checked against the catalog."""

    link_length: int
    by_id: Mapping[str, Tile]

    def of_realm(self, realm: str, *, boss: bool) -> list[Tile]:
        return [t for t in self.by_id.values() if t.realm == realm and (t.boss is not None) == boss]

    def lava_mountain(self) -> Tile | None:
        return next((t for t in self.by_id.values() if t.realm == LAVA_REALM), None)

    def starting(self) -> Tile:
        return next(t for t in self.by_id.values() if t.start)


def load_tiles(catalog: HeroicaCatalog, path: Path | None = None) -> Tiles:
    """The tiles file, checked: known realms and bosses, one starting tile."""
    data = load_toml(path or data_dir() / "tiles.toml", TilesFile)
    problems = []
    for t in data.tiles:
        if t.realm not in catalog.realms:
            problems.append(f"tile {t.id}: unknown realm {t.realm!r}")
        if t.boss is not None and t.boss not in catalog.monsters:
            problems.append(f"tile {t.id}: unknown boss {t.boss!r}")
    if sum(t.start for t in data.tiles) != 1:
        problems.append("exactly one tile is the starting tile (start = true)")
    if len({t.id for t in data.tiles}) != len(data.tiles):
        problems.append("tile ids must be unique")
    if problems:
        raise ValueError("tiles.toml: " + "; ".join(problems))
    return Tiles(data.link_length, {t.id: t for t in data.tiles})


@cache
def default_tiles() -> Tiles:
    from companion.rulesets.heroica.catalog import default_catalog

    return load_tiles(default_catalog())


@dataclass(frozen=True)
class Placement:
    """Where a tile goes: its link piece's spaces and the board square of its corner."""

    side: Side
    link: tuple[Cell, ...]
    origin: Cell

    def cells(self, tile: Tile) -> dict[Cell, str]:
        return {(self.origin[0] + x, self.origin[1] + y): ch for (x, y), ch in tile.cells()}


def placement(
    location: frozenset[Cell],
    side: Side,
    tile: Tile,
    spaces: frozenset[Cell],
    bounds: tuple[int, int],
    link_length: int,
) -> Placement | None:
    """Where ``tile`` goes on ``side`` of ``location``; None when that side is not empty."""
    xs = [c[0] for c in location]
    ys = [c[1] for c in location]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    w, h = tile.size
    dx, dy = _STEP[side]
    if dx:
        y = (y0 + y1) // 2
        edge = x1 if dx > 0 else x0
        if (edge, y) not in location:
            return None
        link = tuple((edge + dx * (i + 1), y) for i in range(link_length))
        near = link[-1][0] + dx
        origin = (near if dx > 0 else near - w + 1, y - h // 2)
        door = (near, y)
    else:
        x = (x0 + x1) // 2
        edge = y1 if dy > 0 else y0
        if (x, edge) not in location:
            return None
        link = tuple((x, edge + dy * (i + 1)) for i in range(link_length))
        near = link[-1][1] + dy
        origin = (x - w // 2, near if dy > 0 else near - h + 1)
        door = (x, near)
    place = Placement(side, link, origin)
    cells = place.cells(tile)
    if door not in cells:
        return None  # the link would lead onto no space of the tile
    new = set(cells) | set(link)
    width, height = bounds
    if any(not (0 <= cx < width and 0 <= cy < height) for cx, cy in new):
        return None
    if new & spaces:
        return None
    # A square of nothing around the tile, so it joins the board through its link only.
    for cx, cy in cells:
        for ax, ay in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
            if (ax, ay) in spaces and (ax, ay) not in link:
                return None
    return place
