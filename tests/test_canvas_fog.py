"""Fog of war hides a hidden room completely: no platform edges, grid or shading on top.

It used to draw the impassable-step edges, wall outlines and grid of a hidden room over
the fog, and to shade the fog with the room's height shadows.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtGui import QColor

from companion.gui.canvas.render import render_rgba
from companion.gui.canvas.view import MapCanvas
from companion.gui.session import MapSession
from companion.model.dungeon import Room, Terrain
from companion.model.mapfile import MapDocument, new_document

ROOM = (10, 2, 18, 11)  # x0, y0, x1, y1 (exclusive) of the hidden room


def hidden_room_map() -> MapDocument:
    doc = new_document(20, 14, name="Fog")
    d = doc.dungeon
    x0, y0, x1, y1 = ROOM
    d.terrain[y0 - 1 : y1 + 1, x0 - 1] = int(Terrain.WALL)
    d.terrain[y0 - 1 : y1 + 1, x1] = int(Terrain.WALL)
    d.terrain[y0 - 1, x0 - 1 : x1 + 1] = int(Terrain.WALL)
    d.terrain[y1, x0 - 1 : x1 + 1] = int(Terrain.WALL)
    d.terrain[6, x0 - 1] = int(Terrain.DOOR_CLOSED)
    d.floor[4:7, 12:15] = 3  # a platform: 3-brick steps all round it
    d.floor[8:10, 15:17] = 1
    d.terrain[9, 12] = int(Terrain.WALL)  # a pillar inside
    d.rooms = [Room("Lair", hidden=True), Room("Hall")]
    d.room_of[y0:y1, x0:x1] = 0
    d.room_of[1:12, 1:8] = 1
    d.floor[3:5, 3:5] = 2  # a visible platform in the open room
    return doc


@pytest.fixture
def canvas(qtbot: object) -> Iterator[MapCanvas]:
    view = MapCanvas(MapSession(hidden_room_map()))
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    view.resize(760, 560)
    view.show()
    qtbot.waitExposed(view)  # type: ignore[attr-defined]
    view.fit()
    qtbot.wait(10)  # type: ignore[attr-defined]
    yield view


def fogged() -> np.ndarray:
    fog = np.zeros((14, 20), bool)
    x0, y0, x1, y1 = ROOM
    fog[y0:y1, x0:x1] = True
    return fog


def sides(segs: np.ndarray) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The two squares on either side of each unit edge of the segments."""
    out = []
    for x0, y0, x1, y1 in segs:
        if x0 == x1:
            for y in range(int(min(y0, y1)), int(max(y0, y1))):
                out.append(((int(x0) - 1, y), (int(x0), y)))
        else:
            for x in range(int(min(x0, x1)), int(max(x0, x1))):
                out.append(((x, int(y0) - 1), (x, int(y0))))
    return out


def edge_squares(view: MapCanvas) -> set[tuple[int, int]]:
    """Squares touched by a wall outline or a steep edge, or inside two grid lines."""
    out: set[tuple[int, int]] = set()
    for tiled in (view.edges.walls, view.edges.steep, view.edges.steep_under):
        for item in tiled.items.values():
            for a, b in sides(item.segs):
                out |= {a, b}
    x0, y0, x1, y1 = ROOM
    for item in view.grid.tiles.items.values():
        # A grid line on the room's border outlines the visible square beside it.
        out |= {
            a for a, b in sides(item.segs) if all(x0 <= x < x1 and y0 <= y < y1 for x, y in (a, b))
        }
    return out


def room_pixels(view: MapCanvas) -> set[tuple[int, int, int]]:
    """Colours of the screen inside the hidden room (3 pixels in from its border)."""
    img = view.viewport().grab().toImage()
    x0, y0, x1, y1 = ROOM
    a = view.viewport_pos((x0, y0), 0.0, 0.0)
    b = view.viewport_pos((x1 - 1, y1 - 1), 1.0, 1.0)
    seen = set()
    for py in range(a.y() + 3, b.y() - 3, 2):
        for px in range(a.x() + 3, b.x() - 3, 2):
            c = QColor(img.pixel(px, py))
            seen.add((c.red(), c.green(), c.blue()))
    return seen


def fog_colours(view: MapCanvas) -> set[tuple[int, int, int]]:
    rgba = view.base.rgba
    assert rgba is not None
    ys, xs = np.nonzero(fogged())
    return {(int(r), int(g), int(b)) for r, g, b in rgba[ys, xs, :3]}


def test_no_edge_is_drawn_on_a_fogged_square(canvas: MapCanvas) -> None:
    x0, y0, x1, y1 = ROOM
    inside = {(x, y) for x in range(x0, x1) for y in range(y0, y1)}
    assert edge_squares(canvas) & inside  # edit mode: the room's edges are there
    canvas.set_play(True)
    assert not (edge_squares(canvas) & inside)
    assert (3, 4) in edge_squares(canvas)  # the open room keeps its platform edges
    canvas.set_play(False)
    assert edge_squares(canvas) & inside


def test_the_screen_over_a_hidden_room_is_plain_fog(qtbot: object, canvas: MapCanvas) -> None:
    assert canvas.pixels_per_square() > 20  # every edge layer is drawn at this zoom
    canvas.set_play(True)
    qtbot.wait(10)  # type: ignore[attr-defined]
    colours = fog_colours(canvas)
    assert len(colours) == 2  # the fog's quiet checker, nothing of the room beneath
    assert room_pixels(canvas) <= colours
    # The check sees edges: drawn without the fog mask, they show over the fog.
    canvas.edges.rebuild(canvas.session.doc.dungeon, canvas.session.board())
    qtbot.wait(10)  # type: ignore[attr-defined]
    assert not room_pixels(canvas) <= colours


def test_edits_under_the_fog_stay_hidden(qtbot: object, canvas: MapCanvas) -> None:
    from companion.model import edits

    canvas.set_play(True)
    doc = canvas.session.doc
    xs, ys = edits.rect_squares(doc, (15, 3), (16, 4))
    canvas.session.push(edits.paint_height(doc, xs, ys, "set", 5), "Raise")
    qtbot.wait(10)  # type: ignore[attr-defined]
    x0, y0, x1, y1 = ROOM
    inside = {(x, y) for x in range(x0, x1) for y in range(y0, y1)}
    assert not (edge_squares(canvas) & inside)
    assert room_pixels(canvas) <= fog_colours(canvas)


def test_fog_shows_no_heights_in_the_base_colours() -> None:
    doc = hidden_room_map()
    fog = fogged()
    rgba = render_rgba(doc.dungeon, fog=fog)
    doc.dungeon.floor[fog] = 0
    flat = render_rgba(doc.dungeon, fog=fog)
    assert (rgba[fog] == flat[fog]).all()
    assert (rgba[~fog] == render_rgba(hidden_room_map().dungeon)[~fog]).all()


def test_a_region_redrawn_in_place_matches_a_full_render() -> None:
    rng = np.random.default_rng(5)
    doc = hidden_room_map()
    d = doc.dungeon
    out = render_rgba(d)
    for _ in range(20):
        x, y = int(rng.integers(0, 18)), int(rng.integers(0, 12))
        d.floor[y : y + 2, x : x + 2] = rng.integers(0, 6)
        d.terrain[y, x] = rng.choice([int(Terrain.WALL), int(Terrain.FLOOR), int(Terrain.WATER)])
        out = render_rgba(d, (x, y, x + 2, y + 2), out=out)
        assert (out == render_rgba(d)).all()
