"""The Heroica board panel: shown while editing a Heroica map, it adds, renames and removes
locations, assigns the selected rectangle's spaces, places features, items and the start
with a click, sets caskets' tokens and generators' bosses; every edit one undo step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from heroica_boards import heroica_doc
from PySide6.QtCore import QPoint, Qt

from companion.gui.dialogs.new_map import NewMapDialog
from companion.gui.main_window import MainWindow
from companion.gui.rulesets import BoardGui, PartyGui, ruleset_gui
from companion.gui.rulesets.heroica.board_dock import HeroicaBoardEditor
from companion.gui.rulesets.heroica.board_tool import BoardPaletteTool, across_nearest_edge
from companion.gui.rulesets.heroica.plugin import HeroicaGui
from companion.gui.testing import click, make_settings, make_window
from companion.model import edits
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, new_document
from companion.rules.maps import load_map_file


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> MainWindow:
    w = make_window(qtbot, make_settings(tmp_path))
    doc = heroica_doc({})
    doc.figures = [
        FigurePlacement(id="kai", class_id="knight", at=(1, 1)),
        FigurePlacement(id="king", side="dungeon", monster="goblin_king", at=(8, 1)),
        FigurePlacement(id="gob", side="dungeon", monster="goblin_warrior", at=(8, 2)),
    ]
    w.set_document(doc, None)
    return w


def editor_of(w: MainWindow) -> HeroicaBoardEditor:
    editor = w.board_editors.editors["heroica"]
    assert isinstance(editor, HeroicaBoardEditor)
    return editor


def board(w: MainWindow) -> dict[str, Any]:
    assert w.session.doc.board is not None
    return w.session.doc.board


def messages(w: MainWindow) -> list[str]:
    seen: list[str] = []
    w.ctx.message.connect(seen.append)
    return seen


def test_heroica_registers_a_board_editor_and_no_party() -> None:
    gui = ruleset_gui("heroica")
    assert isinstance(gui, HeroicaGui) and isinstance(gui, BoardGui)
    assert not isinstance(gui, PartyGui)
    assert isinstance(ruleset_gui("brickquest"), PartyGui)


def test_the_panel_shows_while_editing_a_heroica_map_only(window: MainWindow) -> None:
    dock = editor_of(window).dock
    assert dock.isVisible() and editor_of(window).active
    window.set_mode("play")
    assert not dock.isVisible()
    window.set_mode("edit")
    assert dock.isVisible()
    window.set_document(new_document(8, 6), None)  # a BrickQuest map
    assert not dock.isVisible() and not editor_of(window).active
    assert window.board_editors.editors.get("brickquest") is None


def test_locations_are_added_renamed_given_a_realm_and_removed(window: MainWindow) -> None:
    editor = editor_of(window)
    stack = window.session.undo_stack
    assert editor.add_location()
    (loc,) = board(window)["locations"]
    assert (loc["id"], loc["name"], loc["realm"]) == ("location_1", "Location 1", "draida_bay")
    assert window.isWindowModified()
    editor.tree.topLevelItem(0).setText(0, "The Docks")
    assert board(window)["locations"][0]["name"] == "The Docks"
    editor.realm.setCurrentIndex(editor.realm.findData("castle_fortaan"))
    assert board(window)["locations"][0]["realm"] == "castle_fortaan"
    assert editor.tree.topLevelItem(0).text(1) == "Castle Fortaan"
    editor.boss_location.setChecked(True)
    assert board(window)["locations"][0]["boss"] is True
    assert stack.count() == 4
    stack.undo()
    stack.undo()
    assert board(window)["locations"][0]["realm"] == "draida_bay"
    assert editor.realm.currentData() == "draida_bay"
    editor.remove_button.click()
    assert board(window)["locations"] == []
    stack.undo()
    assert editor.tree.topLevelItemCount() == 1


def test_the_selected_rectangle_s_spaces_go_into_the_location(window: MainWindow) -> None:
    editor = editor_of(window)
    seen = messages(window)
    editor.add_location()
    editor.assign_button.click()
    assert seen[-1] == "Select squares with the Select tool (S) first"
    window.set_tool("select")
    window.tools["select"].selection = ((0, 0), (3, 2))  # type: ignore[attr-defined]
    editor.assign_button.click()
    # Only the spaces (floor squares) of the rectangle: row 0 and column 0 are void.
    assert board(window)["locations"][0]["rects"] == [[1, 1, 3, 2]]
    assert editor.tree.topLevelItem(0).text(2) == "6"
    window.tools["select"].selection = ((2, 1), (2, 2))  # type: ignore[attr-defined]
    editor.take_out_button.click()
    assert board(window)["locations"][0]["rects"] == [[1, 1, 1, 2], [3, 1, 1, 2]]
    window.tools["select"].selection = ((0, 5), (9, 5))  # type: ignore[attr-defined]
    editor.assign_button.click()
    assert "none of those squares is a space" in seen[-1]


def test_the_palette_places_by_clicking_and_undo_takes_it_back(
    qtbot: object, window: MainWindow
) -> None:
    editor = editor_of(window)
    seen = messages(window)
    editor.choose("Treasure chest")
    assert isinstance(window.canvas.tool, BoardPaletteTool)
    assert window.actions_.tool_group.checkedAction() is None
    click(qtbot, window.canvas, (2, 2))
    assert board(window)["features"] == [{"kind": "treasure_chest", "at": [2, 2]}]
    assert window.session.undo_stack.undoText() == "Treasure chest at C3"
    click(qtbot, window.canvas, (0, 0))  # void: no space
    assert seen[-1] == "A1 is not a space: paint it as floor first"
    editor.choose("Gold")
    click(qtbot, window.canvas, (2, 2))
    assert seen[-1] == "C3 already holds the treasure chest"
    click(qtbot, window.canvas, (3, 3))
    editor.choose("Heroes' start")
    click(qtbot, window.canvas, (1, 2))
    assert board(window)["items"] == [{"item": "gold", "at": [3, 3]}]
    assert board(window)["start"] == [1, 2]
    click(qtbot, window.canvas, (3, 3), Qt.KeyboardModifier.ShiftModifier)
    assert board(window)["items"] == []
    window.session.undo_stack.undo()
    assert board(window)["items"] == [{"item": "gold", "at": [3, 3]}]
    # The marks follow: the chest's badge is on the map.
    assert window.canvas.board_marks.tokens.tokens[(2, 2)][0].label == "Treasure chest"
    # Another tool takes over: the palette lets go of its entry.
    window.set_tool("terrain")
    assert editor.palette.selectedItems() == []


def test_the_palette_places_nothing_on_a_map_of_another_ruleset(
    qtbot: object, window: MainWindow
) -> None:
    editor = editor_of(window)
    seen = messages(window)
    editor.choose("Gold")
    window.set_document(new_document(10, 6), None)  # a BrickQuest map; the palette stays
    click(qtbot, window.canvas, (2, 2))
    assert window.session.doc.board is None
    assert seen[-1] == "The Heroica board panel edits Heroica maps only"


def test_a_locked_door_goes_on_the_edge_nearest_the_click(
    qtbot: object, window: MainWindow
) -> None:
    editor = editor_of(window)
    editor.choose("Locked door")
    vp = window.canvas.viewport()
    near_right = window.canvas.viewport_pos((6, 2), 0.92, 0.5)
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=near_right)  # type: ignore[attr-defined]
    assert board(window)["features"] == [{"kind": "locked_door", "at": [6, 2], "to": [7, 2]}]
    near_top = window.canvas.viewport_pos((6, 2), 0.5, 0.05)
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=QPoint(near_top))  # type: ignore[attr-defined]
    assert board(window)["features"][1]["to"] == [6, 1]
    assert window.canvas.board_marks.tokens.edges[0].to == (7, 2)


def test_nearest_edge() -> None:
    assert across_nearest_edge((4, 4), 0.1, 0.5) == (3, 4)
    assert across_nearest_edge((4, 4), 0.9, 0.4) == (5, 4)
    assert across_nearest_edge((4, 4), 0.5, 0.05) == (4, 3)
    assert across_nearest_edge((4, 4), 0.45, 0.97) == (4, 5)


def test_caskets_tokens_generators_bosses_and_the_target(qtbot: object, window: MainWindow) -> None:
    editor = editor_of(window)
    editor.choose("Casket")
    click(qtbot, window.canvas, (4, 3))
    editor.choose("Monster Generator")
    click(qtbot, window.canvas, (7, 4))
    assert editor.casket.currentText() == "Casket at E4"
    assert editor.token.isEnabled() and editor.token.currentData() is None
    editor.token.setCurrentIndex(editor.token.findData("red"))
    assert board(window)["features"][0] == {"kind": "casket", "at": [4, 3], "token": "red"}
    # Only boss monsters may lead a generator; any monster may be the target.
    bosses = [editor.boss.itemData(i) for i in range(editor.boss.count())]
    assert bosses == [None, "king"]
    editor.boss.setCurrentIndex(1)
    assert board(window)["features"][1]["boss"] == "king"
    editor.target.setCurrentIndex(editor.target.findData("king"))
    assert board(window)["target"] == "king"
    window.session.undo_stack.undo()
    assert "target" not in board(window) and editor.target.currentData() is None
    window.session.undo_stack.undo()
    assert "boss" not in board(window)["features"][1]
    assert editor.boss.currentData() is None


def test_problems_are_shown_and_a_sound_board_saves_and_reopens(
    window: MainWindow, tmp_path: Path
) -> None:
    editor = editor_of(window)
    editor.add_location()
    window.tools["select"].selection = ((1, 1), (4, 4))  # type: ignore[attr-defined]
    editor.assign()
    assert editor.problems.text() == "The board is sound."
    # Painting a location's space as void breaks the board: the panel says so.
    doc = window.session.doc
    window.session.push(edits.paint_terrain(doc, [1], [1], Terrain.VOID), "Void")
    assert "square B2 of 'location_1' is not a space" in editor.problems.text()
    window.session.undo_stack.undo()
    path = tmp_path / "bay.json"
    assert window.save_to(path)
    assert load_map_file(path).board == board(window)


def test_the_new_map_dialog_offers_heroica(qtbot: object, window: MainWindow) -> None:
    dialog = NewMapDialog(window)
    rules = dialog.rules
    index = rules.findData("heroica")
    assert index >= 0 and rules.itemText(index) == "Heroica (expanded rules) (grid of squares)"
    rules.setCurrentIndex(index)
    doc = dialog.spec().document()
    assert doc.options.ruleset == "heroica" and doc.board is None
    window.set_document(doc, None)
    editor = editor_of(window)
    assert editor.dock.isVisible() and editor.tree.topLevelItemCount() == 0
    assert editor.add_location()  # the first edit gives the map its board
    assert board(window)["locations"][0]["id"] == "location_1"
