"""The door tool: open, closed or locked doors, single or double."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QWidget

from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Tool, ToolContext, add_combo, add_hint
from companion.gui.tools.terrain import TERRAIN_TITLES
from companion.model import edits
from companion.model.dungeon import Terrain

DOORS = (Terrain.DOOR_CLOSED, Terrain.DOOR_OPEN, Terrain.DOOR_LOCKED)


class DoorTool(Tool):
    name: ClassVar[str] = "door"
    title: ClassVar[str] = "Doors"
    shortcut: ClassVar[str] = "D"
    icon: ClassVar[str] = "door"
    hint: ClassVar[str] = "Click a wall square to put a door in; Shift+click turns it back to wall"

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.kind = Terrain.DOOR_CLOSED
        self.double = False
        self._kind_box: QComboBox | None = None
        self._double_box: QCheckBox | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        box = add_combo(
            form,
            "Door",
            "door_kind",
            ((TERRAIN_TITLES[d], int(d)) for d in DOORS),
            lambda i: self.set_kind(DOORS[i]),
        )
        double = QCheckBox("Double door")
        double.setToolTip("Two squares along the wall, opened together")
        double.setObjectName("door_double")
        double.toggled.connect(self.set_double)
        form.addRow(double)
        add_hint(form, "Double doors open together with one action.")
        self._kind_box, self._double_box = box, double
        return w

    def set_kind(self, kind: Terrain) -> None:
        self.kind = kind
        if self._kind_box is not None:
            self._kind_box.setCurrentIndex(DOORS.index(kind))

    def set_double(self, on: bool) -> None:
        self.double = bool(on)
        if self._double_box is not None and self._double_box.isChecked() != on:
            self._double_box.setChecked(on)

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        doc = self.session.doc
        if ev.shift:
            if doc.dungeon.terrain_at(*ev.square).is_door:
                x, y = ev.square
                self.ctx.push(
                    lambda: edits.paint_terrain(doc, np.array([x]), np.array([y]), Terrain.WALL),
                    "Remove door",
                )
            return True
        title = TERRAIN_TITLES[self.kind].lower()
        text = f"Place double {title}" if self.double else f"Place {title}"
        self.ctx.push(lambda: edits.place_door(doc, ev.square, self.kind, self.double), text)
        return True

    def move(self, ev: MouseInfo) -> None:
        self.show_hover(ev.square)
