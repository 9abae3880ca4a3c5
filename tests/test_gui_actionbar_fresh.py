"""Issue #18, one frame per click: the action dock, changed in place action after action
(only what changed is set, laid out once, inside the dock), looks exactly as a dock built
anew on the same state, on the three demos played through the window (the bar's buttons
clicked, destinations clicked on the map, undo from the Game menu); and an action lays
the dock out once, before the paint, and paints each of its widgets at most once (the
button clicked: also as pressed and released).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS, MainWindow
from companion.gui.play.action_dock import ActionDock
from companion.gui.play.flow_layout import FlowBar
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import Passes, hover, make_settings, make_window

Square = tuple[int, int]

#: The demos played: BrickQuest, In a World Where Bricks Rule, Heroica (File → Open Demo).
PLAYED = [0, 1, 2]
#: What a turn's start asks for before the acting figure may move, in the order taken.
OPENING = ("begin_turn", "roll_move", "roll_first_player", "initiative")


def until_idle() -> None:
    """Every event the input set going, and those they set going."""
    for _ in range(8):
        QApplication.processEvents()


@pytest.fixture(params=PLAYED, ids=[DEMOS[i][0].split(" (")[-1].rstrip(")") for i in PLAYED])
def window(request: pytest.FixtureRequest, qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    """A demo opened and a game begun on it (the app's dice, a fixed seed)."""
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.play.confirm_force = lambda verdict: None  # type: ignore[assignment]
    w.play.confirm_target = lambda question: True
    assert w.open_demo(request.param)
    chars = DEMOS[request.param][2]
    roster = json.loads((resource_dir() / chars).read_text()) if "roster" in chars else None
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(seed=7), roster=roster), errors
    until_idle()
    yield w
    assert not errors, errors
    w.session.undo_stack.setClean()


def away(qtbot: object, w: MainWindow) -> None:
    """The pointer off the dock (a button under it is drawn hovered), onto the map."""
    vp = w.canvas.viewport()
    qtbot.mouseMove(vp, QPoint(vp.width() // 2, vp.height() // 2))  # type: ignore[attr-defined]
    until_idle()


def press(qtbot: object, w: MainWindow, kind: str) -> None:
    """Click the bar's button for the acting figure's action ``kind``."""
    choice = next(c for c in w.play.choices() if c.kind == kind)
    assert not choice.group, kind  # a menu would block the test
    button = w.action_dock.buttons[choice.label]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    away(qtbot, w)


def ready(qtbot: object, w: MainWindow) -> None:
    """Click through the turn's opening (initiative, begin turn, a roll to move) until the
    acting figure may move."""
    for _ in range(40):
        kinds = {c.kind for c in w.play.choices() if c.needs == "none" and c.enabled}
        if "begin_turn" not in kinds and w.play.moves() and _moves(w):
            return
        kind = next((k for k in OPENING if k in kinds), "end_turn")
        press(qtbot, w, kind)
    raise AssertionError("the acting figure never could move")


def _moves(w: MainWindow) -> set[str]:
    return {c.kind for c in w.play.choices() if c.kind == "move" and c.enabled}


def far_square(w: MainWindow) -> Square:
    """A square the acting figure may move to, in view, far from it."""
    here = w.play.figures()[w.play.turn().acting].at
    vp = w.canvas.viewport().rect()
    squares = [s for s in w.play.moves() if s != here and vp.contains(w.canvas.viewport_pos(s))]
    assert squares, "no square to move to in view"
    return max(squares, key=lambda s: (abs(s[0] - here[0]) + abs(s[1] - here[1]), s))


def move(qtbot: object, w: MainWindow) -> None:
    """Click Move, then a far square on the map."""
    press(qtbot, w, "move")
    assert w.play.pending is not None
    to = far_square(w)
    hover(qtbot, w.canvas, to)  # type: ignore[arg-type]
    at = w.canvas.viewport_pos(to)
    qtbot.mouseClick(w.canvas.viewport(), Qt.MouseButton.LeftButton, pos=at)  # type: ignore[attr-defined]
    until_idle()
    assert w.play.pending is None


def look(dock: ActionDock) -> dict[str, tuple[str, bool, str, tuple[int, int, int, int]]]:
    """Each button's text, whether it can be pressed, its reason shown, its cell's place."""
    out = {}
    for title, button in dock.buttons.items():
        why = dock.reasons[title]
        cell = button.parentWidget().geometry()
        out[title] = (
            button.text(),
            button.isEnabled(),
            "" if why.isHidden() else why.text(),
            (cell.x(), cell.y(), cell.width(), cell.height()),
        )
    return out


def assert_as_fresh(w: MainWindow, tmp_path: Path, step: str) -> None:
    """The dock as the actions left it draws the same pixels as a dock made now on the
    same state, at the same size.  The new dock is given the widths the live one keeps
    on purpose (the dice's widest in this game, a reason reworded a little keeping its
    width) so that only what was set, laid out and painted is compared."""
    live = w.action_dock
    assert w.play.pending is None, step
    fresh = ActionDock(w.play, w)  # a child of the window (its style), not docked
    try:
        fresh.dice.setMinimumWidth(live.dice.minimumWidth())
        for title, label in fresh.reasons.items():
            if not label.isHidden():
                label.setMinimumWidth(live.reasons[title].minimumWidth())
                # A label keeps its size hint as measured at its minimum width of then.
                label.setIndent(label.indent())
        fresh.refresh()
        fresh._settle(cells=True)
        fresh.setGeometry(live.geometry())
        fresh.show()
        until_idle()
        fresh.resize(fresh.size() + live.wall.size() - fresh.wall.size())
        until_idle()
        assert fresh.wall.size() == live.wall.size(), step
        assert look(live) == look(fresh), step
        assert live.hint.text() == fresh.hint.text() and live.dice.text() == fresh.dice.text()
        mine, new = live.body.grab().toImage(), fresh.body.grab().toImage()
        # What the window shows (painted bit by bit, action after action) is the dock.
        at = live.body.mapTo(w, QPoint(0, 0))
        screen = w.screen().grabWindow(w.winId(), at.x(), at.y(), mine.width(), mine.height())
        shown = screen.toImage().convertToFormat(mine.format())
        for what, image in (("fresh", new), ("shown", shown)):
            if mine != image:
                name = step.replace(" ", "_")
                mine.save(str(tmp_path / f"{name}-live.png"))
                image.save(str(tmp_path / f"{name}-{what}.png"))
                raise AssertionError(f"{step}: the dock differs from the {what} one ({tmp_path})")
    finally:
        fresh.hide()
        shiboken6.delete(fresh)


def test_the_dock_after_each_action_looks_as_a_fresh_one(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    ready(qtbot, w)
    assert_as_fresh(w, tmp_path, "turn begun")
    for round_ in range(2):
        move(qtbot, w)
        assert_as_fresh(w, tmp_path, f"moved {round_}")
        acting = w.play.turn().acting
        press(qtbot, w, "end_turn")
        assert_as_fresh(w, tmp_path, f"turn ended {round_}")
        w.game_undo.trigger()  # Game → Undo
        until_idle()
        assert w.play.turn().acting == acting
        assert_as_fresh(w, tmp_path, f"end undone {round_}")
        press(qtbot, w, "end_turn")
        ready(qtbot, w)
        assert_as_fresh(w, tmp_path, f"next turn begun {round_}")
    # The buttons' sizes changed at the bar's width since it was last told the window;
    # narrower, it wraps them as a new bar does, every button inside it.
    move(qtbot, w)
    bar = w.action_dock.bar
    wide = bar.width()
    w.resize(820, w.height())  # the dock still wider than its least
    qtbot.waitUntil(lambda: bar.width() < wide)  # type: ignore[attr-defined]
    until_idle()
    assert bar.height() >= bar.heightForWidth(bar.width())
    for button in w.action_dock.buttons.values():
        assert bar.rect().contains(button.parentWidget().geometry()), button.text()
    assert_as_fresh(w, tmp_path, "narrower window")


def counted(qtbot: object, w: MainWindow, act: object) -> Passes:
    """The dock's Paint and LayoutRequest events from ``act()`` until all is idle."""
    passes = Passes(w.action_dock)
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(passes)
    try:
        act()  # type: ignore[operator]
        until_idle()
    finally:
        app.removeEventFilter(passes)
    return passes


def assert_once(
    passes: Passes, dock: ActionDock, told: int, clicked: QWidget | None = None
) -> None:
    """Nothing in the dock laid out in a pass of its own (all of it is laid out in the
    handler, before the paint; the dock itself only when it told the window it needs
    other room), and each widget painted once; the button clicked and the widgets under
    it also as pressed and as released (Qt paints those at once)."""
    layouts = {
        f"{o.objectName()}({type(o).__name__})": n
        for o, n in passes.layouts.items()
        if o is not dock or dock.wall.passed_out == told
    }
    assert not layouts, layouts
    under = set()
    while clicked is not None and clicked is not dock:
        under.add(clicked)
        clicked = clicked.parentWidget()
    over = {
        f"{o.objectName()}({type(o).__name__})": n
        for o, n in passes.paints.items()
        if n > (3 if o in under else 1)
    }
    assert not over, over


def test_moves_and_ends_of_turn_lay_the_dock_out_once(qtbot: object, window: MainWindow) -> None:
    w = window
    dock = w.action_dock
    ready(qtbot, w)
    for _ in range(2):
        press(qtbot, w, "move")
        to = far_square(w)
        hover(qtbot, w.canvas, to)  # type: ignore[arg-type]
        until_idle()
        placed, told = dock.bar.placed, dock.wall.passed_out
        at = w.canvas.viewport_pos(to)
        passes = counted(
            qtbot,
            w,
            lambda at=at: qtbot.mouseClick(  # type: ignore[attr-defined]
                w.canvas.viewport(), Qt.MouseButton.LeftButton, pos=at
            ),
        )
        assert w.play.pending is None
        assert_once(passes, dock, told)
        assert dock.bar.placed - placed <= 1  # the buttons placed once, if at all
        button = dock.buttons[next(c.label for c in w.play.choices() if c.kind == "end_turn")]
        placed, told = dock.bar.placed, dock.wall.passed_out
        passes = counted(
            qtbot,
            w,
            lambda b=button: qtbot.mouseClick(b, Qt.MouseButton.LeftButton),  # type: ignore[attr-defined]
        )
        assert_once(passes, dock, told, button)
        assert dock.bar.placed - placed <= 1
        away(qtbot, w)
        ready(qtbot, w)


def test_a_bar_whose_buttons_shrank_is_as_tall_as_its_lines_at_a_new_width(
    qtbot: object,
) -> None:
    """The bar does not make the layout above it lay out again when its buttons change
    size but it stays as tall; resized to another width later, it is as tall as its
    lines are there now, not as they were."""
    holder = QWidget()
    qtbot.addWidget(holder)  # type: ignore[attr-defined]
    box = QVBoxLayout(holder)
    box.setContentsMargins(0, 0, 0, 0)
    bar = FlowBar(spacing=4)
    box.addWidget(bar)
    box.addStretch(1)
    parts = [QWidget(bar) for _ in range(3)]
    for part in parts:
        part.setFixedSize(50, 30)
    parts[1].setFixedSize(70, 30)
    bar.set_widgets(parts)
    holder.resize(200, 300)
    holder.show()
    qtbot.waitExposed(holder)  # type: ignore[attr-defined]
    for width in (200, 120, 200):  # one line at 200, three at 120 (heights kept)
        holder.resize(width, 300)
        until_idle()
    assert bar.height() == 30 and bar.heightForWidth(120) == 98
    parts[1].setFixedSize(10, 30)  # the middle one shrinks: one line at 120 too
    bar.changed()
    bar.place()
    until_idle()
    assert bar.height() == 30
    holder.resize(120, 300)
    until_idle()
    assert bar.heightForWidth(120) == 30
    assert bar.height() == 30, "laid out with the height kept from before"
