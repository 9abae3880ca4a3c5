"""The canvas repaints only what changed, and what it shows is what a full repaint shows.

The offscreen screen's ``grabWindow`` returns the window's backing store, built up by
the partial repaints; ``viewport().grab()`` draws everything afresh.  After each kind of
interaction the two must be the same image.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from companion.gui.canvas.view import MapCanvas
from companion.gui.session import MapSession
from companion.gui.testing import drag, hover
from companion.gui.tools import ToolContext
from companion.gui.tools.area import AreaTool
from companion.gui.tools.height import HeightTool
from companion.gui.tools.pointer import PointerTool
from companion.gui.tools.terrain import TerrainTool
from companion.model.dungeon import Facing, MapObject, ObjectKind, Room, Terrain
from companion.model.mapfile import FigurePlacement, new_document

Rig = tuple[MapCanvas, ToolContext]


@pytest.fixture
def rig(qtbot: object) -> Iterator[Rig]:
    doc = new_document(48, 40, name="Repaint")
    d = doc.dungeon
    d.terrain[:, 16] = d.terrain[20, :] = int(Terrain.WALL)
    d.terrain[10, 16] = int(Terrain.DOOR_OPEN)
    d.floor[4:9, 4:9] = 3
    d.floor[12:15, 20:26] = 1
    d.objects[(10, 3)] = MapObject(ObjectKind.CHEST, 2)
    d.rooms = [Room("Hall"), Room("Vault", hidden=True)]
    d.room_of[1:20, 1:16] = 0
    d.room_of[21:39, 17:47] = 1
    doc.figures = [
        FigurePlacement(
            id="hero", name="Hero", class_id="human_warrior", at=(10, 10), facing=Facing.E
        ),
        FigurePlacement(
            id="orc", name="Orc", side="dungeon", monster="orc", at=(13, 11), facing=Facing.W
        ),
        FigurePlacement(id="gob", name="Gob", side="dungeon", monster="goblin", at=(20, 8)),
    ]
    canvas = MapCanvas(MapSession(doc))
    qtbot.addWidget(canvas)  # type: ignore[attr-defined]
    canvas.resize(640, 420)
    canvas.show()
    qtbot.waitExposed(canvas)  # type: ignore[attr-defined]
    canvas.centre_on((12, 10), 32.0)
    settle()
    assert abs(canvas.pixels_per_square() - 32.0) < 1
    yield canvas, ToolContext(canvas.session, canvas)


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].astype(np.int16)


def stale_pixels(canvas: MapCanvas) -> int:
    """Pixels of the screen that differ from a full repaint of the view.

    A partial repaint may blend a translucent overlay one unit differently (Qt scales
    a clipped image from another origin); anything stale differs by far more.
    """
    settle()
    vp = canvas.viewport()
    screen = QApplication.primaryScreen().grabWindow(canvas.winId()).toImage()
    at = vp.mapTo(canvas.window(), vp.rect().topLeft())
    shown = pixels(screen.copy(at.x(), at.y(), vp.width(), vp.height()))
    fresh = pixels(vp.grab().toImage())
    assert shown.shape == fresh.shape
    far = np.abs(shown - fresh).reshape(shown.shape[0], -1, 4).max(axis=2) > 12
    return int(far.sum())


def walk(centre: tuple[int, int], n: int) -> list[tuple[int, int]]:
    x, y = centre
    return [
        (x + dx, y + dy)
        for dx, dy in ((0, 0), (1, 0), (2, 1), (2, 3), (0, 4), (-3, 2), (-4, -1), (-1, -3), (3, -3))
    ][:n]


def test_the_check_sees_a_stale_screen(rig: Rig) -> None:
    canvas, _ctx = rig
    assert stale_pixels(canvas) == 0
    canvas.figures.figures = []  # changed without telling the scene
    assert stale_pixels(canvas) > 0


def test_hovering_with_a_picked_figure(qtbot: object, rig: Rig) -> None:
    canvas, ctx = rig
    canvas.set_tool(PointerTool(ctx))
    ctx.select_figure("hero")
    for sq in [*walk((10, 10), 9), (11, 12)]:
        hover(qtbot, canvas, sq)
        assert stale_pixels(canvas) == 0, sq
    assert canvas.overlays.reach.shape is not None and canvas.overlays.reach.shape.path


def test_area_templates_following_the_mouse(qtbot: object, rig: Rig) -> None:
    canvas, ctx = rig
    tool = AreaTool(ctx)
    canvas.set_tool(tool)
    for shape in ("circle", "cone"):
        tool.set_shape(shape)
        tool.set_size(3)
        ctx.select_figure("hero" if shape == "cone" else None)
        for sq in walk((12, 9), 6):
            hover(qtbot, canvas, sq)
            assert stale_pixels(canvas) == 0, (shape, sq)
    assert tool.covered


def test_brush_strokes_fills_undo_and_fog(qtbot: object, rig: Rig) -> None:
    canvas, ctx = rig
    height = HeightTool(ctx)
    canvas.set_tool(height)
    height.set_brush_size(3)
    height.set_mode("raise")
    height.set_amount(2)
    drag(qtbot, canvas, [(5, 12), (8, 12), (11, 13), (14, 15)])
    assert stale_pixels(canvas) == 0
    terrain = TerrainTool(ctx)
    canvas.set_tool(terrain)
    terrain.set_terrain(Terrain.WALL)
    drag(qtbot, canvas, [(6, 6), (9, 7), (12, 6)])
    assert stale_pixels(canvas) == 0
    terrain.set_shape("fill")
    terrain.set_terrain(Terrain.WATER)
    drag(qtbot, canvas, [(14, 17)])
    assert canvas.session.doc.dungeon.terrain[17, 14] == int(Terrain.WATER)
    assert stale_pixels(canvas) == 0
    stack = canvas.session.undo_stack
    stack.undo()
    stack.undo()
    assert stale_pixels(canvas) == 0
    canvas.set_play(True)
    assert stale_pixels(canvas) == 0
    canvas.zoom_by(0.5)
    assert stale_pixels(canvas) == 0
