"""The Brick Companion map file: a dungeon, its figures and its options as JSON.

Pure pydantic, no Qt.  ``load_map_bytes`` turns untrusted bytes into a ``MapDocument``
or raises ``MapFileError`` with a message naming the problem and where it is;
``dump_map`` turns a document back into bytes (the GUI writes them atomically).

The document on disk::

    {"format": "brick-companion-map", "version": 1, "name": "...",
     "width": 12, "height": 8,
     "terrain": ["####", ...],           # FORMAT.md characters, plus L (locked door)
     "floor": ["0012", ...],             # base-36 floor heights in bricks (optional)
     "stairs": {"x,y": "N"},             # direction in which stairs rise
     "feature_heights": {"x,y": 3},      # a wall's or obstacle's height in bricks
     "objects": [{"at": [x, y], "kind": "chest", "height": 2, "facing": "S"}],
     "rooms": [{"name": "Crypt", "hidden": true, "rects": [[x, y, w, h]]}],
     "figures": [{"id": "grok", "name": "Grok", "side": "dungeon", "monster": "orc",
                  "at": [x, y], "facing": "W"}],
     "options": {"los_mode": "3d", "walls_stop_areas": true}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.model.dungeon import (
    DEFAULT_OBJECT_HEIGHT,
    MAX_FLOOR,
    MAX_SIDE,
    TERRAIN_CHARS,
    DungeonMap,
    Facing,
    MapObject,
    ObjectKind,
    Room,
    Terrain,
)
from companion.model.figures import Token
from companion.model.textmap import height_rows, stairs_table, terrain_rows

FORMAT_NAME = "brick-companion-map"
#: The version this code writes; it reads every version up to this one.
FORMAT_VERSION = 1
#: Larger files are refused before a single byte is parsed.
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_FIGURES = 1024
MAX_ROOMS = 4096
MAX_NAME = 200
#: Tallest wall, obstacle or object a map may give, in bricks.
MAX_FEATURE_HEIGHT = 100
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_SQUARE_KEY = re.compile(r"^\d{1,4},\d{1,4}$")

Name = Annotated[str, Field(max_length=MAX_NAME)]
Coord = Annotated[int, Field(ge=0, lt=MAX_SIDE)]
Square = tuple[Coord, Coord]
Row = Annotated[str, Field(max_length=MAX_SIDE)]


class MapFileError(ValueError):
    """A map file that cannot be opened; the message names the problem and the place."""


# -- values shared by the file and the open document ---------------------------------


class MapOptions(BaseModel):
    """How the BrickRuler measures on this map."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
            id=self.id, x=self.at[0], y=self.at[1], side=self.side,
            facing=self.facing, large=self.large,
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
        list[tuple[Coord, Coord, Annotated[int, Field(ge=1, le=MAX_SIDE)],
                   Annotated[int, Field(ge=1, le=MAX_SIDE)]]],
        Field(max_length=MAX_SIDE * MAX_SIDE),
    ] = []


class _Header(BaseModel):
    """Just enough of a file to tell whether it is ours and which version."""

    model_config = ConfigDict(extra="ignore")

    format: str
    version: int | None = None


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
    objects: Annotated[list[ObjectEntry], Field(max_length=MAX_SIDE * MAX_SIDE)] = []
    rooms: Annotated[list[RoomEntry], Field(max_length=MAX_ROOMS)] = []
    figures: Annotated[list[FigurePlacement], Field(max_length=MAX_FIGURES)] = []
    options: MapOptions = MapOptions()

    @model_validator(mode="after")
    def _rows_match_size(self) -> MapFile:
        _check_rows("terrain", self.terrain, self.width, self.height)
        if self.floor is not None:
            _check_rows("floor", self.floor, self.width, self.height)
        return self


def _check_rows(what: str, rows: list[str], width: int, height: int) -> None:
    if len(rows) != height:
        raise ValueError(f"{what}: {len(rows)} rows, but the map is {height} squares tall")
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(
                f"{what} row {y}: {len(row)} characters, but the map is {width} squares wide"
            )


# -- the open document -------------------------------------------------------------


@dataclass(slots=True)
class MapDocument:
    """Everything a map file holds, in the model's own types."""

    dungeon: DungeonMap
    figures: list[FigurePlacement] = field(default_factory=list)
    options: MapOptions = field(default_factory=MapOptions)

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
        return MapDocument(self.dungeon.copy(), list(self.figures), self.options)


def new_document(width: int, height: int, *, border: bool = True,
                 fill: Terrain = Terrain.FLOOR, name: str = "Untitled dungeon") -> MapDocument:
    """A blank map of ``fill``, optionally ringed by a wall."""
    dungeon = DungeonMap.blank(width, height, fill)
    if border:
        dungeon.terrain[0, :] = dungeon.terrain[-1, :] = int(Terrain.WALL)
        dungeon.terrain[:, 0] = dungeon.terrain[:, -1] = int(Terrain.WALL)
    dungeon.name = name
    return MapDocument(dungeon)


# -- reading -----------------------------------------------------------------------


def load_map_bytes(data: bytes, *, source: str = "map") -> MapDocument:
    """Parse and check untrusted bytes; raise ``MapFileError`` naming the problem."""
    if len(data) > MAX_FILE_BYTES:
        raise MapFileError(
            f"{source}: the file is {len(data):,} bytes; maps larger than "
            f"{MAX_FILE_BYTES // (1024 * 1024)} MB are refused"
        )
    try:
        header = _Header.model_validate_json(data)
    except ValidationError as exc:
        raise MapFileError(f"{source}: {_first_problem(exc)}") from None
    if header.format != FORMAT_NAME:
        raise MapFileError(
            f"{source}: not a Brick Companion map (format is {header.format[:40]!r})"
        )
    if header.version is None:
        raise MapFileError(f"{source}: version: the map has no format version")
    if header.version > FORMAT_VERSION:
        raise MapFileError(
            f"{source}: made by a newer Brick Companion (format version {header.version}; "
            f"this one reads up to {FORMAT_VERSION})"
        )
    try:
        mf = MapFile.model_validate_json(data)
    except ValidationError as exc:
        raise MapFileError(f"{source}: {_first_problem(exc)}") from None
    try:
        return _to_document(mf)
    except ValueError as exc:
        raise MapFileError(f"{source}: {exc}") from None


def _first_problem(exc: ValidationError) -> str:
    errors = exc.errors(include_url=False, include_input=False)
    err = errors[0]
    place = _place(err.get("loc", ()))
    msg = str(err.get("msg", "invalid"))
    msg = msg.removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{place}: {msg}{more}" if place else f"{msg}{more}"


def _place(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _square(key: str, what: str, width: int, height: int) -> tuple[int, int]:
    if not _SQUARE_KEY.match(key):
        raise ValueError(f"{what}: key {key[:20]!r} is not 'x,y'")
    x, y = (int(p) for p in key.split(","))
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"{what} {key}: the square is off the {width}x{height} map")
    return x, y


def _to_document(mf: MapFile) -> MapDocument:
    w, h = mf.width, mf.height
    dungeon = DungeonMap.blank(w, h, Terrain.VOID)
    dungeon.name = mf.name
    for y, row in enumerate(mf.terrain):
        for x, ch in enumerate(row):
            t = TERRAIN_CHARS.get(ch)
            if t is None:
                raise ValueError(f"terrain row {y}, column {x}: unknown character {ch!r}")
            dungeon.terrain[y, x] = int(t)
    if mf.floor is not None:
        for y, row in enumerate(mf.floor):
            for x, ch in enumerate(row):
                v = _DIGITS.find(ch.lower())
                if v < 0 or v > MAX_FLOOR:
                    raise ValueError(f"floor row {y}, column {x}: {ch!r} is not 0-9 or a-z")
                dungeon.floor[y, x] = v
    for key, facing in mf.stairs.items():
        x, y = _square(key, "stairs", w, h)
        if dungeon.terrain[y, x] != int(Terrain.STAIRS):
            raise ValueError(f"stairs {key}: the terrain there is not stairs ('s')")
        dungeon.stairs[y, x] = facing.index
    ys, xs = np.nonzero((dungeon.terrain == int(Terrain.STAIRS)) & (dungeon.stairs < 0))
    if len(ys):
        raise ValueError(
            f"terrain row {ys[0]}, column {xs[0]}: stairs without a direction in 'stairs'"
        )
    for key, fh in mf.feature_heights.items():
        x, y = _square(key, "feature_heights", w, h)
        dungeon.feature_height[y, x] = fh
    for i, entry in enumerate(mf.objects):
        x, y = entry.at
        if not dungeon.in_bounds(x, y):
            raise ValueError(f"objects[{i}]: square [{x}, {y}] is off the {w}x{h} map")
        if (x, y) in dungeon.objects:
            raise ValueError(f"objects[{i}]: square [{x}, {y}] already holds an object")
        dungeon.objects[(x, y)] = MapObject(
            kind=entry.kind,
            height=entry.height if entry.height is not None else DEFAULT_OBJECT_HEIGHT[entry.kind],
            facing=entry.facing, is_open=entry.open, locked=entry.locked,
            contents=tuple(entry.contents),
        )
    for i, room in enumerate(mf.rooms):
        dungeon.rooms.append(Room(room.name, room.hidden))
        for j, (rx, ry, rw, rh) in enumerate(room.rects):
            if rx + rw > w or ry + rh > h:
                raise ValueError(
                    f"rooms[{i}].rects[{j}]: [{rx}, {ry}, {rw}, {rh}] runs off the {w}x{h} map"
                )
            dungeon.room_of[ry:ry + rh, rx:rx + rw] = i
    seen_ids: set[str] = set()
    seen_at: dict[tuple[int, int], str] = {}
    for i, fig in enumerate(mf.figures):
        x, y = fig.at
        if not dungeon.in_bounds(x, y):
            raise ValueError(f"figures[{i}] {fig.id!r}: square [{x}, {y}] is off the map")
        if fig.id in seen_ids:
            raise ValueError(f"figures[{i}]: the id {fig.id!r} is used twice")
        if (x, y) in seen_at:
            raise ValueError(
                f"figures[{i}] {fig.id!r}: square [{x}, {y}] already holds {seen_at[(x, y)]!r}"
            )
        seen_ids.add(fig.id)
        seen_at[(x, y)] = fig.id
    return MapDocument(dungeon, list(mf.figures), mf.options)


# -- writing -----------------------------------------------------------------------


def room_rects(room_of: np.ndarray, index: int) -> list[tuple[int, int, int, int]]:
    """The squares of room ``index`` as few rectangles ``(x, y, w, h)``.

    Runs of each row are merged downward while the next row has the very same run.
    """
    mask = room_of == index
    open_rects: dict[tuple[int, int], list[int]] = {}  # (x, w) -> [x, y, w, h]
    done: list[tuple[int, int, int, int]] = []
    for y in range(mask.shape[0]):
        runs = _runs(mask[y])
        still_open: dict[tuple[int, int], list[int]] = {}
        for x, length in runs:
            rect = open_rects.pop((x, length), None)
            if rect is None:
                rect = [x, y, length, 0]
            rect[3] += 1
            still_open[(x, length)] = rect
        done.extend(tuple(r) for r in open_rects.values())  # type: ignore[misc]
        open_rects = still_open
    done.extend(tuple(r) for r in open_rects.values())  # type: ignore[misc]
    return sorted(done, key=lambda r: (r[1], r[0]))


def _runs(row: np.ndarray) -> list[tuple[int, int]]:
    """``(start, length)`` of each run of True in a bool row."""
    padded = np.concatenate(([False], row, [False])).astype(np.int8)
    d = np.diff(padded)
    starts = np.nonzero(d == 1)[0]
    ends = np.nonzero(d == -1)[0]
    return [(int(s), int(e - s)) for s, e in zip(starts, ends, strict=True)]


def to_map_file(doc: MapDocument) -> MapFile:
    d = doc.dungeon
    fh_y, fh_x = np.nonzero(d.feature_height > 0)
    return MapFile(
        name=d.name[:MAX_NAME],
        width=d.width,
        height=d.height,
        terrain=terrain_rows(d),
        floor=height_rows(d) if np.any(d.floor) else None,
        stairs={k: Facing(v) for k, v in stairs_table(d).items()},
        feature_heights={
            f"{x},{y}": int(d.feature_height[y, x]) for y, x in zip(fh_y, fh_x, strict=True)
        },
        objects=[
            ObjectEntry(
                at=at, kind=o.kind, height=o.height, facing=o.facing, open=o.is_open,
                locked=o.locked, contents=list(o.contents),
            )
            for at, o in sorted(d.objects.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ],
        rooms=[
            RoomEntry(name=r.name, hidden=r.hidden, rects=room_rects(d.room_of, i))
            for i, r in enumerate(d.rooms)
        ],
        figures=list(doc.figures),
        options=doc.options,
    )


def dump_map(doc: MapDocument) -> bytes:
    """The document as UTF-8 JSON bytes: one key per line, one list entry per line.

    Map rows stay one line each so the file reads like the map it stores.
    """
    data = to_map_file(doc).model_dump(mode="json", by_alias=True, exclude_none=True)
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            body = ",\n".join("  " + _compact(v) for v in value)
            text = f"[\n{body}\n ]"
        else:
            text = _compact(value)
        parts.append(f" {json.dumps(key)}: {text}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
