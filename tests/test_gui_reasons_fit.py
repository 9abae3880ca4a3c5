"""A move refused for several reasons at 1280x720, themed: the action bar shows every
reason whole (none cut, none missing), the map keeps most of the window, and the bar
gives its height back once the refusal is gone (Esc)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_theme import app_theme
from cut_text import cut_texts
from journey import plain_text
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_gui_reasons import brannoc_first

from companion.gui.main_window import MainWindow
from companion.gui.testing import click, demo_window, forget_changes, settle
from companion.rules.verdict import Verdict


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = demo_window(qtbot, tmp_path, [])
        w.resize(1280, 720)
        yield w
        forget_changes(w)


@pytest.mark.parametrize(
    ("target", "count"),
    [((0, 3), 4), ((0, 15), 8), ((38, 3), 13)],
    ids=["4 reasons", "8 reasons", "13 reasons"],
)
def test_every_reason_of_a_refused_move_shows_whole_and_the_bar_gives_its_height_back(
    qtbot: object, window: MainWindow, tmp_path: Path, target: tuple[int, int], count: int
) -> None:
    w = window
    brannoc_first(w, tmp_path)
    refused: list[Verdict] = []
    w.play.confirm_force = refused.append  # type: ignore[assignment,method-assign]
    settle(qtbot, w.canvas)  # type: ignore[arg-type]
    dock_before = w.action_dock.height()
    qtbot.mouseClick(w.action_dock.buttons["Move"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    click(qtbot, w.canvas, target)  # type: ignore[arg-type]
    settle(qtbot, w.canvas)  # type: ignore[arg-type]
    assert len(refused) == 1
    reasons = [r.message for r in refused[0].reasons]
    assert len(reasons) == count
    shown = plain_text(w.action_dock.hint)
    assert shown.startswith("Not allowed")
    missing = [r for r in reasons if r not in shown]
    assert not missing, missing
    assert cut_texts(w) == []
    assert (w.width(), w.height()) == (1280, 720), "the action bar pushed the window out"
    assert w.canvas.height() >= 0.6 * w.height(), "the action bar took the map's room"
    # The refusal dropped (Esc): the bar is as low as before, the map as tall.
    qtbot.keyClick(w.canvas.viewport(), Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    settle(qtbot, w.canvas)  # type: ignore[arg-type]
    assert "Not allowed" not in plain_text(w.action_dock.hint)
    assert w.action_dock.height() <= dock_before, (w.action_dock.height(), dock_before)
    assert w.canvas.height() >= 0.6 * w.height()
    assert cut_texts(w) == []
