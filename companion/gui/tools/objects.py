"""The object tool: chests, barrels, bookcases, sarcophagi, levers and shelves."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QSpinBox, QWidget

from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Tool, ToolContext, add_combo, add_hint, add_spin
from companion.gui.tools.terrain import FACING_TITLES
from companion.model import edits
from companion.model.dungeon import DEFAULT_OBJECT_HEIGHT, Facing, MapObject, ObjectKind
from companion.model.mapfile import MAX_FEATURE_HEIGHT

KINDS = tuple(ObjectKind)


class ObjectTool(Tool):
    name: ClassVar[str] = "object"
    title: ClassVar[str] = "Objects"
    shortcut: ClassVar[str] = "O"
    icon: ClassVar[str] = "object"
    hint: ClassVar[str] = "Click to place; click an object again to turn it; Shift+click removes it"

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.kind = ObjectKind.CHEST
        self.facing = Facing.S
        self.height = DEFAULT_OBJECT_HEIGHT[self.kind]
        self.locked = False
        self._kind_box: QComboBox | None = None
        self._facing_box: QComboBox | None = None
        self._height_spin: QSpinBox | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        kind = add_combo(
            form,
            "Object",
            "object_kind",
            ((k.value.title(), k.value) for k in KINDS),
            lambda i: self.set_kind(KINDS[i]),
        )
        facing = add_combo(
            form,
            "Facing",
            "object_facing",
            ((FACING_TITLES[f], f.value) for f in Facing),
            lambda i: self.set_facing(list(Facing)[i]),
            current=list(Facing).index(self.facing),
        )
        height = add_spin(
            form,
            "Height (bricks)",
            "object_height",
            0,
            MAX_FEATURE_HEIGHT,
            self.height,
            lambda v: setattr(self, "height", int(v)),
        )
        locked = QCheckBox("Locked")
        locked.setObjectName("object_locked")
        locked.toggled.connect(lambda on: setattr(self, "locked", bool(on)))
        form.addRow(locked)
        add_hint(
            form,
            "A chest opens from the square it faces. Objects block movement "
            "(except levers) and sight up to their height.",
        )
        self._kind_box, self._facing_box, self._height_spin = kind, facing, height
        return w

    def set_kind(self, kind: ObjectKind) -> None:
        self.kind = kind
        self.height = DEFAULT_OBJECT_HEIGHT[kind]
        if self._kind_box is not None and self._height_spin is not None:
            self._kind_box.setCurrentIndex(KINDS.index(kind))
            self._height_spin.setValue(self.height)

    def set_facing(self, facing: Facing) -> None:
        self.facing = facing
        if self._facing_box is not None:
            self._facing_box.setCurrentIndex(list(Facing).index(facing))

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        doc = self.session.doc
        at = ev.square
        current = doc.dungeon.object_at(*at)
        if ev.shift:
            if current is not None:
                self.ctx.push(
                    lambda: edits.set_object(doc, at, None), f"Remove {current.kind.value}"
                )
            return True
        if current is not None and current.kind is self.kind:
            turned = MapObject(
                current.kind,
                current.height,
                current.facing.right,
                current.is_open,
                current.locked,
                current.contents,
            )
            self.ctx.push(lambda: edits.set_object(doc, at, turned), f"Turn {current.kind.value}")
            return True
        obj = MapObject(self.kind, self.height, self.facing, locked=self.locked)
        self.ctx.push(lambda: edits.set_object(doc, at, obj), f"Place {self.kind.value}")
        return True

    def move(self, ev: MouseInfo) -> None:
        self.show_hover(ev.square)
