"""What the window does per play action: the window's own work skipped when nothing it
shows changed, and the paints a new log entry or status message causes.

Driven the way a person plays (clicks on the action bar and the map, Ctrl+Z, Ctrl+Shift+Z)
on each demo; after each action the window must show what a fresh look at the game shows:
the map's figures and marks, the title, the log's rows, and the very pixels a full
repaint of the window draws.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import numpy as np
import pytest
from app_theme import app_theme
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_gui_play_map import assert_as_fresh, button, idle, pixels, ready, window

from companion.gui.main_window import MainWindow
from companion.gui.play.log_dock import line_text
from companion.gui.testing import PaintRegions, far_destinations
from companion.rules.board_marks import BoardMark

__all__ = ["window"]  # the fixture (the three demos, a game started), imported

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def screen_pixels(w: MainWindow) -> np.ndarray:
    """The window as the screen shows it (its backing store)."""
    idle()
    at = w.mapToGlobal(QPoint(0, 0))
    return pixels(w.screen().grabWindow(0, at.x(), at.y(), w.width(), w.height()).toImage())


def as_before(w: MainWindow) -> np.ndarray:
    """The whole window repainted the way it was before the log and the status bar
    learnt to spare the window behind them: both over the window's own background."""
    spared = (w.statusBar(), w.log_dock.list)
    for widget in spared:
        widget.setAutoFillBackground(False)
    try:
        w.repaint()
        return screen_pixels(w)
    finally:
        for widget in spared:
            widget.setAutoFillBackground(True)
        w.repaint()


def assert_shows_the_game(w: MainWindow) -> None:
    """The map, the title and the log as a fresh look at the game shows them, and the
    screen's pixels as a full repaint (with the old painting) draws them."""
    assert_as_fresh(w)
    game = w.play.game
    assert game is not None
    turn = w.play.turn()
    assert game.path is not None
    title = f"{w.session.doc.name} — {game.path.name} — round {turn.round if turn else 1}"
    assert w.windowTitle().startswith(title)
    rows = [w.log_dock.list.item(i).text() for i in range(w.log_dock.list.count())]
    assert rows == [line_text(line) for line in game.log()]
    shown = screen_pixels(w)
    fresh = as_before(w)
    assert shown.shape == fresh.shape
    # Qt's own: a new status message repaints from its margin on, so a glyph of the last
    # message that overhung it to the left stays (as it always did); not compared.
    bar = w.statusBar().mapTo(w, QPoint(0, 0))
    for image in (shown, fresh):
        image[bar.y() : bar.y() + w.statusBar().height(), : 4 * (bar.x() + 8)] = 0
    assert int((shown != fresh).sum()) == 0


def move_far(w: MainWindow) -> None:
    """Click Move, then the farthest reachable square in view."""
    vp = w.canvas.viewport()
    dests = far_destinations(w)
    assert dests, "no reachable square in view"
    QTest.mouseClick(button(w, "move"), Qt.MouseButton.LeftButton)
    QTest.mouseMove(vp, w.canvas.viewport_pos(dests[0]))
    idle()
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=w.canvas.viewport_pos(dests[0]))
    idle()


@pytest.mark.parametrize("themed", [False, True], ids=["unthemed", "app-theme"])
def test_moves_undos_redos_and_ends_of_turn_show_what_a_fresh_look_shows(
    qtbot: Any, window: MainWindow, themed: bool
) -> None:
    # Under the app's theme too: its style sheet rounds the log's frame, whose corner
    # shows through the scroll bar's translucent edge (a scroll bar painting its own
    # background would change those pixels; the list's own background does not).
    with app_theme(QApplication.instance()) if themed else nullcontext():  # type: ignore[arg-type]
        idle()
        play_a_little(qtbot, window)


def play_a_little(qtbot: Any, w: MainWindow) -> None:
    """A move, its undo and redo, an end of turn: each shows what a fresh look shows
    (the log overflowing first: its scroll bar moves with each entry)."""
    fill_the_log(w)
    play = w.play
    game = play.game
    assert game is not None
    start = game.session.cursor
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    move_far(w)
    assert game.session.cursor > start, w.errors  # type: ignore[attr-defined]
    assert_shows_the_game(w)
    moved = game.session.cursor
    QTest.keyClick(w, Qt.Key.Key_Z, CTRL)  # Game → Undo action
    idle()
    assert game.session.cursor == start
    assert_shows_the_game(w)
    QTest.keyClick(w, Qt.Key.Key_Z, CTRL | SHIFT)  # and redo
    idle()
    assert game.session.cursor == moved
    assert_shows_the_game(w)
    QTest.mouseClick(button(w, "end_turn"), Qt.MouseButton.LeftButton)
    idle()
    assert game.session.cursor > moved, w.errors  # type: ignore[attr-defined]
    assert_shows_the_game(w)


def fill_the_log(w: MainWindow) -> None:
    """End turns until the log's entries overflow it (its scroll bar shows)."""
    bar = w.log_dock.list.verticalScrollBar()
    for _ in range(40):
        if bar.isVisible():
            return
        QTest.mouseClick(button(w, "end_turn"), Qt.MouseButton.LeftButton)
        idle()
        ready(w)
    raise AssertionError("the log never overflowed")


def test_a_new_entry_and_message_repaint_neither_the_log_dock_nor_the_window_behind(
    qtbot: Any, window: MainWindow
) -> None:
    w = window
    fill_the_log(w)
    idle()
    scroll = w.log_dock.list.verticalScrollBar()
    dock, main, bar, moved = PaintRegions(), PaintRegions(), PaintRegions(), PaintRegions()
    spied = ((w.log_dock, dock), (w, main), (w.statusBar(), bar), (scroll, moved))
    for widget, spy in spied:
        widget.installEventFilter(spy)
    try:
        move_far(w)  # a new entry, a new message
        for _ in range(6):  # until an entry moves the scroll bar's handle
            if moved.regions:
                break
            QTest.mouseClick(button(w, "end_turn"), Qt.MouseButton.LeftButton)
            idle()
    finally:
        for widget, spy in spied:
            widget.removeEventFilter(spy)
    assert moved.regions, "no entry moved the log's scroll bar"
    assert w.statusBar().currentMessage()  # an action's sentence shown
    assert bar.regions, "the status bar paints its new message itself"
    assert dock.regions == []  # the log paints its own background: not the dock behind it
    for widget in (w.statusBar(), w.log_dock):
        behind = QRect(widget.mapTo(w, QPoint(0, 0)), widget.size())
        assert not any(region.intersects(behind) for region in main.regions)
    assert_shows_the_game(w)


def test_the_board_marks_are_drawn_again_only_when_the_model_answers_others(
    qtbot: Any, window: MainWindow
) -> None:
    w = window
    game = w.play.game
    assert game is not None
    drawn: list[int] = []
    refresh = w.canvas.refresh_marks
    w.canvas.refresh_marks = lambda marks=None: (drawn.append(1), refresh(marks))[1]  # type: ignore[method-assign]
    move_far(w)
    # The move changed no mark: the model answered the very marks drawn.
    assert drawn == []
    assert_as_fresh(w)
    # The ruleset answers other marks (a door opened, a chest taken): drawn at once.
    ruleset = game.ruleset
    answer = list(ruleset.marks(game.state))
    extra = BoardMark(at=(0, 0), glyph="X", label="Marked by the test")
    ruleset.marks = lambda state: [*answer, extra]  # type: ignore[method-assign]
    try:
        w.play.announce()
        assert drawn == [1]
        assert w.canvas.board_marks.marks[-1] == extra
        assert w.canvas.board_marks.labels_at((0, 0))[-1] == "Marked by the test"
    finally:
        del ruleset.marks
    w.play.announce()  # back to the model's own marks
    assert drawn == [1, 1]
    assert_as_fresh(w)


def test_the_facings_are_worked_out_once_per_state(
    qtbot: Any, window: MainWindow, monkeypatch: Any
) -> None:
    import companion.gui.canvas.headings as headings

    w = window
    spec = headings.facing_spec_of
    worked: list[object] = []
    monkeypatch.setattr(headings, "facing_spec_of", lambda r: (worked.append(r), spec(r))[1])
    game = w.play.game
    assert game is not None
    before = game.state
    move_far(w)
    assert game.state is not before
    # The map's sync and the canvas both asked for the moved figures' facings: worked
    # out once, for the new state.
    assert len(worked) == 1
    faces = spec(w.session.ruleset).faces
    fresh = {f: v.facing_degrees if faces else None for f, v in w.play.figures().items()}
    assert w.canvas.figures.headings == fresh
    assert_as_fresh(w)


class WindowPasses(QObject):
    """The window's paint passes (UpdateRequest events on it) and, for each, which of
    the watched widgets were painted in it."""

    def __init__(self, w: MainWindow, watched: dict[str, Any]) -> None:
        super().__init__()
        self.w = w
        self.watched = watched
        self.passes: list[set[str]] = []

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.UpdateRequest and obj is self.w:
            self.passes.append(set())
        elif ev.type() == QEvent.Type.Paint and self.passes:
            self.passes[-1].update(n for n, widget in self.watched.items() if widget is obj)
        return False


def test_a_click_paints_the_map_and_the_docks_in_one_pass(qtbot: Any, window: MainWindow) -> None:
    """The map's scene marks what its items dirtied in a call queued after the window's
    paint: the window makes it first, so a move, an undo and an end of turn each paint
    the map and the docks together (one pass and one flush to the screen, not two)."""
    w = window
    app = QApplication.instance()
    assert app is not None
    game = w.play.game
    assert game is not None
    watched = {"map": w.canvas.viewport(), "log": w.log_dock.list.viewport()}
    steps = {
        "move": lambda: move_far(w),
        "undo": lambda: QTest.keyClick(w, Qt.Key.Key_Z, CTRL),
        "end turn": lambda: QTest.mouseClick(button(w, "end_turn"), Qt.MouseButton.LeftButton),
    }
    for what, step in steps.items():
        idle()
        spy = WindowPasses(w, watched)
        app.installEventFilter(spy)
        try:
            at = game.session.cursor
            if what == "move":  # Move chosen and the square hovered first, as a player does
                QTest.mouseClick(button(w, "move"), Qt.MouseButton.LeftButton)
                dest = far_destinations(w)[0]
                QTest.mouseMove(w.canvas.viewport(), w.canvas.viewport_pos(dest))
                idle()
                spy.passes.clear()
                QTest.mouseClick(
                    w.canvas.viewport(), Qt.MouseButton.LeftButton, pos=w.canvas.viewport_pos(dest)
                )
            else:
                step()
            idle()
        finally:
            app.removeEventFilter(spy)
        assert game.session.cursor != at, (what, w.errors)  # type: ignore[attr-defined]
        painted = [p for p in spy.passes if p]
        assert len(painted) == 1 and painted[0] == {"map", "log"}, (what, spy.passes)
    assert_shows_the_game(w)
