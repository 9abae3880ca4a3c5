"""Base classes of the canvas's painted items.

The canvas uses a handful of items, each drawing many squares itself, never one
graphics item per square.  Items in *map units* (1 = one square) draw paths; items
that draw glyphs and text paint in *device pixels* for crisp text at any zoom, and
only the squares in view.  Overlays keep their bounding rect tight around what they
draw (``set_bounds``), so the view repaints only that part of the screen when they change.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QTimer
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

    def set_bounds(self, rect: QRectF | None) -> None:
        """Draw only inside ``rect`` (map units; None: nothing) and repaint old and new."""
        rect = QRectF() if rect is None else rect
        if rect != self._bounds:
            self.prepareGeometryChange()
            self._bounds = QRectF(rect)
        self.update()

    def update_part(self, rect: QRectF) -> None:
        """Repaint ``rect`` (map units) alone.  ``update(rect)`` twice before a paint
        repaints everything between the two (Qt keeps one dirty rect per item: a figure's
        old and new squares far apart, and all the map between them); each part sent to
        the scene reaches the view as a rect of its own."""
        scene = self.scene()
        if scene is None:
            self.update(rect)
            return
        scene.update(self.mapRectToScene(rect))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = option.exposedRect if option.exposedRect.isValid() else self._bounds
        self.paint_map(painter, exposed)

    def paint_map(self, painter: QPainter, exposed: QRectF) -> None:
        """Draw in map units; ``exposed`` is the part of the map to draw."""


class DeviceItem(MapItem):
    """An item that paints in device pixels: ``paint_device(painter, view)``.

    ``px`` is the zoom (device pixels per square) its bounds were last computed for;
    items whose drawing has a size in pixels (captions) recompute their bounds in
    ``relayout`` when it changes.
    """

    px: float = 32.0

    def set_scale(self, px: float) -> None:
        """The view's zoom changed: pixel-sized parts now cover another map area."""
        if px > 0 and abs(px - self.px) > 1e-6 * px:
            self.px = px
            self.relayout()

    def relayout(self) -> None:
        """Recompute the bounds for ``px`` (items with tight bounds override this)."""

    def paint_map(self, painter: QPainter, exposed: QRectF) -> None:
        transform = painter.worldTransform()
        scale = math.hypot(transform.m11(), transform.m12())
        if scale > 0 and abs(scale - self.px) > 0.01 * scale:
            # Zoomed without being told (a view other than the canvas): fix the bounds
            # after this paint.
            QTimer.singleShot(0, lambda: self.set_scale(scale))
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

    def visible_range(self, width: int, height: int, margin: int = 0) -> tuple[int, int, int, int]:
        """Squares ``(x0, y0, x1, y1)`` (exclusive) that intersect the exposed rect,
        widened by ``margin`` squares (for drawings that spill over their square)."""
        r = self.exposed
        x0 = max(math.floor(r.left()) - margin, 0)
        y0 = max(math.floor(r.top()) - margin, 0)
        x1 = min(math.ceil(r.right()) + margin, width)
        y1 = min(math.ceil(r.bottom()) + margin, height)
        return x0, y0, x1, y1


class Extent:
    """A growing rectangle in map units: the bounds of what an overlay will draw."""

    __slots__ = ("x0", "x1", "y0", "y1")

    def __init__(self) -> None:
        self.x0 = self.y0 = math.inf
        self.x1 = self.y1 = -math.inf

    def add(self, x: float, y: float, rx: float = 0.0, ry: float | None = None) -> None:
        """Include the point ``(x, y)`` widened by ``rx`` (and ``ry``, default ``rx``)."""
        ry = rx if ry is None else ry
        self.x0, self.x1 = min(self.x0, x - rx), max(self.x1, x + rx)
        self.y0, self.y1 = min(self.y0, y - ry), max(self.y1, y + ry)

    def add_square(self, sq: tuple[float, float], margin: float = 0.0) -> None:
        self.add(sq[0] + 0.5, sq[1] + 0.5, 0.5 + margin)

    def rect(self, margin: float = 0.0) -> QRectF | None:
        """The rectangle grown by ``margin``; None if nothing was added."""
        if self.x1 < self.x0:
            return None
        return QRectF(
            self.x0 - margin,
            self.y0 - margin,
            self.x1 - self.x0 + 2 * margin,
            self.y1 - self.y0 + 2 * margin,
        )
