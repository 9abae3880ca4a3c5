"""Text maps of the scenario format and the map model's derived layers."""

from __future__ import annotations

import pytest

from companion.model.dungeon import FULL_HEIGHT, DungeonMap, Facing, MapObject, ObjectKind, Terrain
from companion.model.textmap import (
    TextMapError,
    height_rows,
    parse_text_map,
    stairs_table,
    terrain_rows,
)

ROWS = ["#######", "#.~=^o#", "#+/Ls #", "#######"]


def test_every_terrain_character_reads_back() -> None:
    m = parse_text_map(ROWS, None, {"4,2": "E"})
    assert m.width == 7 and m.height == 4
    assert m.terrain_at(2, 1) is Terrain.WATER
    assert m.terrain_at(3, 1) is Terrain.LAVA
    assert m.terrain_at(4, 1) is Terrain.FIRE_SPOUT
    assert m.terrain_at(5, 1) is Terrain.OBSTACLE
    assert m.terrain_at(1, 2) is Terrain.DOOR_CLOSED
    assert m.terrain_at(2, 2) is Terrain.DOOR_OPEN
    assert m.terrain_at(3, 2) is Terrain.DOOR_LOCKED
    assert m.stairs_at(4, 2) is Facing.E
    assert m.terrain_at(5, 2) is Terrain.VOID
    assert terrain_rows(m) == ROWS
    assert stairs_table(m) == {"4,2": "E"}


def test_heights_are_base_36() -> None:
    m = parse_text_map(["...", "..."], ["09a", "z00"])
    assert [m.floor_at(x, 0) for x in range(3)] == [0, 9, 10]
    assert m.floor_at(0, 1) == 35
    assert height_rows(m) == ["09a", "z00"]


def test_short_rows_are_padded_with_void() -> None:
    m = parse_text_map(["...", "."])
    assert m.terrain_at(2, 1) is Terrain.VOID


@pytest.mark.parametrize(
    ("terrain", "heights", "stairs", "message"),
    [
        ([], None, None, "no rows"),
        (["..?"], None, None, "row 0, column 2"),
        (["..."], ["0", "0"], None, "2 rows"),
        (["..."], ["0!0"], None, "heights row 0, column 1"),
        (["..."], None, {"9,9": "N"}, "off the map"),
        (["..."], None, {"1,0": "Q"}, "not N, E, S or W"),
        (["..s"], None, None, "stairs without a direction"),
        (["." * 600], None, None, "outside 1..512"),
        (["..."], ["0\u212a0"], None, "heights row 0, column 1: .* ASCII"),
        (["..."], ["0\u06630"], None, "heights row 0, column 1: .* ASCII"),
        (["..s"], None, {"\u0662,0": "N"}, "ASCII digits"),
        (["..s"], None, {" 2,0": "N"}, "ASCII digits"),
        (["..s"], None, {"2,0": 7}, "not N, E, S or W"),
        ([7], None, None, "terrain row 0: expected a string"),
    ],
)
def test_bad_text_maps_name_the_place(terrain, heights, stairs, message) -> None:
    with pytest.raises(TextMapError, match=message):
        parse_text_map(terrain, heights, stairs)


def test_derived_layers() -> None:
    m = parse_text_map(["#.o+/~"], ["111111"])
    m.objects[(1, 0)] = MapObject(ObjectKind.CHEST, height=2)
    assert m.blocks_movement().tolist() == [[True, True, True, True, False, True]]
    assert m.blocks_sight().tolist() == [[True, True, True, True, False, False]]
    top = m.column_top()[0]
    assert top[0] == FULL_HEIGHT and top[3] == FULL_HEIGHT
    assert top[1] == 3.0  # floor 1 + chest 2
    assert top[2] == 3.0  # floor 1 + default obstacle 2
    assert top[4] == 1.0


def test_lever_does_not_block_but_a_wall_height_does() -> None:
    m = parse_text_map(["#."])
    m.feature_height[0, 0] = 3
    m.objects[(1, 0)] = MapObject(ObjectKind.LEVER, height=2)
    assert m.blocks_movement().tolist() == [[True, False]]
    assert m.column_top()[0, 0] == 3.0


def test_facing_turns() -> None:
    assert Facing.N.right is Facing.E and Facing.N.left is Facing.W
    assert Facing.E.opposite is Facing.W
    assert Facing.S.delta == (0, 1)


def test_blank_map_size_is_checked() -> None:
    with pytest.raises(ValueError, match="0x5"):
        DungeonMap.blank(0, 5)
