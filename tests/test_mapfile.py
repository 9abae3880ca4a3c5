"""The map file: round trips, and broken or hostile files refused with a clear message."""

from __future__ import annotations

import contextlib
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import MAX_SIDE, Facing, MapObject, ObjectKind, Room, Terrain
from companion.model.mapfile import (
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    FigurePlacement,
    MapDocument,
    MapFileError,
    MapOptions,
    dump_map,
    load_map_bytes,
    new_document,
    room_rects,
)


def sample_document() -> MapDocument:
    doc = new_document(10, 7, name="Sample")
    d = doc.dungeon
    d.terrain[2, 3] = int(Terrain.WATER)
    d.terrain[3, 3] = int(Terrain.LAVA)
    d.terrain[4, 4] = int(Terrain.FIRE_SPOUT)
    d.terrain[0, 5] = int(Terrain.DOOR_LOCKED)
    d.terrain[2, 6] = int(Terrain.STAIRS)
    d.stairs[2, 6] = Facing.E.index
    d.terrain[5, 1] = int(Terrain.VOID)
    d.floor[1:3, 7:9] = 3
    d.floor[5, 8] = 35
    d.feature_height[0, 0] = 4
    d.objects[(2, 1)] = MapObject(ObjectKind.CHEST, 2, Facing.E, locked=True, contents=("gold",))
    d.objects[(8, 5)] = MapObject(ObjectKind.LEVER, 1)
    d.rooms = [Room("Hall"), Room("Crypt", hidden=True)]
    d.room_of[1:4, 1:5] = 0
    d.room_of[4:6, 5:9] = 1
    d.room_of[1, 8] = 1
    doc.figures = [
        FigurePlacement(id="harry", name="Harry", side="party", class_id="human_thief",
                        at=(1, 1), facing=Facing.E),
        FigurePlacement(id="grok", side="dungeon", monster="orc", at=(6, 4), facing=Facing.W),
    ]
    doc.options = MapOptions(los_mode="flat", walls_stop_areas=False)
    return doc


def assert_same(a: MapDocument, b: MapDocument) -> None:
    for layer in ("terrain", "floor", "stairs", "feature_height", "room_of"):
        np.testing.assert_array_equal(getattr(a.dungeon, layer), getattr(b.dungeon, layer))
    assert a.dungeon.objects == b.dungeon.objects
    assert a.dungeon.rooms == b.dungeon.rooms
    assert a.dungeon.name == b.dungeon.name
    assert a.figures == b.figures
    assert a.options == b.options


def test_round_trip_keeps_everything() -> None:
    doc = sample_document()
    data = dump_map(doc)
    back = load_map_bytes(data)
    assert_same(doc, back)
    assert dump_map(back) == data


def test_file_is_readable_json_with_format_and_version() -> None:
    data = json.loads(dump_map(sample_document()))
    assert data["format"] == "brick-companion-map"
    assert data["version"] == FORMAT_VERSION
    assert data["terrain"][0] == "#####L####"
    assert data["feature_heights"] == {"0,0": 4}
    assert data["figures"][0]["class"] == "human_thief"
    assert data["stairs"] == {"6,2": "E"}


def test_room_rects_merge_rows() -> None:
    room_of = np.full((5, 6), -1, np.int16)
    room_of[1:4, 1:4] = 0
    room_of[2, 5] = 0
    assert room_rects(room_of, 0) == [(1, 1, 3, 3), (5, 2, 1, 1)]


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=30))
@settings(max_examples=60, deadline=None)
def test_room_rects_cover_exactly(squares: list[tuple[int, int]]) -> None:
    room_of = np.full((6, 8), -1, np.int16)
    for x, y in squares:
        room_of[y, x] = 0
    rebuilt = np.full_like(room_of, -1)
    for x, y, w, h in room_rects(room_of, 0):
        assert (rebuilt[y:y + h, x:x + w] == -1).all()
        rebuilt[y:y + h, x:x + w] = 0
    np.testing.assert_array_equal(rebuilt, room_of)


def _doc_json(**changes: object) -> bytes:
    data = json.loads(dump_map(sample_document()))
    data.update(changes)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "Invalid JSON"),
        (b"{\"format\": ", "Invalid JSON"),
        (b"[1, 2, 3]", "should be an object"),
        (b"\xff\xfe garbage", "Invalid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, ""),
        (b'{"format": "something-else", "version": 1}', "not a Brick Companion map"),
        (b'{"format": "brick-companion-map", "version": 99}', "newer Brick Companion"),
        (_doc_json(width=MAX_SIDE + 1), "width"),
        (_doc_json(width=100_000_000, height=100_000_000), "width"),
        (_doc_json(width=11), "terrain row 0: 10 characters, but the map is 11 squares wide"),
        (_doc_json(terrain=["#" * 10] * 3), "terrain: 3 rows"),
        (_doc_json(name=["not", "a", "string"]), "name"),
        (_doc_json(name="x" * 10_000), "name"),
        (_doc_json(floor=["z" * 10] * 6 + ["!" * 10]), "floor row 6, column 0"),
        (_doc_json(stairs={"6,2": "Q"}), "stairs.6,2"),
        (_doc_json(stairs={"1,1": "N"}), "stairs 1,1: the terrain there is not stairs"),
        (_doc_json(stairs={}), "stairs without a direction"),
        (_doc_json(stairs={"6,2": "E", "99,2": "N"}), "stairs 99,2: the square is off"),
        (_doc_json(objects=[{"at": [1, 1], "kind": "throne"}]), "objects[0].kind"),
        (_doc_json(objects=[{"at": [1, 1], "kind": "chest", "height": -3}]), "objects[0].height"),
        (_doc_json(objects=[{"at": [50, 1], "kind": "chest"}]), "objects[0]: square [50, 1]"),
        (_doc_json(figures=[{"id": "a", "at": [1, 1]}, {"id": "a", "at": [2, 1]}]),
         "used twice"),
        (_doc_json(figures=[{"id": "a", "at": [1, 1]}, {"id": "b", "at": [1, 1]}]),
         "already holds 'a'"),
        (_doc_json(figures=[{"id": "a b", "at": [1, 1]}]), "figures[0].id"),
        (_doc_json(rooms=[{"name": "R", "rects": [[8, 5, 5, 5]]}]), "rooms[0].rects[0]"),
        (_doc_json(options={"los_mode": "x-ray"}), "options.los_mode"),
        (_doc_json(surprise=1), "surprise"),
    ],
)
def test_broken_files_are_refused_with_a_named_problem(data: bytes, expected: str) -> None:
    with pytest.raises(MapFileError) as info:
        load_map_bytes(data, source="test.json")
    assert str(info.value).startswith("test.json: ")
    assert expected in str(info.value)


def test_oversized_file_is_refused_before_parsing() -> None:
    with pytest.raises(MapFileError, match="larger than 16 MB"):
        load_map_bytes(b" " * (MAX_FILE_BYTES + 1))


def test_largest_map_round_trips() -> None:
    doc = new_document(MAX_SIDE, MAX_SIDE)
    doc.dungeon.floor[::3, ::5] = 7
    back = load_map_bytes(dump_map(doc))
    np.testing.assert_array_equal(back.dungeon.floor, doc.dungeon.floor)


@given(st.binary(max_size=300))
@settings(max_examples=100, deadline=None)
def test_random_bytes_never_crash(data: bytes) -> None:
    with contextlib.suppress(MapFileError):
        load_map_bytes(data)
