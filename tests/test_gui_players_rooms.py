"""Revealing rooms during play (issue 23): Map → Rooms the players see and Map → Reveal the
room under the mouse (Ctrl+Alt+R) work in play mode, as one undoable map edit each, and
the players' window shows the room and its monster at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.players.window import PlayersWindow
from companion.gui.testing import (
    DEMO,
    DEMO_PARTY,
    forget_changes,
    hover,
    make_settings,
    make_window,
)

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)  # type: ignore[arg-type]
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    assert w.open_path(DEMO)
    assert w.party_dock is not None and w.party_dock.open_path(DEMO_PARTY)
    assert w.start_game(tmp_path / "demo.game.jsonl", GameSpec(seed=3))
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)
    w.players.close_window()


def open_players(qtbot: object, w: MainWindow) -> PlayersWindow:
    w.players.toggle.trigger()  # Game → Players' view
    pw = w.players.window
    assert pw is not None and pw.isVisible()
    pw.resize(1600, 900)
    return pw


def crypt(w: MainWindow) -> int:
    return [r.name for r in w.session.doc.dungeon.rooms].index("Crypt")


def test_the_map_menu_reveals_a_room_in_play_and_undo_hides_it_again(
    qtbot: object, window: MainWindow
) -> None:
    w = window
    assert w.mode == "play" and not w.rooms_dock.isVisible()  # no Rooms dock in play
    pw = open_players(qtbot, w)
    assert "Ra" not in pw.board.texts  # Rattle, in the hidden Crypt
    menu = w.rooms_shown.menu
    assert menu.menuAction() in w.actions_.map_menu.actions()
    assert menu.menuAction() in w.game_menu.actions()  # beside Players' view too
    menu.aboutToShow.emit()
    entries = w.rooms_shown.actions_by_name()
    assert set(entries) == {r.name for r in w.session.doc.dungeon.rooms}
    assert not entries["Crypt"].isChecked()  # hidden: the players do not see it
    assert all(entries[r.name].isChecked() for r in w.session.doc.dungeon.rooms if not r.hidden)
    entries["Crypt"].trigger()  # ticked: revealed
    assert not w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Ra" in pw.board.texts and "Crypt" in pw.view.board.rooms  # type: ignore[union-attr]
    assert w.session.undo_stack.undoText() == "Reveal Crypt"
    assert w.rooms_shown.actions_by_name()["Crypt"].isChecked()
    w.actions_.undo.trigger()  # Edit → Undo takes the reveal back
    assert w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Ra" not in pw.board.texts and "Rattle" not in pw.texts()
    assert not w.rooms_shown.actions_by_name()["Crypt"].isChecked()
    w.actions_.redo.trigger()
    assert "Ra" in pw.board.texts
    w.rooms_shown.actions_by_name()["Crypt"].trigger()  # unticked: hidden again
    assert w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Ra" not in pw.board.texts
    assert w.session.undo_stack.undoText() == "Hide Crypt"
    assert w.errors == []  # type: ignore[attr-defined]


def test_ctrl_alt_r_reveals_the_room_under_the_mouse(qtbot: object, window: MainWindow) -> None:
    w = window
    pw = open_players(qtbot, w)
    rattle = w.play.figures()["rattle"].at
    assert rattle is not None
    w.activateWindow()
    hover(qtbot, w.canvas, (rattle[0], rattle[1]))  # type: ignore[arg-type]
    assert w.rooms_shown.here.text().startswith("Reveal Crypt")
    qtbot.keyClick(  # type: ignore[attr-defined]
        w.canvas,
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier,
    )
    assert not w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Ra" in pw.board.texts
    assert w.rooms_shown.here.text().startswith("Hide Crypt")
    assert "revealed" in w.statusBar().currentMessage()
    qtbot.keyClick(  # type: ignore[attr-defined]
        w.canvas,
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier,
    )
    assert w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Ra" not in pw.board.texts
    # Outside every room: nothing happens, and the window says why.
    w.rooms_shown._hovered(None)
    w.rooms_shown.here.trigger()
    assert w.session.doc.dungeon.rooms[crypt(w)].hidden
    assert "Point at a room" in w.statusBar().currentMessage()
