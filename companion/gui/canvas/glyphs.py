"""Small pictures drawn on squares: doors, stairs, fire spouts, furniture, figures.

Each function draws into the device rectangle ``r`` of one square.  Furniture is
drawn facing south and rotated to its facing.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from companion.model.dungeon import Facing, MapObject, ObjectKind, Terrain
from companion.model.labels import initials
from companion.printing.colours import side_colour

WOOD = QColor(122, 78, 40)
WOOD_DARK = QColor(74, 46, 22)
WOOD_LIGHT = QColor(168, 118, 66)
GOLD = QColor(232, 186, 60)
STONE = QColor(196, 188, 168)
STONE_DARK = QColor(120, 114, 100)
INK = QColor(28, 24, 20)
#: Rotation (degrees, clockwise on screen) that turns a south-facing glyph to ``facing``.
ROTATION = {Facing.S: 0.0, Facing.W: 90.0, Facing.N: 180.0, Facing.E: 270.0}


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _rotated(p: QPainter, r: QRectF, facing: Facing) -> float:
    """Move the origin to the square's centre, rotated to ``facing``; return the side."""
    p.translate(r.center())
    p.rotate(ROTATION[facing])
    return r.width()


# -- terrain features -------------------------------------------------------------


def draw_door(p: QPainter, r: QRectF, kind: Terrain, along_x: bool) -> None:
    """A door leaf; ``along_x``: the wall runs east-west, so the leaf lies horizontally."""
    s = r.width()
    p.save()
    p.translate(r.center())
    if not along_x:
        p.rotate(90)
    if kind is Terrain.DOOR_OPEN:
        # Frame posts and the leaf swung open against one post.
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(WOOD_DARK)
        p.drawRect(QRectF(-0.5 * s, -0.16 * s, 0.12 * s, 0.32 * s))
        p.drawRect(QRectF(0.38 * s, -0.16 * s, 0.12 * s, 0.32 * s))
        p.setBrush(WOOD)
        p.setPen(_pen(WOOD_DARK, max(1.0, 0.03 * s)))
        p.drawRect(QRectF(-0.44 * s, 0.1 * s, 0.14 * s, 0.62 * s))
    else:
        p.setPen(_pen(WOOD_DARK, max(1.0, 0.04 * s)))
        p.setBrush(WOOD_LIGHT if kind is Terrain.DOOR_CLOSED else WOOD)
        p.drawRect(QRectF(-0.5 * s, -0.17 * s, s, 0.34 * s))
        p.setPen(_pen(WOOD_DARK, max(1.0, 0.02 * s)))
        for fx in (-0.25, 0.0, 0.25):
            p.drawLine(QPointF(fx * s, -0.17 * s), QPointF(fx * s, 0.17 * s))
        if kind is Terrain.DOOR_LOCKED:
            p.setPen(_pen(INK, max(1.0, 0.03 * s)))
            p.setBrush(GOLD)
            p.drawRoundedRect(QRectF(-0.13 * s, -0.1 * s, 0.26 * s, 0.2 * s), 0.04 * s, 0.04 * s)
            p.setBrush(INK)
            p.drawEllipse(QPointF(0, 0), 0.035 * s, 0.035 * s)
    p.restore()


def draw_stairs(p: QPainter, r: QRectF, rises: Facing) -> None:
    """Treads getting lighter toward the top, and a chevron pointing up the stairs."""
    s = r.width()
    p.save()
    # Draw rising toward the top of the glyph (north), then rotate.
    p.translate(r.center())
    p.rotate({Facing.N: 0.0, Facing.E: 90.0, Facing.S: 180.0, Facing.W: 270.0}[rises])
    p.setPen(Qt.PenStyle.NoPen)
    for i in range(4):
        shade = 70 - 14 * i
        p.setBrush(QColor(0, 0, 0, shade))
        p.drawRect(QRectF(-0.5 * s, (0.5 - (i + 1) * 0.25) * s, s, 0.25 * s * 0.55))
    p.setPen(_pen(QColor(255, 255, 255, 220), max(1.5, 0.07 * s)))
    chevron = QPolygonF(
        [QPointF(-0.2 * s, 0.02 * s), QPointF(0, -0.2 * s), QPointF(0.2 * s, 0.02 * s)]
    )
    p.drawPolyline(chevron)
    p.restore()


def draw_fire_spout(p: QPainter, r: QRectF) -> None:
    """A vent grille with a flame."""
    s = r.width()
    c = r.center()
    p.save()
    p.setPen(_pen(QColor(60, 20, 12), max(1.0, 0.04 * s)))
    p.setBrush(QColor(70, 24, 14))
    p.drawEllipse(c, 0.36 * s, 0.36 * s)
    flame = QPainterPath()
    flame.moveTo(c.x(), c.y() - 0.34 * s)
    flame.cubicTo(
        c.x() + 0.28 * s,
        c.y() - 0.05 * s,
        c.x() + 0.22 * s,
        c.y() + 0.28 * s,
        c.x(),
        c.y() + 0.28 * s,
    )
    flame.cubicTo(
        c.x() - 0.22 * s,
        c.y() + 0.28 * s,
        c.x() - 0.28 * s,
        c.y() - 0.05 * s,
        c.x(),
        c.y() - 0.34 * s,
    )
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 120, 24))
    p.drawPath(flame)
    inner = QPainterPath()
    inner.moveTo(c.x(), c.y() - 0.1 * s)
    inner.cubicTo(
        c.x() + 0.14 * s,
        c.y() + 0.06 * s,
        c.x() + 0.1 * s,
        c.y() + 0.22 * s,
        c.x(),
        c.y() + 0.22 * s,
    )
    inner.cubicTo(
        c.x() - 0.1 * s,
        c.y() + 0.22 * s,
        c.x() - 0.14 * s,
        c.y() + 0.06 * s,
        c.x(),
        c.y() - 0.1 * s,
    )
    p.setBrush(QColor(255, 220, 90))
    p.drawPath(inner)
    p.restore()


def draw_rubble(p: QPainter, r: QRectF) -> None:
    """An obstacle square: a heap of stones."""
    s = r.width()
    c = r.center()
    p.save()
    p.setPen(_pen(QColor(50, 44, 36), max(1.0, 0.03 * s)))
    for dx, dy, rad, shade in (
        (-0.15, 0.1, 0.2, 130),
        (0.17, 0.12, 0.17, 150),
        (0.0, -0.14, 0.19, 165),
    ):
        p.setBrush(QColor(shade, shade - 10, shade - 24))
        p.drawEllipse(QPointF(c.x() + dx * s, c.y() + dy * s), rad * s, rad * s * 0.85)
    p.restore()


# -- furniture ---------------------------------------------------------------------


def draw_object(p: QPainter, r: QRectF, obj: MapObject) -> None:
    """One piece of furniture, turned to its facing."""
    p.save()
    s = _rotated(p, r, obj.facing)
    line = max(1.0, 0.035 * s)
    kind = obj.kind
    if kind is ObjectKind.CHEST:
        p.setPen(_pen(WOOD_DARK, line))
        p.setBrush(WOOD_LIGHT if obj.is_open else WOOD)
        p.drawRoundedRect(QRectF(-0.34 * s, -0.24 * s, 0.68 * s, 0.48 * s), 0.06 * s, 0.06 * s)
        p.setPen(_pen(GOLD, max(1.0, 0.05 * s)))
        p.drawLine(QPointF(-0.34 * s, -0.02 * s), QPointF(0.34 * s, -0.02 * s))
        p.setPen(_pen(INK, line))
        p.setBrush(GOLD)
        p.drawRect(QRectF(-0.07 * s, 0.14 * s, 0.14 * s, 0.14 * s))  # clasp on the front
    elif kind is ObjectKind.BARREL:
        p.setPen(_pen(WOOD_DARK, line))
        p.setBrush(WOOD)
        p.drawEllipse(QPointF(0, 0), 0.33 * s, 0.33 * s)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), 0.22 * s, 0.22 * s)
        p.setBrush(WOOD_LIGHT)
        p.drawEllipse(QPointF(0, 0), 0.1 * s, 0.1 * s)
    elif kind is ObjectKind.BOOKCASE:
        p.setPen(_pen(WOOD_DARK, line))
        p.setBrush(WOOD_DARK)
        back = QRectF(-0.46 * s, -0.46 * s, 0.92 * s, 0.42 * s)
        p.drawRect(back)
        colours = (
            QColor(170, 50, 40),
            QColor(50, 90, 160),
            QColor(60, 130, 70),
            QColor(200, 160, 60),
            QColor(120, 60, 140),
        )
        p.setPen(Qt.PenStyle.NoPen)
        for i in range(8):
            p.setBrush(colours[i % len(colours)])
            p.drawRect(QRectF((-0.42 + i * 0.105) * s, -0.4 * s, 0.08 * s, 0.3 * s))
    elif kind is ObjectKind.SARCOPHAGUS:
        p.setPen(_pen(STONE_DARK, line))
        p.setBrush(STONE)
        p.drawRoundedRect(QRectF(-0.26 * s, -0.44 * s, 0.52 * s, 0.88 * s), 0.2 * s, 0.2 * s)
        p.setPen(_pen(STONE_DARK, max(1.0, 0.05 * s)))
        p.drawLine(QPointF(0, -0.28 * s), QPointF(0, 0.26 * s))
        p.drawLine(QPointF(-0.13 * s, -0.12 * s), QPointF(0.13 * s, -0.12 * s))
    elif kind is ObjectKind.LEVER:
        p.setPen(_pen(QColor(60, 60, 64), line))
        p.setBrush(QColor(110, 110, 118))
        p.drawRoundedRect(QRectF(-0.16 * s, -0.1 * s, 0.32 * s, 0.2 * s), 0.05 * s, 0.05 * s)
        p.setPen(_pen(QColor(40, 40, 44), max(1.5, 0.07 * s)))
        p.drawLine(QPointF(0, 0), QPointF(0.2 * s, 0.26 * s))
        p.setPen(_pen(INK, line))
        p.setBrush(QColor(210, 40, 40))
        p.drawEllipse(QPointF(0.2 * s, 0.26 * s), 0.08 * s, 0.08 * s)
    elif kind is ObjectKind.SHELF:
        p.setPen(_pen(WOOD_DARK, line))
        p.setBrush(WOOD)
        p.drawRect(QRectF(-0.46 * s, -0.46 * s, 0.92 * s, 0.26 * s))
        p.setPen(_pen(INK, line))
        for fx, colour in (
            (-0.28, QColor(70, 140, 90)),
            (0.0, QColor(190, 190, 210)),
            (0.26, QColor(170, 60, 60)),
        ):
            p.setBrush(colour)
            p.drawEllipse(QPointF(fx * s, -0.33 * s), 0.07 * s, 0.07 * s)
    p.restore()


# -- figures ---------------------------------------------------------------------------


def draw_figure(
    p: QPainter,
    r: QRectF,
    label: str,
    side: str,
    facing: Facing | float | None,
    *,
    large: bool = False,
    selected: bool = False,
    faded: bool = False,
    font: QFont | None = None,
    text: str | None = None,
) -> None:
    """A round marker in the side's colour with ``text`` (by default the label's
    initials; the board passes ones unique among its figures) and a facing notch: toward
    ``facing`` (a ``Facing``, or degrees clockwise from north), none when it is None (a
    ruleset whose figures do not face)."""
    s = r.width()
    colour = side_colour(side)
    radius = (0.44 if large else 0.38) * s
    p.save()
    if faded:
        p.setOpacity(0.45)
    p.translate(r.center())
    # Shadow, then the facing wedge (drawn first so the disc sits on it).
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawEllipse(QPointF(0.04 * s, 0.05 * s), radius, radius)
    if facing is not None:
        p.save()
        # the notch is drawn south: turned by the facing's angle from south
        p.rotate(ROTATION[facing] if isinstance(facing, Facing) else float(facing) + 180.0)
        wedge = QPolygonF(
            [
                QPointF(-0.2 * s, radius * 0.7),
                QPointF(0, radius + 0.13 * s),
                QPointF(0.2 * s, radius * 0.7),
            ]
        )
        p.setBrush(QColor(250, 250, 250))
        p.setPen(_pen(colour.darker(160), max(1.0, 0.03 * s)))
        p.drawPolygon(wedge)
        p.restore()
    if selected:
        p.setPen(_pen(QColor(255, 214, 40), max(2.0, 0.09 * s)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), radius + 0.07 * s, radius + 0.07 * s)
    p.setPen(_pen(QColor(250, 250, 250), max(1.5, 0.06 * s)))
    p.setBrush(QBrush(colour))
    p.drawEllipse(QPointF(0, 0), radius, radius)
    if s >= 14:
        f = QFont(font) if font is not None else QFont()
        f.setBold(True)
        text = text if text is not None else initials(label)
        f.setPixelSize(max(7, int(radius * (0.95 if len(text) <= 2 else 0.7))))
        p.setFont(f)
        p.setPen(QColor(255, 255, 255))
        box = QRectF(-radius, -radius, 2 * radius, 2 * radius)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()
