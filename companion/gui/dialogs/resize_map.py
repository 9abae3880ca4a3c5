"""The Resize map dialog (form: ``ui/resize_map.ui``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from companion.gui.dialogs.form import FormDialog
from companion.gui.uifiles import child
from companion.model.dungeon import Terrain

FILLS = (Terrain.VOID, Terrain.WALL, Terrain.FLOOR)


@dataclass(frozen=True, slots=True)
class ResizeSpec:
    width: int
    height: int
    offset: tuple[int, int]
    fill: Terrain


def anchor_offset(anchor: int, old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    """Where the old map lands: anchor 0..8 reads like a keypad from the top left."""
    col, row = anchor % 3, anchor // 3
    dx, dy = new[0] - old[0], new[1] - old[1]
    return ((0, dx // 2, dx)[col], (0, dy // 2, dy)[row])


class ResizeMapDialog(FormDialog[ResizeSpec]):
    def __init__(self, width: int, height: int, parent: QWidget | None = None) -> None:
        super().__init__("resize_map", parent)
        self.old = (width, height)
        d = self.dialog
        self.width: QSpinBox = child(d, QSpinBox, "widthSpin")
        self.height: QSpinBox = child(d, QSpinBox, "heightSpin")
        self.anchor: QComboBox = child(d, QComboBox, "anchorCombo")
        self.fill: QComboBox = child(d, QComboBox, "fillCombo")
        self.width.setValue(width)
        self.height.setValue(height)

    def spec(self) -> ResizeSpec:
        new = (self.width.value(), self.height.value())
        return ResizeSpec(
            new[0],
            new[1],
            anchor_offset(self.anchor.currentIndex(), self.old, new),
            FILLS[self.fill.currentIndex()],
        )
