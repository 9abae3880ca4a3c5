"""The BrickRuler, area templates and a figure's reach, driven on the canvas.

Every number here comes from ``companion.model.geometry``; these tests check that the
GUI asks it, shows the answer and lists what it says (not that the geometry is right:
its own tests do that).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from companion.gui.main_window import MainWindow
from companion.gui.testing import DEMO, click, drag, hover, make_settings, make_window
from companion.model.dungeon import Facing, Terrain
from companion.model.mapfile import FigurePlacement, new_document

geometry = pytest.importorskip("companion.model.geometry")


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path))
    doc = new_document(12, 8, name="Measure")
    d = doc.dungeon
    d.terrain[1:6, 5] = int(Terrain.WALL)  # a wall across the room
    d.floor[6, 9] = 2
    doc.figures = [
        FigurePlacement(
            id="lina",
            name="Lina",
            side="party",
            class_id="elven_ranger",
            at=(2, 3),
            facing=Facing.E,
        ),
        FigurePlacement(
            id="grok", name="Grok", side="dungeon", monster="orc", at=(8, 3), facing=Facing.W
        ),
        FigurePlacement(
            id="snik", name="Snik", side="dungeon", monster="goblin", at=(3, 5), facing=Facing.N
        ),
    ]
    w.set_document(doc, None)
    w.canvas.fit()
    yield w
    w.session.undo_stack.setClean()


def test_ruler_blocked_by_a_wall(qtbot: object, window: MainWindow) -> None:
    window.set_tool("ruler")
    drag(qtbot, window.canvas, [(2, 3), (5, 3), (8, 3)])
    shape = window.canvas.overlays.ruler.shape
    assert shape is not None and (shape.a, shape.b) == ((2, 3), (8, 3))
    board = window.session.board()
    sight = geometry.line_of_sight(board, (2, 3), (8, 3))
    assert not sight.clear and shape.blocked_by == sight.blocked_by
    assert shape.blocked_by is not None and shape.blocked_by[0] == 5
    assert shape.lines[0].startswith("6.0 squares")
    assert "24 studs" in shape.lines[0]
    assert "Blocked at F4" in shape.lines[2]
    title = window.measure_dock.title.text()
    assert "Lina" in title and "Grok" in title


def test_ruler_clear_with_height(qtbot: object, window: MainWindow) -> None:
    window.set_tool("ruler")
    drag(qtbot, window.canvas, [(7, 6), (9, 6)])
    shape = window.canvas.overlays.ruler.shape
    assert shape is not None and shape.clear and shape.blocked_by is None
    expected = geometry.ruler_distance(window.session.board(), (7, 6), (9, 6))
    assert shape.lines[0].startswith(f"{expected:.1f} squares")
    assert shape.lines[1] == "Height +2 bricks"
    assert "clear" in shape.lines[2]


def _map_pixels(window: MainWindow) -> QImage:
    """The canvas as drawn, without the square-under-the-mouse marks."""
    window.canvas.overlays.hover.hide()
    window.canvas.overlays.hover_label.set_label(None)
    QApplication.processEvents()
    return window.canvas.viewport().grab().toImage()


def test_esc_clears_the_ruler_from_the_map_and_the_panel(qtbot: object, window: MainWindow) -> None:
    window.set_tool("ruler")
    empty = _map_pixels(window)
    empty_title = window.measure_dock.title.text()
    drag(qtbot, window.canvas, [(2, 3), (5, 3), (8, 3)])
    assert "Lina" in window.measure_dock.title.text()
    assert "studs" in window.measure_dock.text.text()
    assert _map_pixels(window) != empty  # the line and its caption are drawn
    window.activateWindow()  # a window left open by another test may hold the keyboard
    qtbot.waitUntil(window.isActiveWindow)  # type: ignore[attr-defined]
    qtbot.waitUntil(window.canvas.hasFocus)  # type: ignore[attr-defined]
    qtbot.keyClick(window.canvas, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    assert window.canvas.overlays.ruler.shape is None
    assert _map_pixels(window) == empty  # nothing of the ruler left on the map
    # ...nor its words in the BrickRuler panel
    title, text = window.measure_dock.title.text(), window.measure_dock.text.text()
    assert "Lina" not in title and "Grok" not in title and title != empty_title
    assert "studs" not in text and "Line of sight" not in text
    assert "drag" in text


def test_ruler_follows_the_flat_option(qtbot: object, window: MainWindow) -> None:
    window.actions_.los_flat.trigger()
    assert window.session.doc.options.los_mode == "flat"
    window.set_tool("ruler")
    drag(qtbot, window.canvas, [(7, 6), (9, 6)])
    assert window.canvas.overlays.ruler.shape.lines[0].startswith("2.0 squares")  # type: ignore[union-attr]
    window.session.undo_stack.undo()
    assert window.session.doc.options.los_mode == "3d"


def test_area_circle_follows_the_mouse_and_lists_figures(qtbot: object, window: MainWindow) -> None:
    window.set_tool("area")
    tool = window.tools["area"]
    tool.set_shape("circle")  # type: ignore[attr-defined]
    tool.set_size(2)  # type: ignore[attr-defined]
    hover(qtbot, window.canvas, (3, 4))
    board = window.session.board()
    mask = geometry.area_circle(board, (3, 4), 2)
    assert tool.covered == [tuple(s) for s in geometry.squares_of(mask)]  # type: ignore[attr-defined]
    assert sorted(tool.inside) == ["lina", "snik"]  # type: ignore[attr-defined]
    assert window.canvas.overlays.area.isVisible()
    assert "Lina" in "\n".join(window.canvas.overlays.caption.lines)
    assert set(window.canvas.figures.marked) == {"lina", "snik"}


def test_cone_from_a_figure_aims_at_the_mouse(qtbot: object, window: MainWindow) -> None:
    window.set_tool("area")
    tool = window.tools["area"]
    tool.set_shape("cone")  # type: ignore[attr-defined]
    tool.set_size(4)  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (8, 3))  # the origin: Grok
    hover(qtbot, window.canvas, (8, 6))
    board = window.session.board()
    mask = geometry.area_cone(board, (8, 3), Facing.S, 4)
    assert tool.covered == [tuple(s) for s in geometry.squares_of(mask)]  # type: ignore[attr-defined]
    assert (8, 3) not in tool.covered  # type: ignore[attr-defined]
    click(qtbot, window.canvas, (8, 6))  # pin it
    hover(qtbot, window.canvas, (4, 3))
    assert tool.covered == [tuple(s) for s in geometry.squares_of(mask)]  # type: ignore[attr-defined]
    qtbot.keyClick(window.canvas, Qt.Key.Key_Escape)
    assert not window.canvas.overlays.area.isVisible()


def test_reach_of_a_selected_figure(qtbot: object, window: MainWindow) -> None:
    window.set_mode("play")
    window.set_tool("pointer")
    click(qtbot, window.canvas, (8, 3))
    assert window.ctx.selected_figure == "grok"
    tool = window.tools["pointer"]
    board = window.session.board()
    reach = geometry.reachable(board, "grok", 4)
    assert sorted(map(tuple, tool.reach.squares())) == sorted(map(tuple, reach.squares()))  # type: ignore[attr-defined]
    assert window.canvas.overlays.reach_tint.isVisible()
    # Hovering a reachable square draws the path and its cost.
    target = next(sq for sq in map(tuple, reach.squares()) if sq != (8, 3))
    hover(qtbot, window.canvas, target)
    shape = window.canvas.overlays.reach.shape
    assert shape is not None and shape.path and shape.path[-1] == target
    assert shape.path_lines and "Cost" in shape.path_lines[0]
    assert "Grok" in window.measure_dock.title.text()


def test_attack_targets_listed(qtbot: object, window: MainWindow) -> None:
    window.set_mode("play")
    window.set_tool("pointer")
    click(qtbot, window.canvas, (2, 3))  # Lina, a ranger: melee and ranged
    tool = window.tools["pointer"]
    expected = geometry.attack_targets(
        window.session.board(), "lina", melee=True, reach=False, ranged=(2.0, 8.0)
    )
    got = [(t.target_id, t.mode, t.ok) for t in tool.targets]  # type: ignore[attr-defined]
    assert got == [(t.target_id, t.mode, t.ok) for t in expected]
    shape = window.canvas.overlays.reach.shape
    assert shape is not None and shape.ranged_max == 8.0
    assert {t.label.split(":")[0] for t in shape.targets} <= {"Grok", "Snik"}


def test_demo_measurements_for_the_screenshots(window: MainWindow) -> None:
    """The screenshot script's set-ups measure what their names say."""
    assert window.open_path(DEMO)
    shape = window.tools["ruler"].measure_between((12, 11), (19, 5))  # type: ignore[attr-defined]
    assert shape is not None and not shape.clear and shape.blocked_by == (14, 10)
    inside = window.tools["area"].show_template(
        "cone",
        7,
        (19, 7),
        origin=(13, 6),  # type: ignore[attr-defined]
        aim=Facing.E,
    )
    assert sorted(inside) == ["gob", "grok"]
    window.set_mode("play")
    window.set_tool("pointer")
    window.ctx.select_figure("lira")
    lines = window.canvas.overlays.reach.shape.targets  # type: ignore[union-attr]
    assert {(t.label.split(":")[0], t.ok) for t in lines} == {("Nix", True), ("Gob", False)}


@pytest.mark.parametrize("shape", ["line", "square"])
def test_line_and_square_templates(window: MainWindow, shape: str) -> None:
    window.set_tool("area")
    tool = window.tools["area"]
    board = window.session.board()
    if shape == "line":
        inside = tool.show_template("line", 6, (8, 3), origin=(2, 3))  # type: ignore[attr-defined]
        mask = geometry.area_line(board, (2, 3), (8, 3), 6)
    else:
        inside = tool.show_template("square", 3, (3, 4))  # type: ignore[attr-defined]
        mask = geometry.area_square(board, (3, 4), 3)
    assert tool.covered == [tuple(s) for s in geometry.squares_of(mask)]  # type: ignore[attr-defined]
    assert inside == [t.id for t in geometry.tokens_in(board, mask)]


def test_hidden_rooms_keep_their_figures_secret(window: MainWindow) -> None:
    from companion.model import edits

    doc = window.session.doc
    window.session.push(edits.add_room(doc, "Lair"), "Add room")
    xs, ys = edits.rect_squares(doc, (6, 0), (11, 7))
    window.session.push(edits.assign_room(doc, xs, ys, 0), "Lair squares")
    window.session.push(edits.set_room_hidden(doc, 0, True), "Hide")
    window.set_mode("play")
    assert "grok" in window.canvas.figures.hidden
    window.set_tool("area")
    inside = window.tools["area"].show_template("circle", 8, (5, 4))  # type: ignore[attr-defined]
    assert "grok" not in inside and "snik" in inside
    window.ctx.select_figure("lina")
    window.set_tool("pointer")
    assert all(t.target_id != "grok" for t in window.tools["pointer"].targets)  # type: ignore[attr-defined]
