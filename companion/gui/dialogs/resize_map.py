"""The Resize map dialog (form: ``ui/resize_map.ui``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QSpinBox, QWidget

from companion.gui.uifiles import load_form
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


class ResizeMapDialog:
    def __init__(self, width: int, height: int, parent: QWidget | None = None) -> None:
        self.old = (width, height)
        self.dialog: QDialog = load_form("resize_map", parent)  # type: ignore[assignment]
        d = self.dialog
        self.width: QSpinBox = d.findChild(QSpinBox, "widthSpin")
        self.height: QSpinBox = d.findChild(QSpinBox, "heightSpin")
        self.anchor: QComboBox = d.findChild(QComboBox, "anchorCombo")
        self.fill: QComboBox = d.findChild(QComboBox, "fillCombo")
        box: QDialogButtonBox = d.findChild(QDialogButtonBox, "buttonBox")
        box.accepted.connect(d.accept)
        box.rejected.connect(d.reject)
        self.width.setValue(width)
        self.height.setValue(height)

    def spec(self) -> ResizeSpec:
        new = (self.width.value(), self.height.value())
        return ResizeSpec(new[0], new[1], anchor_offset(self.anchor.currentIndex(), self.old, new),
                          FILLS[self.fill.currentIndex()])

    def exec(self) -> ResizeSpec | None:
        if self.dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.spec()
