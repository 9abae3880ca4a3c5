"""A refusal in the window lists every reason with its place and marks each square (#18);
a forced action the rules model cannot carry out as asked is refused, nothing spent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

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
