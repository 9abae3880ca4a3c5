"""The Rooms panel: add, rename, remove rooms; hide or reveal them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.gui.tools.base import ToolContext
from companion.model import edits
from companion.model.edits import Changes


class RoomsDock(QDockWidget):
    """Each row a room: its name (double-click to rename) and whether it is hidden."""

    def __init__(self, ctx: ToolContext, parent: QWidget | None = None) -> None:
        super().__init__("Rooms", parent)
        self.setObjectName("roomsDock")
        self.ctx = ctx
        body = QWidget()
        lay = QVBoxLayout(body)
        self.tree = QTreeWidget()
        self.tree.setObjectName("roomsTree")
        self.tree.setHeaderLabels(["Room", "Hidden"])
        self.tree.setRootIsDecorated(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.tree)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add")
        self.remove_button = QPushButton("Remove")
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        lay.addLayout(row)
        self.setWidget(body)
        self._filling = False
        self.add_button.clicked.connect(self.add_room)
        self.remove_button.clicked.connect(self.remove_room)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemChanged.connect(self._item_changed)
        ctx.session.changed.connect(self._map_changed)
        self.refill()

    def refill(self) -> None:
        """Show the rooms; rows are updated in place when only names or flags changed
        (the edit may come from one of these very rows' signals)."""
        self._filling = True
        current = self.ctx.current_room
        rooms = self.ctx.session.doc.dungeon.rooms
        if self.tree.topLevelItemCount() != len(rooms):
            self.tree.clear()
            for i in range(len(rooms)):
                item = QTreeWidgetItem(["", ""])
                item.setData(0, Qt.ItemDataRole.UserRole, i)
                item.setFlags(
                    item.flags() | Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable
                )
                item.setCheckState(1, Qt.CheckState.Unchecked)  # shows the box
                self.tree.addTopLevelItem(item)
        for i, room in enumerate(rooms):
            row = self.tree.topLevelItem(i)
            if row is None:
                continue
            if row.text(0) != room.name:
                row.setText(0, room.name)
            state = Qt.CheckState.Checked if room.hidden else Qt.CheckState.Unchecked
            if row.checkState(1) != state:
                row.setCheckState(1, state)
        n = len(rooms)
        if n:
            chosen = self.tree.topLevelItem(min(max(current, 0), n - 1))
            if chosen is not None:
                self.tree.setCurrentItem(chosen)
        self.ctx.current_room = self.tree.currentIndex().row() if n else -1
        self._filling = False

    def _map_changed(self, changes: Changes) -> None:
        if changes.rooms or changes.everything:
            self.refill()

    def _current_changed(self, item: QTreeWidgetItem | None, _prev: object) -> None:
        if not self._filling:
            self.ctx.current_room = (
                -1 if item is None else int(item.data(0, Qt.ItemDataRole.UserRole))
            )

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling:
            return
        doc = self.ctx.session.doc
        i = int(item.data(0, Qt.ItemDataRole.UserRole))
        if column == 0:
            name = item.text(0).strip()[:200] or doc.dungeon.rooms[i].name
            self.ctx.push(edits.rename_room(doc, i, name), f"Rename room to {name}")
        else:
            hidden = item.checkState(1) == Qt.CheckState.Checked
            verb = "Hide" if hidden else "Reveal"
            self.ctx.push(
                edits.set_room_hidden(doc, i, hidden), f"{verb} {doc.dungeon.rooms[i].name}"
            )

    def add_room(self) -> None:
        doc = self.ctx.session.doc
        n = len(doc.dungeon.rooms) + 1
        names = {r.name for r in doc.dungeon.rooms}
        name = f"Room {n}"
        while name in names:
            n += 1
            name = f"Room {n}"
        self.ctx.current_room = len(doc.dungeon.rooms)
        self.ctx.push(edits.add_room(doc, name), f"Add {name}")

    def remove_room(self) -> None:
        i = self.ctx.current_room
        doc = self.ctx.session.doc
        if 0 <= i < len(doc.dungeon.rooms):
            self.ctx.push(edits.remove_room(doc, i), f"Remove {doc.dungeon.rooms[i].name}")
