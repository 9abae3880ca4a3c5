"""Issue #18, one frame per click: an applied action lays the action bar out and paints it
once, repaints only the buttons that changed or moved, and does not make the main window
lay its docks out again; driven by clicks on the demo dungeon (BrickQuest)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.play.size_wall import GIVE_BACK, SizeWall
from companion.gui.testing import (
    Passes,
    demo_window,
    forget_changes,
    hover,
)

Square = tuple[int, int]


def until_idle() -> None:
    """Every event the input set going, and those they set going (eight passes: the
    frame benchmark waits for two in a row that paint nothing)."""
    for _ in range(8):
        QApplication.processEvents()


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    """The demo, Brannoc first (typed initiative), his turn begun, at (13, 6) facing east."""
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    faces = [6, 6, 5, 5, 1, 1, 2, 2, 4, 4, 1, 2]

    def table(count: int, sides: int, purpose: str) -> list[int]:
        out = faces[:count]
        del faces[:count]
        return out

    w.play.ask_dice = table
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(dice="typed"))
    qtbot.mouseClick(w.action_dock.buttons["Roll initiative"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert w.play.turn().acting == "brannoc"
    qtbot.mouseClick(w.action_dock.buttons["Begin turn"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert w.play.figures()["brannoc"].at == (13, 6)
    yield w
    assert not errors, errors
    forget_changes(w)


def bar_state(w: MainWindow) -> dict[str, tuple[str, bool, str, QRect]]:
    """Each button's text, whether it can be pressed, its reason shown, its cell's place."""
    bar = w.action_dock
    return {
        title: (
            b.text(),
            b.isEnabled(),
            "" if bar.reasons[title].isHidden() else bar.reasons[title].text(),
            b.parentWidget().geometry(),
        )
        for title, b in bar.buttons.items()
    }


def move_brannoc(qtbot: object, w: MainWindow, to: Square) -> Passes:
    """Click Move, hover ``to``, then click it, counting what the dock gets from the
    release of the click on (the bar's button pressed before is not counted)."""
    qtbot.mouseClick(w.action_dock.buttons["Move"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert w.play.pending is not None and w.play.pending.kind == "move"
    hover(qtbot, w.canvas, to)
    until_idle()
    passes = Passes(w.action_dock)
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(passes)
    try:
        vp = w.canvas.viewport()
        at = w.canvas.viewport_pos(to)
        qtbot.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)  # type: ignore[attr-defined]
        qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)  # type: ignore[attr-defined]
        until_idle()
    finally:
        app.removeEventFilter(passes)
    assert w.play.figures()["brannoc"].at == to
    return passes


def assert_laid_out_as_fresh(w: MainWindow) -> None:
    """The bar as laid out equals the bar laid out from scratch, and no reason is cut."""
    bar = w.action_dock
    before = {t: b.parentWidget().geometry() for t, b in bar.buttons.items()}
    for cell in (b.parentWidget() for b in bar.buttons.values()):
        cell.layout().invalidate()
        cell.layout().activate()
    bar.bar.changed()
    bar.bar.place()
    assert {t: b.parentWidget().geometry() for t, b in bar.buttons.items()} == before
    for title, why in bar.reasons.items():
        if not why.isHidden():
            assert why.heightForWidth(why.width()) <= why.height(), title
            cell = why.parentWidget()
            assert cell.rect().contains(why.geometry()), title
            assert bar.bar.rect().contains(cell.geometry()), title


@pytest.mark.parametrize(
    ("to", "what"),
    [
        ((15, 4), "Melee attack's reason changes (Grok, not Gob, is the nearest)"),
        ((16, 8), "Melee attack's reason goes (Gob in front of him)"),
        ((12, 5), "an Interact button comes (a door beside him)"),
    ],
)
def test_an_applied_move_lays_the_bar_out_and_paints_it_once(
    qtbot: object, window: MainWindow, to: Square, what: str
) -> None:
    w = window
    dock = w.action_dock
    before = bar_state(w)
    hint = dock.sizeHint()
    told = dock.wall.passed_out
    passes = move_brannoc(qtbot, w, to)
    after = bar_state(w)
    assert after != before, what  # the bar did change
    # Each widget of the dock painted at most once; the dock laid out inside itself.
    assert passes.paints, "the bar was not painted"
    twice = {f"{o.objectName()}({type(o).__name__})": n for o, n in passes.paints.items() if n > 1}
    assert not twice, twice
    assert passes.layouts[dock] == 0 and dock.wall.passed_out == told
    assert dock.sizeHint() == hint
    # What did not change and did not move was not painted again.
    for title, state in before.items():
        button = dock.buttons.get(title)
        if button is not None and after.get(title) == state:
            assert passes.paints[button] == 0, title
            assert passes.paints[button.parentWidget()] == 0, title
    if to == (15, 4):  # a reason reworded a little keeps its width: nothing after it moves
        moved = [t for t in before if t in after and after[t][3] != before[t][3]]
        assert moved == [], moved
        painted = {o.objectName() for o in passes.paints if o.objectName().startswith("cell_")}
        assert painted == {"cell_attack_melee"}, painted
    assert_laid_out_as_fresh(w)


def test_a_turn_ends_with_the_bar_painted_once(qtbot: object, window: MainWindow) -> None:
    w = window
    dock = w.action_dock
    before = bar_state(w)
    told = dock.wall.passed_out
    assert "[Ctrl+⏎]" in dock.buttons["End turn"].text()
    until_idle()
    passes = Passes(dock)
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(passes)
    try:  # its key (a click would repaint the button as pressed and released first)
        qtbot.keyClick(w.canvas.viewport(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
        until_idle()
    finally:
        app.removeEventFilter(passes)
    assert w.play.turn().acting != "brannoc"
    assert bar_state(w) != before
    twice = {f"{o.objectName()}({type(o).__name__})": n for o, n in passes.paints.items() if n > 1}
    assert not twice, twice
    if dock.wall.passed_out == told:  # the new buttons fitted in the room the dock had
        assert passes.layouts[dock] == 0
    assert_laid_out_as_fresh(w)


def test_the_wall_tells_the_window_only_when_more_room_or_a_line_less_is_needed(
    qtbot: object,
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)  # type: ignore[attr-defined]
    inner = QWidget()
    box = QVBoxLayout(inner)
    label = QLabel("one line")
    box.addWidget(label)
    wall = SizeWall(inner, holder)
    holder.resize(300, 200)
    wall.setGeometry(0, 0, 300, 100)
    holder.show()
    qtbot.waitExposed(holder)  # type: ignore[attr-defined]
    assert inner.geometry() == wall.rect()  # the inner widget has all the wall's room
    told = wall.passed_out
    label.setMinimumHeight(40)  # needs more, still fits in the wall's 100 pixels
    box.activate()
    wall.check()
    assert wall.passed_out == told and wall.minimumSizeHint().height() < 40
    label.setMinimumHeight(150)  # more than the wall has: the window must hear of it
    box.activate()
    assert wall.check() and wall.minimumSizeHint().height() >= 150
    wall.resize(300, wall.minimumSizeHint().height())  # the room the window gives it
    label.setMinimumHeight(150 - GIVE_BACK // 2)  # a little less: not worth a relayout
    box.activate()
    assert not wall.check()
    label.setMinimumHeight(150 - 2 * GIVE_BACK)  # a line less: given back
    box.activate()
    assert wall.check() and wall.minimumSizeHint().height() < 150
    wall.resize(QSize(280, 190))
    assert inner.geometry() == QRect(0, 0, 280, 190)


def test_a_narrower_window_wraps_the_bar_and_it_grows_to_show_every_button(
    qtbot: object, window: MainWindow
) -> None:
    w = window
    bar = w.action_dock.bar
    lines = {b.parentWidget().y() for b in w.action_dock.buttons.values()}
    w.resize(760, 800)
    qtbot.waitUntil(lambda: bar.width() < 700)  # type: ignore[attr-defined]
    until_idle()
    cells = [b.parentWidget() for b in w.action_dock.buttons.values()]
    assert len({c.y() for c in cells}) > len(lines)  # wrapped onto more lines
    for cell in cells:  # and none of them cut off below the bar
        assert bar.rect().contains(cell.geometry()), cell.objectName()
    assert bar.height() >= bar.heightForWidth(bar.width())
    assert_laid_out_as_fresh(w)
