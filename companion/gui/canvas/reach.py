"""The reach overlay: a figure's path, its arcs and lines to the targets it may attack.

It draws only what the geometry handed the tool (``ReachShape``); it decides nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
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
    REACH,
    ShapeItem,
    Square,
    arrow_head,
)


@dataclass(slots=True)
class TargetLine:
    """One enemy the selected figure may (or may not) attack, as the geometry said."""

    target: Square
    mode: str
    ok: bool
    label: str


@dataclass(slots=True)
class ReachShape:
    """What the reach overlay shows for a selected figure."""

    origin: Square
    facing_deg: float  # screen angle of the facing, 0 = east, 90 = south
    ranged_max: float | None
    ranged_min: float | None
    front: list[Square]
    reach: list[Square]
    targets: list[TargetLine]
    path: list[Square]
    path_lines: tuple[str, ...]
    #: The width of the arc drawn, degrees centred on the facing (the ruleset's first
    #: ``FacingSpec`` arc; BrickQuest's 90); None: no arc (figures that do not face).
    arc_deg: float | None = 90.0


class ReachItem(ShapeItem[ReachShape]):
    """The path to the square under the mouse, the firing arc and range, target lines."""

    def __init__(self, font: QFont) -> None:
        super().__init__(font, z=35)

    def extent(self) -> QRectF | None:
        s = self.shape
        if s is None:
            return None
        ext = Extent()
        radius = s.ranged_max if s.ranged_max else 2.5
        ext.add(s.origin[0] + 0.5, s.origin[1] + 0.5, max(radius, 0.5))
        for sq in (*s.front, *s.reach, *s.path):
            ext.add_square(sq)
        gap = self.px * 0.55 + 4
        label_font = sized_font(self.font, 12, bold=True)
        for t in s.targets:
            ext.add_square(t.target)
            add_caption(
                ext,
                t.target[0] + 0.5,
                t.target[1] + 0.5,
                caption_size(label_font, [t.label]),
                gap,
                self.px,
            )
        if s.path_lines and s.path:
            end = s.path[-1]
            add_caption(
                ext,
                end[0] + 0.5,
                end[1] + 0.5,
                caption_size(sized_font(self.font, 13), s.path_lines),
                gap,
                self.px,
            )
        return ext.rect(12 / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        s = self.shape
        if s is None:
            return
        self._draw_arc(p, view, s)
        for sq in s.front:
            p.setPen(
                QPen(QColor(255, 80, 60, 230), max(2.0, view.scale * 0.06), Qt.PenStyle.DashLine)
            )
            p.setBrush(QColor(255, 80, 60, 40))
            p.drawRect(view.square(*sq).adjusted(3, 3, -3, -3))
        for sq in s.reach:
            p.setPen(
                QPen(QColor(255, 170, 60, 200), max(1.5, view.scale * 0.04), Qt.PenStyle.DotLine)
            )
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(view.square(*sq).adjusted(4, 4, -4, -4))
        origin = view.centre(s.origin)
        font = QFont(self.font)
        font.setPixelSize(12)
        font.setBold(True)
        for t in s.targets:
            end = view.centre(t.target)
            colour = BLOCKED if not t.ok else QColor(255, 214, 40)
            dash = Qt.PenStyle.SolidLine if t.ok else Qt.PenStyle.DashLine
            p.setPen(QPen(colour, 3, dash, Qt.PenCapStyle.RoundCap))
            p.drawLine(origin, end)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            arrow_head(p, origin, end, view.scale * 0.42)
            draw_caption(p, end, [t.label], font, colour, view_bounds(p), gap=view.scale * 0.55 + 4)
        if len(s.path) >= 2:
            poly = QPolygonF([view.centre(sq) for sq in s.path])
            p.setPen(
                QPen(
                    QColor(0, 0, 0, 150),
                    7,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            p.drawPolyline(poly)
            p.setPen(
                QPen(
                    QColor(255, 255, 255),
                    3.5,
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap,
                    Qt.PenJoinStyle.RoundJoin,
                )
            )
            p.drawPolyline(poly)
            for c in (poly.at(i) for i in range(poly.size())):
                p.setBrush(QColor(255, 255, 255))
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(c, 3.5, 3.5)
        if s.path_lines and s.path:
            cap = QFont(self.font)
            cap.setPixelSize(13)
            draw_caption(
                p,
                view.centre(s.path[-1]),
                s.path_lines,
                cap,
                REACH,
                view_bounds(p),
                gap=view.scale * 0.55 + 4,
            )

    def _draw_arc(self, p: QPainter, view: DeviceMap, s: ReachShape) -> None:
        """The firing arc (``arc_deg`` wide, centred on the facing) out to the longest
        ranged distance (or 2.5 squares); all round, a circle."""
        if s.arc_deg is None:
            return
        half = min(s.arc_deg, 360.0) / 2
        radius = s.ranged_max if s.ranged_max else 2.5
        c = view.centre(s.origin)
        rad_px = radius * view.scale
        box = QRectF(c.x() - rad_px, c.y() - rad_px, 2 * rad_px, 2 * rad_px)
        path = QPainterPath(c)
        # Qt angles are anticlockwise from east; the screen's y grows downward.
        start = -(s.facing_deg - half)
        path.arcTo(box, start, -2 * half)
        path.closeSubpath()
        p.setPen(QPen(QColor(255, 214, 40, 200), 2, Qt.PenStyle.DashLine))
        p.setBrush(QColor(255, 214, 40, 28))
        p.drawPath(path)
        if s.ranged_min:
            r2 = s.ranged_min * view.scale
            inner = QRectF(c.x() - r2, c.y() - r2, 2 * r2, 2 * r2)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawArc(inner, int(start * 16), int(-2 * half * 16))
