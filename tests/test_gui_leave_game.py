"""Another map opened while a game is at the table (File → Open Demo, File → Open…,
File → New…): the game closes first, saved, and is first in File → Open Recent; it no
longer goes on over the new map (its figures, tracker and title over another board, a
save writing the game's map into the new map's file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_gui_demo_layout import accept_when_open, start_demo

from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS, MainWindow
from companion.gui.testing import make_settings, make_window
from companion.model.mapfile import dump_map

BRICKQUEST, HEROICA = 0, 2


def end_a_turn(qtbot: Any, w: MainWindow) -> None:
    """A player's action: the action bar's End turn (or Pass) button, clicked."""
    bar = w.action_dock.buttons
    title = next(t for t in bar if t.startswith(("End turn", "Pass")))
    QTest.mouseClick(bar[title], Qt.MouseButton.LeftButton)
    qtbot.wait(20)


def open_demo(qtbot: Any, w: MainWindow, index: int) -> None:
    """File → Open Demo → the demo, as the menu triggers it."""
    [a for a in w.actions_.demo_menu.actions() if a.text()][index].trigger()
    qtbot.wait(20)


@pytest.mark.parametrize(("playing", "opened"), [(BRICKQUEST, HEROICA), (HEROICA, BRICKQUEST)])
def test_opening_a_demo_during_a_game_closes_the_game_saved(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, playing: int, opened: int
) -> None:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    start_demo(qtbot, w, playing, tmp_path, monkeypatch)
    game = w.play.game
    assert game is not None and game.path is not None
    end_a_turn(qtbot, w)
    played = game.session.cursor
    assert played > 0
    game_path = game.path

    open_demo(qtbot, w, opened)
    assert errors == []
    assert w.play.game is None, "the game goes on over another map"
    demo_map = resource_dir() / DEMOS[opened][1]
    assert w.session.path == demo_map
    assert dump_map(w.session.doc) == dump_map(w.session.load(demo_map))
    assert game_path.name not in w.windowTitle()
    assert "was closed" in w.statusBar().currentMessage()
    assert game_path.name in w.statusBar().currentMessage()
    recent = [Path(f) for f in w.recent_files()]
    assert recent[:2] == [demo_map.resolve(), game_path.resolve()]
    # A key at the table no longer brings the game's map back over the new one.
    QTest.keyClick(w.canvas.viewport(), Qt.Key.Key_Return)
    qtbot.wait(20)
    assert w.session.path == demo_map
    assert dump_map(w.session.doc) == dump_map(w.session.load(demo_map))

    # File → Open Recent → the game: where it was.
    recent_menu = w.actions_.recent_menu
    entry = next(a for a in recent_menu.actions() if a.text().endswith(game_path.name))
    entry.trigger()
    qtbot.wait(20)
    again = w.play.game
    assert again is not None and again.path == game_path
    assert again.session.cursor == played
    assert errors == []
    w.session.undo_stack.setClean()


def test_a_map_that_cannot_be_shown_leaves_the_game_at_the_table(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map naming a ruleset that is not installed is refused: the game stays open."""
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    start_demo(qtbot, w, BRICKQUEST, tmp_path, monkeypatch)
    game = w.play.game
    assert game is not None
    text = (resource_dir() / DEMOS[HEROICA][1]).read_text(encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text(text.replace('"heroica"', '"no-such-rules"', 1), encoding="utf-8")
    assert '"no-such-rules"' in other.read_text(encoding="utf-8")
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(other), ""))
    w.actions_.open.trigger()  # File → Open…, the file dialog answering ``other``
    qtbot.wait(20)
    assert errors and "no-such-rules" in errors[-1]
    assert w.play.game is game
    w.session.undo_stack.setClean()


def test_a_new_map_during_a_game_closes_the_game_saved(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File → New map… accepted with its defaults: the game closes first."""
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    start_demo(qtbot, w, BRICKQUEST, tmp_path, monkeypatch)
    game = w.play.game
    assert game is not None and game.path is not None

    accept_when_open()
    w.actions_.new.trigger()
    assert errors == []
    assert w.play.game is None
    assert w.session.path is None and w.session.doc.name != game.doc.name
    assert "was closed" in w.statusBar().currentMessage()
    assert Path(w.recent_files()[0]) == game.path.resolve()
    w.session.undo_stack.setClean()


def test_the_map_is_not_edited_while_a_game_is_at_the_table(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mode → Edit is off while a game is open (the game keeps the map it began with: a
    wall drawn then would be one its rules never see, and Edit → Redo would draw it again
    mid-game); the status bar says why; once the game is closed the map is edited again."""
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    start_demo(qtbot, w, BRICKQUEST, tmp_path, monkeypatch)
    edit = w.actions_.edit_mode
    assert w.mode == "play" and not edit.isEnabled()
    assert "Close the game" in edit.statusTip()
    edit.trigger()  # a disabled action does nothing
    QTest.keyClick(w, Qt.Key.Key_E)  # nor does its key
    qtbot.wait(20)
    assert w.mode == "play"
    w.set_mode("edit")  # nor any other way in (a tool of Edit mode asks for it so)
    assert w.mode == "play" and w.actions_.play_mode.isChecked()
    assert "Close the game" in w.statusBar().currentMessage()
    w.close_game_action.trigger()
    assert w.play.game is None and edit.isEnabled()
    edit.trigger()
    assert w.mode == "edit"
    assert errors == []
    w.session.undo_stack.setClean()
