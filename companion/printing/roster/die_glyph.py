"""A die drawn as its shape with its number of sides inside: a d6 as a square, a d20 as
a hexagon with its facet, so a sheet shows "d10" the way the die on the table looks.

Shared by the screen (``companion.gui.roster.sheet_widget``) and the paper
(``companion.printing.roster.paint``); any paint device, any size.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

#: Corners of the outline of each die type, as (angle in degrees, radius share), or None
#: for a round outline (a coin: d2).
_OUTLINES: dict[int, tuple[tuple[float, float], ...] | None] = {
    2: None,
    3: ((-90, 1.0), (30, 1.0), (150, 1.0)),
    4: ((-90, 1.0), (30, 1.0), (150, 1.0)),
    6: ((-135, 1.0), (-45, 1.0), (45, 1.0), (135, 1.0)),
    8: ((-90, 1.0), (0, 0.78), (90, 1.0), (180, 0.78)),
    10: ((-90, 1.0), (-20, 0.8), (90, 0.75), (200, 0.8)),
    12: tuple((-90 + 72 * i, 1.0) for i in range(5)),
    20: tuple((-90 + 60 * i, 1.0) for i in range(6)),
}


def die_path(sides: int, rect: QRectF) -> QPainterPath:
    """The outline of a die of ``sides`` sides fitted in ``rect``."""
    path = QPainterPath()
    centre = rect.center()
    radius = min(rect.width(), rect.height()) / 2
    corners = _OUTLINES.get(sides)
    if corners is None:
        path.addEllipse(centre, radius * 0.92, radius * 0.92)
        return path
    # A triangle sits low in its box: lift its centre so it looks centred.
    lift = radius * 0.18 if len(corners) == 3 else 0.0
    points = [
        QPointF(
            centre.x() + math.cos(math.radians(a)) * radius * share,
            centre.y() + lift + math.sin(math.radians(a)) * radius * share,
        )
        for a, share in corners
    ]
    path.addPolygon(QPolygonF([*points, points[0]]))
    path.closeSubpath()
    return path


def paint_die(
    p: QPainter,
    rect: QRectF,
    sides: int,
    ink: QColor,
    fill: QColor,
    font: QFont,
    line_width: float,
) -> None:
    """The die's outline filled, a d20's facet, and its number of sides inside."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(ink, line_width))
    p.setBrush(fill)
    path = die_path(sides, rect)
    p.drawPath(path)
    if sides == 20:  # the facet facing up
        c = rect.center()
        r = min(rect.width(), rect.height()) / 2 * 0.55
        tri = [
            QPointF(c.x() + math.cos(math.radians(a)) * r, c.y() + math.sin(math.radians(a)) * r)
            for a in (-90, 30, 150)
        ]
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(ink, line_width * 0.6))
        p.drawPolygon(QPolygonF(tri))
    p.setPen(ink)
    p.setFont(font)
    text_rect = QRectF(rect)
    if sides in (3, 4):
        text_rect.translate(0, rect.height() * 0.12)
    p.drawText(text_rect, int(Qt.AlignmentFlag.AlignCenter), str(sides))
    p.restore()
