"""Keyboard shortcuts: none clash (Qt silently ignores an ambiguous one), and pressing
the keys really drives the window."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from companion.gui.main_window import MainWindow
from companion.gui.testing import drag, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.model.mapfile import new_document

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path))
    w.set_document(new_document(16, 12, name="Keys"), None)
    w.activateWindow()
    w.canvas.setFocus()
    yield w
    w.session.undo_stack.setClean()


def _press(
    qtbot: object,
    window: MainWindow,
    key: Qt.Key,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    target = QApplication.focusWidget() or window.canvas
    qtbot.keyClick(target, key, modifier)  # type: ignore[attr-defined]


def test_no_two_actions_share_a_shortcut(window: MainWindow) -> None:
    owners: dict[str, list[str]] = defaultdict(list)
    for action in window.findChildren(QAction):
        for seq in action.shortcuts():
            if not seq.isEmpty():
                text = seq.toString(QKeySequence.SequenceFormat.PortableText)
                owners[text].append(action.text().replace("&", ""))
    clashes = {k: v for k, v in owners.items() if len(v) > 1}
    assert owners, "the window has shortcuts"
    assert clashes == {}


def test_tool_keys_pick_the_tools(qtbot: object, window: MainWindow) -> None:
    for name, tool in window.tools.items():
        if not tool.shortcut or window.mode not in tool.modes:
            continue
        key = QKeySequence(tool.shortcut)[0].key()
        _press(qtbot, window, key)
        assert window.actions_.tools[name].isChecked(), name


def test_ctrl_z_and_ctrl_y_undo_and_redo_a_brush_stroke(qtbot: object, window: MainWindow) -> None:
    window.set_tool("terrain")
    window.tools["terrain"].set_terrain(Terrain.WATER)  # type: ignore[attr-defined]
    drag(qtbot, window.canvas, [(2, 2), (4, 2)])
    terrain = window.session.doc.dungeon.terrain
    assert terrain[2, 3] == Terrain.WATER
    window.canvas.setFocus()
    _press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.session.doc.dungeon.terrain[2, 3] == Terrain.FLOOR
    _press(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert window.session.doc.dungeon.terrain[2, 3] == Terrain.WATER


def test_mode_keys_switch_between_edit_and_play(qtbot: object, window: MainWindow) -> None:
    _press(qtbot, window, Qt.Key.Key_P)
    assert window.mode == "play" and window.actions_.play_mode.isChecked()
    _press(qtbot, window, Qt.Key.Key_E)
    assert window.mode == "edit" and window.actions_.edit_mode.isChecked()


def test_n_toggles_the_height_numbers(qtbot: object, window: MainWindow) -> None:
    before = window.actions_.heights.isChecked()
    _press(qtbot, window, Qt.Key.Key_N)
    assert window.actions_.heights.isChecked() is not before
