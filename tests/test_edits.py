"""Map edits as values: each returns its exact inverse; builders never make no-ops."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model import edits as E
from companion.model.dungeon import Facing, MapObject, ObjectKind, Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, dump_map, new_document


def doc() -> MapDocument:
    d = new_document(12, 9)
    d.dungeon.floor[2:5, 2:6] = 2
    d.dungeon.objects[(3, 3)] = MapObject(ObjectKind.BARREL, 3)
    d.figures = [FigurePlacement(id="a", at=(1, 1)), FigurePlacement(id="b", at=(8, 6))]
    return d


def roundtrip(edit: E.Edit | None, d: MapDocument) -> MapDocument:
    """Apply, check the inverse restores the bytes, re-apply: return the edited document."""
    assert edit is not None
    before = dump_map(d)
    inverse = edit.apply(d)
    after = dump_map(d)
    assert after != before
    inverse.apply(d)
    assert dump_map(d) == before
    edit.apply(d)
    assert dump_map(d) == after
    return d


def test_paint_height_modes() -> None:
    d = doc()
    xs, ys = E.brush_squares(d, (3, 3), 3)
    assert len(xs) == 9
    roundtrip(E.paint_height(d, xs, ys, "raise", 2), d)
    assert d.dungeon.floor[2, 2] == 4 and d.dungeon.floor[1, 1] == 0
    assert E.paint_height(d, xs, ys, "set", 0) is not None
    roundtrip(E.paint_height(d, xs, ys, "lower", 50), d)
    assert (d.dungeon.floor[ys, xs] == 0).all()
    assert E.paint_height(d, xs, ys, "flatten", 0) is None  # nothing would change


def test_paint_terrain_stairs_and_objects() -> None:
    d = doc()
    with pytest.raises(E.EditError):
        E.paint_terrain(d, np.array([2]), np.array([2]), Terrain.STAIRS)
    roundtrip(E.paint_terrain(d, np.array([2]), np.array([2]), Terrain.STAIRS, Facing.N), d)
    assert d.dungeon.stairs_at(2, 2) is Facing.N
    roundtrip(E.paint_terrain(d, np.array([2, 3]), np.array([2, 3]), Terrain.WATER), d)
    assert d.dungeon.stairs_at(2, 2) is None
    assert (3, 3) not in d.dungeon.objects  # the barrel went with the floor


def test_double_door_follows_the_wall() -> None:
    d = doc()
    roundtrip(E.place_door(d, (4, 0), Terrain.DOOR_CLOSED, double=True), d)
    assert d.dungeon.terrain_at(4, 0) is Terrain.DOOR_CLOSED
    assert d.dungeon.terrain_at(5, 0) is Terrain.DOOR_CLOSED
    roundtrip(E.place_door(d, (0, 4), Terrain.DOOR_LOCKED, double=True), d)
    assert d.dungeon.terrain_at(0, 5) is Terrain.DOOR_LOCKED


def test_flood_and_rect() -> None:
    d = doc()
    xs, ys = E.flood_squares(d, (3, 2))
    assert len(xs) == 12  # the raised 4x3 block
    xs, ys = E.rect_squares(d, (5, 5), (-3, 7))
    assert len(xs) == 6 * 3
    roundtrip(E.paint_terrain(d, xs, ys, Terrain.LAVA), d)


def test_objects_and_figures() -> None:
    d = doc()
    chest = MapObject(ObjectKind.CHEST, 2, Facing.W)
    roundtrip(E.set_object(d, (5, 5), chest), d)
    assert E.set_object(d, (5, 5), chest) is None
    with pytest.raises(E.EditError):
        E.set_object(d, (0, 0), chest)  # a wall
    with pytest.raises(E.EditError):
        E.set_object(d, (1, 1), chest)  # a figure
    roundtrip(E.place_figure(d, FigurePlacement(id="c", at=(4, 6))), d)
    with pytest.raises(E.EditError):
        E.place_figure(d, FigurePlacement(id="d", at=(4, 6)))
    roundtrip(E.place_figure(d, FigurePlacement(id="a", at=(2, 1), facing=Facing.E)), d)
    roundtrip(E.remove_figure(d, "b"), d)
    assert [f.id for f in d.figures] == ["a", "c"]
    assert E.unique_figure_id(d, "a") == "a_2"


def test_rooms() -> None:
    d = doc()
    roundtrip(E.add_room(d, "Hall"), d)
    roundtrip(E.add_room(d, "Crypt"), d)
    roundtrip(E.assign_room(d, *E.rect_squares(d, (1, 1), (3, 3)), 0), d)
    roundtrip(E.assign_room(d, *E.rect_squares(d, (5, 5), (6, 6)), 1), d)
    roundtrip(E.set_room_hidden(d, 1, True), d)
    roundtrip(E.rename_room(d, 0, "Great hall"), d)
    roundtrip(E.remove_room(d, 0), d)
    assert [r.name for r in d.dungeon.rooms] == ["Crypt"]
    assert d.dungeon.room_of[5, 5] == 0 and d.dungeon.room_of[1, 1] == -1


def test_copy_paste_and_resize() -> None:
    d = doc()
    clip = E.copy_region(d, (2, 2), (4, 4))
    assert clip is not None and clip.width == 3 and (1, 1) in clip.objects
    roundtrip(E.paste(d, clip, (7, 5)), d)
    assert d.dungeon.floor[5, 7] == 2 and (8, 6) not in d.dungeon.objects  # figure there
    roundtrip(E.resize(d, 20, 4, offset=(2, -1)), d)
    assert (d.dungeon.width, d.dungeon.height) == (20, 4)
    assert [f.id for f in d.figures] == ["a"] and d.figures[0].at == (3, 0)


@given(
    st.lists(
        st.tuples(
            st.integers(-2, 13),
            st.integers(-2, 10),
            st.integers(1, 4),
            st.sampled_from(["set", "raise", "lower", "flatten"]),
            st.integers(0, 5),
        ),
        min_size=1,
        max_size=8,
    )
)
@settings(max_examples=60, deadline=None)
def test_any_sequence_undoes_exactly(strokes: list[tuple[int, int, int, str, int]]) -> None:
    d = doc()
    start = dump_map(d)
    inverses = []
    for x, y, size, mode, amount in strokes:
        xs, ys = E.brush_squares(d, (x, y), size)
        edit = E.paint_height(d, xs, ys, mode, amount)  # type: ignore[arg-type]
        if edit is not None:
            inverses.append(edit.apply(d))
    for inv in reversed(inverses):
        inv.apply(d)
    assert dump_map(d) == start
