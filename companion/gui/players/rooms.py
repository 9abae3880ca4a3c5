"""Revealing and hiding the map's rooms at the table, in play mode too: Map → Rooms the
players see (one checkable entry per room; also in the Game menu beside the players'
view) and Map → Reveal the room under the mouse (Ctrl+Alt+R; again to hide it).

Both push the map's own edit (``companion.model.edits.set_room_hidden``) on the map's undo
stack, as the Rooms dock does in Edit mode: Edit → Undo takes a reveal back, the canvas
lights the room, and the players' window and the phone page show it at once (they follow
the map's room changes through ``PublicViewSource``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from companion.model import edits
from companion.model.edits import Changes

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow

REVEAL_KEYS = "Ctrl+Alt+R"


class RoomsShown(QObject):
    """The Map menu's entries that show rooms to the players or hide them again."""

    def __init__(self, w: MainWindow, map_menu: QMenu) -> None:
        super().__init__(w)
        self.w = w
        #: The square under the mouse on the map, if any (``MapCanvas.hovered``).
        self.hovered: tuple[int, int] | None = None
        map_menu.addSeparator()
        self.menu = QMenu("&Rooms the players see", w)
        self.menu.setObjectName("roomsShownMenu")
        self.menu.setStatusTip("Tick a room to reveal it to the players, untick to hide it")
        map_menu.addMenu(self.menu)
        self.here = QAction("Reveal the room under the &mouse", w)
        self.here.setShortcut(QKeySequence(REVEAL_KEYS))
        self.here.setStatusTip("Reveal (or hide again) the room of the square under the mouse")
        self.here.triggered.connect(self.toggle_here)
        w.addAction(self.here)
        map_menu.addAction(self.here)
        # beside the players' view's own entries in the Game menu too
        w.game_menu.addMenu(self.menu)
        w.canvas.hovered.connect(self._hovered)
        w.session.changed.connect(self._map_changed)
        w.session.replaced.connect(lambda *_: self.fill())
        self.fill()

    # -- the entries -------------------------------------------------------------------
    def fill(self) -> None:
        """One checkable entry per room of the map, ticked when the players see it; the
        entries are updated in place when only names or flags changed (the change may come
        from one of them)."""
        rooms = self.w.session.doc.dungeon.rooms
        entries = [a for a in self.menu.actions() if a.isCheckable()]
        if len(entries) != len(rooms) or not rooms:
            self.menu.clear()
            entries = []
            for i in range(len(rooms)):
                a = QAction("", self.menu)
                a.setCheckable(True)
                a.toggled.connect(lambda shown, i=i: self.set_shown(i, shown))
                self.menu.addAction(a)
                entries.append(a)
            if not rooms:
                none = self.menu.addAction("(the map has no rooms)")
                none.setEnabled(False)
        for a, room in zip(entries, rooms, strict=True):
            a.blockSignals(True)
            a.setText(room.name)
            a.setChecked(not room.hidden)
            a.blockSignals(False)
        self.here.setText(self._here_text())

    def actions_by_name(self) -> dict[str, QAction]:
        """The entries by room name (tests drive them)."""
        return {a.text(): a for a in self.menu.actions() if a.isCheckable()}

    def _map_changed(self, changes: Changes) -> None:
        if changes.rooms or changes.everything:
            self.fill()

    def _hovered(self, square: object) -> None:
        self.hovered = square if isinstance(square, tuple) else None
        self.here.setText(self._here_text())

    def _here_text(self) -> str:
        i = self._room_at(self.hovered)
        if i is None:
            return "Reveal the room under the &mouse"
        room = self.w.session.doc.dungeon.rooms[i]
        return f"{'Reveal' if room.hidden else 'Hide'} {room.name} (under the &mouse)"

    # -- what they do ------------------------------------------------------------------
    def set_shown(self, index: int, shown: bool) -> bool:
        """Reveal room ``index`` to the players (or hide it): one undoable map edit."""
        doc = self.w.session.doc
        if not 0 <= index < len(doc.dungeon.rooms):
            return False
        name = doc.dungeon.rooms[index].name
        verb = "Reveal" if shown else "Hide"
        return self.w.ctx.push(edits.set_room_hidden(doc, index, not shown), f"{verb} {name}")

    def toggle_here(self) -> bool:
        """Reveal the room under the mouse, or hide it if the players already see it."""
        i = self._room_at(self.hovered)
        if i is None:
            self.w.statusBar().showMessage("Point at a room on the map first", 4000)
            return False
        room = self.w.session.doc.dungeon.rooms[i]
        done = self.set_shown(i, room.hidden)
        if done:
            verb = "revealed to" if room.hidden else "hidden from"
            self.w.statusBar().showMessage(f"{room.name} {verb} the players", 4000)
        return done

    def _room_at(self, square: tuple[int, int] | None) -> int | None:
        if square is None:
            return None
        dungeon = self.w.session.doc.dungeon
        x, y = square
        if not dungeon.in_bounds(x, y):
            return None
        i = int(dungeon.room_of[y, x])
        return i if 0 <= i < len(dungeon.rooms) else None
