"""What every overlay shares: its colours, a cosmetic pen, and items with tight bounds.

An overlay keeps its bounds tight around what it draws (``TightItem``), so a change
repaints only that part of the view, not the whole map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPen,
    QPolygonF,
)

from companion.gui.canvas.items import DeviceItem

CLEAR = QColor(46, 204, 113)
BLOCKED = QColor(235, 64, 52)
AREA = QColor(255, 149, 0)
REACH = QColor(40, 170, 255)
Square = tuple[int, int]
S = TypeVar("S")


def cosmetic(colour: QColor, width: float, dash: Sequence[float] | None = None) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    if dash:
        pen.setDashPattern(list(dash))
    return pen


class TightItem(DeviceItem):
    """A device item whose bounds follow what it draws (``extent``), not the map."""

    def set_map_size(self, width: int, height: int, margin: float = 2.0) -> None:
        self.relayout()

    def relayout(self) -> None:
        self.set_bounds(self.extent())

    def extent(self) -> QRectF | None:
        """Map units covered by the next paint (None: nothing)."""
        return None


class ShapeItem(TightItem, Generic[S]):
    """A device item that draws one shape handed to it by a tool (or nothing)."""

    def __init__(self, font: QFont, z: float) -> None:
        super().__init__(z=z)
        self.font = font
        self.shape: S | None = None  # type: ignore[assignment]  # the shown shape, not Qt's
        self.set_bounds(None)

    def set_shape(self, shape: S | None) -> None:
        self.shape = shape
        self.relayout()


def arrow_head(p: QPainter, a: QPointF, b: QPointF, back: float) -> None:
    ang = math.atan2(b.y() - a.y(), b.x() - a.x())
    tip = QPointF(b.x() - math.cos(ang) * back, b.y() - math.sin(ang) * back)
    size = 9.0
    left = QPointF(
        tip.x() - math.cos(ang - 0.45) * size * 1.6, tip.y() - math.sin(ang - 0.45) * size * 1.6
    )
    right = QPointF(
        tip.x() - math.cos(ang + 0.45) * size * 1.6, tip.y() - math.sin(ang + 0.45) * size * 1.6
    )
    p.drawPolygon(QPolygonF([tip, left, right]))
