"""Captions on the map: the rounded label drawn beside a point, and the items showing one
(an area's caption, the label of the square under the mouse).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
)

from companion.gui.canvas.items import DeviceMap, Extent
from companion.gui.canvas.overlay_base import (
    AREA,
    Square,
    TightItem,
)
from companion.gui.canvas.rulers import LEFT_STRIP, STRIP


def view_bounds(p: QPainter) -> QRectF:
    """Where a caption may go in the view being painted: all of it but the edge rulers'
    strips along the top and the left (a caption under them would be cut)."""
    return QRectF(p.viewport()).adjusted(LEFT_STRIP, STRIP, 0, 0)


def draw_caption(
    p: QPainter,
    anchor: QPointF,
    lines: Sequence[str],
    font: QFont,
    accent: QColor,
    bounds: QRectF | None = None,
    gap: float = 14.0,
    above: bool = False,
) -> QRectF:
    """A rounded label of one or more lines beside ``anchor`` (``gap`` pixels away),
    below (or ``above``) and to the right unless that runs off ``bounds``; a label too
    wide for either side is kept inside ``bounds`` (clear of the anchor where it can
    be).  Returns the box drawn."""
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
        _keep_inside(box, anchor, bounds, gap)
    p.setPen(QPen(accent, 2))
    p.setBrush(QColor(18, 20, 26, 225))
    p.drawRoundedRect(box, 7, 7)
    p.setPen(QColor(245, 245, 245))
    for i, s in enumerate(lines):
        line_box = QRectF(box.left() + 8, box.top() + 5 + i * m.height(), w - 16, m.height())
        p.drawText(line_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, s)
    return box


def _keep_inside(box: QRectF, anchor: QPointF, bounds: QRectF, gap: float) -> None:
    """Shift ``box`` back inside ``bounds`` across (the whole label read rather than
    cut at the view's edge), then off the anchor upright if that made it cover it."""
    if box.right() > bounds.right():
        box.moveRight(bounds.right())
    if box.left() < bounds.left():  # wider than the view: its start is read
        box.moveLeft(bounds.left())
    if box.left() <= anchor.x() <= box.right() and box.top() <= anchor.y() <= box.bottom():
        if anchor.y() + gap + box.height() <= bounds.bottom():
            box.moveTop(anchor.y() + gap)
        else:
            box.moveBottom(anchor.y() - gap)


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


def sized_font(font: QFont, pixels: int, bold: bool = False) -> QFont:
    f = QFont(font)
    f.setPixelSize(pixels)
    if bold:
        f.setBold(True)
    return f


class CaptionItem(TightItem):
    """A floating caption at a square (area template summary)."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=45)
        self.font = font
        self.anchor: Square | None = None
        self.lines: tuple[str, ...] = ()
        self.accent = AREA
        #: A square whose caption is kept hidden (``hold``).
        self._held: Square | None = None
        self.set_bounds(None)

    def set_caption(
        self, anchor: Square | None, lines: Sequence[str], accent: QColor = AREA
    ) -> None:
        if self._held is not None:
            if anchor == self._held:
                return  # held: what it would say is read elsewhere
            self._held = None
        new = (anchor, tuple(lines), accent)
        if new == (self.anchor, self.lines, self.accent):
            return
        self.anchor, self.lines, self.accent = new
        self.relayout()

    def hold(self, anchor: Square | None) -> None:
        """Hide the caption and keep it hidden while it is asked for at ``anchor`` (a
        refusal's numbered marks and reasons are read there instead, not covered by the
        same reasons again); a caption asked for anywhere else shows, and ends the hold."""
        self.set_caption(None, ())
        self._held = anchor

    def extent(self) -> QRectF | None:
        if self.anchor is None or not self.lines:
            return None
        ext = Extent()
        add_caption(
            ext,
            self.anchor[0] + 0.5,
            self.anchor[1],
            caption_size(sized_font(self.font, 13), self.lines),
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
        draw_caption(p, top, self.lines, f, self.accent, view_bounds(p), gap=6, above=True)


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
        w, h = caption_size(sized_font(self.font, 12, bold=True), [self.text])
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
