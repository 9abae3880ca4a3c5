"""Painting tools' shared machinery: brush strokes, rectangles and flood fills.

A brush drag is one undo step: every dab of one drag shares a stroke number, and the
undo stack merges them.  Rectangles and fills are one edit each.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QSpinBox

from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext, add_combo, add_spin
from companion.model import edits
from companion.model.edits import Edit

SHAPES = ("brush", "rect", "fill")
SHAPE_TITLES = {"brush": "Brush", "rect": "Rectangle", "fill": "Flood fill"}
SHAPE_KEYS = {"brush": "B", "rect": "G", "fill": "F"}


def line_squares(a: Square, b: Square) -> list[Square]:
    """Squares on the way from ``a`` to ``b`` (inclusive), so fast drags leave no gaps."""
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if n == 0:
        return [a]
    return [
        (round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n))
        for i in range(n + 1)
    ]


class PaintTool(Tool):
    """A tool that paints squares with a brush, a rectangle or a flood fill."""

    verb: ClassVar[str] = "Paint"

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.shape = "brush"
        self.brush_size = 1
        self._stroke: int | None = None
        self._start: Square | None = None
        self._last: Square | None = None
        self._shape_box: QComboBox | None = None
        self._size_spin: QSpinBox | None = None

    # -- what to paint -------------------------------------------------------------------
    def edit_for(self, xs: np.ndarray, ys: np.ndarray, start: Square) -> Edit | None:
        """The edit painting these squares (``start``: where the stroke began)."""
        raise NotImplementedError

    def describe(self) -> str:
        """Undo text, e.g. "Paint water"."""
        return self.verb

    # -- options -----------------------------------------------------------------------
    def add_shape_options(self, form: QFormLayout) -> None:
        self._shape_box = add_combo(
            form,
            "Shape",
            "paint_shape",
            ((f"{SHAPE_TITLES[s]}  ({SHAPE_KEYS[s]})", s) for s in SHAPES),
            lambda i: self.set_shape(SHAPES[i]),
            current=SHAPES.index(self.shape),
        )
        self._size_spin = add_spin(
            form, "Brush (squares)", "brush_size", 1, 15, self.brush_size, self.set_brush_size
        )

    def set_shape(self, shape: str) -> None:
        self.shape = shape
        if self._shape_box is not None and self._shape_box.currentIndex() != SHAPES.index(shape):
            self._shape_box.setCurrentIndex(SHAPES.index(shape))
        self.ctx.message.emit(f"{self.title}: {SHAPE_TITLES[shape].lower()}")

    def set_brush_size(self, size: int) -> None:
        self.brush_size = max(1, min(15, int(size)))
        if self._size_spin is not None and self._size_spin.value() != self.brush_size:
            self._size_spin.setValue(self.brush_size)

    def key_press(self, ev: QKeyEvent) -> bool:
        key = ev.key()
        if key == Qt.Key.Key_BracketLeft:
            self.set_brush_size(self.brush_size - 1)
            return True
        if key == Qt.Key.Key_BracketRight:
            self.set_brush_size(self.brush_size + 1)
            return True
        return False

    # -- events --------------------------------------------------------------------------
    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        sq = ev.square
        if not self.on_map(sq):
            return False
        self._start = self._last = sq
        if self.shape == "brush":
            self._stroke = self.session.new_stroke()
            self._dab([sq])
        elif self.shape == "fill":
            xs, ys = edits.flood_squares(self.session.doc, sq)
            self.ctx.push(lambda: self.edit_for(xs, ys, sq), f"{self.describe()} (fill)")
            self._start = None
        return True

    def move(self, ev: MouseInfo) -> None:
        sq = ev.square
        self._show_hover(sq)
        if self._start is None or not (ev.buttons & Qt.MouseButton.LeftButton):
            return
        if self.shape == "brush" and self._last is not None and sq != self._last:
            self._dab(line_squares(self._last, sq)[1:])
            self._last = sq
        elif self.shape == "rect":
            self.canvas.overlays.rect.show_squares(*self._start, *sq)

    def release(self, ev: MouseInfo) -> None:
        if self._start is not None and self.shape == "rect":
            xs, ys = edits.rect_squares(self.session.doc, self._start, ev.square)
            start = self._start
            self.ctx.push(lambda: self.edit_for(xs, ys, start), f"{self.describe()} (rectangle)")
        self.cancel()

    def cancel(self) -> None:
        self._stroke = None
        self._start = self._last = None
        self.canvas.overlays.rect.hide()

    def _dab(self, centres: list[Square]) -> None:
        doc = self.session.doc
        parts = [edits.brush_squares(doc, c, self.brush_size) for c in centres]
        xs = np.concatenate([p[0] for p in parts])
        ys = np.concatenate([p[1] for p in parts])
        start = self._start or centres[0]
        self.ctx.push(lambda: self.edit_for(xs, ys, start), self.describe(), self._stroke)

    def _show_hover(self, sq: Square) -> None:
        hover = self.canvas.overlays.hover
        if not self.on_map(sq):
            hover.hide()
            return
        if self.shape == "brush":
            lo = -((self.brush_size - 1) // 2)
            hi = lo + self.brush_size - 1
            hover.show_squares(sq[0] + lo, sq[1] + lo, sq[0] + hi, sq[1] + hi)
        else:
            hover.show_squares(*sq, *sq)
