"""The session's cached board, updated around each edit, equals a board built afresh."""

from __future__ import annotations

import numpy as np
import pytest

from companion.gui.session import MapSession
from companion.model import edits
from companion.model.dungeon import Facing, MapObject, ObjectKind, Terrain
from companion.model.geometry import Board, area_circle, reachable
from companion.model.geometry.board import _SQUARE_LAYERS
from companion.model.mapfile import FigurePlacement, new_document

LAYERS = ("terrain", "floor", *_SQUARE_LAYERS, "step_masks")
PAINT = [
    int(Terrain.FLOOR),
    int(Terrain.WALL),
    int(Terrain.WATER),
    int(Terrain.STAIRS),
    int(Terrain.OBSTACLE),
    int(Terrain.DOOR_CLOSED),
    int(Terrain.VOID),
]


def fresh(session: MapSession) -> Board:
    opts = session.doc.options
    return Board(session.doc.dungeon, session.tokens(), opts.los_mode, opts.walls_stop_areas)


def assert_same(cached: Board, built: Board) -> None:
    for name in LAYERS:
        a, b = getattr(cached.layers, name), getattr(built.layers, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name
    assert (cached.layers.floor_min, cached.layers.floor_max) == (
        built.layers.floor_min,
        built.layers.floor_max,
    )
    assert cached.tokens == built.tokens


@pytest.mark.parametrize("seed", [1, 2])
def test_board_updated_around_edits_matches_a_fresh_one(qtbot: object, seed: int) -> None:
    rng = np.random.default_rng(seed)
    doc = new_document(23, 17)
    doc.figures = [FigurePlacement(id="hero", name="Hero", at=(5, 5))]
    session = MapSession(doc)
    session.board().layers.step_masks  # noqa: B018 - the cache the updates must keep right
    for step in range(60):
        x, y = int(rng.integers(0, 23)), int(rng.integers(0, 17))
        size = int(rng.integers(1, 4))
        xs, ys = edits.brush_squares(doc, (x, y), size)
        kind = step % 4
        if kind == 0:
            amount = int(rng.integers(0, 5))
            session.push(edits.paint_height(doc, xs, ys, "set", amount), "Height")
        elif kind == 1:
            terrain = Terrain(int(rng.choice(PAINT)))
            stairs = Facing.E if terrain is Terrain.STAIRS else None
            session.push(edits.paint_terrain(doc, xs, ys, terrain, stairs), "Terrain")
        elif kind == 2 and doc.dungeon.terrain[y, x] == int(Terrain.FLOOR) and (x, y) != (5, 5):
            obj = MapObject(ObjectKind.CHEST if step % 8 else ObjectKind.LEVER, 2)
            session.push(edits.set_object(doc, (x, y), obj), "Object")
        elif session.undo_stack.canUndo():
            session.undo_stack.undo()
        assert_same(session.board(), fresh(session))
    board = session.board()
    assert np.array_equal(area_circle(board, (11, 8), 4), area_circle(fresh(session), (11, 8), 4))
    hero = session.doc.figure("hero")
    assert hero is not None
    if not board.layers.blocks_movement[hero.at[1], hero.at[0]]:
        a, b = reachable(board, "hero", 6), reachable(fresh(session), "hero", 6)
        assert sorted(map(tuple, a.squares())) == sorted(map(tuple, b.squares()))


def test_a_local_edit_reuses_the_cached_board_layers(qtbot: object) -> None:
    doc = new_document(40, 30)
    session = MapSession(doc)
    before = session.board()
    xs, ys = edits.brush_squares(doc, (10, 10), 3)
    session.push(edits.paint_height(doc, xs, ys, "set", 3), "Height")
    after = session.board()
    assert after is not before
    assert after.layers.floor[10, 10] == 3 and before.layers.floor[10, 10] == 0
    # Options change the whole board: it is dropped and built again.
    session.push(edits.SetOptions(doc.options.model_copy(update={"los_mode": "flat"})), "Flat")
    assert session.board().los_mode == "flat"
    assert_same(session.board(), fresh(session))
