"""The party in the main window: the dock, the Party menu, shared undo, the party view."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_theme import app_theme
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox
from screens import LAPTOP, cut_labels, laptop_platform, on_screen, run_test, x11_missing

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


def test_a_broken_party_file_keeps_the_party(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    window.party_dock.model.undo_stack.setClean()  # or the window outlives the test


# ----------------------------------------------------------- Ctrl+E in a text field

CTRL_E = QKeySequence("Ctrl+E")


def platform_binds_ctrl_e() -> bool:
    """Whether text fields take Ctrl+E for "end of line" here (X11's key bindings do)."""
    return CTRL_E in QKeySequence.keyBindings(QKeySequence.StandardKey.MoveToEndOfLine)


class ClaimsCtrlE(QObject):
    """Makes a text field claim Ctrl+E as a QLineEdit does under X11's key bindings
    (accepting the ShortcutOverride), for platforms whose bindings lack it (offscreen)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and QKeySequence(event.keyCombination()) == CTRL_E
        ):
            event.accept()
        return False


@pytest.mark.parametrize("field", ["name_edit", "player_edit", "hp_spin"])
def test_ctrl_e_exports_while_a_sheet_text_field_has_focus(
    window: MainWindow, qtbot: object, monkeypatch: pytest.MonkeyPatch, field: str
) -> None:
    exports: list[object] = []
    monkeypatch.setattr(
        "companion.gui.rulesets.brickquest.party_dock.export_sheets_interactive",
        lambda *a: exports.append(a),
    )
    widget = getattr(window.party_dock.panel, field)
    claim = ClaimsCtrlE(widget)
    if os.environ.get("BRICK_COMPANION_X11_KEYS"):
        assert platform_binds_ctrl_e()  # the real thing: no stand-in needed
    elif not platform_binds_ctrl_e():
        widget.installEventFilter(claim)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # type: ignore[attr-defined]
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)  # type: ignore[attr-defined]
    qtbot.keyClick(widget, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)  # type: ignore[attr-defined]
    assert len(exports) == 1
    qtbot.keyClick(widget, Qt.Key.Key_X)  # type: ignore[attr-defined]
    assert len(exports) == 1  # other keys still reach the field


def test_ctrl_e_exports_under_x11_key_bindings() -> None:
    """The test above on a real X11 server (Xvfb), whose bindings give Ctrl+E to fields."""
    reason = x11_missing()
    if reason:
        pytest.skip(reason)
    node = "tests/test_gui_party.py::test_ctrl_e_exports_while_a_sheet_text_field_has_focus"
    run_test(f"{node}[name_edit]", "xcb", xvfb=True, env={"BRICK_COMPANION_X11_KEYS": "1"})


# ------------------------------------------------------------------ a small screen


def test_party_view_fits_a_1280x720_screen(window: MainWindow, qtbot: object) -> None:
    if not on_screen(*LAPTOP):
        pytest.skip("needs a 1280x720 screen: test_on_a_1280x720_screen runs it on one")
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        view = window.party_actions.show_view()
        qtbot.addWidget(view)  # type: ignore[attr-defined]
        qtbot.waitExposed(view)  # type: ignore[attr-defined]
        qtbot.wait(20)  # type: ignore[attr-defined]
        free = view.screen().availableGeometry()
        assert free.contains(view.frameGeometry()), (view.frameGeometry(), free)
        assert view.frameGeometry().height() <= 720
        assert not view.verticalScrollBar().isVisible()
        labels = [c.name_label for c in view.cards()] + [c.info_label for c in view.cards()]
        assert cut_labels(labels + [c.points_label for c in view.cards()]) == []
        assert min(card.sheet.height() for card in view.cards()) >= 150


def test_on_a_1280x720_screen(tmp_path: Path) -> None:
    run_test(
        "tests/test_gui_party.py::test_party_view_fits_a_1280x720_screen",
        laptop_platform(tmp_path),
    )
