"""The Brick Companion map file: a dungeon, its figures and its options as JSON.

Pure pydantic, no Qt.  ``load_map_file`` / ``load_map_bytes`` turn untrusted input into a
``MapDocument`` or raise ``MapFileError`` (a ``FileProblem``) listing every problem with
its place: strict types, ASCII digits, even rows, rooms that do not overlap, figures of
known classes and monsters standing where figures may stand;
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
     "options": {"los_mode": "3d", "walls_stop_areas": true},
     "board": {...}}                     # the ruleset's own section (optional)

``board`` belongs to the map's ruleset (a Heroica board's locations, features and items):
the model stores it as a JSON object and has the ruleset check it on load, through the
``MapRules`` its caller lends (``companion.rules.maps``: the model imports no rules).
"""

from __future__ import annotations

import copy
import difflib
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, Literal, Protocol

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.migrations import CURRENT, file_version, migrate, needs_migration
from companion.model.dungeon import (
    DEFAULT_OBJECT_HEIGHT,
    IMPASSABLE,
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
from companion.safefile import (
    FileProblem,
    ProblemList,
    parse_json,
    pydantic_problems,
    read_bounded,
)

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
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_SQUARE_KEY = re.compile(r"^[0-9]{1,4},[0-9]{1,4}$")
#: Most objects and room rectangles a map may hold.
MAX_OBJECTS = 65_536
MAX_RECTS = 65_536
_TERRAIN_LIST = " ".join(repr(c) for c in TERRAIN_CHARS)

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


class KnownIds(Protocol):
    """The rules data a map's figures are checked against (a ``BrickQuestCatalog``)."""

    @property
    def classes(self) -> Mapping[str, object]: ...

    @property
    def monsters(self) -> Mapping[str, object]: ...


class MapRules(Protocol):
    """What a map is checked against beyond its own shape: the ids its figures may have and
    its ``board`` section, as the map's ruleset (``MapOptions.ruleset``) says.  The rules
    layer, which knows the ruleset plugins, lends one to the loader
    (``companion.rules.maps.RULESET_MAPS``); the model itself knows none."""

    def known_ids(self, ruleset_id: str) -> KnownIds | None:
        """The ids figures of ``ruleset_id`` may have; None for an unknown ruleset."""
        ...

    def board_problems(
        self, ruleset_id: str, board: Mapping[str, Any], dungeon: DungeonMap
    ) -> list[tuple[str, str]]:
        """Every problem of a ``board`` section as (place, message); empty when sound (a
        ruleset without a board section finds any board a problem)."""
        ...


def load_map_file(path: str | os.PathLike[str], *, rules: MapRules) -> MapDocument:
    """Read a map file (a regular file of at most 16 MB) and check it against ``rules``;
    ``MapFileError``."""
    data = read_bounded(path, MAX_FILE_BYTES, what="map file", error=MapFileError)
    return load_map_bytes(data, source=str(path), rules=rules)


def load_map_bytes(data: bytes, *, source: str = "map", rules: MapRules) -> MapDocument:
    """Parse and check untrusted bytes; ``MapFileError`` lists every problem with its place.

    A file of an older format version is migrated first (``companion.migrations``); one
    of a newer version than this code knows is refused.

    Figures and the board section are checked against the map's ruleset through ``rules``
    (the rules layer's ``companion.rules.maps.load_map_bytes`` passes its own).
    """
    if len(data) > MAX_FILE_BYTES:
        raise MapFileError(
            f"the file is {len(data):,} bytes; maps larger than "
            f"{MAX_FILE_BYTES // (1024 * 1024)} MB are refused",
            file=source,
        )
    raw = parse_json(data, file=source, error=MapFileError)
    _check_header(raw, source)
    if needs_migration("map", raw):
        raw = migrate("map", raw, file=source, error=MapFileError)
        data = json.dumps(raw, ensure_ascii=False).encode()
    else:
        file_version("map", raw, file=source, error=MapFileError)
    _check_counts(raw, source)
    try:
        mf = MapFile.model_validate_json(data, strict=True)
    except ValidationError as exc:
        raise MapFileError(file=source, problems=pydantic_problems(exc)) from None
    problems = ProblemList()
    doc = _to_document(mf, problems)
    if not problems.full:
        known = rules.known_ids(mf.options.ruleset)
        if known is None:
            problems.add("options.ruleset", f"unknown ruleset {mf.options.ruleset!r}")
        else:
            _check_figures(mf, doc.dungeon, known, problems)
            _check_board(mf, doc, rules, problems)
    problems.raise_if_any(MapFileError, source)
    return doc


def _check_board(mf: MapFile, doc: MapDocument, rules: MapRules, problems: ProblemList) -> None:
    """Have the map's ruleset check its ``board`` section; keep it when there is one."""
    if mf.board is None:
        return
    for place, message in rules.board_problems(mf.options.ruleset, mf.board, doc.dungeon):
        problems.add(place, message)
    doc.board = mf.board


def _check_header(raw: object, source: str) -> None:
    if not isinstance(raw, dict):
        raise MapFileError(
            f"the file holds a JSON {type(raw).__name__}; expected a JSON object", file=source
        )
    fmt = raw.get("format")
    if fmt != FORMAT_NAME:
        shown = repr(fmt)[:40] if fmt is not None else "missing"
        raise MapFileError(
            f"not a Brick Companion map (format is {shown}; expected {FORMAT_NAME!r})",
            file=source,
            place="format",
        )


def _check_counts(raw: dict[str, Any], source: str) -> None:
    """Refuse runaway lists before the slow, thorough validation."""
    for key, limit in (("rooms", MAX_ROOMS), ("figures", MAX_FIGURES), ("objects", MAX_OBJECTS)):
        value = raw.get(key)
        if isinstance(value, list) and len(value) > limit:
            raise MapFileError(
                f"{len(value):,} entries; a map may have at most {limit:,}", file=source, place=key
            )
    rooms = raw.get("rooms")
    if isinstance(rooms, list):
        rects = sum(
            len(r["rects"])
            for r in rooms
            if isinstance(r, dict) and isinstance(r.get("rects"), list)
        )
        if rects > MAX_RECTS:
            raise MapFileError(
                f"{rects:,} rectangles in all; a map may have at most {MAX_RECTS:,}",
                file=source,
                place="rooms",
            )


def _square(key: str, what: str, width: int, height: int) -> tuple[int, int]:
    if not _SQUARE_KEY.match(key):
        raise ValueError(f"key {key[:20]!r} is not 'x,y' in ASCII digits")
    x, y = (int(p) for p in key.split(","))
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"the square is off the {width}x{height} map")
    return x, y


def _to_document(mf: MapFile, problems: ProblemList) -> MapDocument:
    w, h = mf.width, mf.height
    dungeon = DungeonMap.blank(w, h, Terrain.VOID)
    dungeon.name = mf.name
    _check_rows("terrain", mf.terrain, w, h, problems)
    if mf.floor is not None:
        _check_rows("floor", mf.floor, w, h, problems)
    if problems:
        return MapDocument(dungeon)
    for y, row in enumerate(mf.terrain):
        for x, ch in enumerate(row):
            t = TERRAIN_CHARS.get(ch)
            if t is None:
                problems.add(
                    f"terrain row {y}, column {x}",
                    f"unknown character {ch!r}; expected one of {_TERRAIN_LIST}",
                )
            else:
                dungeon.terrain[y, x] = int(t)
    if mf.floor is not None:
        for y, row in enumerate(mf.floor):
            for x, ch in enumerate(row):
                v = _DIGITS.find(ch) if ch.isascii() else -1
                if v < 0:
                    problems.add(
                        f"floor row {y}, column {x}",
                        f"{ch!r} is not a height; expected an ASCII digit 0-9 or a letter a-z",
                    )
                else:
                    dungeon.floor[y, x] = v
    _read_stairs(mf, dungeon, problems)
    for key, fh in mf.feature_heights.items():
        try:
            x, y = _square(key, "feature_heights", w, h)
        except ValueError as exc:
            problems.add(f"feature_heights.{key[:20]}", str(exc))
            continue
        dungeon.feature_height[y, x] = fh
    _read_objects(mf, dungeon, problems)
    _read_rooms(mf, dungeon, problems)
    return MapDocument(dungeon, list(mf.figures), mf.options)


def _check_rows(what: str, rows: list[str], width: int, height: int, problems: ProblemList) -> None:
    if len(rows) != height:
        problems.add(what, f"{len(rows)} rows, but the map is {height} squares tall")
    for y, row in enumerate(rows):
        if len(row) != width:
            problems.add(
                f"{what} row {y}", f"{len(row)} characters, but the map is {width} squares wide"
            )


def _read_stairs(mf: MapFile, dungeon: DungeonMap, problems: ProblemList) -> None:
    for key, facing in mf.stairs.items():
        try:
            x, y = _square(key, "stairs", mf.width, mf.height)
        except ValueError as exc:
            problems.add(f"stairs.{key[:20]}", str(exc))
            continue
        if dungeon.terrain[y, x] != int(Terrain.STAIRS):
            problems.add(f"stairs.{key}", "the terrain there is not stairs ('s')")
            continue
        dungeon.stairs[y, x] = facing.index
    ys, xs = np.nonzero((dungeon.terrain == int(Terrain.STAIRS)) & (dungeon.stairs < 0))
    for row, col in list(zip(ys, xs, strict=True))[:5]:
        problems.add(f"terrain row {row}, column {col}", "stairs without a direction in 'stairs'")


def _read_objects(mf: MapFile, dungeon: DungeonMap, problems: ProblemList) -> None:
    w, h = mf.width, mf.height
    for i, entry in enumerate(mf.objects):
        x, y = entry.at
        if not dungeon.in_bounds(x, y):
            problems.add(f"objects[{i}]", f"square [{x}, {y}] is off the {w}x{h} map")
        elif (x, y) in dungeon.objects:
            problems.add(f"objects[{i}]", f"square [{x}, {y}] already holds an object")
        else:
            height = entry.height
            dungeon.objects[(x, y)] = MapObject(
                kind=entry.kind,
                height=height if height is not None else DEFAULT_OBJECT_HEIGHT[entry.kind],
                facing=entry.facing,
                is_open=entry.open,
                locked=entry.locked,
                contents=tuple(entry.contents),
            )


def _read_rooms(mf: MapFile, dungeon: DungeonMap, problems: ProblemList) -> None:
    """Paint each room's rectangles, refusing rectangles off the map or overlapping."""
    w, h = mf.width, mf.height
    for i, room in enumerate(mf.rooms):
        dungeon.rooms.append(Room(room.name, room.hidden))
        for j, (rx, ry, rw, rh) in enumerate(room.rects):
            if problems.full:
                return
            place = f"rooms[{i}].rects[{j}]"
            if rx + rw > w or ry + rh > h:
                problems.add(place, f"[{rx}, {ry}, {rw}, {rh}] runs off the {w}x{h} map")
                continue
            area = dungeon.room_of[ry : ry + rh, rx : rx + rw]
            taken = np.argwhere(area >= 0)
            if len(taken):
                dy, dx = (int(v) for v in taken[0])
                other = int(area[dy, dx])
                whose = "this room" if other == i else f"rooms[{other}] {mf.rooms[other].name!r}"
                problems.add(
                    place,
                    f"square [{rx + dx}, {ry + dy}] is already in {whose}; rooms must not overlap",
                )
                continue
            area[...] = i


def _check_figures(
    mf: MapFile, dungeon: DungeonMap, known: KnownIds, problems: ProblemList
) -> None:
    """Ids unique, one class or monster that the rules know, on a square a figure may be."""
    seen_ids: set[str] = set()
    seen_at: dict[tuple[int, int], str] = {}
    for i, fig in enumerate(mf.figures):
        place = f"figures[{i}] {fig.id!r}"
        x, y = fig.at
        if fig.id in seen_ids:
            problems.add(f"figures[{i}].id", f"the id {fig.id!r} is used twice")
        seen_ids.add(fig.id)
        _check_kind(fig, place, known, problems)
        if not dungeon.in_bounds(x, y):
            problems.add(place, f"square [{x}, {y}] is off the {mf.width}x{mf.height} map")
            continue
        if (x, y) in seen_at:
            problems.add(place, f"square [{x}, {y}] already holds {seen_at[(x, y)]!r}")
        seen_at[(x, y)] = fig.id
        terrain = dungeon.terrain_at(x, y)
        if terrain in IMPASSABLE:
            problems.add(
                place,
                f"stands on {terrain.name.lower().replace('_', ' ')} at [{x}, {y}]; "
                "figures stand on floor, stairs, open doors or fire spouts",
            )


def _check_kind(fig: FigurePlacement, place: str, known: KnownIds, problems: ProblemList) -> None:
    if fig.class_id is not None and fig.monster is not None:
        problems.add(place, "has both a class and a monster; give one of them")
    elif fig.class_id is None and fig.monster is None:
        problems.add(place, "has neither a class nor a monster; give one of them")
    elif fig.class_id is not None and fig.class_id not in known.classes:
        problems.add(f"{place}.class", _unknown("class", fig.class_id, known.classes))
    elif fig.monster is not None and fig.monster not in known.monsters:
        problems.add(f"{place}.monster", _unknown("monster", fig.monster, known.monsters))


def _unknown(kind: str, ident: str, known: Iterable[str]) -> str:
    near = difflib.get_close_matches(ident, list(known), n=3)
    hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
    return f"unknown {kind} {ident[:64]!r}{hint}"


# -- writing -----------------------------------------------------------------------


def room_rects(room_of: np.ndarray, index: int) -> list[tuple[int, int, int, int]]:
    """The squares of room ``index`` as few rectangles ``(x, y, w, h)``.

    Runs of each row are merged downward while the next row has the very same run.
    """
    mask = room_of == index
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0:
        return []
    y0, y1 = int(rows[0]), int(rows[-1]) + 1
    # Runs of every row at once (rows outside the room's extent are skipped).
    edges = np.diff(np.pad(mask[y0:y1].astype(np.int8), ((0, 0), (1, 1))), axis=1)
    sy, sx = np.nonzero(edges == 1)
    ex = np.nonzero(edges == -1)[1]
    runs: dict[int, list[tuple[int, int]]] = {}
    for y, s, e in zip(sy.tolist(), sx.tolist(), ex.tolist(), strict=True):
        runs.setdefault(y, []).append((s, e - s))
    open_rects: dict[tuple[int, int], list[int]] = {}  # (x, w) -> [x, y, w, h]
    done: list[tuple[int, int, int, int]] = []
    for y in range(y1 - y0):
        still_open: dict[tuple[int, int], list[int]] = {}
        for x, length in runs.get(y, ()):
            rect = open_rects.pop((x, length), None)
            if rect is None:
                rect = [x, y + y0, length, 0]
            rect[3] += 1
            still_open[(x, length)] = rect
        done.extend((x, y, w, h) for x, y, w, h in open_rects.values())
        open_rects = still_open
    done.extend((x, y, w, h) for x, y, w, h in open_rects.values())
    return sorted(done, key=lambda r: (r[1], r[0]))


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
                at=at,
                kind=o.kind,
                height=o.height,
                facing=o.facing,
                open=o.is_open,
                locked=o.locked,
                contents=list(o.contents),
            )
            for at, o in sorted(d.objects.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ],
        rooms=[
            RoomEntry(name=r.name, hidden=r.hidden, rects=room_rects(d.room_of, i))
            for i, r in enumerate(d.rooms)
        ],
        figures=list(doc.figures),
        options=doc.options,
        board=copy.deepcopy(doc.board),
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
        elif key == "board" and isinstance(value, dict) and value:
            text = _board_text(value)
        else:
            text = _compact(value)
        parts.append(f" {json.dumps(key)}: {text}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


def _board_text(board: dict[str, Any]) -> str:
    """The board section one key per line, its lists of entries one entry per line."""
    parts = []
    for key, value in board.items():
        if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
            body = ",\n".join("    " + _compact(v) for v in value)
            text = f"[\n{body}\n  ]"
        else:
            text = _compact(value)
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n }"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
