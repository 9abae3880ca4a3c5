"""Rules → Tables… for a ruleset from outside ``companion/``: Brick Duel's places, filled
in through the window while a duel is open (no map at all), saved, and on the board of the
next duel."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from journey import SIZES, Hands, accept_new_game
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableView
from test_gui_user_tables import button, cell, open_tables, type_in_cell

from companion import userdirs
from companion.gui.tables.model import ERROR_COLOUR, UserTableModel
from companion.rules.ruleset import available_rulesets, get_ruleset
from companion.rules.user_tables import table_specs, user_file


def test_the_duels_places_filled_in_through_the_window(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    assert "duel" in available_rulesets(), "pip install -e tests/thirdparty/brick_duel"
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    h = Hands(qtbot, tmp_path, monkeypatch, request, SIZES[0])
    w = h.w
    h.save_answer = tmp_path / "first.game.jsonl"
    with h.dialogs(accept_new_game([])):
        h.trigger("Game", "New game without a map", "Brick Duel")
    assert w.mode == "play" and "moat" not in w.board_views.graph.place_items

    with h.driving():  # the tables dialog is window-modal: the test drives it
        dialog = open_tables(qtbot, w)
        view = dialog.findChild(QTableView, "table_places")
        assert view is not None
        model = view.model()
        assert isinstance(model, UserTableModel)
        bundled = model.rowCount()
        assert bundled == 6 and model.data(cell(model, 0, "source")).startswith("bundled #1")
        QTest.mouseClick(button(dialog, "addRow"), Qt.MouseButton.LeftButton)
        row = bundled
        type_in_cell(qtbot, view, cell(model, row, "id"), "moat")
        type_in_cell(qtbot, view, cell(model, row, "label"), "Moat")
        # A link to no place: the duel's own check, shown on the cell; Save refused.
        type_in_cell(qtbot, view, cell(model, row, "links"), '["nowhere"]')
        links = cell(model, row, "links")
        assert model.data(links, Qt.ItemDataRole.BackgroundRole) == ERROR_COLOUR
        assert "'nowhere' is not a place" in model.data(links, Qt.ItemDataRole.ToolTipRole)
        spec = next(s for s in table_specs(get_ruleset("duel")) if s.id == "places")
        path = user_file(spec, "duel")
        QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
        assert not path.exists()
        type_in_cell(qtbot, view, links, '["well"]')
        assert model.data(links, Qt.ItemDataRole.BackgroundRole) != ERROR_COLOUR
        QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
        written = tomllib.loads(path.read_text("utf-8"))
        assert written["places"] == [{"id": "moat", "label": "Moat", "links": ["well"]}]
        dialog.close()

    # The next duel is played on the board with the user's place.
    h.trigger("Game", "Close game")
    h.save_answer = tmp_path / "second.game.jsonl"
    with h.dialogs(accept_new_game([])):
        h.trigger("Game", "New game without a map", "Brick Duel")
    assert "moat" in w.board_views.graph.place_items


def test_another_rulesets_tables_with_nothing_of_it_open(qtbot: Any, tmp_path: Path) -> None:
    """Rules → Tables of another ruleset → Brick Duel…, while a BrickQuest map is open."""
    from PySide6.QtWidgets import QMenu

    from companion.gui.testing import make_settings, make_window

    w = make_window(qtbot, make_settings(tmp_path))
    assert w.session.ruleset_id == "brickquest"
    rules = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Rules")
    assert isinstance(rules, QMenu)
    others = rules.findChild(QMenu, "otherTablesMenu")
    assert others is not None
    others.aboutToShow.emit()
    titles = [a.text() for a in others.actions()]
    assert "Brick Duel…" in titles and not any("BrickQuest" in t for t in titles)
    next(a for a in others.actions() if a.text() == "Brick Duel…").trigger()
    dialog = w.rules_menu.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowTitle() == "Brick Duel: your tables"
    assert dialog.findChild(QTableView, "table_places") is not None
    dialog.close()
    w.session.undo_stack.setClean()
