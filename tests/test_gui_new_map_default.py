"""File → New map… starts on the open map's ruleset (it always offered BrickQuest)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialog

from companion.gui.main_window import MainWindow
from companion.gui.testing import make_settings, make_window


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path), [])
    yield w
    w.session.undo_stack.setClean()


@pytest.mark.parametrize(
    ("demo", "ruleset"), [(0, "brickquest"), (1, "in_a_world_where_bricks_rule"), (2, "heroica")]
)
def test_file_new_offers_the_open_maps_ruleset(window: MainWindow, demo: int, ruleset: str) -> None:
    w = window
    w.actions_.demo_menu.actions()[demo].trigger()
    assert w.session.ruleset.id == ruleset
    seen: list[str] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        combo = dialog.findChild(QComboBox, "rulesetCombo")
        seen.append(str(combo.currentData()) if combo is not None else "")
        dialog.reject()

    QTimer.singleShot(0, look)
    w.actions_.new.trigger()
    assert seen == [ruleset]
    assert w.session.ruleset.id == ruleset  # cancelled: the open map stays
