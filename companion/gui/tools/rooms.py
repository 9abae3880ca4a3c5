"""The room tool: drag rectangles to put squares into the room chosen in the Rooms panel."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext
from companion.model import edits


class RoomTool(Tool):
    name: ClassVar[str] = "room"
    title: ClassVar[str] = "Rooms"
    shortcut: ClassVar[str] = "M"
    icon: ClassVar[str] = "room"
    hint: ClassVar[str] = (
        "Drag a rectangle to add squares to the room chosen in the Rooms "
        "panel; Shift+drag takes squares out of any room"
    )

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self._start: Square | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        note = QLabel(
            "Rooms are named regions. While playing, a hidden room stays dark "
            "until you reveal it in the Rooms panel. Add and name rooms there, "
            "then drag rectangles here."
        )
        note.setWordWrap(True)
        note.setProperty("hint", True)
        lay.addWidget(note)
        lay.addStretch(1)
        return w

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        if not ev.shift and not (0 <= self.ctx.current_room < len(self.session.doc.dungeon.rooms)):
            self.ctx.message.emit("Add or choose a room in the Rooms panel first")
            return True
        self._start = ev.square
        self.canvas.overlays.rect.show_squares(*ev.square, *ev.square)
        return True

    def move(self, ev: MouseInfo) -> None:
        if self._start is not None:
            self.canvas.overlays.rect.show_squares(*self._start, *ev.square)
        elif self.on_map(ev.square):
            self.canvas.overlays.hover.show_squares(*ev.square, *ev.square)

    def release(self, ev: MouseInfo) -> None:
        if self._start is None:
            return
        doc = self.session.doc
        xs, ys = edits.rect_squares(doc, self._start, ev.square)
        if ev.shift:
            self.ctx.push(lambda: edits.assign_room(doc, xs, ys, -1), "Take squares out of rooms")
        else:
            index = self.ctx.current_room
            name = doc.dungeon.rooms[index].name
            self.ctx.push(lambda: edits.assign_room(doc, xs, ys, index), f"Add squares to {name}")
        self.cancel()

    def cancel(self) -> None:
        self._start = None
        self.canvas.overlays.rect.hide()
