"""The play docks skip work that would change nothing: a hidden dock waits until shown,
a state already shown is not shown again, an unchanged row is not touched, and a changed
row of the initiative list repaints alone.  What they show stays what a dock built from
scratch shows after a move, an undo and an end of turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QApplication

from companion.gui.main_window import MainWindow
from companion.gui.play.log_dock import LogDock
from companion.gui.play.new_game import GameSpec
from companion.gui.play.roster import DEAD_ROLE, RosterDock
from companion.gui.play.tracker import ACTING_ROLE, TrackerDock
from companion.gui.testing import (
    demo_window,
    forget_changes,
    make_settings,
    make_window,
)
from companion.rules.game import Game


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    assert w.start_game(tmp_path / "d.game.jsonl", GameSpec(seed=3))
    qtbot.wait(20)
    yield w
    assert not errors, errors
    forget_changes(w)


def on_screen(dock: Any) -> bool:
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def tracker_shows(t: TrackerDock) -> list[object]:
    rows = []
    for i in range(t.order.count()):
        item = t.order.item(i)
        rows.append(
            (
                item.text(),
                item.data(Qt.ItemDataRole.UserRole),
                item.foreground().color().rgba(),
                item.font().bold(),
                item.toolTip(),
                bool(item.data(ACTING_ROLE)),
                item.background().color().rgba() if item.data(ACTING_ROLE) else None,
            )
        )
    labels = [t.round_label.text(), t.acting_label.text(), t.phase_label.text(), t.prompts.text()]
    return [labels, rows, t.order.dragDropMode()]


def roster_shows(r: RosterDock) -> list[object]:
    table = r.table
    cells = [
        [
            (it.text(), it.data(Qt.ItemDataRole.UserRole), bool(it.data(DEAD_ROLE)))
            for it in (table.item(row, col) for col in range(table.columnCount()))
            if it is not None
        ]
        for row in range(table.rowCount())
    ]
    head = table.horizontalHeaderItem(2)
    return [head.text() if head else "", cells]


def log_shows(d: LogDock) -> list[object]:
    items = [d.list.item(i) for i in range(d.list.count())]
    return [
        [
            (it.text(), it.data(Qt.ItemDataRole.UserRole), it.foreground().color().rgba())
            for it in items
        ],
        [line.text for line in d.lines],
    ]


def same_as_fresh(w: MainWindow) -> None:
    """Every play dock shows what a dock built now from the same game shows."""
    w.roster_dock.shown.fresh()  # behind the log's tab: it catches up when shown
    w.log_dock.shown.fresh()
    fresh_t, fresh_r, fresh_l = TrackerDock(w.play), RosterDock(w.play), LogDock(w.play)
    for dock in (fresh_t, fresh_r, fresh_l):
        dock.shown.now()  # never shown: filled as it is told
    try:
        assert tracker_shows(w.tracker_dock) == tracker_shows(fresh_t)
        assert roster_shows(w.roster_dock) == roster_shows(fresh_r)
        assert log_shows(w.log_dock) == log_shows(fresh_l)
    finally:
        for dock in (fresh_t, fresh_r, fresh_l):
            w.play.changed.disconnect(dock.refresh)
            dock.deleteLater()


def move(w: MainWindow) -> None:
    acting = w.play.turn().acting
    _dest, option = min(w.play.moves().items(), key=lambda kv: (kv[1].cost, kv[0]))
    assert w.play.act({"actor": acting, "action": "move", "path": [list(p) for p in option.path]})


def end_turn(w: MainWindow) -> None:
    end = next(c for c in w.play.choices() if c.kind == "end_turn")
    assert w.play.choose(end)


def test_the_docks_after_moves_undos_and_ends_of_turn_equal_fresh_ones(window: MainWindow) -> None:
    w = window
    same_as_fresh(w)
    for _ in range(3):
        move(w)
        same_as_fresh(w)
        w.play.undo()
        same_as_fresh(w)
        move(w)
        end_turn(w)
        same_as_fresh(w)
        w.play.undo()
        same_as_fresh(w)
        w.play.redo()
        same_as_fresh(w)
        while w.action_dock.buttons.get("Begin turn") is not None:
            w.action_dock.buttons["Begin turn"].click()
        same_as_fresh(w)


def test_a_dock_behind_another_tab_does_nothing_until_shown(qtbot: Any, window: MainWindow) -> None:
    w = window
    roster, log = w.roster_dock, w.log_dock
    # the log's tab is in front (Qt moves the roster out of sight, "visible")
    assert on_screen(log) and not on_screen(roster)
    runs = roster.shown.runs
    move(w)
    end_turn(w)
    assert roster.shown.runs == runs and roster.shown.stale
    roster.raise_()
    qtbot.waitUntil(lambda: on_screen(roster))
    assert roster.shown.runs == runs + 1 and not roster.shown.stale
    log_runs = log.shown.runs
    w.play.undo()  # now the log is the hidden one
    assert log.shown.runs == log_runs and log.shown.stale
    same_as_fresh(w)


def test_a_state_already_shown_and_an_unchanged_row_are_not_touched(
    qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    w.roster_dock.raise_()
    qtbot.waitUntil(lambda: on_screen(w.roster_dock))
    tracker_rows: list[int] = []
    roster_cells: list[tuple[int, int]] = []
    show_row, set_cell = TrackerDock._show_row, RosterDock._set_cell

    def spy_row(self: TrackerDock, row: int, *args: Any) -> None:
        tracker_rows.append(row)
        show_row(self, row, *args)

    def spy_cell(self: RosterDock, row: int, col: int, *args: Any) -> None:
        roster_cells.append((row, col))
        set_cell(self, row, col, *args)

    logs: list[object] = []
    log = Game.log

    def spy_log(self: Game) -> Any:
        logs.append(self)
        return log(self)

    monkeypatch.setattr(TrackerDock, "_show_row", spy_row)
    monkeypatch.setattr(RosterDock, "_set_cell", spy_cell)
    monkeypatch.setattr(Game, "log", spy_log)
    w.play.announce()  # the same state again: nothing to redo
    assert tracker_rows == [] and roster_cells == [] and logs == []
    acting = w.play.turn().acting
    move(w)
    # The mover's pips changed: only its row; the roster shows no pips or squares.
    assert tracker_rows == [w.tracker_dock.order_ids().index(acting)]
    assert roster_cells == []
    tracker_rows.clear()
    w.play.undo()
    assert tracker_rows == [w.tracker_dock.order_ids().index(acting)]
    same_as_fresh(w)


class Paints(QObject):
    """The rectangles painted on one widget."""

    def __init__(self, widget: Any) -> None:
        super().__init__()
        self.widget = widget
        self.rects: list[QRect] = []

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.widget and event.type() == QEvent.Type.Paint:
            self.rects.append(event.region().boundingRect())  # type: ignore[attr-defined]
        return False


def test_a_changed_row_of_the_order_repaints_alone(qtbot: Any, window: MainWindow) -> None:
    w = window
    order = w.tracker_dock.order
    qtbot.waitUntil(lambda: order.count() > 2 and order.isVisible())
    QApplication.processEvents()
    paints = Paints(order.viewport())
    order.viewport().installEventFilter(paints)
    try:
        row = w.tracker_dock.order_ids().index(w.play.turn().acting)
        move(w)
        qtbot.waitUntil(lambda: bool(paints.rects))
        QApplication.processEvents()
        whole = order.viewport().rect()
        changed = order.visualRect(order.model().index(row, 0))
        assert paints.rects and all(r.height() < whole.height() for r in paints.rects)
        assert all(changed.contains(r) for r in paints.rects), (paints.rects, changed)
    finally:
        order.viewport().removeEventFilter(paints)
    same_as_fresh(w)


def test_the_roster_sheets_out_of_sight_wait_and_then_show_the_game(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a World Where Bricks Rule keeps its sheets in a roster: while the Sheets dock is
    closed the ruleset is not asked for them on each action; opened, they are the game's."""
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    assert w.open_demo(1)
    panel, dock = w.roster_panel, w.roster_sheets_dock
    roster = panel.roster()
    w.play.ask_dice = lambda count, sides, purpose: [6] * count
    assert w.start_game(tmp_path / "s.game.jsonl", GameSpec(dice="typed"), roster=roster)
    assert not panel.sheet._editable  # the game keeps the numbers: told at once
    dock.close()
    qtbot.waitUntil(lambda: not dock.isVisible())
    asked: list[object] = []
    sheets = type(panel)._sheets

    def spy(self: Any) -> Any:
        asked.append(self)
        return sheets(self)

    monkeypatch.setattr(type(panel), "_sheets", spy)
    assert w.play.act({"actor": "brickmaster", "action": "roll_activation"})
    for _ in range(3):
        turn = w.play.turn()
        assert w.play.act({"actor": turn.acting, "action": "end_activation"})
    assert asked == []  # nobody looked
    acting = w.play.turn().acting
    assert panel.current_id() == acting  # the sheet to show still follows who acts
    dock.show()
    qtbot.waitUntil(lambda: bool(asked))
    game = w.play.game
    assert game is not None
    fresh = type(panel)()
    fresh.set_roster(game.ruleset.id, game.header.party)
    fresh.set_game_state(game.state)
    assert panel.views() == fresh.views()
    shown = next(v for v in panel.views() if v.id == acting)
    assert panel.sheet._view == shown
    fresh.deleteLater()
    assert not errors, errors
    w.session.undo_stack.setClean()


@pytest.mark.parametrize("two_lines", [False, True])
def test_a_row_that_grows_is_laid_out_again(
    qtbot: Any, window: MainWindow, two_lines: bool
) -> None:
    """A changed row whose text takes more lines (wrapped, or two short lines) is not
    just repainted: the list lays it out again at its new height."""
    t = window.tracker_dock
    order = t.order
    qtbot.waitUntil(lambda: order.count() > 2 and order.isVisible())
    index = order.model().index(1, 0)
    before = order.visualRect(index).height()
    item = order.item(1)
    fid = str(item.data(Qt.ItemDataRole.UserRole))
    colour = item.foreground().color()
    long = " ".join(["a long line that wraps"] * 12)
    if two_lines:
        long = "two short\nlines"  # narrower than the list: only its height changed
    t._hints.clear()  # as after a new width: the row as laid out was never measured
    t._show_rows([(1, (fid, long, colour.rgba(), "", False), QBrush(colour))])
    following = order.model().index(2, 0)
    # The list measures a row when asked: only the next row's place says it was laid out.
    qtbot.waitUntil(lambda: order.visualRect(following).top() >= order.visualRect(index).bottom())
    assert order.visualRect(index).height() > before
    assert order.item(1).text() == long


def test_a_changed_roster_cell_is_repainted_and_the_columns_stay_fitted(
    qtbot: Any, window: MainWindow
) -> None:
    """A cell whose new text fits its column is set without the table re-measuring every
    row; the columns stay as a re-measure makes them, the cells as a fresh roster's."""
    w = window
    roster = w.roster_dock
    roster.raise_()
    qtbot.waitUntil(lambda: on_screen(roster))
    table = roster.table
    told: list[int] = []
    table.model().dataChanged.connect(lambda *_: told.append(1))
    fid = next(f for f, v in w.play.figures().items() if v.hp > 3 and not v.states and not v.badges)
    # Conditions (the last column, stretched to the edge): a condition added fits.
    assert w.play.act(
        {"actor": "brickmaster", "action": "adjust", "figure": fid, "add_effects": ["poisoned"]}
    )
    assert told == []  # not told: no re-measure of every row
    row = [str(table.item(r, 0).data(Qt.ItemDataRole.UserRole)) for r in range(table.rowCount())]
    assert "oison" in table.item(row.index(fid), 4).text()
    # Points down, a long name's condition, back up: the columns as Qt fits them.
    for hp in (1, 2, w.play.figures()[fid].max_hp):
        assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": fid, "hp": hp})
        QApplication.processEvents()
        widths = [table.columnWidth(c) for c in range(table.columnCount() - 1)]
        table.horizontalHeader().resizeSections()
        assert [table.columnWidth(c) for c in range(table.columnCount() - 1)] == widths
    same_as_fresh(w)
