"""The window holds still while a player points and plays, at 1280x720 and 1920x1080 with
the app's theme, through the window as a person drives it: hovering a target brings up
the odds without moving the map or the action bar's buttons."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from app_theme import app_theme
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from test_gui_demo_layout import SIZES, start_demo

from companion.gui.main_window import MainWindow
from companion.gui.testing import hover, make_settings, make_window
from companion.rules.table import ActionChoice


def _aimed(w: MainWindow) -> ActionChoice:
    """The first action of the acting figure aimed at a figure with odds, ending turns
    (the bar's turn buttons) until one has such an action."""
    for _ in range(20):
        for c in w.play.choices():
            if (
                c.enabled
                and not c.group
                and c.needs == "figure"
                and c.targets
                and w.play.odds({**c.template, "target": c.targets[0]})
            ):
                return c
        turn = [
            b
            for b in w.action_dock.buttons.values()
            if b.objectName() in ("action_initiative", "action_begin_turn", "action_end_turn")
            and b.isEnabled()
        ]
        assert turn, "no way on"
        turn[0].click()
    raise AssertionError("nobody may aim at anyone")


def _places(w: MainWindow) -> dict[str, QPoint]:
    return {t: b.mapTo(w, QPoint(0, 0)) for t, b in w.action_dock.buttons.items()}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("index", [0, 3], ids=["brickquest", "bmotu"])
def test_hovering_a_target_moves_neither_the_map_nor_the_buttons(
    qtbot: object,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    index: int,
    size: tuple[int, int],
) -> None:
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(*size)
        start_demo(qtbot, w, index, tmp_path, monkeypatch)
        w.resize(*size)
        qtbot.wait(50)  # type: ignore[attr-defined]
        aimed = _aimed(w)
        button = next(b for t, b in w.action_dock.buttons.items() if t == aimed.label)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        qtbot.wait(50)  # type: ignore[attr-defined]
        assert w.play.pending is not None
        dock, px, view = (
            w.action_dock.geometry(),
            w.canvas.pixels_per_square(),
            w.canvas.vb.viewRect(),
        )
        places = _places(w)
        target = w.play.figures()[aimed.targets[0]].at
        assert target is not None
        hover(qtbot, w.canvas, target)
        qtbot.wait(50)  # type: ignore[attr-defined]
        assert w.action_dock.odds.odds is not None, "no odds over the target"
        assert w.action_dock.geometry() == dock, "the Actions dock moved or grew"
        assert w.canvas.pixels_per_square() == px
        assert w.canvas.vb.viewRect() == view, "the map moved under the pointer"
        assert _places(w) == places, "the buttons moved"
        # A figure it may not be aimed at: why not, in the odds' room, nothing moved.
        figures = w.play.figures()
        acting = w.play.turn().acting  # type: ignore[union-attr]
        shown = w.canvas.vb.viewRect()
        others = [
            v.at
            for f, v in figures.items()
            if f not in aimed.targets
            and f != acting
            and v.at is not None
            and shown.contains(v.at[0] + 0.5, v.at[1] + 0.5)
        ]
        if others:
            hover(qtbot, w.canvas, others[0])
            qtbot.wait(50)  # type: ignore[attr-defined]
            assert "Not a valid target" in w.action_dock.odds.text.text()
            assert w.action_dock.geometry() == dock, "the Actions dock moved or grew"
            assert w.canvas.vb.viewRect() == view, "the map moved under the pointer"
            assert _places(w) == places, "the buttons moved"
        w.session.undo_stack.setClean()


@pytest.mark.parametrize("size", [*SIZES, (1380, 860)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("index", range(4), ids=["brickquest", "iawwbr", "heroica", "bmotu"])
def test_undo_and_reset_turn_show_whole_at_the_initiative_docks_bottom(
    qtbot: object,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    index: int,
    size: tuple[int, int],
) -> None:
    """Undo action and Reset turn show whole at the Initiative dock's bottom however long
    its order is (1380x860: the window a 1920x1080 screen opens first); Undo action
    pressed takes the last action back."""
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(*size)
        start_demo(qtbot, w, index, tmp_path, monkeypatch)
        w.resize(*size)
        qtbot.wait(50)  # type: ignore[attr-defined]
        tracker = w.tracker_dock
        assert tracker.isVisible()
        for button in (tracker.undo_button, tracker.reset_button):
            assert button.isVisible()
            seen = button.visibleRegion().boundingRect()
            assert seen == button.rect(), f"{button.text()} shows {seen} of {button.rect()}"
            bottom = button.mapTo(tracker, QPoint(0, button.height())).y()
            assert bottom <= tracker.height(), f"{button.text()} is below the dock"
        entries = len(w.play.game.session.entries)  # type: ignore[union-attr]
        assert entries > 0
        qtbot.mouseClick(tracker.undo_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        assert len(w.play.game.session.entries) < entries  # type: ignore[union-attr]
        w.session.undo_stack.setClean()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_row_numbers_and_column_letters_sit_beside_the_map(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The BrickQuest demo started, the window at the screen's size and the map fitted
    (View → Fit to window): the row numbers just left of the map and the column letters just above
    it, not at the view's far edges; zoomed in past the map's edges, at the view's edges."""
    from companion.gui.canvas.rulers import LEFT_STRIP, STRIP

    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(*size)
        start_demo(qtbot, w, 0, tmp_path, monkeypatch)
        w.resize(*size)
        qtbot.wait(50)  # type: ignore[attr-defined]
        w.actions_.fit.trigger()
        qtbot.wait(50)  # type: ignore[attr-defined]
        canvas, rulers = w.canvas, w.canvas.rulers
        d = w.session.doc.dungeon
        near = canvas.viewport_pos((0, 0), 0, 0)
        far = canvas.viewport_pos((d.width, d.height), 0, 0)
        inside = canvas.viewport().rect()
        assert inside.contains(near) and inside.contains(far - QPoint(1, 1)), "not all of it"
        shot = canvas.viewport().grab().toImage()

        def lit(x0: int, y0: int, x1: int, y1: int) -> bool:
            """Whether a label's light text is drawn in the box (x0, y0)-(x1, y1)."""
            return any(
                shot.pixelColor(x, y).lightness() > 170
                for x in range(max(0, x0), x1)
                for y in range(max(0, y0), y1)
            )

        cols, rows = rulers.visible_labels()
        # The first row's number clear of the letters just left of the map, the view's
        # far left edge empty.
        top = max(0, near.y() - STRIP)
        row = int(next(y for y, _name in rows if y > top + STRIP + 6))
        assert lit(near.x() - LEFT_STRIP, row - 6, near.x(), row + 6), "no row number by the map"
        if near.x() > LEFT_STRIP + 20:  # a wide view: nothing at its far left edge
            assert not lit(0, row - 6, LEFT_STRIP, row + 6), (
                "the row numbers sit at the view's edge"
            )
        # Column A's letter just above the map (at the view's top when there is no room).
        column = int(cols[0][0])
        assert cols[0][1] == "A"
        assert lit(column - 6, top, column + 6, top + STRIP), "no column letter over the map"
        assert inside.contains(rulers.geometry())
        # Zoomed in on the middle: the map runs past the view, the rulers at its edges.
        canvas.centre_on((d.width // 2, d.height // 2), 60)
        qtbot.wait(50)  # type: ignore[attr-defined]
        shot = canvas.viewport().grab().toImage()
        assert lit(0, STRIP, LEFT_STRIP, inside.height()) and lit(
            LEFT_STRIP, 0, inside.width(), STRIP
        )
        cols, rows = rulers.visible_labels()
        assert cols and rows
        w.session.undo_stack.setClean()


@pytest.mark.parametrize("index", [0, 2], ids=["brickquest", "heroica"])
def test_turn_after_turn_the_map_keeps_its_size(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    """Ending turns through the action bar at 1280x720: the Actions dock may grow once for
    a turn that needs more (more buttons, more dice), and keeps that height; it does not
    shrink and grow again turn after turn, resizing the map under the players."""
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(1280, 720)
        start_demo(qtbot, w, index, tmp_path, monkeypatch)
        w.resize(1280, 720)
        qtbot.wait(50)  # type: ignore[attr-defined]
        heights = [w.canvas.viewport().height()]
        for _ in range(12):
            buttons = [
                b
                for b in w.action_dock.buttons.values()
                if b.objectName()
                in ("action_initiative", "action_begin_turn", "action_end_turn", "action_roll_move")
                and b.isEnabled()
            ]
            assert buttons, "no way on"
            end = next((b for b in buttons if b.objectName() == "action_end_turn"), buttons[0])
            end.click()
            qtbot.wait(20)  # type: ignore[attr-defined]
            heights.append(w.canvas.viewport().height())
        grew_back = [(a, b) for a, b in pairwise(heights) if b > a]
        assert grew_back == [], f"the map grew back after shrinking: {heights}"
        w.session.undo_stack.setClean()
