"""Edit mode driven with the mouse: tools change the model, a drag is one undo step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from companion.gui.canvas.render import BACKGROUND
from companion.gui.main_window import MainWindow
from companion.gui.testing import click, drag, hover, make_settings, make_window
from companion.model.dungeon import Facing, ObjectKind, Terrain
from companion.model.mapfile import dump_map, new_document

SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path))
    w.set_document(new_document(16, 12, name="Test"), None)
    w.canvas.fit()
    yield w
    w.session.undo_stack.setClean()


def test_brush_drag_is_one_undo_step(qtbot: object, window: MainWindow) -> None:
    doc = window.session.doc
    before = dump_map(doc)
    window.set_tool("terrain")
    window.tools["terrain"].set_terrain(Terrain.WATER)  # type: ignore[attr-defined]
    drag(qtbot, window.canvas, [(2, 2), (3, 2), (5, 2), (5, 4)])
    t = doc.dungeon.terrain
    # Every square along the way is painted, including the gap skipped by the mouse.
    for sq in ((2, 2), (3, 2), (4, 2), (5, 2), (5, 3), (5, 4)):
        assert t[sq[1], sq[0]] == Terrain.WATER, sq
    stack = window.session.undo_stack
    assert stack.count() == 1
    after = dump_map(doc)
    stack.undo()
    assert dump_map(window.session.doc) == before
    stack.redo()
    assert dump_map(window.session.doc) == after


def test_two_drags_are_two_steps_and_clean_state_is_kept(qtbot: object, window: MainWindow) -> None:
    window.set_tool("terrain")
    drag(qtbot, window.canvas, [(2, 2), (3, 2)])
    window.session.undo_stack.setClean()
    drag(qtbot, window.canvas, [(2, 4), (3, 4)])
    assert window.session.undo_stack.count() == 2
    assert window.isWindowModified()
    window.session.undo_stack.undo()
    assert not window.isWindowModified()


def test_painting_what_is_there_pushes_nothing(qtbot: object, window: MainWindow) -> None:
    window.set_tool("terrain")
    window.tools["terrain"].set_terrain(Terrain.FLOOR)  # type: ignore[attr-defined]
    drag(qtbot, window.canvas, [(4, 4), (6, 4)])
    assert window.session.undo_stack.count() == 0


def test_height_brush_sizes_and_modes(qtbot: object, window: MainWindow) -> None:
    tool = window.tools["height"]
    window.set_tool("height")
    tool.set_brush_size(3)  # type: ignore[attr-defined]
    tool.set_mode("set")  # type: ignore[attr-defined]
    tool.set_amount(2)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (5, 5))
    floor = window.session.doc.dungeon.floor
    assert (floor[4:7, 4:7] == 2).all() and floor[3, 5] == 0
    tool.set_mode("raise")  # type: ignore[attr-defined]
    tool.set_brush_size(1)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (5, 5))
    assert floor[5, 5] == 4
    tool.set_mode("flatten")  # type: ignore[attr-defined]
    tool.set_brush_size(1)  # type: ignore[attr-defined]
    drag(qtbot, window.canvas, [(4, 5), (5, 5), (6, 5)])
    assert list(floor[5, 4:7]) == [2, 2, 2]
    tool.set_mode("lower")  # type: ignore[attr-defined]
    tool.set_amount(9)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (4, 4))
    assert floor[4, 4] == 0
    assert window.session.undo_stack.count() == 4


def test_rectangle_and_flood_fill(qtbot: object, window: MainWindow) -> None:
    window.set_tool("terrain")
    tool = window.tools["terrain"]
    tool.set_terrain(Terrain.LAVA)  # type: ignore[attr-defined]
    window.set_paint_shape("rect")
    drag(qtbot, window.canvas, [(2, 2), (4, 3), (6, 4)])
    t = window.session.doc.dungeon.terrain
    assert (t[2:5, 2:7] == Terrain.LAVA).all()
    assert t[5, 2] == Terrain.FLOOR
    assert window.session.undo_stack.count() == 1
    window.set_tool("height")
    window.set_paint_shape("fill")
    h = window.tools["height"]
    h.set_mode("set")  # type: ignore[attr-defined]
    h.set_amount(3)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (3, 3))
    floor = window.session.doc.dungeon.floor
    assert (floor[2:5, 2:7] == 3).all() and floor[6, 6] == 0


def test_stairs_take_a_direction(qtbot: object, window: MainWindow) -> None:
    window.set_tool("terrain")
    tool = window.tools["terrain"]
    tool.set_terrain(Terrain.STAIRS)  # type: ignore[attr-defined]
    tool.set_stairs(Facing.E)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (7, 7))
    d = window.session.doc.dungeon
    assert d.terrain_at(7, 7) is Terrain.STAIRS and d.stairs_at(7, 7) is Facing.E


def test_doors_single_double_and_removed(qtbot: object, window: MainWindow) -> None:
    window.set_tool("door")
    tool = window.tools["door"]
    tool.set_kind(Terrain.DOOR_LOCKED)  # type: ignore[attr-defined]
    tool.set_double(True)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (6, 0))
    d = window.session.doc.dungeon
    assert d.terrain_at(6, 0) is Terrain.DOOR_LOCKED and d.terrain_at(7, 0) is Terrain.DOOR_LOCKED
    click(qtbot, window.canvas, (6, 0), SHIFT)
    assert d.terrain_at(6, 0) is Terrain.WALL
    assert window.session.undo_stack.count() == 2


def test_objects_placed_turned_and_removed(qtbot: object, window: MainWindow) -> None:
    window.set_tool("object")
    tool = window.tools["object"]
    tool.set_kind(ObjectKind.SARCOPHAGUS)  # type: ignore[attr-defined]
    tool.set_facing(Facing.N)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (4, 4))
    d = window.session.doc.dungeon
    obj = d.object_at(4, 4)
    assert obj is not None and obj.kind is ObjectKind.SARCOPHAGUS and obj.height == 2
    click(qtbot, window.canvas, (4, 4))
    assert d.object_at(4, 4).facing is Facing.E  # type: ignore[union-attr]
    click(qtbot, window.canvas, (4, 4), SHIFT)
    assert d.object_at(4, 4) is None
    click(qtbot, window.canvas, (0, 0))  # a wall: refused, nothing pushed
    assert d.object_at(0, 0) is None
    assert window.session.undo_stack.count() == 3


def test_rooms_drawn_hidden_and_revealed(qtbot: object, window: MainWindow) -> None:
    window.rooms_dock.add_room()
    window.rooms_dock.add_room()
    d = window.session.doc.dungeon
    assert [r.name for r in d.rooms] == ["Room 1", "Room 2"]
    window.set_tool("room")
    window.ctx.current_room = 1
    drag(qtbot, window.canvas, [(2, 2), (5, 4)])
    assert (d.room_of[2:5, 2:6] == 1).all()
    item = window.rooms_dock.tree.topLevelItem(1)
    item.setCheckState(1, Qt.CheckState.Checked)
    assert window.session.doc.dungeon.rooms[1].hidden
    window.set_mode("play")
    fog = window.canvas.features.fog
    assert fog is not None and fog[3, 3] and not fog[8, 8]
    window.set_mode("edit")
    drag(qtbot, window.canvas, [(2, 2), (2, 2)], SHIFT)
    assert window.session.doc.dungeon.room_of[2, 2] == -1


def test_copy_and_paste_a_region(qtbot: object, window: MainWindow) -> None:
    d = window.session.doc.dungeon
    window.set_tool("height")
    window.tools["height"].set_amount(4)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (2, 2))
    window.set_tool("select")
    drag(qtbot, window.canvas, [(1, 1), (3, 3)])
    window.actions_.copy.trigger()
    assert window.ctx.clipboard is not None and window.ctx.clipboard.width == 3
    window.actions_.paste.trigger()
    hover(qtbot, window.canvas, (8, 6))
    assert window.canvas.overlays.paste.isVisible()
    click(qtbot, window.canvas, (8, 6))
    assert d.floor[7, 9] == 4 and d.floor[6, 8] == 0
    window.session.undo_stack.undo()
    assert d.floor[7, 9] == 0


def test_figures_placed_moved_turned(qtbot: object, window: MainWindow) -> None:
    window.set_tool("figure")
    tool = window.tools["figure"]
    tool.options_widget()
    tool.set_side("dungeon")  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (3, 3))
    doc = window.session.doc
    assert len(doc.figures) == 1
    fig = doc.figures[0]
    assert fig.side == "dungeon" and fig.monster and fig.at == (3, 3)
    drag(qtbot, window.canvas, [(3, 3), (4, 3), (6, 5)])
    assert doc.figures[0].at == (6, 5)
    click(qtbot, window.canvas, (6, 5))  # selected: turn clockwise
    assert doc.figures[0].facing is Facing.W
    click(qtbot, window.canvas, (6, 5), SHIFT)
    assert doc.figures == []
    stack = window.session.undo_stack
    while stack.canUndo():
        stack.undo()
    assert doc.figures == []
    stack.redo()
    assert window.session.doc.figures[0].at == (3, 3)


def test_resize_keeps_the_map_and_undoes(window: MainWindow) -> None:
    from companion.model import edits

    before = dump_map(window.session.doc)
    window.session.push(edits.resize(window.session.doc, 20, 14, (2, 1)), "Resize")
    d = window.session.doc.dungeon
    assert (d.width, d.height) == (20, 14)
    assert d.terrain_at(2, 1) is Terrain.WALL and d.terrain_at(0, 0) is Terrain.VOID
    assert window.canvas.base.rgba is not None and window.canvas.base.rgba.shape == (14, 20, 4)
    window.session.undo_stack.undo()
    assert dump_map(window.session.doc) == before


def test_status_bar_names_the_square(qtbot: object, window: MainWindow) -> None:
    window.session.doc.dungeon.floor[3, 4] = 2
    hover(qtbot, window.canvas, (4, 3))
    text = window.square_label.text()
    assert "x 4, y 3" in text and "height 2 bricks" in text and "Floor" in text


def test_zoom_and_fit(window: MainWindow) -> None:
    fit = window.canvas.pixels_per_square()
    window.actions_.zoom_in.trigger()
    assert window.canvas.pixels_per_square() > fit * 1.1
    window.actions_.fit.trigger()
    assert abs(window.canvas.pixels_per_square() - fit) < 1


def test_large_map_renders_at_every_zoom(window: MainWindow) -> None:
    """A 256x256 map draws at several zooms (its speed: benchmarks/bench_canvas.py)."""
    doc = new_document(256, 256)
    rng = np.random.default_rng(1)
    doc.dungeon.floor[:] = rng.integers(0, 6, (256, 256))
    doc.dungeon.terrain[rng.random((256, 256)) < 0.1] = int(Terrain.WALL)
    window.set_document(doc, None)
    window.canvas.set_show_heights(True)
    for factor in (1.5, 1.5, 0.5, 2.0, 8.0):
        window.canvas.zoom_by(factor)
        image = window.canvas.viewport().grab().toImage()
        centre = image.pixelColor(image.width() // 2, image.height() // 2)
        assert centre.rgb() != QColor(*BACKGROUND).rgb()  # the map, not the empty view
    assert window.canvas.pixels_per_square() > 20
    assert window.canvas.edges.walls.items  # wall outlines exist, tiled


def test_wheel_zooms_and_right_drag_pans(qtbot: object, window: MainWindow) -> None:
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    canvas = window.canvas
    vp = canvas.viewport()
    before = canvas.pixels_per_square()
    pos = QPointF(canvas.viewport_pos((8, 6)))
    wheel = QWheelEvent(
        pos,
        QPointF(vp.mapToGlobal(pos.toPoint())),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(vp, wheel)
    assert canvas.pixels_per_square() > before * 1.2
    centre = canvas.vb.viewRect().center()
    drag(qtbot, canvas, [(8, 6), (6, 6), (4, 6)], button=Qt.MouseButton.RightButton)
    moved = canvas.vb.viewRect().center()
    assert moved.x() > centre.x() + 2  # dragging the map left shows what lies east
    assert window.session.undo_stack.count() == 0  # panning edits nothing


def test_the_status_bar_square_text_does_not_relay_out_the_window(
    qtbot: object, window: MainWindow
) -> None:
    """Crossing squares changes the status bar's text, not its layout: the main window is
    not laid out and repainted again for every square the pointer crosses."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    class Layouts(QObject):
        count = 0

        def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
            if obj is window and ev.type() == QEvent.Type.LayoutRequest:
                Layouts.count += 1
            return False

    hover(qtbot, window.canvas, (4, 3))
    first = window.square_label.text()
    hover(qtbot, window.canvas, (5, 3))  # the label has grown to the texts seen
    spy = Layouts()
    QApplication.instance().installEventFilter(spy)  # type: ignore[union-attr]
    try:
        hover(qtbot, window.canvas, (4, 3))
        QApplication.processEvents()
        assert window.square_label.text() == first
        assert Layouts.count == 0
    finally:
        QApplication.instance().removeEventFilter(spy)  # type: ignore[union-attr]
    # A text too long for the bar is cut with an ellipsis, whole in the tooltip.
    long = "room: " + "Very Long Hall " * 80
    window.square_label.setText(long)
    assert window.square_label.whole_text() == long
    assert window.square_label.text().endswith("…") and window.square_label.toolTip() == long
    assert window.square_label.width() <= window.square_label.most + 40
