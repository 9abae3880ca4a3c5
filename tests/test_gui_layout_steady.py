"""The window holds still while a player points and plays, at 1280x720 and 1920x1080 with
the app's theme, through the window as a person drives it: hovering a target brings up
the odds without moving the map or the action bar's buttons."""

from __future__ import annotations

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
