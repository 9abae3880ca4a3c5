"""Marks of a game in play on the map: squares a refusal's reasons name, and a facing arrow."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPen,
)

from companion.gui.canvas.items import DeviceMap, Extent
from companion.gui.canvas.overlay_base import (
    BLOCKED,
    Square,
    TightItem,
    arrow_head,
    cosmetic,
)
from companion.model.geometry.arcs import compass_degrees


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
        arrow_head(p, tail, tip, 0.0)
