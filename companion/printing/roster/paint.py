"""A ``SheetView`` painted with a ``QPainter`` in millimetres and points, in dark ink.

One painting routine (``paint_sheet``) draws a sheet on any paint device — the PDF
writer, a printer or an image in the tests — in the device's own units, sized in
millimetres and points so a sheet has the same size at any resolution.  Two styles: a
sheet across half a page (``SHEET``), and a card in the hand (``CARD``: small type, tight
spacing, small boxes).  Dark ink on white whatever the screen's theme; the side's colour
only as a bar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPaintDevice, QPainter, QPen

from companion.printing.colours import side_colour
from companion.printing.fonts import sheet_font
from companion.printing.roster.die_glyph import paint_die
from companion.rules.table import SheetSection, SheetView

INK = QColor(20, 20, 22)
MUTED = QColor(88, 88, 94)
RULE = QColor(150, 150, 156)
WRITE_LINE = QColor(190, 190, 196)
TICK = QColor(60, 60, 64)

#: Word-wrapped text, left aligned.
WRAP = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)


@dataclass(frozen=True)
class PaperStyle:
    """Type sizes (points) and spacing (a factor of the sheet's) of printed sheets."""

    title_pt: float
    subtitle_pt: float
    section_pt: float
    body_pt: float
    #: The sheet's gaps times this.
    spacing: float = 1.0
    #: A track's box side, mm.
    box_mm: float = 4.2
    #: The share of a column's width its labels take, at most ``label_max_mm``.
    label_share: float = 0.42
    label_max_mm: float = 40.0
    #: The side's colour bar beside the title, mm.
    bar_mm: float = 2.4

    @cached_property
    def fonts(self) -> _Fonts:
        return _Fonts(
            title=sheet_font(bold=True, point_size=self.title_pt),
            subtitle=sheet_font(point_size=self.subtitle_pt),
            section=sheet_font(bold=True, point_size=self.section_pt),
            label=sheet_font(condensed=True, point_size=self.body_pt),
            value=sheet_font(bold=True, point_size=self.body_pt),
        )


#: A sheet across half a page.
SHEET = PaperStyle(title_pt=20.0, subtitle_pt=11.5, section_pt=12.5, body_pt=11.0)
#: A card in the hand (63 x 88 mm): the type of a playing card's rules text.
CARD = PaperStyle(
    title_pt=11.0,
    subtitle_pt=7.0,
    section_pt=7.5,
    body_pt=7.0,
    spacing=0.45,
    box_mm=3.0,
    label_share=0.36,
    label_max_mm=22.0,
    bar_mm=1.6,
)


@dataclass(frozen=True)
class _Fonts:
    title: QFont
    subtitle: QFont
    section: QFont
    label: QFont
    value: QFont


class Pen:
    """Lengths in millimetres on ``device`` (its own units: dots), in a paper style."""

    def __init__(self, device: QPaintDevice, style: PaperStyle = SHEET) -> None:
        self.device = device
        self.style = style
        self.fonts = style.fonts
        self.per_mm = device.logicalDpiX() / 25.4

    def mm(self, value: float) -> float:
        return value * self.per_mm

    def gap(self, value: float) -> float:
        """A sheet's gap of ``value`` mm, in the style's spacing."""
        return self.mm(value * self.style.spacing)

    def text_height(self, font: QFont, width: float, text: str) -> float:
        fm = QFontMetricsF(font, self.device)
        rect = fm.boundingRect(QRectF(0, 0, max(width, 1.0), 1e6), WRAP, text or " ")
        return max(rect.height(), fm.height())


def _track(p: QPainter, pen: Pen, track: tuple[int, int], x: float, y: float, per_row: int) -> None:
    """Boxes of a track, the first ``filled`` ticked; boxes past ``total`` dashed."""
    filled, total = track
    box = pen.mm(pen.style.box_mm)
    step = box + pen.gap(1.2)
    for i in range(max(filled, total)):
        bx = x + (i % per_row) * step
        by = y + (i // per_row) * step
        style = Qt.PenStyle.SolidLine if i < total else Qt.PenStyle.DashLine
        p.setPen(QPen(INK, pen.mm(0.3), style))
        p.setBrush(TICK if i < filled else Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(bx, by, box, box))
    p.setBrush(Qt.BrushStyle.NoBrush)


def _section(p: QPainter | None, pen: Pen, s: SheetSection, x: float, y: float, w: float) -> float:
    """Paint (or, without a painter, measure) one section at ``(x, y)``; its height."""
    mm, gap, fonts = pen.mm, pen.gap, pen.fonts
    top = y
    h = pen.text_height(fonts.section, w, s.title)
    if p is not None:
        p.setFont(fonts.section)
        p.setPen(INK)
        p.drawText(QRectF(x, y, w, h), int(Qt.AlignmentFlag.AlignLeft), s.title)
        p.setPen(QPen(RULE, mm(0.3)))
        p.drawLine(QPointF(x, y + h + gap(0.6)), QPointF(x + w, y + h + gap(0.6)))
    y += h + gap(1.8)
    if s.text:
        th = pen.text_height(fonts.label, w, s.text)
        if p is not None:
            p.setFont(fonts.label)
            p.setPen(INK)
            p.drawText(QRectF(x, y, w, th), WRAP, s.text)
        y += th + gap(1.5)
    label_w = min(w * pen.style.label_share, mm(pen.style.label_max_mm))
    value_x = x + label_w + gap(2)
    value_w = x + w - value_x
    step = mm(pen.style.box_mm) + gap(1.2)
    per_row = max(1, int((value_w * 0.6 + gap(1.2)) // step))
    for f in s.fields:
        track_w = track_h = 0.0
        if f.track is not None:
            n = max(*f.track, 1)
            track_w = min(n, per_row) * step
            track_h = ((n + per_row - 1) // per_row) * step - gap(1.2)
        elif f.die is not None:  # a die drawn as its shape, twice a box high
            track_w = track_h = mm(pen.style.box_mm) * 2.2
        text_x = value_x + track_w + (gap(2) if track_w else 0)
        text_w = max(x + w - text_x, mm(10))
        row_h = max(
            pen.text_height(fonts.label, label_w, f.label),
            pen.text_height(fonts.value, text_w, f.value),
            track_h,
        )
        if p is not None:
            p.setFont(fonts.label)
            p.setPen(MUTED)
            p.drawText(QRectF(x, y, label_w, row_h), WRAP, f.label)
            if f.track is not None:
                _track(p, pen, f.track, value_x, y, per_row)
            elif f.die is not None:
                die_font = QFont(fonts.value)
                die_font.setPointSizeF(max(fonts.value.pointSizeF() * 0.8, 5.0))
                die_font.setBold(True)
                box = QRectF(value_x, y, track_w, track_h)
                paint_die(p, box, f.die, INK, QColor(255, 255, 255), die_font, mm(0.35))
            p.setFont(fonts.value)
            p.setPen(INK)
            p.drawText(QRectF(text_x, y, text_w, row_h), WRAP, f.value)
            if f.edit:  # a line to write a changed value on in pencil
                p.setPen(QPen(WRITE_LINE, mm(0.2)))
                line_y = y + row_h + gap(0.5)
                p.drawLine(QPointF(text_x, line_y), QPointF(x + w, line_y))
        y += row_h + gap(1.6)
    return y - top


def _layout_columns(
    pen: Pen, sections: Sequence[SheetSection], col_w: float, columns: int
) -> list[list[int]]:
    heights = [0.0] * columns
    out: list[list[int]] = [[] for _ in range(columns)]
    for i, s in enumerate(sections):
        col = heights.index(min(heights))
        out[col].append(i)
        heights[col] += _section(None, pen, s, 0, 0, col_w) + pen.gap(4)
    return out


def _paint_at(p: QPainter | None, pen: Pen, view: SheetView, x: float, y: float, w: float) -> float:
    """Paint (or measure) the whole sheet at its natural size; its height."""
    mm, gap, fonts = pen.mm, pen.gap, pen.fonts
    bar = mm(pen.style.bar_mm) if view.side else 0.0
    text_x = x + bar + (gap(3) if bar else 0)
    text_w = x + w - text_x
    title_h = pen.text_height(fonts.title, text_w, view.title)
    sub_h = pen.text_height(fonts.subtitle, text_w, view.subtitle) if view.subtitle else 0.0
    head_h = title_h + (sub_h + gap(0.8) if view.subtitle else 0.0)
    if p is not None:
        if view.side:
            p.fillRect(QRectF(x, y, bar, head_h), side_colour(view.side))
        p.setPen(INK)
        p.setFont(fonts.title)
        p.drawText(QRectF(text_x, y, text_w, title_h), WRAP, view.title)
        if view.subtitle:
            p.setFont(fonts.subtitle)
            p.setPen(MUTED)
            p.drawText(QRectF(text_x, y + title_h + gap(0.8), text_w, sub_h), WRAP, view.subtitle)
        p.setPen(QPen(INK, mm(0.5)))
        p.drawLine(QPointF(x, y + head_h + gap(2)), QPointF(x + w, y + head_h + gap(2)))
    top = y + head_h + gap(5)
    columns = 2 if w > mm(120) and len(view.sections) > 1 else 1
    col_gap = mm(7)
    col_w = (w - col_gap * (columns - 1)) / columns
    bottom = top
    for c, indices in enumerate(_layout_columns(pen, view.sections, col_w, columns)):
        cy = top
        cx = x + c * (col_w + col_gap)
        for i in indices:
            cy += _section(p, pen, view.sections[i], cx, cy, col_w) + gap(4)
        bottom = max(bottom, cy - gap(4))
    return bottom - y


def paint_sheet(p: QPainter, rect: QRectF, view: SheetView, style: PaperStyle = SHEET) -> float:
    """Paint ``view`` in ``rect`` (device units) on ``p``'s device in ``style``, shrunk
    to fit if it is taller; the scale used (1: natural size)."""
    pen = Pen(p.device(), style)
    height = _paint_at(None, pen, view, 0, 0, rect.width())
    scale = min(1.0, rect.height() / height) if height > 0 else 1.0
    p.save()
    p.translate(rect.topLeft())
    p.scale(scale, scale)
    _paint_at(p, pen, view, 0, 0, rect.width() / scale)
    p.restore()
    return scale
