"""The map file's schema and the open map document, with the limits they are read under.

``MapFile`` is the JSON document exactly as stored (``companion.model.mapfile`` describes
it); ``MapDocument`` is what a map file holds in the model's own types, with the values
both share (``MapOptions``, ``FigurePlacement``).  Reading a file into a document is
``companion.model.map_reading``; writing one back is ``companion.model.map_writing``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.migrations import CURRENT
from companion.model.dungeon import MAX_SIDE, DungeonMap, Facing, ObjectKind, Terrain
from companion.model.figures import Token
from companion.safefile import FileProblem

FORMAT_NAME: Final = "brick-companion-map"
#: The version this code writes; older ones are brought up to it by ``companion.migrations``.
FORMAT_VERSION = CURRENT["map"]
#: Larger files are refused before a single byte is parsed.
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_FIGURES = 1024
MAX_ROOMS = 4096
MAX_NAME = 200
#: Tallest wall, obstacle or object a map may give, in bricks.
MAX_FEATURE_HEIGHT = 100
#: Most objects and room rectangles a map may hold.
MAX_OBJECTS = 65_536
MAX_RECTS = 65_536

Name = Annotated[str, Field(max_length=MAX_NAME)]
Coord = Annotated[int, Field(ge=0, lt=MAX_SIDE)]
Square = tuple[Coord, Coord]
Row = Annotated[str, Field(max_length=MAX_SIDE)]


class MapFileError(FileProblem):
    """A map file that cannot be opened; names the file, the place and the problem."""


# -- values shared by the file and the open document ---------------------------------


class MapOptions(BaseModel):
    """The rules the map is built for, and how the BrickRuler measures on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: The ruleset its figures and games follow (a plugin id).
    ruleset: Annotated[str, Field(min_length=1, max_length=64)] = "brickquest"
    los_mode: Literal["3d", "flat"] = "3d"
    walls_stop_areas: bool = True


class FigurePlacement(BaseModel):
    """A figure standing on the map: a class (party) or a monster (dungeon)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
    name: Name = ""
    side: Annotated[str, Field(min_length=1, max_length=32)] = "party"
    class_id: Annotated[str | None, Field(alias="class", max_length=64)] = None
    monster: Annotated[str | None, Field(max_length=64)] = None
    at: Square
    facing: Facing = Facing.S
    large: bool = False

    @property
    def label(self) -> str:
        """What the map shows for this figure: its name, else its id."""
        return self.name or self.id

    def token(self) -> Token:
        """The figure as the geometry sees it."""
        return Token(
            id=self.id,
            x=self.at[0],
            y=self.at[1],
            side=self.side,
            facing=self.facing,
            large=self.large,
        )


# -- the file ------------------------------------------------------------------------


class ObjectEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Square
    kind: ObjectKind
    height: Annotated[int, Field(ge=0, le=MAX_FEATURE_HEIGHT)] | None = None
    facing: Facing = Facing.S
    open: bool = False
    locked: bool = False
    contents: Annotated[list[Name], Field(max_length=64)] = []


class RoomEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    hidden: bool = False
    #: Rectangles ``[x, y, w, h]`` of squares in the room.
    rects: Annotated[
        list[
            tuple[
                Coord,
                Coord,
                Annotated[int, Field(ge=1, le=MAX_SIDE)],
                Annotated[int, Field(ge=1, le=MAX_SIDE)],
            ]
        ],
        Field(max_length=MAX_SIDE * MAX_SIDE),
    ] = []


class MapFile(BaseModel):
    """The JSON document, exactly as stored."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["brick-companion-map"] = FORMAT_NAME
    version: Annotated[int, Field(ge=1, le=FORMAT_VERSION)] = FORMAT_VERSION
    name: Name = "Untitled dungeon"
    width: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    height: Annotated[int, Field(ge=1, le=MAX_SIDE)]
    terrain: Annotated[list[Row], Field(min_length=1, max_length=MAX_SIDE)]
    floor: Annotated[list[Row], Field(max_length=MAX_SIDE)] | None = None
    stairs: Annotated[dict[str, Facing], Field(max_length=MAX_SIDE * MAX_SIDE)] = {}
    feature_heights: Annotated[
        dict[str, Annotated[int, Field(ge=0, le=MAX_FEATURE_HEIGHT)]],
        Field(max_length=MAX_SIDE * MAX_SIDE),
    ] = {}
    objects: Annotated[list[ObjectEntry], Field(max_length=MAX_OBJECTS)] = []
    rooms: Annotated[list[RoomEntry], Field(max_length=MAX_ROOMS)] = []
    figures: Annotated[list[FigurePlacement], Field(max_length=MAX_FIGURES)] = []
    options: MapOptions = MapOptions()
    #: The ruleset's own section (a JSON object), checked by the ruleset on load.
    board: dict[str, Any] | None = None


# -- the open document -------------------------------------------------------------


@dataclass(slots=True)
class MapDocument:
    """Everything a map file holds, in the model's own types."""

    dungeon: DungeonMap
    figures: list[FigurePlacement] = field(default_factory=list)
    options: MapOptions = field(default_factory=MapOptions)
    #: The ruleset's own section of the map (a JSON object), or None: the map has none.
    #: Edits replace it whole (``edits.SetBoard``); nothing changes it in place.
    board: dict[str, Any] | None = None

    @property
    def name(self) -> str:
        return self.dungeon.name

    def figure(self, figure_id: str) -> FigurePlacement | None:
        return next((f for f in self.figures if f.id == figure_id), None)

    def figure_at(self, x: int, y: int) -> FigurePlacement | None:
        return next((f for f in self.figures if f.at == (x, y)), None)

    def tokens(self) -> tuple[Token, ...]:
        return tuple(f.token() for f in self.figures)

    def copy(self) -> MapDocument:
        return MapDocument(
            self.dungeon.copy(), list(self.figures), self.options, copy.deepcopy(self.board)
        )


def new_document(
    width: int,
    height: int,
    *,
    border: bool = True,
    fill: Terrain = Terrain.FLOOR,
    name: str = "Untitled dungeon",
) -> MapDocument:
    """A blank map of ``fill``, optionally ringed by a wall."""
    dungeon = DungeonMap.blank(width, height, fill)
    if border:
        dungeon.terrain[0, :] = dungeon.terrain[-1, :] = int(Terrain.WALL)
        dungeon.terrain[:, 0] = dungeon.terrain[:, -1] = int(Terrain.WALL)
    dungeon.name = name
    return MapDocument(dungeon)


# -- reading -----------------------------------------------------------------------
