"""Rules → Tables…, driven as a person does: the menu, keys in the table's cells, the
buttons, Ctrl+Z / Ctrl+Y; a homebrew monster saved there is placed by the Figures tool
and played in a new game."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableView,
    QWidget,
)

from companion import userdirs
from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.tables.dialog import TablesDialog
from companion.gui.tables.model import ERROR_COLOUR, UserTableModel
from companion.gui.testing import click, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.rules.user_tables import user_file
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.user_tables import monsters_table

FIELDS = [
    ("id", "hydra"),
    ("name", "Hydra"),
    ("defense_dice", "2"),
    ("initiative", "5"),
    ("hit_points", "14"),
    ("attack", "{ melee_dice = 3 }"),
]


@pytest.fixture
def window(qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    if w.rules_menu.dialog is not None:
        w.rules_menu.dialog.models.clear()  # nothing to ask about on the way out
        w.rules_menu.dialog.close()
    w.session.undo_stack.setClean()


def open_tables(qtbot: object, w: MainWindow) -> TablesDialog:
    """Rules → Tables…, through the menu bar's Rules menu."""
    menu = next(a.menu() for a in w.menuBar().actions() if a.text() == "&Rules")
    assert isinstance(menu, QMenu)
    menu.aboutToShow.emit()
    (action,) = [a for a in menu.actions() if a.text() == "&Tables…"]
    assert action.isEnabled()
    action.trigger()
    dialog = w.rules_menu.dialog
    assert isinstance(dialog, TablesDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)  # type: ignore[attr-defined]
    activate(qtbot, dialog)
    return dialog


def view_of(dialog: TablesDialog) -> tuple[QTableView, UserTableModel]:
    view = dialog.findChild(QTableView, "table_monsters")
    assert view is not None
    model = view.model()
    assert isinstance(model, UserTableModel)
    return view, model


def cell(model: UserTableModel, row: int, column: str) -> QModelIndex:
    return model.index(row, model.columns.index(column))


def type_in_cell(qtbot: object, view: QTableView, index: QModelIndex, text: str) -> None:
    """Pick the cell, open its editor with F2, replace the text, press Enter."""
    activate(qtbot, view)
    view.setFocus()
    view.setCurrentIndex(index)
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit), editor
    QTest.keySequence(editor, "Ctrl+A")
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)  # type: ignore[attr-defined]


def activate(qtbot: object, widget: QWidget) -> None:
    """Make the widget's window the active one, as a person's click on it does."""
    window = widget.window()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # type: ignore[attr-defined]


def button(dialog: TablesDialog, name: str) -> QPushButton:
    b = dialog.findChild(QPushButton, name)
    assert b is not None and b.isVisible()
    return b


def free_floor_square(w: MainWindow) -> tuple[int, int]:
    """A floor square next to a monster of the map's, with nobody on it."""
    doc = w.session.doc
    monster = next(f for f in doc.figures if f.side == "dungeon")
    x0, y0 = monster.at
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (2, 0), (-2, 0)):
        x, y = x0 + dx, y0 + dy
        if doc.dungeon.terrain[y, x] == Terrain.FLOOR and doc.figure_at(x, y) is None:
            return (x, y)
    raise AssertionError("no free floor square")


def test_a_homebrew_monster_made_in_the_table_editor_is_placed_and_played(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    w.actions_.demo_menu.actions()[0].trigger()  # The Sunken Forge (BrickQuest)
    dialog = open_tables(qtbot, w)
    view, model = view_of(dialog)
    bundled = model.rowCount()
    assert bundled == len(model.bundled_rows) == len(default_catalog().monsters)
    # Bundled rows: read-only, marked by their source.
    goblin = next(i for i, r in enumerate(model.bundled_rows) if r.entry["id"] == "goblin")
    assert not (model.flags(cell(model, goblin, "name")) & Qt.ItemFlag.ItemIsEditable)
    assert model.data(cell(model, goblin, "source")).startswith("bundled #")
    tip = model.data(cell(model, goblin, "source"), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Bundled, read-only: resources/rulesets/brickquest/monsters.toml")

    about = dialog.findChild(QLabel, "tableAbout")
    path = user_file(monsters_table(), "brickquest")
    assert about.text().endswith(f"Your rows: {path} (not written yet)")
    # A new row: its missing fields are problems on their cells and in the status line.
    QTest.mouseClick(button(dialog, "addRow"), Qt.MouseButton.LeftButton)
    row = bundled
    assert model.rowCount() == bundled + 1
    assert model.data(cell(model, row, "source")) == "yours (new, unsaved)"
    assert model.data(cell(model, row, "name"), Qt.ItemDataRole.BackgroundRole) == ERROR_COLOUR
    tip = model.data(cell(model, row, "name"), Qt.ItemDataRole.ToolTipRole)
    assert tip == "name: Field required"
    assert "Save is refused" in dialog.status.text()

    for name, text in FIELDS:
        type_in_cell(qtbot, view, cell(model, row, name), text)
    assert model.user_rows[0].entry["attack"] == {"melee_dice": 3}
    # A wrong value: shown on its cell (colour, tooltip) and in the status line.
    type_in_cell(qtbot, view, cell(model, row, "move"), "fast")
    move = cell(model, row, "move")
    assert model.data(move, Qt.ItemDataRole.BackgroundRole) == ERROR_COLOUR
    problem = "move: Input should be a valid integer, unable to parse string as an integer"
    assert model.data(move, Qt.ItemDataRole.ToolTipRole) == problem
    assert f"entry 1 'hydra': {problem}" in dialog.status.text()
    # Save is refused while a cell is wrong: nothing is written.
    path = user_file(monsters_table(), "brickquest")
    QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
    assert not path.exists()
    assert dialog.status.text().startswith("Not saved: Monsters: entry 1 'hydra'")

    # Undo by key puts the cell back; redo by key does it again; undo once more.
    activate(qtbot, view)
    view.setFocus()
    QTest.keySequence(view, "Ctrl+Z")
    assert "move" not in model.user_rows[0].entry
    assert model.data(move, Qt.ItemDataRole.ToolTipRole) == "move: Field required"
    QTest.keySequence(view, "Ctrl+Y")
    assert model.user_rows[0].entry["move"] == "fast"
    QTest.keySequence(view, "Ctrl+Z")
    type_in_cell(qtbot, view, move, "4")
    assert model.data(move, Qt.ItemDataRole.BackgroundRole) != ERROR_COLOUR
    assert dialog.status.text() == "Unsaved changes. 1 row(s) of yours, every one sound."

    QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
    written = tomllib.loads(path.read_text("utf-8"))
    assert written["format_version"] == 1
    assert written["monsters"] == [
        {
            "id": "hydra",
            "name": "Hydra",
            "defense_dice": 2,
            "initiative": 5,
            "hit_points": 14,
            "attack": {"melee_dice": 3},
            "move": 4,
        }
    ]
    assert dialog.status.text().startswith("Saved: monsters.")
    assert about.text().endswith(f"Your rows: {path}")
    assert model.data(cell(model, row, "source")) == "yours #1, line 7"
    QTest.mouseClick(button(dialog, "closeButton"), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()

    # Reopened: the row is read back from the file, editable, with its source.
    dialog = open_tables(qtbot, w)
    view, model = view_of(dialog)
    assert [r.entry["id"] for r in model.user_rows] == ["hydra"]
    assert model.flags(cell(model, row, "name")) & Qt.ItemFlag.ItemIsEditable
    assert dialog.status.text() == "1 row(s) of yours, every one sound."
    QTest.mouseClick(button(dialog, "closeButton"), Qt.MouseButton.LeftButton)

    # The Figures tool offers it; a click places it.
    w.actions_.tools["figure"].trigger()
    side = w.tool_dock.findChild(QComboBox, "figure_side")
    side.setCurrentIndex(side.findText("Dungeon (monsters)"))
    kind = w.tool_dock.findChild(QComboBox, "figure_kind")
    assert kind.findText("Hydra") >= 0
    kind.setCurrentIndex(kind.findText("Hydra"))
    square = free_floor_square(w)
    click(qtbot, w.canvas, square)
    placed = w.session.doc.figure_at(*square)
    assert placed is not None and placed.monster == "hydra" and placed.name == "Hydra"

    # And a new game plays it with its card's numbers.
    assert w.start_game(tmp_path / "hydra.game.jsonl", GameSpec(dice="app", seed=1))
    views = w.play.figures()
    assert views[placed.id].max_hp == 14 and views[placed.id].kind == "Hydra"
    assert w.errors == []  # type: ignore[attr-defined]


def test_a_broken_file_of_the_user_is_shown_and_never_overwritten(
    qtbot: object, window: MainWindow
) -> None:
    path = user_file(monsters_table(), "brickquest")
    path.parent.mkdir(parents=True)
    text = 'format_version = 1\n[[monsters]\nid = "imp"\n'
    path.write_text(text, "utf-8")
    dialog = open_tables(qtbot, window)
    _view, model = view_of(dialog)
    assert not model.readable
    assert "cannot be read as a table" in dialog.status.text()
    assert f"{path}: invalid TOML" in dialog.status.text()
    assert not button(dialog, "addRow").isEnabled()
    QTest.keySequence(dialog, "Ctrl+S")
    assert path.read_text("utf-8") == text


def test_bad_rows_of_the_user_stay_in_the_editor_marked_on_their_cells(
    qtbot: object, window: MainWindow
) -> None:
    path = user_file(monsters_table(), "brickquest")
    path.parent.mkdir(parents=True)
    path.write_text(
        'format_version = 1\n\n[[monsters]]\nid = "imp"\nname = "Imp"\nmove = 5\n'
        "defense_dice = 1\ninitiative = 9\nhit_points = -2\nattack = { melee_dice = 1 }\n",
        "utf-8",
    )
    dialog = open_tables(qtbot, window)
    _view, model = view_of(dialog)
    row = len(model.bundled_rows)
    assert model.user_rows[0].entry["id"] == "imp"  # kept, not dropped
    hp = cell(model, row, "hit_points")
    assert model.data(hp, Qt.ItemDataRole.BackgroundRole) == QColor(ERROR_COLOUR)
    assert model.data(hp, Qt.ItemDataRole.ToolTipRole).startswith("hit_points: Input should be")
    assert "entry 1 'imp' (line 3): hit_points" in dialog.status.text()
    # Removing the row (a person's fix) through the button, then undo by key brings it back.
    _view.setCurrentIndex(hp)
    QTest.mouseClick(button(dialog, "removeRow"), Qt.MouseButton.LeftButton)
    assert model.user_rows == [] and "every one sound" in dialog.status.text()
    activate(qtbot, _view)
    _view.setFocus()
    QTest.keySequence(_view, "Ctrl+Z")
    assert [r.entry["id"] for r in model.user_rows] == ["imp"]


def test_opening_a_map_says_when_the_users_tables_are_left_out(
    qtbot: object, window: MainWindow
) -> None:
    path = user_file(monsters_table(), "brickquest")
    path.parent.mkdir(parents=True)
    path.write_text('format_version = 1\n\n[[monsters]]\nid = "imp"\nmove = 5\n', "utf-8")
    window.actions_.demo_menu.actions()[0].trigger()  # a BrickQuest map
    (error,) = window.errors  # type: ignore[attr-defined]
    assert error.startswith("Your tables have problems: Your rows of these tables are not in")
    assert f"{path}: entry 1 'imp' (line 3): name: Field required" in error
    window.actions_.demo_menu.actions()[0].trigger()  # the same files: said once
    assert len(window.errors) == 1  # type: ignore[attr-defined]
    assert "imp" not in dict(window.session.ruleset.figure_kinds("monster"))


def test_a_bundled_card_copied_and_changed_replaces_it_in_play(
    qtbot: object, window: MainWindow
) -> None:
    dialog = open_tables(qtbot, window)
    view, model = view_of(dialog)
    goblin = next(i for i, r in enumerate(model.bundled_rows) if r.entry["id"] == "goblin")
    view.setCurrentIndex(cell(model, goblin, "name"))
    QTest.mouseClick(button(dialog, "copyRow"), Qt.MouseButton.LeftButton)
    row = len(model.bundled_rows)
    assert model.data(cell(model, row, "id")) == "goblin"  # a house-rule card, same id
    assert model.data(cell(model, goblin, "source")).endswith(", replaced by yours")
    font = model.data(cell(model, goblin, "name"), Qt.ItemDataRole.FontRole)
    assert font is not None and font.strikeOut()
    type_in_cell(qtbot, view, cell(model, row, "hit_points"), "9")
    QTest.keySequence(dialog, "Ctrl+S")
    assert dialog.status.text().startswith("Saved: monsters.")
    assert window.session.ruleset.catalog.monsters["goblin"].hit_points == 9
    assert default_catalog().monsters["goblin"].hit_points == 6
    # Undo by key, then save: the bundled card is back in play.
    activate(qtbot, view)
    view.setFocus()
    QTest.keySequence(view, "Ctrl+Z")
    QTest.keySequence(view, "Ctrl+Z")
    assert model.user_rows == []
    QTest.mouseClick(button(dialog, "saveButton"), Qt.MouseButton.LeftButton)
    assert window.session.ruleset.catalog.monsters["goblin"].hit_points == 6
