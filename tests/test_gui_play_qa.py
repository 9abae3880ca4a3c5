"""Small defects a QA engineer found driving the real window, each driven the same way."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import click, demo_window, forget_changes, hover


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)


def _play_until(w: MainWindow, figure: str) -> None:
    for _ in range(30):
        if w.play.turn().acting == figure:
            return
        assert w.play.act({"actor": w.play.turn().acting, "action": "end_turn"})
    raise AssertionError(f"{figure} never acts")


def _dock_button(w: MainWindow, starts: str) -> QToolButton:
    found = [
        b
        for b in w.action_dock.findChildren(QToolButton)
        if b.text().startswith(starts) and b.isVisible()
    ]
    assert found, [b.text() for b in w.action_dock.findChildren(QToolButton)]
    return found[0]


def test_a_ranged_attack_shows_on_the_dice_strip_the_total_the_log_says(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    w.resize(1280, 720)
    assert w.start_game(tmp_path / "r.game.jsonl", GameSpec(seed=3))
    _play_until(w, "lira")
    nix = w.play.figures()["nix"].at
    qtbot.mouseClick(_dock_button(w, "Ranged attack"), Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    w.canvas.fit()
    hover(qtbot, w.canvas, nix)
    click(qtbot, w.canvas, nix)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    line = w.log_dock.lines[-1]
    said = re.search(r"Lira attacks Nix \(ranged\): (\d+) against (\d+)", line.text)
    assert said, line.text
    attack, defense = (r for r in line.rolls)
    # Lira's bow adds to her dice: the strip shows the faces' sum, what is added, and the
    # log's total.
    assert attack.modifier > 0
    strip = w.action_dock.dice.text()
    assert f"= {attack.total} + {attack.modifier} = {said[1]}" in strip, strip
    assert f"= {defense.result}" in strip and defense.result == int(said[2]), strip
