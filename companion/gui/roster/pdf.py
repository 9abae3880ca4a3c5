"""Character sheets on paper: ``SheetView`` values painted on a PDF, two to a page.

One painting routine (``paint_sheet``) draws a sheet with a ``QPainter`` on any paint
device — the PDF writer here, a printer or an image in the tests — in the device's own
units, sized in millimetres and points so a sheet has the same size at any resolution.
Dark ink on white whatever the screen's theme; the side's colour only as a bar.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPaintDevice,
    QPainter,
    QPen,
)

from companion.gui.canvas.glyphs import side_colour
from companion.gui.export.pdf import PAGE_SIZES, write_pdf
from companion.gui.sheets.fonts import sheet_font
from companion.rules.table import SheetSection, SheetView

#: Sheets on one page, one above the other.
SHEETS_PER_PAGE = 2
#: Space between the two sheets of a page (a dashed cutting line in its middle), mm.
CUT_GAP_MM = 8.0

INK = QColor(20, 20, 22)
MUTED = QColor(88, 88, 94)
RULE = QColor(150, 150, 156)
WRITE_LINE = QColor(190, 190, 196)
TICK = QColor(60, 60, 64)

TITLE_PT = 20.0
SUBTITLE_PT = 11.5
SECTION_PT = 12.5
BODY_PT = 11.0


@dataclass(frozen=True)
class _Fonts:
    title: QFont
    subtitle: QFont
    section: QFont
    label: QFont
    value: QFont


def _fonts() -> _Fonts:
    return _Fonts(
        title=sheet_font(bold=True, point_size=TITLE_PT),
        subtitle=sheet_font(point_size=SUBTITLE_PT),
        section=sheet_font(bold=True, point_size=SECTION_PT),
        label=sheet_font(condensed=True, point_size=BODY_PT),
        value=sheet_font(bold=True, point_size=BODY_PT),
    )


class _Pen:
    """Lengths in millimetres on ``device`` (its own units: dots)."""

    def __init__(self, device: QPaintDevice) -> None:
        self.device = device
        self.per_mm = device.logicalDpiX() / 25.4

    def mm(self, value: float) -> float:
        return value * self.per_mm

    def text_height(self, font: QFont, width: float, text: str) -> float:
        fm = QFontMetricsF(font, self.device)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        rect = fm.boundingRect(QRectF(0, 0, max(width, 1.0), 1e6), flags, text or " ")
        return max(rect.height(), fm.height())


def _section(
    p: QPainter | None, pen: _Pen, fonts: _Fonts, s: SheetSection, x: float, y: float, w: float
) -> float:
    """Paint (or, without a painter, measure) one section at ``(x, y)``; its height."""
    mm = pen.mm
    top = y
    h = pen.text_height(fonts.section, w, s.title)
    if p is not None:
        p.setFont(fonts.section)
        p.setPen(INK)
        p.drawText(QRectF(x, y, w, h), int(Qt.AlignmentFlag.AlignLeft), s.title)
        p.setPen(QPen(RULE, mm(0.3)))
        p.drawLine(QPointF(x, y + h + mm(0.6)), QPointF(x + w, y + h + mm(0.6)))
    y += h + mm(1.8)
    if s.text:
        th = pen.text_height(fonts.label, w, s.text)
        if p is not None:
            p.setFont(fonts.label)
            p.setPen(INK)
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
            p.drawText(QRectF(x, y, w, th), flags, s.text)
        y += th + mm(1.5)
    label_w = min(w * 0.42, mm(40))
    value_x = x + label_w + mm(2)
    value_w = x + w - value_x
    box = mm(4.2)
    for f in s.fields:
        track_w = 0.0
        track_h = 0.0
        if f.track is not None:
            filled, total = f.track
            n = max(filled, total, 1)
            per_row = max(1, int((value_w * 0.6 + mm(1.2)) // (box + mm(1.2))))
            rows = (n + per_row - 1) // per_row
            track_w = min(n, per_row) * (box + mm(1.2))
            track_h = rows * (box + mm(1.2)) - mm(1.2)
        text_w = max(value_w - track_w - (mm(2) if track_w else 0), mm(10))
        row_h = max(
            pen.text_height(fonts.label, label_w, f.label),
            pen.text_height(fonts.value, text_w, f.value),
            track_h,
        )
        if p is not None:
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
            p.setFont(fonts.label)
            p.setPen(MUTED)
            p.drawText(QRectF(x, y, label_w, row_h), flags, f.label)
            if f.track is not None:
                filled, total = f.track
                per_row = max(1, int((value_w * 0.6 + mm(1.2)) // (box + mm(1.2))))
                for i in range(max(filled, total)):
                    bx = value_x + (i % per_row) * (box + mm(1.2))
                    by = y + (i // per_row) * (box + mm(1.2))
                    style = Qt.PenStyle.SolidLine if i < total else Qt.PenStyle.DashLine
                    p.setPen(QPen(INK, mm(0.3), style))
                    p.setBrush(TICK if i < filled else Qt.BrushStyle.NoBrush)
                    p.drawRect(QRectF(bx, by, box, box))
                p.setBrush(Qt.BrushStyle.NoBrush)
            tx = value_x + track_w + (mm(2) if track_w else 0)
            p.setFont(fonts.value)
            p.setPen(INK)
            p.drawText(QRectF(tx, y, text_w, row_h), flags, f.value)
            if f.edit:  # a line to write a changed value on in pencil
                p.setPen(QPen(WRITE_LINE, mm(0.2)))
                line_y = y + row_h + mm(0.5)
                p.drawLine(QPointF(tx, line_y), QPointF(x + w, line_y))
        y += row_h + mm(1.6)
    return y - top


def _layout_columns(
    pen: _Pen, fonts: _Fonts, sections: Sequence[SheetSection], col_w: float, columns: int
) -> list[list[int]]:
    heights = [0.0] * columns
    out: list[list[int]] = [[] for _ in range(columns)]
    for i, s in enumerate(sections):
        col = heights.index(min(heights))
        out[col].append(i)
        heights[col] += _section(None, pen, fonts, s, 0, 0, col_w) + pen.mm(4)
    return out


def _paint_at(
    p: QPainter | None, pen: _Pen, fonts: _Fonts, view: SheetView, x: float, y: float, w: float
) -> float:
    """Paint (or measure) the whole sheet at its natural size; its height."""
    mm = pen.mm
    bar = mm(2.4) if view.side else 0.0
    text_x = x + bar + (mm(3) if bar else 0)
    text_w = x + w - text_x
    title_h = pen.text_height(fonts.title, text_w, view.title)
    sub_h = pen.text_height(fonts.subtitle, text_w, view.subtitle) if view.subtitle else 0.0
    head_h = title_h + (sub_h + mm(0.8) if view.subtitle else 0.0)
    if p is not None:
        if view.side:
            p.fillRect(QRectF(x, y, bar, head_h), side_colour(view.side))
        p.setPen(INK)
        p.setFont(fonts.title)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        p.drawText(QRectF(text_x, y, text_w, title_h), flags, view.title)
        if view.subtitle:
            p.setFont(fonts.subtitle)
            p.setPen(MUTED)
            p.drawText(QRectF(text_x, y + title_h + mm(0.8), text_w, sub_h), flags, view.subtitle)
        p.setPen(QPen(INK, mm(0.5)))
        p.drawLine(QPointF(x, y + head_h + mm(2)), QPointF(x + w, y + head_h + mm(2)))
    top = y + head_h + mm(5)
    columns = 2 if w > mm(120) and len(view.sections) > 1 else 1
    gap = mm(7)
    col_w = (w - gap * (columns - 1)) / columns
    bottom = top
    for c, indices in enumerate(_layout_columns(pen, fonts, view.sections, col_w, columns)):
        cy = top
        cx = x + c * (col_w + gap)
        for i in indices:
            cy += _section(p, pen, fonts, view.sections[i], cx, cy, col_w) + mm(4)
        bottom = max(bottom, cy - mm(4))
    return bottom - y


def paint_sheet(p: QPainter, rect: QRectF, view: SheetView) -> float:
    """Paint ``view`` in ``rect`` (device units) on ``p``'s device, shrunk to fit if it
    is taller; the scale used (1: natural size)."""
    pen = _Pen(p.device())
    fonts = _fonts()
    height = _paint_at(None, pen, fonts, view, 0, 0, rect.width())
    scale = min(1.0, rect.height() / height) if height > 0 else 1.0
    p.save()
    p.translate(rect.topLeft())
    p.scale(scale, scale)
    _paint_at(p, pen, fonts, view, 0, 0, rect.width() / scale)
    p.restore()
    return scale


def page_rects(paint: QRectF, per_mm: float) -> list[QRectF]:
    """The rectangles of the sheets of one page, top to bottom."""
    gap = CUT_GAP_MM * per_mm
    h = (paint.height() - gap * (SHEETS_PER_PAGE - 1)) / SHEETS_PER_PAGE
    return [
        QRectF(paint.left(), paint.top() + i * (h + gap), paint.width(), h)
        for i in range(SHEETS_PER_PAGE)
    ]


def paint_pages(device: QPagedPaintDevice, views: Sequence[SheetView]) -> int:
    """Paint ``views`` two to a page on ``device`` (a PDF writer, a printer); the page
    count."""
    per_mm = device.logicalDpiX() / 25.4
    layout = device.pageLayout()
    paint_mm = layout.paintRect(QPageLayout.Unit.Millimeter)
    paint = QRectF(0, 0, paint_mm.width() * per_mm, paint_mm.height() * per_mm)
    rects = page_rects(paint, per_mm)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("could not start painting on the page device")
    pages = 0
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        for start in range(0, len(views), SHEETS_PER_PAGE):
            if pages:
                device.newPage()
            pages += 1
            chunk = views[start : start + SHEETS_PER_PAGE]
            for view, rect in zip(chunk, rects, strict=False):
                paint_sheet(painter, rect, view)
            if len(chunk) > 1:
                y = rects[0].bottom() + CUT_GAP_MM * per_mm / 2
                painter.setPen(QPen(RULE, 0.25 * per_mm, Qt.PenStyle.DashLine))
                painter.drawLine(QPointF(paint.left(), y), QPointF(paint.right(), y))
    finally:
        painter.end()
    return pages


def export_sheets_pdf(
    views: Sequence[SheetView],
    path: str | os.PathLike[str],
    page: str = "A4",
    title: str = "Character sheets",
) -> int:
    """Write ``views`` to the PDF ``path``, two sheets a page, on ``page`` ("A4" or
    "Letter"); the page count.

    Needs a ``QGuiApplication`` (offscreen is fine).  Written to a temporary file beside
    ``path`` and moved into place, so a failed export leaves an old file as it was.
    ``ValueError`` for a bad page size or no sheets; ``OSError`` when it cannot write.
    """
    if page not in PAGE_SIZES:
        raise ValueError(f"page size must be one of {', '.join(PAGE_SIZES)}, not {page!r}")
    if not views:
        raise ValueError("nothing to print: the roster has no characters")
    if QGuiApplication.instance() is None:
        raise RuntimeError("export_sheets_pdf needs a QGuiApplication")
    return write_pdf(path, lambda writer: paint_pages(writer, views), page, title)
