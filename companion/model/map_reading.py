"""Reading a map file: untrusted bytes checked into a ``MapDocument``.

``load_map_file`` / ``load_map_bytes`` raise ``MapFileError`` (a ``FileProblem``) listing
every problem with its place: strict types, ASCII digits, even rows, rooms that do not
overlap, figures of known classes and monsters standing where figures may stand, and the
ruleset's ``board`` section, checked through the ``MapRules`` the caller lends.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import numpy as np
from pydantic import ValidationError

from companion.migrations import file_version, migrate, needs_migration
from companion.model.dungeon import (
    DEFAULT_OBJECT_HEIGHT,
    IMPASSABLE,
    TERRAIN_CHARS,
    DungeonMap,
    MapObject,
    Room,
    Terrain,
)
from companion.model.map_document import (
    FORMAT_NAME,
    MAX_FIGURES,
    MAX_FILE_BYTES,
    MAX_OBJECTS,
    MAX_RECTS,
    MAX_ROOMS,
    FigurePlacement,
    MapDocument,
    MapFile,
    MapFileError,
)
from companion.safefile import ProblemList, parse_json, pydantic_problems, read_bounded

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_SQUARE_KEY = re.compile(r"^[0-9]{1,4},[0-9]{1,4}$")
_TERRAIN_LIST = " ".join(repr(c) for c in TERRAIN_CHARS)


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
