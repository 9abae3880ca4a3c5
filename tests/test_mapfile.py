"""The map file: round trips, and broken or hostile files refused with a clear message."""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

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
    new_document,
    room_rects,
)
from companion.rules.maps import load_map_bytes, load_map_file


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
        FigurePlacement(
            id="harry",
            name="Harry",
            side="party",
            class_id="human_thief",
            at=(1, 1),
            facing=Facing.E,
        ),
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
        assert (rebuilt[y : y + h, x : x + w] == -1).all()
        rebuilt[y : y + h, x : x + w] = 0
    np.testing.assert_array_equal(rebuilt, room_of)


ORC = {"id": "o", "side": "dungeon", "monster": "orc", "at": [1, 1]}


def _doc_json(**changes: object) -> bytes:
    data = json.loads(dump_map(sample_document()))
    data.update(changes)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", "Invalid JSON"),
        (b'{"format": ', "Invalid JSON"),
        (b"[1, 2, 3]", "expected a JSON object"),
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
        (_doc_json(stairs={"1,1": "N"}), "stairs.1,1: the terrain there is not stairs"),
        (_doc_json(stairs={}), "stairs without a direction"),
        (_doc_json(stairs={"6,2": "E", "99,2": "N"}), "stairs.99,2: the square is off"),
        (_doc_json(objects=[{"at": [1, 1], "kind": "throne"}]), "objects[0].kind"),
        (_doc_json(objects=[{"at": [1, 1], "kind": "chest", "height": -3}]), "objects[0].height"),
        (_doc_json(objects=[{"at": [50, 1], "kind": "chest"}]), "objects[0]: square [50, 1]"),
        (_doc_json(figures=[ORC | {"id": "a"}, ORC | {"id": "a", "at": [2, 1]}]), "used twice"),
        (_doc_json(figures=[ORC | {"id": "a"}, ORC | {"id": "b"}]), "already holds 'a'"),
        (_doc_json(figures=[ORC | {"id": "a b"}]), "figures[0].id"),
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


def _with_figure(**fig: object) -> bytes:
    return _doc_json(figures=[{"id": "x", "side": "dungeon", "at": [1, 2], **fig}])


@pytest.mark.parametrize(
    ("data", "place", "expected"),
    [
        (_with_figure(monster="orcc"), "figures[0] 'x'.monster", "did you mean 'orc'"),
        (_with_figure(**{"class": "human_wizard"}), "figures[0] 'x'.class", "unknown class"),
        (
            _with_figure(monster="orc", **{"class": "human_thief"}),
            "figures[0] 'x'",
            "both a class and a monster",
        ),
        (_with_figure(), "figures[0] 'x'", "neither a class nor a monster"),
        (_with_figure(monster="orc", at=[0, 0]), "figures[0] 'x'", "stands on wall at [0, 0]"),
        (_with_figure(monster="orc", at=[3, 2]), "figures[0] 'x'", "stands on water"),
        (_with_figure(monster="orc", at=[3, 3]), "figures[0] 'x'", "stands on lava"),
        (_with_figure(monster="orc", at=[1, 5]), "figures[0] 'x'", "stands on void"),
        (
            _doc_json(
                rooms=[
                    {"name": "A", "rects": [[1, 1, 3, 3]]},
                    {"name": "B", "rects": [[3, 3, 2, 2]]},
                ]
            ),
            "rooms[1].rects[0]",
            "square [3, 3] is already in rooms[0] 'A'",
        ),
        (
            _doc_json(terrain=["#" * 10] * 6 + ["#" * 9]),
            "terrain row 6",
            "9 characters, but the map is 10 squares wide",
        ),
        (
            _doc_json(floor=["0" * 10] * 6 + ["\u212a" + "0" * 9]),
            "floor row 6, column 0",
            "not a height",
        ),
        (
            _doc_json(floor=["0" * 10] * 6 + ["\u0663" + "0" * 9]),
            "floor row 6, column 0",
            "not a height",
        ),
        (_doc_json(feature_heights={"\u0661,1": 3}), "feature_heights", "ASCII digits"),
        (_doc_json(width="10"), "width", "valid integer"),
        (
            b'{"format": "brick-companion-map", "format": "brick-companion-map", "version": 1}',
            "",
            "appears twice",
        ),
        (b'{"format": "brick-companion-map", "version": 1, "width": NaN}', "", "NaN"),
    ],
)
def test_cross_checks_name_the_place(data: bytes, place: str, expected: str) -> None:
    with pytest.raises(MapFileError) as info:
        load_map_bytes(data, source="m.json")
    err = info.value
    assert err.file == "m.json"
    assert any(p.place.startswith(place) and expected in p.message for p in err.problems), str(err)


def test_kelvin_sign_is_not_height_20() -> None:
    assert "\u212a".lower() == "k"  # why the check is needed: 'k' is base-36 digit 20
    data = _doc_json(floor=["0" * 10] * 6 + ["\u212a" + "0" * 9])
    with pytest.raises(MapFileError, match="floor row 6, column 0"):
        load_map_bytes(data)


def test_every_problem_is_reported() -> None:
    data = _doc_json(
        figures=[{"id": "a", "monster": "orcc", "at": [0, 0]}, {"id": "b", "at": [3, 2]}],
    )
    with pytest.raises(MapFileError) as info:
        load_map_bytes(data, source="m.json")
    lines = info.value.lines()
    assert len(lines) == 4, lines
    assert all(line.startswith("m.json: figures[") for line in lines)
    assert "(and 3 more problems)" in str(info.value)


def test_a_million_rooms_are_refused_fast() -> None:
    data = json.loads(dump_map(sample_document()))
    data["rooms"] = [{"name": ""}] * 1_170_000
    raw = json.dumps(data, separators=(",", ":")).encode()
    assert len(raw) <= MAX_FILE_BYTES
    start = time.perf_counter()
    with pytest.raises(MapFileError, match="rooms: 1,170,000 entries; a map may have at most"):
        load_map_bytes(raw)
    assert time.perf_counter() - start < 5.0


def test_overlapping_rectangles_cost_little() -> None:
    data = json.loads(dump_map(sample_document()))
    data["rooms"] = [{"name": "R", "rects": [[0, 0, 10, 7]] * 60_000}]
    start = time.perf_counter()
    with pytest.raises(MapFileError, match="rooms must not overlap"):
        load_map_bytes(json.dumps(data).encode())
    assert time.perf_counter() - start < 5.0


def test_load_map_file_refuses_special_files(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, Path("/dev/zero"), tmp_path / "missing.json"):
        with pytest.raises(MapFileError) as info:
            load_map_file(path)
        assert info.value.file == str(path)
        assert "not a regular file" in str(info.value) or "cannot read" in str(info.value)
    good = tmp_path / "good.json"
    good.write_bytes(dump_map(sample_document()))
    assert load_map_file(good).name == "Sample"
