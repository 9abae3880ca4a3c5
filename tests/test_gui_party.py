"""The party in the main window: the dock, the Party menu, shared undo, the party view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from companion.gui.main_window import MainWindow
from companion.gui.testing import DEMO_PARTY, make_settings, make_window


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path))
    assert w.party_dock.open_path(DEMO_PARTY)
    yield w
    w.party_dock.model.undo_stack.setClean()


def test_the_demo_party_fills_the_dock(window: MainWindow) -> None:
    dock = window.party_dock
    assert dock.chooser.count() == 6
    assert dock.chooser.itemText(0) == "Brannoc — Human Warrior"
    assert dock.panel.character_id == dock.current_id()
    dock.chooser.setCurrentIndex(2)
    assert dock.panel.character_id == dock.model.characters()[2].id


def test_damage_is_undone_by_the_main_window_undo(window: MainWindow) -> None:
    dock = window.party_dock
    cid = dock.current_id()
    assert cid is not None
    dock.model.damage(cid, 3)
    assert dock.model.character(cid).hit_points == 9
    assert window.actions_.undo.isEnabled()
    window.actions_.undo.trigger()
    assert dock.model.character(cid).hit_points == 12
    window.actions_.redo.trigger()
    assert dock.model.character(cid).hit_points == 9


def test_party_save_is_atomic_and_reloads(window: MainWindow, tmp_path: Path) -> None:
    dock = window.party_dock
    cid = dock.current_id()
    assert cid is not None
    dock.model.damage(cid, 2)
    target = tmp_path / "table.party.json"
    assert dock.save_to(target)
    assert dock.model.undo_stack.isClean()
    assert not list(tmp_path.glob(".table.party.json.*"))  # no temp file left behind
    dock.model.damage(cid, 5)
    assert dock.open_path(target)
    assert dock.model.character(cid).hit_points == 10


def test_a_broken_party_file_keeps_the_party(window: MainWindow, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    bad = tmp_path / "bad.party.json"
    bad.write_text('{"format": "brick-companion-party", "version": 1, "characters": [{}]}')
    before = window.party_dock.model.characters()
    assert not window.party_dock.open_path(bad)
    assert window.party_dock.model.characters() == before
    assert shown and "bad.party.json" in shown[0]


def test_party_view_shows_every_sheet(window: MainWindow, qtbot: object) -> None:
    view = window.party_actions.show_view()
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    assert len(view.cards()) == 6
    assert window.party_actions.view.shortcut().toString() == "Ctrl+Shift+P"
    assert window.party_actions.export.shortcut().toString() == "Ctrl+E"


def test_closing_asks_about_an_unsaved_party(window: MainWindow) -> None:
    asked: list[bool] = []

    def ask() -> QMessageBox.StandardButton:
        asked.append(True)
        return QMessageBox.StandardButton.Cancel

    window.party_actions.ask_save_changes = ask  # type: ignore[method-assign]
    cid = window.party_dock.current_id()
    assert cid is not None
    window.party_dock.model.damage(cid, 1)
    assert not window.close()
    assert asked == [True]
