"""Measurement overlays: hover outline, rectangles, tints, the ruler, paths and arcs.

Overlays only draw what the tools hand them (squares, masks, results of the
geometry); they compute nothing about the rules.  Each keeps its bounds tight around
what it draws, so a change repaints only that part of the view, not the whole map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem

from companion.gui.canvas.items import DeviceItem, DeviceMap, Extent
from companion.gui.canvas.render import mask_outline, tint_rgba
from companion.model.geometry.arcs import compass_degrees

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


class HoverRect(QGraphicsRectItem):
    """The outline of the brush or the square under the mouse."""

    def __init__(self, colour: QColor | None = None, z: float = 30) -> None:
        super().__init__()
        self.setPen(cosmetic(colour or QColor(255, 255, 255, 220), 2))
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setZValue(z)
        self.hide()

    def show_squares(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Outline squares x0..x1, y0..y1 (inclusive corners, any order)."""
        ax, bx = sorted((x0, x1))
        ay, by = sorted((y0, y1))
        self.setRect(QRectF(ax, ay, bx - ax + 1, by - ay + 1))
        self.show()


class TintImage(pg.ImageItem):
    """A translucent colour over a set of squares (areas, reachable squares).

    Only the mask's bounding box becomes the image, placed at its corner, so moving a
    small template repaints a small part of the view.
    """

    def __init__(self, z: float) -> None:
        super().__init__(axisOrder="row-major")
        self.setZValue(z)
        self.outline = QGraphicsPathItem()
        self.outline.setZValue(z + 0.1)

    def show_mask(
        self,
        mask: np.ndarray | None,
        colour: QColor,
        alpha: int = 110,
        values: np.ndarray | None = None,
        outline: bool = True,
    ) -> None:
        if mask is None or not mask.any():
            self.hide_mask()
            return
        rgb = (colour.red(), colour.green(), colour.blue())
        rows = np.flatnonzero(mask.any(axis=1))
        cols = np.flatnonzero(mask.any(axis=0))
        y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
        sub = mask[y0:y1, x0:x1]
        part = None if values is None else values[y0:y1, x0:x1]
        self.setImage(tint_rgba(sub, rgb, alpha, part), autoLevels=False, levels=(0, 255))
        self.setPos(x0, y0)
        self.show()
        if outline:
            from companion.gui.canvas.layers import segments_path

            self.outline.setPen(cosmetic(colour.lighter(115), 2))
            self.outline.setPath(segments_path(mask_outline(sub)))
            self.outline.setPos(x0, y0)
            self.outline.show()
        else:
            self.outline.hide()

    def hide_mask(self) -> None:
        self.hide()
        self.outline.hide()


def draw_caption(
    p: QPainter,
    anchor: QPointF,
    lines: Sequence[str],
    font: QFont,
    accent: QColor,
    bounds: QRectF | None = None,
    gap: float = 14.0,
    above: bool = False,
) -> None:
    """A rounded label of one or more lines beside ``anchor`` (``gap`` pixels away),
    below (or ``above``) and to the right unless that runs off ``bounds``."""
    p.setFont(font)
    m = p.fontMetrics()
    w = max(m.horizontalAdvance(s) for s in lines) + 16
    h = m.height() * len(lines) + 10
    box = QRectF(anchor.x() + gap, anchor.y() + gap * 0.35, w, h)
    if above:
        box = QRectF(anchor.x() - w / 2, anchor.y() - gap - h, w, h)
        if bounds is not None and box.top() < bounds.top():
            box.moveTop(anchor.y() + gap)
    if bounds is not None:
        if box.right() > bounds.right():
            box.moveRight(anchor.x() - gap)
        if box.bottom() > bounds.bottom():
            box.moveBottom(anchor.y() - gap * 0.35)
    p.setPen(QPen(accent, 2))
    p.setBrush(QColor(18, 20, 26, 225))
    p.drawRoundedRect(box, 7, 7)
    p.setPen(QColor(245, 245, 245))
    for i, s in enumerate(lines):
        line_box = QRectF(box.left() + 8, box.top() + 5 + i * m.height(), w - 16, m.height())
        p.drawText(line_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, s)


def caption_size(font: QFont, lines: Sequence[str]) -> tuple[float, float]:
    """Width and height in pixels of ``draw_caption``'s box (with its pen)."""
    m = QFontMetricsF(font)
    w = max((m.horizontalAdvance(s) for s in lines), default=0.0) + 20
    return w, m.height() * len(lines) + 14


def add_caption(
    ext: Extent, x: float, y: float, size: tuple[float, float], gap_px: float, px: float
) -> None:
    """Grow ``ext`` by a caption at map point ``(x, y)``, on whichever side it lands."""
    w, h = size
    ext.add(x, y, (w + gap_px) / px, (h + gap_px) / px)


def _sized(font: QFont, pixels: int, bold: bool = False) -> QFont:
    f = QFont(font)
    f.setPixelSize(pixels)
    if bold:
        f.setBold(True)
    return f


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
                caption_size(_sized(self.font, 14), s.lines),
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
        draw_caption(p, b, s.lines, font, colour, QRectF(p.viewport()), gap=view.scale * 0.55 + 4)


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
        label_font = _sized(self.font, 12, bold=True)
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
                caption_size(_sized(self.font, 13), s.path_lines),
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
            _arrow_head(p, origin, end, view.scale * 0.42)
            draw_caption(
                p, end, [t.label], font, colour, QRectF(p.viewport()), gap=view.scale * 0.55 + 4
            )
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
                QRectF(p.viewport()),
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


def _towards(a: QPointF, b: QPointF, c: QPointF) -> QPointF:
    """The point of segment a-b nearest to ``c`` (where the sight line meets a blocker)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    n = dx * dx + dy * dy
    if n == 0:
        return a
    t = max(0.0, min(1.0, ((c.x() - a.x()) * dx + (c.y() - a.y()) * dy) / n))
    return QPointF(a.x() + t * dx, a.y() + t * dy)


def _arrow_head(p: QPainter, a: QPointF, b: QPointF, back: float) -> None:
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


class CaptionItem(TightItem):
    """A floating caption at a square (area template summary)."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=45)
        self.font = font
        self.anchor: Square | None = None
        self.lines: tuple[str, ...] = ()
        self.accent = AREA
        self.set_bounds(None)

    def set_caption(
        self, anchor: Square | None, lines: Sequence[str], accent: QColor = AREA
    ) -> None:
        new = (anchor, tuple(lines), accent)
        if new == (self.anchor, self.lines, self.accent):
            return
        self.anchor, self.lines, self.accent = new
        self.relayout()

    def extent(self) -> QRectF | None:
        if self.anchor is None or not self.lines:
            return None
        ext = Extent()
        add_caption(
            ext,
            self.anchor[0] + 0.5,
            self.anchor[1],
            caption_size(_sized(self.font, 13), self.lines),
            6,
            self.px,
        )
        return ext.rect(4 / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        if self.anchor is None or not self.lines:
            return
        f = QFont(self.font)
        f.setPixelSize(13)
        top = view.point(self.anchor[0] + 0.5, self.anchor[1])
        draw_caption(p, top, self.lines, f, self.accent, QRectF(p.viewport()), gap=6, above=True)


class HoverLabel(TightItem):
    """The floor height of the square under the mouse, in a small badge at its corner."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=32)
        self.font = font
        self.square: Square | None = None
        self.text = ""
        self.set_bounds(None)

    def set_label(self, square: Square | None, text: str = "") -> None:
        if (square, text) == (self.square, self.text):
            return
        self.square, self.text = square, text
        self.relayout()

    def extent(self) -> QRectF | None:
        if self.square is None or not self.text:
            return None
        w, h = caption_size(_sized(self.font, 12, bold=True), [self.text])
        ext = Extent()
        ext.add_square(self.square)
        return ext.rect(max(w, h) / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        if self.square is None or not self.text or view.scale < 8:
            return
        f = QFont(self.font)
        f.setPixelSize(12)
        f.setBold(True)
        p.setFont(f)
        r = view.square(*self.square)
        w = p.fontMetrics().horizontalAdvance(self.text) + 10
        h = p.fontMetrics().height() + 2
        box = QRectF(r.right() - w * 0.3, r.top() - h * 0.7, w, h)
        p.setPen(QPen(QColor(255, 255, 255, 200), 1))
        p.setBrush(QColor(20, 22, 28, 220))
        p.drawRoundedRect(box, h / 2, h / 2)
        p.setPen(QColor(255, 236, 180))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


class PastePreview(pg.ImageItem):
    """A ghost of the clipboard following the mouse, with a dashed frame."""

    def __init__(self) -> None:
        super().__init__(axisOrder="row-major")
        self.setZValue(28)
        self.setOpacity(0.72)
        self.frame = QGraphicsRectItem()
        self.frame.setPen(cosmetic(QColor(255, 255, 255), 2, (4, 3)))
        self.frame.setZValue(28.5)
        self.hide_preview()

    def show_at(self, rgba: np.ndarray, at: Square) -> None:
        self.setImage(rgba, autoLevels=False, levels=(0, 255))
        self.setPos(at[0], at[1])
        h, w = rgba.shape[:2]
        self.frame.setRect(QRectF(at[0], at[1], w, h))
        self.show()
        self.frame.show()

    def hide_preview(self) -> None:
        self.hide()
        self.frame.hide()


class ReasonMarks(TightItem):
    """The squares a refusal is about: each outlined, with the number of its reason in
    the listed refusal in a badge at its corner (two reasons on one square share it)."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=33)
        self.font = font
        self.marks: tuple[tuple[Square, str], ...] = ()
        self.set_bounds(None)

    def set_marks(self, marks: Sequence[tuple[Square, str]]) -> None:
        """``(square, label)`` pairs; labels on one square are joined ("1,3")."""
        joined: dict[Square, list[str]] = {}
        for sq, label in marks:
            joined.setdefault((int(sq[0]), int(sq[1])), []).append(label)
        new = tuple((sq, ",".join(labels)) for sq, labels in joined.items())
        if new == self.marks:
            return
        self.marks = new
        self.relayout()

    def extent(self) -> QRectF | None:
        if not self.marks:
            return None
        ext = Extent()
        for sq, _ in self.marks:
            ext.add_square(sq)
        return ext.rect(40 / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        if not self.marks:
            return
        f = QFont(self.font)
        f.setPixelSize(12)
        f.setBold(True)
        p.setFont(f)
        for sq, label in self.marks:
            r = view.square(*sq)
            p.setPen(cosmetic(BLOCKED, 3))
            p.setBrush(QColor(BLOCKED.red(), BLOCKED.green(), BLOCKED.blue(), 60))
            p.drawRect(r)
            w = p.fontMetrics().horizontalAdvance(label) + 10
            h = p.fontMetrics().height() + 2
            box = QRectF(r.left() - w * 0.4, r.top() - h * 0.6, w, h)
            p.setPen(QPen(QColor(255, 255, 255, 220), 1))
            p.setBrush(BLOCKED.darker(130))
            p.drawRoundedRect(box, h / 2, h / 2)
            p.setPen(QColor(255, 255, 255))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def facing_step(facing: str | float) -> tuple[float, float] | None:
    """A facing's way on screen as a unit step (y grows down the map): a compass name
    ("N", "SE") or degrees clockwise from north; None for neither."""
    try:
        deg = compass_degrees(facing) if isinstance(facing, str) else float(facing)
    except (TypeError, ValueError):
        return None
    rad = math.radians(deg)
    return (math.sin(rad), -math.cos(rad))


class FacingMark(TightItem):
    """An arrow across a square toward a facing (a compass name, or degrees clockwise
    from north): the way a figure will face at the end of the pending move, drawn at its
    destination."""

    def __init__(self) -> None:
        super().__init__(z=34)
        self.square: Square | None = None
        self.facing: str | float | None = None
        self.set_bounds(None)

    def set_facing(self, square: Square | None, facing: str | float | None = None) -> None:
        shown = square is not None and facing is not None and facing_step(facing) is not None
        new = (square, facing) if shown else (None, None)
        if new == (self.square, self.facing):
            return
        self.square, self.facing = new
        self.relayout()

    def extent(self) -> QRectF | None:
        if self.square is None:
            return None
        ext = Extent()
        ext.add_square(self.square)
        return ext.rect(6 / self.px)

    def paint_device(self, p: QPainter, view: DeviceMap) -> None:
        if self.square is None or self.facing is None:
            return
        step = facing_step(self.facing)
        if step is None:
            return
        dx, dy = step
        r = view.square(*self.square)
        c = r.center()
        half = min(r.width(), r.height()) / 2
        tip = QPointF(c.x() + dx * half * 0.95, c.y() + dy * half * 0.95)
        tail = QPointF(c.x() - dx * half * 0.35, c.y() - dy * half * 0.35)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(cosmetic(QColor(20, 22, 28, 230), max(4.0, half * 0.28)))
        p.drawLine(tail, tip)
        p.setPen(cosmetic(QColor(255, 236, 180), max(2.0, half * 0.14)))
        p.drawLine(tail, tip)
        p.setPen(QPen(QColor(20, 22, 28, 230), 1.5))
        p.setBrush(QColor(255, 236, 180))
        _arrow_head(p, tail, tip, 0.0)
