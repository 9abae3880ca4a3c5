"""A table bundled as a template (``TableSpec.missing``): Rules → Tables… names the entries
still empty; a new game its ruleset refuses for one says so and offers "Fill in the
tables…", which opens them; once the entry is filled and saved the game starts.

The duel stands in for such a ruleset: its places table "needs" a Moat the bundled rows
lack, and its set-up refuses a game without one, naming it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from brick_duel import plugin as duel_plugin
from brick_duel.plugin import DuelRules
from journey import NO_MOD, SIZES, Hands, accept_new_game, on_its_screen
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QWidget
from test_gui_user_tables import button, cell, type_in_cell

from companion import userdirs
from companion.gui.tables.dialog import TablesDialog, missing_text
from companion.rules.user_tables import TableSpec, load_table, missing_entries


def needs_moat(rows: Sequence[Any]) -> list[str]:
    return [] if any(r.id == "moat" for r in rows) else ["moat.label"]


PLACES = dataclasses.replace(duel_plugin.PLACES, missing=needs_moat)


def user_tables(self: DuelRules) -> Sequence[TableSpec[Any]]:
    return (PLACES,)


def game_setup(
    self: DuelRules, doc: Any, party: Any, options: Mapping[str, Any], choices: Any
) -> Any:
    left = missing_entries(load_table(PLACES, "duel"))
    if left:
        raise ValueError(f"the places table leaves {', '.join(left)} empty: fill it in")
    return ORIGINAL_SETUP(self, doc, party, options, choices)


ORIGINAL_SETUP = DuelRules.game_setup


def test_missing_text_names_them_all_or_counts_the_rest() -> None:
    assert missing_text([]) == ""
    assert missing_text(["a.x"]) == "Still to fill in before a game needs them (1): a.x."
    many = missing_text([f"e{i}" for i in range(15)])
    assert many.endswith("e11 and 3 more.") and "(15)" in many


def test_a_refused_game_opens_the_tables_and_starts_once_filled(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    size = SIZES[0]
    if not on_its_screen(request, size, tmp_path):
        return
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setattr(DuelRules, "user_tables", user_tables)
    monkeypatch.setattr(DuelRules, "game_setup", game_setup)
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    seen: dict[str, Any] = {}

    def refused(box: QWidget) -> None:
        assert isinstance(box, QMessageBox) and box.objectName() == "gameRefused"
        seen["text"] = box.text()
        seen["more"] = box.informativeText()
        fill = box.findChild(QPushButton, "fillTables")
        assert fill is not None
        QTest.mouseClick(fill, Qt.MouseButton.LeftButton, NO_MOD, fill.rect().center())

    h.save_answer = tmp_path / "refused.game.jsonl"
    with h.dialogs(accept_new_game([]), refused):
        h.trigger("Game", "New game without a map", "Brick Duel")
    assert w.play.game is None
    # The ruleset's refusal names the entry; the box adds the tables' pages, once each.
    assert "moat.label" in seen["text"]
    assert seen["more"] == "Rules → Tables… pages to fill in: Places (1 to fill).", seen
    dialog = w.rules_menu.dialog
    assert isinstance(dialog, TablesDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)
    missing = dialog.page().missing
    assert missing.isVisible() and "moat.label" in missing.text()
    assert dialog.list.item(0).text() == "Places (1 to fill)"
    # Filled in through the cells, then saved: the list and the page say nothing is left.
    view = dialog.page().view
    model = dialog.model()
    QTest.mouseClick(button(dialog, "addRow"), Qt.MouseButton.LeftButton)
    row = model.rowCount() - 1
    type_in_cell(qtbot, view, cell(model, row, "id"), "moat")
    type_in_cell(qtbot, view, cell(model, row, "label"), "Moat")
    type_in_cell(qtbot, view, cell(model, row, "links"), '["well"]')
    assert not dialog.page().missing.isVisible() and dialog.list.item(0).text() == "Places"
    QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
    assert isinstance(dialog.findChild(QLabel, "tableStatus"), QLabel)
    QTest.mouseClick(button(dialog, "closeButton"), Qt.MouseButton.LeftButton)
    h.settle()
    # The same game now starts, the moat on its board.
    h.save_answer = tmp_path / "started.game.jsonl"
    with h.dialogs(accept_new_game([])):
        h.trigger("Game", "New game without a map", "Brick Duel")
    assert w.play.game is not None and "moat" in w.board_views.graph.place_items
