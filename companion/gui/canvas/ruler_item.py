"""The BrickRuler's overlay: the line between two squares, clear or blocked, and its caption."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPen,
)

from companion.gui.canvas.captions import (
    add_caption,
    caption_size,
    draw_caption,
    sized_font,
    view_bounds,
)
from companion.gui.canvas.items import DeviceMap, Extent
from companion.gui.canvas.overlay_base import (
    BLOCKED,
    CLEAR,
    ShapeItem,
    Square,
)


@dataclass(slots=True)
class RulerShape:
    """What the ruler shows: endpoints, sight, the blocking square and its caption."""

    a: Square
    b: Square
    clear: bool
    blocked_by: Square | None
    lines: tuple[str, ...]


class RulerItem(ShapeItem[RulerShape]):
    """The BrickRuler: a line between square centres, green if clear, red if blocked."""

    def __init__(self, font: QFont) -> None:
        super().__init__(font, z=40)

    def extent(self) -> QRectF | None:
        s = self.shape
        if s is None:
            return None
        ext = Extent()
        for sq in (s.a, s.b) + ((s.blocked_by,) if s.blocked_by is not None else ()):
            ext.add_square(sq)
        if s.lines:
            add_caption(
                ext,
                s.b[0] + 0.5,
                s.b[1] + 0.5,
                caption_size(sized_font(self.font, 14), s.lines),
                self.px * 0.55 + 4,
                self.px,
            )
        return ext.rect(12 / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        s = self.shape
        if s is None:
            return
        colour = CLEAR if s.clear else BLOCKED
        a, b = view.centre(s.a), view.centre(s.b)
        width = max(3.0, min(view.scale * 0.11, 6.0))
        cap = Qt.PenCapStyle.RoundCap
        # Solid up to the blocking square, dashed beyond it: the part that is not seen.
        stop = b
        if s.blocked_by is not None:
            stop = _towards(a, b, view.centre(s.blocked_by))
        p.setPen(QPen(QColor(0, 0, 0, 150), width + 3, Qt.PenStyle.SolidLine, cap))
        p.drawLine(a, b)
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, cap))
        p.drawLine(a, stop)
        if stop != b:
            dashed = QPen(colour.lighter(130), width * 0.7, Qt.PenStyle.DashLine, cap)
            p.setPen(dashed)
            p.drawLine(stop, b)
        ring = max(4.0, min(view.scale * 0.14, 8.0))
        for c in (a, b):
            p.setPen(QPen(colour, 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, view.scale * 0.47, view.scale * 0.47)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawEllipse(c, ring * 0.3, ring * 0.3)
        if s.blocked_by is not None:
            r = view.square(*s.blocked_by).adjusted(2, 2, -2, -2)
            p.setPen(QPen(BLOCKED, max(3.0, view.scale * 0.1)))
            p.setBrush(QColor(235, 64, 52, 70))
            p.drawRect(r)
            inset = r.width() * 0.22
            p.drawLine(r.topLeft() + QPointF(inset, inset), r.bottomRight() - QPointF(inset, inset))
            p.drawLine(
                r.topRight() + QPointF(-inset, inset), r.bottomLeft() + QPointF(inset, -inset)
            )
        font = QFont(self.font)
        font.setPixelSize(14)
        draw_caption(p, b, s.lines, font, colour, view_bounds(p), gap=view.scale * 0.55 + 4)


def _towards(a: QPointF, b: QPointF, c: QPointF) -> QPointF:
    """The point of segment a-b nearest to ``c`` (where the sight line meets a blocker)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = dx * dx + dy * dy
    if n == 0:
        return a
    t = max(0.0, min(1.0, ((c.x() - a.x()) * dx + (c.y() - a.y()) * dy) / n))
    return QPointF(a.x() + t * dx, a.y() + t * dy)
