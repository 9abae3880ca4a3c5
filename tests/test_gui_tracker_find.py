"""A click on a row of the tracker brings that figure into view on the map, whether or
not the rules let the player pick it to act (where is Mira?)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_gui_demo_layout import start_demo

from companion.gui.testing import make_settings, make_window


def test_a_click_on_a_tracker_row_brings_the_figure_into_view(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    start_demo(qtbot, w, 0, tmp_path, monkeypatch)
    order = w.tracker_dock.order
    figures = w.play.figures()
    acting = w.play.turn().acting  # type: ignore[union-attr]
    w.canvas.centre_on((0, 0), 48.0)  # zoomed in on the top-left corner
    qtbot.wait(20)

    def in_view(fid: str) -> bool:
        at = figures[fid].at
        return at is not None and w.canvas.vb.viewRect().contains(at[0] + 0.5, at[1] + 0.5)

    rows = {str(order.item(i).data(Qt.ItemDataRole.UserRole)): i for i in range(order.count())}
    away = next(f for f in rows if f != acting and figures[f].at is not None and not in_view(f))
    item = order.item(rows[away])
    order.scrollToItem(item)
    QTest.mouseClick(
        order.viewport(), Qt.MouseButton.LeftButton, pos=order.visualItemRect(item).center()
    )
    qtbot.wait(20)
    assert in_view(away)
    assert w.play.turn().acting == acting  # type: ignore[union-attr]  # who acts: unchanged
    w.session.undo_stack.setClean()
