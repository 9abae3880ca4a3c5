"""Base classes of the canvas's painted items.

The canvas uses a handful of items, each drawing many squares itself, never one
graphics item per square.  Items in *map units* (1 = one square) draw paths; items
that draw glyphs and text paint in *device pixels* for crisp text at any zoom, and
only the squares in view.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget


class MapItem(QGraphicsObject):
    """An item covering the map rectangle (plus a margin), painted by subclasses."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._bounds = QRectF(0, 0, 1, 1)

    def set_map_size(self, width: int, height: int, margin: float = 2.0) -> None:
        self.prepareGeometryChange()
        self._bounds = QRectF(-margin, -margin, width + 2 * margin, height + 2 * margin)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect if option.exposedRect.isValid() else self._bounds
        self.paint_map(painter, exposed)

    def paint_map(self, painter: QPainter, exposed: QRectF) -> None:
        """Draw in map units; ``exposed`` is the part of the map to draw."""


class DeviceItem(MapItem):
    """An item that paints in device pixels: ``paint_device(painter, view)``."""

    def paint_map(self, painter: QPainter, exposed: QRectF) -> None:
        transform = painter.worldTransform()
        scale = math.hypot(transform.m11(), transform.m12())
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.paint_device(painter, DeviceMap(transform, scale, exposed))
        painter.restore()

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        """Draw in device pixels using ``view`` to place squares."""


class DeviceMap:
    """Maps squares to device pixels for one paint call."""

    __slots__ = ("exposed", "scale", "transform")

    def __init__(self, transform: QTransform, scale: float, exposed: QRectF) -> None:
        self.transform = transform
        self.scale = scale  # device pixels per square
        self.exposed = exposed

    def square(self, x: float, y: float, w: float = 1.0, h: float = 1.0) -> QRectF:
        return self.transform.mapRect(QRectF(x, y, w, h))

    def point(self, x: float, y: float) -> QPointF:
        return self.transform.map(QPointF(x, y))

    def centre(self, sq: tuple[int, int]) -> QPointF:
        return self.transform.map(QPointF(sq[0] + 0.5, sq[1] + 0.5))

    def visible_range(self, width: int, height: int) -> tuple[int, int, int, int]:
        """Squares ``(x0, y0, x1, y1)`` (exclusive) that intersect the exposed rect."""
        r = self.exposed
        x0 = max(math.floor(r.left()), 0)
        y0 = max(math.floor(r.top()), 0)
        x1 = min(math.ceil(r.right()), width)
        y1 = min(math.ceil(r.bottom()), height)
        return x0, y0, x1, y1
