"""The initiative tracker after real play equals a tracker built fresh, and an action
touches only what it changed.

On each of the three demos (BrickQuest, In a World Where Bricks Rule, Heroica) moves
(the Move button, then a click on the map), ends of turn (the action bar), undos and
redos (Ctrl+Z, Ctrl+Shift+Z) are played; after each, the tracker's texts, rows and
pixels (``grab``) are those of a ``TrackerDock`` built then from the same game.  And an
applied move repaints only the rows it changed and the labels it changed, and lays
nothing out again when no row's size and no label's height changed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from app_theme import app_theme
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QImage, QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from test_gui_play_map import pixels as array_of
from test_gui_window_repaint import screen_pixels

from companion.datafiles import resource_dir
from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.play.tracker import ACTING_ROLE, TrackerDock
from companion.gui.testing import PaintRegions, click, make_settings, make_window, settle
from companion.gui.window.demos import DEMOS

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
DEMO_NAMES = ["BrickQuest", "In a World Where Bricks Rule", "Heroica"]


def demo_window(
    qtbot: Any, tmp_path: Path, name: str, each: Callable[[MainWindow], None] | None = None
) -> MainWindow:
    """The demo open at 1280x720 under the app's theme, a game started (seed 7) and
    played on through the action bar until the acting figure may move (``each`` is
    called after every step)."""
    w = make_window(qtbot, make_settings(tmp_path), [])
    w.resize(1280, 720)
    index = next(i for i, d in enumerate(DEMOS) if name in d[0])
    assert w.open_demo(index)
    chars = DEMOS[index][2]
    roster = None
    if chars.endswith(".roster.json"):
        roster = json.loads((resource_dir() / chars).read_text(encoding="utf-8"))
    assert w.start_game(tmp_path / "t.game.jsonl", GameSpec(seed=7), roster=roster)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    for _ in range(40):
        kinds = {c.kind: c for c in w.play.choices() if c.needs == "none"}
        if "begin_turn" not in kinds and w.play.moves() and choice(w, "move") is not None:
            return w
        order = ("begin_turn", "roll_move", "roll_first_player", "initiative", "end_turn")
        kind = next(k for k in order if k in kinds)
        press(w, kind)
        if each is not None:
            each(w)
    raise AssertionError(f"{name}: the acting figure never could move")


def choice(w: MainWindow, kind: str) -> Any:
    return next((c for c in w.play.choices() if c.kind == kind), None)


def press(w: MainWindow, kind: str) -> None:
    """Click the action bar's button for the acting figure's ``kind`` of action."""
    c = choice(w, kind)
    assert c is not None, (kind, [x.kind for x in w.play.choices()])
    button = w.action_dock.buttons[c.group or c.label]
    QTest.mouseClick(button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.processEvents()


def cursor(w: MainWindow) -> int:
    game = w.play.game
    assert game is not None
    return game.session.cursor


def move(qtbot: Any, w: MainWindow) -> None:
    """Move, then a click on the farthest square it reaches that the map shows."""
    entries = cursor(w)
    turn = w.play.turn()
    assert turn is not None and turn.acting is not None
    here = w.play.figures()[turn.acting].at
    assert here is not None
    press(w, "move")
    settle(qtbot, w.canvas)
    vp = w.canvas.viewport().rect().adjusted(8, 8, -8, -8)
    squares = [s for s in w.play.moves() if s != here and vp.contains(w.canvas.viewport_pos(s))]
    assert squares, "no square to move to in view"
    far = max(squares, key=lambda s: (abs(s[0] - here[0]) + abs(s[1] - here[1]), s))
    click(qtbot, w.canvas, far)
    QApplication.processEvents()
    assert cursor(w) > entries, "the click moved nobody"


def key(w: MainWindow, modifiers: Qt.KeyboardModifier) -> None:
    QTest.keyClick(w.canvas.viewport(), Qt.Key.Key_Z, modifiers)
    QApplication.processEvents()


def rows(t: TrackerDock) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for i in range(t.order.count()):
        item = t.order.item(i)
        acting = item.data(ACTING_ROLE)
        out.append(
            (
                item.text(),
                item.data(Qt.ItemDataRole.UserRole),
                item.foreground().color().rgba(),
                item.font().bold(),
                item.toolTip(),
                bool(acting),
                item.background().color().rgba() if acting else None,
            )
        )
    return out


def label_texts(t: TrackerDock) -> list[str]:
    return [t.round_label.text(), t.acting_label.text(), t.phase_label.text(), t.prompts.text()]


def shown(t: TrackerDock) -> list[object]:
    return [label_texts(t), rows(t), t.order.dragDropMode(), t.phase_label.isVisibleTo(t)]


def pixels(widget: QWidget) -> QImage:
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


@pytest.fixture
def themed() -> Iterator[None]:
    with app_theme(QApplication.instance()):  # type: ignore[arg-type]
        yield


def same_as_fresh(qtbot: Any, w: MainWindow) -> None:
    """The window's tracker shows what a tracker built now shows: texts, rows and, at
    the same size and scrolled the same, the same pixels."""
    live = w.tracker_dock
    fresh = TrackerDock(w.play)
    try:
        # The same room for the body as the docked one has (a floating dock's frame differs).
        # The window's docks settle their sizes in passes of their own: follow them.
        fresh.show()
        qtbot.waitExposed(fresh)
        steady = 0
        for _ in range(50):
            if fresh.widget().size() == live.widget().size():
                steady += 1
                if steady >= 3:
                    break
            else:
                steady = 0
                fresh.widget().setFixedSize(live.widget().size())
            qtbot.wait(20)
        assert fresh.widget().size() == live.widget().size()
        for _ in range(3):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            QApplication.processEvents()
        assert shown(live) == shown(fresh)
        for mine, theirs in ((live.scroll_area, fresh.scroll_area), (live.order, fresh.order)):
            bar = theirs.verticalScrollBar()  # type: ignore[attr-defined]
            bar.setValue(mine.verticalScrollBar().value())  # type: ignore[attr-defined]
        QApplication.processEvents()
        assert pixels(live.widget()) == pixels(fresh.widget())
    finally:
        w.play.changed.disconnect(fresh.refresh)
        fresh.close()
        fresh.deleteLater()


@pytest.mark.parametrize("name", DEMO_NAMES)
def test_the_tracker_after_play_equals_a_fresh_one(
    qtbot: Any, tmp_path: Path, themed: None, name: str
) -> None:
    w = demo_window(qtbot, tmp_path, name, lambda w: same_as_fresh(qtbot, w))
    same_as_fresh(qtbot, w)
    move(qtbot, w)
    same_as_fresh(qtbot, w)
    key(w, CTRL)  # undo the move
    same_as_fresh(qtbot, w)
    key(w, CTRL | SHIFT)  # and redo it
    same_as_fresh(qtbot, w)
    press(w, "end_turn")
    same_as_fresh(qtbot, w)
    key(w, CTRL)
    same_as_fresh(qtbot, w)
    key(w, CTRL | SHIFT)
    same_as_fresh(qtbot, w)
    w.session.undo_stack.setClean()


class Layouts(QObject):
    """Counts LayoutRequest, Resize and Move events of the widgets it is installed on."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if ev.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize, QEvent.Type.Move):
            self.seen.append(f"{ev.type().name} {obj.objectName() or type(obj).__name__}")
        return False


def tracker_widgets(t: TrackerDock) -> list[QWidget]:
    return [t, *t.findChildren(QWidget)]


@pytest.mark.parametrize("name", DEMO_NAMES)
def test_a_move_repaints_the_rows_and_labels_it_changed_and_lays_out_nothing(
    qtbot: Any, tmp_path: Path, themed: None, name: str
) -> None:
    w = demo_window(qtbot, tmp_path, name)
    t = w.tracker_dock
    order = t.order
    qtbot.waitUntil(lambda: order.count() > 1 and order.isVisible())
    for _ in range(3):
        QApplication.processEvents()
    before_rows, before_labels = rows(t), label_texts(t)
    buttons = [t.undo_button, t.reset_button]
    before_enabled = [b.isEnabled() for b in buttons]
    geometry = {id(x): x.geometry() for x in tracker_widgets(t)}
    spies: dict[int, PaintRegions] = {}
    layouts = Layouts()
    for widget in tracker_widgets(t):
        spies[id(widget)] = PaintRegions()
        widget.installEventFilter(spies[id(widget)])
        widget.installEventFilter(layouts)
    try:
        move(qtbot, w)
        for _ in range(5):
            QApplication.processEvents()
    finally:
        for widget in tracker_widgets(t):
            widget.removeEventFilter(spies[id(widget)])
            widget.removeEventFilter(layouts)
    after_rows = rows(t)
    assert len(after_rows) == len(before_rows)
    changed = [i for i, (a, b) in enumerate(zip(before_rows, after_rows, strict=True)) if a != b]
    # Nothing laid out again, nothing moved or resized.
    assert all(s.endswith("Wall") for s in layouts.seen), (
        layouts.seen,
        before_labels,
        label_texts(t),
    )
    assert {id(x): x.geometry() for x in tracker_widgets(t)} == geometry
    # What is painted (in the list, and under it: the body, the list's rounded frame) is
    # the changed rows and the labels whose text changed; nothing else of the tracker.
    viewport = order.viewport()
    allowed = QRegion()
    for i in changed:
        rect = order.visualRect(order.model().index(i, 0))
        allowed += rect.translated(viewport.mapToGlobal(QPoint(0, 0)))
    labels = [t.round_label, t.acting_label, t.phase_label, t.prompts]
    for label, text in zip(labels, before_labels, strict=True):
        if label.text() != text:
            allowed += label.rect().translated(label.mapToGlobal(QPoint(0, 0)))
    # Undo action and Reset turn, in sight at the dock's bottom, when the move enabled one.
    for button, enabled in zip(buttons, before_enabled, strict=True):
        if button.isEnabled() != enabled:
            allowed += button.rect().translated(button.mapToGlobal(QPoint(0, 0)))
    painted = QRegion()
    events = 0
    for widget in tracker_widgets(t):
        for region in spies[id(widget)].regions:
            painted += region.translated(widget.mapToGlobal(QPoint(0, 0)))
            events += 1
    # A changed row is repainted (BrickQuest's and IAWWBR's pips); no change, no paint
    # (Heroica's rows show no actions left).
    assert bool(spies[id(viewport)].regions) == bool(changed), changed
    assert painted.subtracted(allowed).isEmpty(), (painted.boundingRect(), allowed.boundingRect())
    # Each changed run of rows: the viewport, and under it the list's frame and the body
    # (the theme's rounded list); each changed label: itself; each button enabled or
    # disabled: itself, and under it the dock's bottom and the dock.
    runs = sum(1 for k, i in enumerate(changed) if k == 0 or changed[k - 1] != i - 1)
    toggled = sum(b.isEnabled() != e for b, e in zip(buttons, before_enabled, strict=True))
    assert events <= 3 * runs + 3 * toggled + 1 * (
        len(labels)
        - sum(label.text() == text for label, text in zip(labels, before_labels, strict=True))
    ), events
    same_as_fresh(qtbot, w)
    w.session.undo_stack.setClean()


def screen_shows_the_tracker(w: MainWindow) -> None:
    """The screen (the window's backing store) shows the tracker as the tracker renders
    itself afresh (``grab``): no row's old pixels left where nothing was repainted."""
    t = w.tracker_dock
    shown = screen_pixels(w)
    origin = t.mapTo(w, QPoint(0, 0))
    # Four bytes a pixel.
    box = (
        slice(origin.y(), origin.y() + t.height()),
        slice(4 * origin.x(), 4 * (origin.x() + t.width())),
    )
    fresh = array_of(t.grab().toImage())
    stale = np.argwhere(shown[box] != fresh)
    assert len(stale) == 0, (label_texts(t), stale.min(axis=0), stale.max(axis=0))


def play_the_round_out(qtbot: Any, w: MainWindow) -> None:
    """Begin and end each figure's turn (the action bar) until the next round's first
    acts; after each, the screen shows the tracker as it renders itself afresh and as a
    tracker built then draws it."""
    turn = w.play.turn()
    assert turn is not None
    for _ in range(3 * len(turn.order)):
        kinds = {c.kind for c in w.play.choices() if c.needs == "none"}
        press(w, "begin_turn" if "begin_turn" in kinds else "end_turn")
        screen_shows_the_tracker(w)
        same_as_fresh(qtbot, w)
        turn = w.play.turn()
        assert turn is not None
        if turn.round == 2 and turn.acting == turn.order[0]:
            return
    raise AssertionError("the round never wrapped")


def test_a_round_played_to_its_end_shows_each_acting_row_as_laid_out_afresh(
    qtbot: Any, tmp_path: Path, themed: None
) -> None:
    # BrickQuest's longest rows (Mira's, Aldous's: two tracks) grow wider in bold when
    # their figure acts: the list must measure them again (not show them two lines high,
    # as its old widest row's width wraps them).
    w = demo_window(qtbot, tmp_path, "BrickQuest")
    play_the_round_out(qtbot, w)
    w.session.undo_stack.setClean()


def reroll(w: MainWindow) -> None:
    """Game → BrickMaster → Re-roll initiative."""
    menu = w.brickmaster_menu
    menu.aboutToShow.emit()  # as opening it does: filled with the table's actions
    action = next(a for a in menu.actions() if a.text() == "Re-roll initiative")
    action.trigger()
    QApplication.processEvents()


def test_the_last_row_acting_leaves_no_ghost_when_the_round_wraps(
    qtbot: Any, tmp_path: Path, themed: None
) -> None:
    # Initiative re-rolled (Game → BrickMaster) until a longest row is the last: its
    # bold row shrinking back as the round wraps must leave nothing of it under the
    # list (the QA's ghost "3 Aldous" / "4 Mira", on screen only).
    w = demo_window(qtbot, tmp_path, "BrickQuest")
    w.resize(1920, 1080)  # the list with room for every row (no scroll bar)
    settle(qtbot, w.canvas)
    wide = ("mira", "aldous")
    for _ in range(30):
        turn = w.play.turn()
        assert turn is not None
        if turn.order[-1] in wide:
            break
        reroll(w)
    else:
        raise AssertionError("no re-roll put Mira or Aldous last")
    screen_shows_the_tracker(w)
    play_the_round_out(qtbot, w)
    w.session.undo_stack.setClean()
