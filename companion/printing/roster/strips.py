"""Track strips on paper: a ruleset's tracks (``PrintedTrack``) as rows of boxes at their
real size, to cut out and put tokens on, each titled, with its rule quoted small under it.

A strip wider than the page wraps onto more rows; strips follow one another down the
page, and a strip that does not fit starts a new page.  Boxes are numbered small in a
corner; a game's filled boxes are shaded.  Dark ink on white.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from companion.printing.fonts import sheet_font
from companion.printing.roster.paint import INK, MUTED, WRAP, Pen
from companion.rules.printing import PrintedTrack

TITLE_PT = 13.0
QUOTE_PT = 8.0
SOURCE_PT = 6.5
NUMBER_PT = 6.0
#: Space between two strips, and under a strip's title, mm.
STRIP_GAP_MM = 12.0
TITLE_GAP_MM = 2.0
#: A filled box (a game's count): light, so a token still shows on it.
FILLED = QColor(205, 205, 210)


def _fonts() -> tuple[QFont, QFont, QFont, QFont]:
    quote = sheet_font(point_size=QUOTE_PT)
    quote.setItalic(True)
    return (
        sheet_font(bold=True, point_size=TITLE_PT),
        quote,
        sheet_font(condensed=True, point_size=SOURCE_PT),
        sheet_font(condensed=True, point_size=NUMBER_PT),
    )


def _rows(strip: PrintedTrack, pen: Pen, width: float) -> tuple[int, int]:
    """(boxes per row, rows) of ``strip`` on a page ``width`` wide."""
    box = pen.mm(strip.box_mm)
    n = max(1, strip.track.length)
    per_row = max(1, min(n, int(width // box)))
    return per_row, (n + per_row - 1) // per_row


def _paint_strip(
    p: QPainter | None, pen: Pen, strip: PrintedTrack, x: float, y: float, width: float
) -> float:
    """Paint (or measure) one strip at ``(x, y)``; its height."""
    title_font, quote_font, source_font, number_font = _fonts()
    track = strip.track
    box = pen.mm(strip.box_mm)
    per_row, rows = _rows(strip, pen, width)
    top = y
    title_h = pen.text_height(title_font, width, track.name)
    if p is not None:
        p.setFont(title_font)
        p.setPen(INK)
        p.drawText(QRectF(x, y, width, title_h), WRAP, track.name)
    y += title_h + pen.mm(TITLE_GAP_MM)
    if p is not None:
        p.setFont(number_font)
        for i in range(track.length):
            r = QRectF(x + (i % per_row) * box, y + (i // per_row) * box, box, box)
            p.setPen(QPen(INK, pen.mm(0.35)))
            p.setBrush(FILLED if i < track.filled else Qt.BrushStyle.NoBrush)
            p.drawRect(r)
            p.setPen(MUTED)
            corner = r.adjusted(pen.mm(0.8), pen.mm(0.5), -pen.mm(0.8), -pen.mm(0.5))
            p.drawText(
                corner, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), str(i + 1)
            )
        p.setBrush(Qt.BrushStyle.NoBrush)
    y += rows * box + pen.mm(2)
    text_w = max(min(width, per_row * box), pen.mm(60))
    for font, colour, text in (
        (quote_font, INK, strip.quote or track.note),
        (source_font, MUTED, strip.source),
    ):
        if not text:
            continue
        h = pen.text_height(font, text_w, text)
        if p is not None:
            p.setFont(font)
            p.setPen(colour)
            p.drawText(QRectF(x, y, text_w, h), WRAP, text)
        y += h + pen.mm(0.8)
    return y - top


def paint_strips(
    p: QPainter, page: QRectF, strips: Sequence[PrintedTrack], new_page: Callable[[], None]
) -> None:
    """Paint ``strips`` down ``page`` (device units), calling ``new_page`` before the
    first strip and whenever the next one does not fit."""
    pen = Pen(p.device())
    y: float | None = None
    for strip in strips:
        h = _paint_strip(None, pen, strip, 0, 0, page.width())
        if y is None or y + h > page.bottom():
            new_page()
            y = page.top()
        _paint_strip(p, pen, strip, page.left(), y, page.width())
        y += h + pen.mm(STRIP_GAP_MM)
