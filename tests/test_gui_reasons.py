"""A refusal in the window lists every reason with its place and marks each square (#18);
a forced action the rules model cannot carry out as asked is refused, nothing spent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtTest import QTest

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    click,
    demo_window,
    forget_changes,
    hover,
)
from companion.rules.verdict import Verdict


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)


def brannoc_first(w: MainWindow, tmp_path: Path) -> None:
    """A game whose initiative, typed, puts Brannoc (at [13, 6]) first; his turn begun."""
    faces = [6, 6, 5, 5, 1, 1, 2, 2, 4, 4, 1, 2]

    def table(count: int, sides: int, purpose: str) -> list[int]:
        out = faces[:count]
        del faces[:count]
        return out

    w.play.ask_dice = table
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(dice="typed"))
    w.action_dock.buttons["Roll initiative"].click()
    assert w.play.turn().acting == "brannoc"
    w.action_dock.buttons["Begin turn"].click()


def test_a_click_on_an_unreachable_square_shows_every_reason_and_marks_each_square(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brannoc_first(w, tmp_path)
    refused: list[Verdict] = []

    def decline(verdict: Verdict) -> None:
        refused.append(verdict)

    w.play.confirm_force = decline  # type: ignore[assignment]
    w.action_dock.buttons["Move"].click()
    target = (5, 6)  # beyond the wall west of him, and further than his 5 squares
    assert target not in w.play.moves()
    log_before = len(w.log_dock.lines)
    w.canvas.fit()
    qtbot.wait(50)  # type: ignore[attr-defined]
    hover(qtbot, w.canvas, target)
    # Hovering, the caption already says why (the model's reasons, numbered).
    caption = w.canvas.overlays.caption
    assert caption.anchor == target
    assert caption.lines[0] == "1. L7 cannot be entered"
    assert caption.lines[1].startswith("2. the path costs more than Brannoc's")
    click(qtbot, w.canvas, target)
    assert len(refused) == 1
    reasons = refused[0].reasons
    assert [(r.code, r.square) for r in reasons] == [
        ("impassable_terrain", (11, 6)),
        ("insufficient_movement", (7, 6)),
    ]
    # Every reason listed, numbered, with its place; each square marked with its number.
    hint = w.action_dock.hint
    assert hint.isVisible()
    text = hint.text()
    assert "1. L7 cannot be entered" in text
    assert f"2. {reasons[1].message} (at H7)" in text
    marks = w.canvas.overlays.reasons
    assert marks.isVisible()
    assert marks.marks == (((11, 6), "1"), ((7, 6), "2"))
    assert marks.extent() is not None
    # Nothing happened; the next action clears the marks.
    assert w.play.figures()["brannoc"].at == (13, 6)
    assert len(w.log_dock.lines) == log_before
    w.play.set_pending(None)
    assert marks.marks == ()
    assert not w.errors, w.errors  # type: ignore[attr-defined]


def test_forcing_a_move_onto_lava_in_the_window_is_refused_before_anything_is_spent(
    window: MainWindow, tmp_path: Path
) -> None:
    w = window
    brannoc_first(w, tmp_path)
    asked: list[Verdict] = []

    def force(verdict: Verdict) -> str:
        asked.append(verdict)
        return "he jumps"

    w.play.confirm_force = force  # type: ignore[assignment]
    before = w.play.game.snapshot()  # type: ignore[union-attr]
    log_before = len(w.log_dock.lines)
    move = {"actor": "snik", "action": "move", "path": [[5, 9], [5, 10], [5, 11]]}
    assert not w.play.act(move)
    assert asked and "impassable_terrain" in asked[0].codes
    assert w.play.game.snapshot() == before  # type: ignore[union-attr]
    assert len(w.log_dock.lines) == log_before
    errors = w.errors  # type: ignore[attr-defined]
    assert len(errors) == 1 and "cannot be moved onto F12 (lava)" in errors[0], errors


def test_the_not_allowed_box_leaves_the_marks_in_sight_and_return_cancels(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    """The real "Not allowed" box: beside the map's numbered marks, not over them, and
    Return (a player dismissing it) cancels; forcing takes a click on "Force it…"."""
    from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

    w = window
    brannoc_first(w, tmp_path)
    QTest.mouseClick(w.action_dock.buttons["Move"], Qt.MouseButton.LeftButton)
    target = (5, 6)
    w.canvas.fit()
    qtbot.wait(50)  # type: ignore[attr-defined]
    hover(qtbot, w.canvas, target)
    seen: list[tuple[str, bool, bool]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        keep = w._refusal_on_screen()
        assert keep is not None and not keep.isEmpty()
        default = box.defaultButton()
        seen.append(
            (
                default.text() if default is not None else "",
                box.frameGeometry().intersects(keep),
                window_on_screen(w).contains(box.frameGeometry()),
            )
        )
        QTest.keyClick(box, Qt.Key.Key_Return)
        QTimer.singleShot(50, no_force_asked)

    forced: list[str] = []

    def no_force_asked() -> None:
        # Return taken as "Force it…" would ask why next: noted, and refused.
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QInputDialog):
            forced.append(dialog.windowTitle())
            dialog.reject()

    entries = len(w.play.game.session.entries)  # type: ignore[union-attr]
    QTimer.singleShot(20, answer)
    click(qtbot, w.canvas, target)
    assert seen, "no Not allowed box"
    assert forced == [], "Return forced the move"
    default, covers_marks, inside_window = seen[0]
    assert default == "Cancel"
    assert not covers_marks
    assert inside_window
    # Return cancelled: nothing forced, nothing spent, the figure where he stood.
    assert len(w.play.game.session.entries) == entries  # type: ignore[union-attr]
    assert w.play.figures()["brannoc"].at == (13, 6)
    assert not w.errors, w.errors  # type: ignore[attr-defined]


def window_on_screen(w: MainWindow) -> QRect:
    """The window's rectangle on the screen."""
    return QRect(w.mapToGlobal(w.rect().topLeft()), w.size())


def test_pointing_at_another_square_drops_the_refusal_and_the_move_goes_on(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    """A refused move declined: its marks and its reasons stay while the mouse is on the
    square refused (or off the map, on the box); on another square they go, the move is
    still pending and its own hint is back, not an old "Not allowed" over a new preview."""
    w = window
    brannoc_first(w, tmp_path)
    w.play.confirm_force = lambda verdict: None  # type: ignore[assignment]
    QTest.mouseClick(w.action_dock.buttons["Move"], Qt.MouseButton.LeftButton)
    move_hint = w.action_dock.hint.text()
    assert "Move" in move_hint
    target = (5, 6)
    w.canvas.fit()
    qtbot.wait(50)  # type: ignore[attr-defined]
    hover(qtbot, w.canvas, target)
    click(qtbot, w.canvas, target)
    marks = w.canvas.overlays.reasons
    caption = w.canvas.overlays.caption
    assert marks.marks
    assert "Not allowed" in w.action_dock.hint.text()
    # The hover's caption, listing the same reasons, no longer covers the marks.
    assert caption.lines == ()
    hover(qtbot, w.canvas, target)  # still on the square refused
    w.canvas.hovered.emit(None)  # off the map (as on the box): kept
    assert marks.marks and "Not allowed" in w.action_dock.hint.text()
    assert caption.lines == ()
    reachable = next(iter(sq for sq in w.play.moves() if sq != (13, 6)))
    hover(qtbot, w.canvas, reachable)
    assert marks.marks == ()
    assert caption.anchor == reachable and caption.lines  # the new square's preview
    assert w.action_dock.hint.text() == move_hint
    assert w.play.pending is not None and w.play.pending.kind == "move"
    assert not w.errors, w.errors  # type: ignore[attr-defined]
