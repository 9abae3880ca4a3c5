"""Letters along the top and numbers down the left of the map view, like a chess board.

Drawn over the view's edges (not on the map), so they stay in sight however the map is
zoomed or panned; where the map's top or left edge is inside the view (the whole map
fitted in the middle of a wider view), just above and left of the map instead, beside the
squares they name.  Each column's letters over its middle, each row's number beside it,
every second or fifth one when the squares are too small for all.  The names are the
rules core's (``companion.rules.places``), the ones every message uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

from companion.rules.places import column_name, row_name

if TYPE_CHECKING:
    from companion.gui.canvas.view import MapCanvas

#: The strips' width (left) and height (top) in pixels.
STRIP = 18
#: The left strip's width with the room its row numbers take beyond ``STRIP``.
LEFT_STRIP = STRIP + 6
#: How far from the view's edge a strip stays there rather than beside the map.
SNUG = 12
STEPS = (1, 2, 5, 10, 20, 50)


def label_step(px_per_square: float, widest: float) -> int:
    """Label every n-th square so that the labels do not touch: the smallest of STEPS."""
    for step in STEPS:
        if px_per_square * step >= widest + 4:
            return step
    return STEPS[-1]


class EdgeRulers(QWidget):
    """The column and row names along the view's top and left edges."""

    def __init__(self, canvas: MapCanvas) -> None:
        super().__init__(canvas.viewport())
        self.setObjectName("edgeRulers")
        self.canvas = canvas
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        font = QFont(canvas.font())
        font.setPixelSize(11)
        font.setBold(True)
        self.label_font = font
        #: The two strips as last placed (``_place``): along the top and down the left.
        self._strips = (QRect(), QRect())
        canvas.zoomChanged.connect(lambda _px: self._place())

    def follow_viewport(self) -> None:
        self._place(force=True)
        self.raise_()

    def _place(self, force: bool = False) -> None:
        """The strips where the map is now (``_measure``); painted again (the view's range
        changed: every label moved)."""
        if getattr(self.canvas, "closed", False):
            return  # closed: pyqtgraph has cleared the scene, the map has no place
        strips = self._measure()
        if force or strips != self._strips:
            self._strips = strips
            # The widget moved to the strips' corner rather than only masked anew: a new
            # mask has the view under it painted once more after the view's own paint.
            corner = strips[0].topLeft()
            room = self.canvas.viewport().rect()
            self.setGeometry(QRect(corner, room.bottomRight()))
            # Only the two strips are the rulers': the map repainted under the middle of
            # the view (a figure moved) does not paint them again.
            mask = QRegion(strips[0]).united(QRegion(strips[1])).translated(-corner)
            if force or mask != self.mask():
                self.setMask(mask)
        self.update()

    def _measure(self) -> tuple[QRect, QRect]:
        """The top strip and the left one: at the view's edges, or just above and left
        of the map where its edge is inside the view."""
        c = self.canvas
        width, height = c.viewport().width(), c.viewport().height()
        near = c.viewport_pos((0, 0), 0, 0)
        left, top = near.x() - LEFT_STRIP, near.y() - STRIP
        # A map edge about as near as a followed view leaves it (``MapCanvas.centre_on``)
        # keeps the strip at the view's edge: it does not move as the view scrolls.
        left = min(left, width) if left > SNUG else 0
        top = min(top, height) if top > SNUG else 0
        # Each strip runs on to the view's far edge, the map's other end in view or not.
        return (
            QRect(left, top, width - left, STRIP),
            QRect(left, top + STRIP, LEFT_STRIP, max(0, height - top - STRIP)),
        )

    def _top(self) -> QRect:
        return self._strips[0]

    def _left(self) -> QRect:
        return self._strips[1]

    def visible_labels(self) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
        """The columns' labels with their x and the rows' with their y, in view pixels."""
        c = self.canvas
        d = c.session.doc.dungeon
        metrics = QFontMetricsF(self.label_font)
        px = c.pixels_per_square()
        origin = c.viewport_pos((0, 0), 0, 0)
        left_top = c.map_pos(QPointF(0, 0))
        right_bottom = c.map_pos(QPointF(c.viewport().width(), c.viewport().height()))
        cols: list[tuple[float, str]] = []
        step = label_step(px, metrics.horizontalAdvance(column_name(d.width - 1)))
        first = max(0, int(left_top.x()))
        for x in range(first, min(d.width, int(right_bottom.x()) + 1)):
            if x % step == 0 or step == 1:
                cols.append((origin.x() + (x + 0.5) * px, column_name(x)))
        rows: list[tuple[float, str]] = []
        step = label_step(px, metrics.height())
        first = max(0, int(left_top.y()))
        for y in range(first, min(d.height, int(right_bottom.y()) + 1)):
            if (y + 1) % step == 0 or y == 0 or step == 1:
                rows.append((origin.y() + (y + 0.5) * px, row_name(y)))
        return cols, rows

    def paintEvent(self, event: QPaintEvent) -> None:
        region = event.region().translated(self.pos())  # in the view's pixels
        if not region.intersects(self._top()) and not region.intersects(self._left()):
            return  # (no strip touched: their labels stand)
        cols, rows = self.visible_labels()
        p = QPainter(self)
        p.translate(-self.x(), -self.y())  # the labels and strips are placed in the view
        p.setFont(self.label_font)
        band = QColor(20, 22, 27, 200)
        top, left = self._strips
        p.fillRect(top, band)
        p.fillRect(left, band)
        p.setPen(QColor(235, 226, 200))
        for x, text in cols:
            if x > left.x() + STRIP:
                box = QRectF(x - 30, top.y(), 60, STRIP)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        for y, text in rows:
            if y > top.y() + STRIP:
                box = QRectF(left.x(), y - 9, LEFT_STRIP, 18)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        p.end()
