"""The floor height tool: set, raise, lower or flatten floors, in bricks."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtWidgets import QComboBox, QFormLayout, QSpinBox, QWidget

from companion.gui.tools.base import Square, ToolContext, add_combo, add_hint, add_spin
from companion.gui.tools.paint import PaintTool
from companion.model import edits
from companion.model.dungeon import MAX_FLOOR
from companion.model.edits import Edit, HeightMode

MODES: tuple[HeightMode, ...] = ("set", "raise", "lower", "flatten")
MODE_TITLES = {
    "set": "Set to",
    "raise": "Raise by",
    "lower": "Lower by",
    "flatten": "Flatten (to the first square)",
}


class HeightTool(PaintTool):
    name: ClassVar[str] = "height"
    title: ClassVar[str] = "Floor height"
    shortcut: ClassVar[str] = "H"
    icon: ClassVar[str] = "height"
    hint: ClassVar[str] = "Drag to paint floor heights; [ and ] change the brush size"

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.mode: HeightMode = "set"
        self.amount = 1
        self._mode_box: QComboBox | None = None
        self._amount_spin: QSpinBox | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        box = add_combo(
            form,
            "Mode",
            "height_mode",
            ((MODE_TITLES[m], m) for m in MODES),
            lambda i: self.set_mode(MODES[i]),
        )
        spin = add_spin(form, "Bricks", "height_amount", 0, MAX_FLOOR, self.amount, self.set_amount)
        self.add_shape_options(form)
        add_hint(
            form,
            "A step of 2 bricks or more cannot be climbed: it is marked with a thick dashed edge.",
        )
        self._mode_box, self._amount_spin = box, spin
        return w

    def set_mode(self, mode: HeightMode) -> None:
        self.mode = mode
        if self._mode_box is not None:
            self._mode_box.setCurrentIndex(MODES.index(mode))

    def set_amount(self, amount: int) -> None:
        self.amount = int(amount)
        if self._amount_spin is not None and self._amount_spin.value() != amount:
            self._amount_spin.setValue(amount)

    def describe(self) -> str:
        if self.mode == "flatten":
            return "Flatten floor"
        return f"{MODE_TITLES[self.mode]} {self.amount} bricks"

    def edit_for(self, xs: np.ndarray, ys: np.ndarray, start: Square) -> Edit | None:
        doc = self.session.doc
        amount = self.amount
        if self.mode == "flatten":
            amount = doc.dungeon.floor_at(*start)
        return edits.paint_height(doc, xs, ys, self.mode, amount)
