"""The Figures tool follows the map's ruleset: on a Heroica board it offers Heroica's
heroes, monsters and roster heroes (it raised KeyError 'side' and then placed a
BrickQuest orc), through the tool's action and clicks on the map."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QLabel

from companion.gui.main_window import MainWindow
from companion.gui.testing import click, make_settings, make_window

FREE = (5, 1)  # an empty space of the Draida Bay board


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


def _combo(w: MainWindow, name: str) -> QComboBox:
    box = w.tool_dock.findChild(QComboBox, name)
    assert box is not None and box.isVisible(), name
    return box


def _items(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def test_the_figures_tool_on_a_heroica_board_places_heroica_figures(
    qtbot: object, window: MainWindow
) -> None:
    w = window
    w.actions_.tools["figure"].trigger()  # first on the BrickQuest demo map
    assert "Orc" in _items(_combo(w, "figure_kind")) or _combo(w, "figure_kind").count()
    w.actions_.demo_menu.actions()[2].trigger()  # Draida Bay (Heroica) and its party
    assert w.session.ruleset.id == "heroica"
    w.actions_.tools["figure"].trigger()
    assert w.tool_dock.heading.text().startswith("Figures")
    heroes = {name for _id, name in w.session.ruleset.figure_kinds("class")}
    monsters = {name for _id, name in w.session.ruleset.figure_kinds("monster")}
    side = _combo(w, "figure_side")
    kind = _combo(w, "figure_kind")
    assert set(_items(kind)) == heroes  # the party side first
    character = _combo(w, "figure_character")
    assert "Sir Galen (party)" in _items(character)
    # A roster hero, linked by its id to the roster.
    character.setCurrentIndex(_items(character).index("Sir Galen (party)"))
    before = {f.id for f in w.session.doc.figures}
    click(qtbot, w.canvas, FREE)
    added = [f for f in w.session.doc.figures if f.id not in before]
    assert len(added) == 1 and added[0].class_id == "knight" and added[0].side == "party"
    # A monster of Heroica's, never a BrickQuest orc.
    w.session.undo_stack.undo()
    side.setCurrentIndex(_items(side).index("Dungeon (monsters)"))
    kind = _combo(w, "figure_kind")
    assert set(_items(kind)) == monsters and "Orc" not in _items(kind)
    character = _combo(w, "figure_character")
    character.setCurrentIndex(0)  # a new figure of the kind chosen
    click(qtbot, w.canvas, FREE)
    placed = w.session.doc.figure_at(*FREE)
    assert placed is not None and placed.monster in dict(w.session.ruleset.figure_kinds("monster"))
    assert w.errors == []  # type: ignore[attr-defined]


def test_a_ruleset_without_roster_figures_says_so(qtbot: object, window: MainWindow) -> None:
    w = window
    w.actions_.demo_menu.actions()[2].trigger()
    w.roster_panel.set_roster("heroica")  # an empty roster
    w.actions_.tools["figure"].trigger()
    assert w.tool_dock.findChild(QComboBox, "figure_character") is None
    note = w.tool_dock.findChild(QLabel, "figure_no_roster")
    assert note is not None and "no roster characters" in note.text()


def test_the_heroica_board_panel_names_a_figure_of_another_ruleset(
    qtbot: object, window: MainWindow
) -> None:
    """A BrickQuest orc on a Heroica board: the panel said "The board is sound"."""
    from companion.gui.rulesets.heroica.board_dock import HeroicaBoardEditor
    from companion.model import edits
    from companion.model.mapfile import FigurePlacement

    w = window
    w.actions_.demo_menu.actions()[2].trigger()
    w.set_mode("edit")
    editor = w.board_editors.editors["heroica"]
    assert isinstance(editor, HeroicaBoardEditor)
    assert editor.problems.text() == "The board is sound."
    orc = FigurePlacement(id="orc", side="dungeon", monster="orc", at=FREE)
    w.ctx.push(lambda: edits.place_figure(w.session.doc, orc), "Place an orc")
    assert "figures.orc: 'orc' is no Heroica monster" in editor.problems.text()
