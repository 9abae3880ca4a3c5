"""A roster on paper: its ``SheetView`` values on PDF pages, as its ruleset lays them out.

By default sheets go two to a page, one above the other, with a dashed cutting line
between.  A ruleset's ``PrintLayout`` may ask for cards instead — each sheet at an exact
size (a 63 x 88 mm playing card), as many to a page as fit, on a grid of cut lines — and
add track strips on pages of their own after them.  The painting is ``paint`` and
``strips``; the writer (page size, margins, atomic file) is the core's ``write_pdf``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QPagedPaintDevice, QPageLayout, QPainter, QPen

from companion.printing.pdf import PAGE_SIZES, write_pdf
from companion.printing.roster.paint import CARD, RULE, paint_sheet
from companion.printing.roster.strips import paint_strips
from companion.rules.printing import SHEETS, PrintLayout
from companion.rules.table import SheetView

__all__ = ["card_grid", "export_sheets_pdf", "page_rects", "paint_pages", "paint_sheet"]

#: Sheets on one page, one above the other.
SHEETS_PER_PAGE = 2
#: Space between the two sheets of a page (a dashed cutting line in its middle), mm.
CUT_GAP_MM = 8.0
#: A card's text keeps this far from its cut lines, mm.
CARD_PADDING_MM = 3.0


def page_rects(paint: QRectF, per_mm: float) -> list[QRectF]:
    """The rectangles of the sheets of one page, top to bottom."""
    gap = CUT_GAP_MM * per_mm
    h = (paint.height() - gap * (SHEETS_PER_PAGE - 1)) / SHEETS_PER_PAGE
    return [
        QRectF(paint.left(), paint.top() + i * (h + gap), paint.width(), h)
        for i in range(SHEETS_PER_PAGE)
    ]


def card_grid(paint: QRectF, per_mm: float, card_mm: tuple[float, float]) -> list[QRectF]:
    """The cards of one page, row by row: as many of ``card_mm`` as fit in ``paint``,
    edge to edge (one cut between two cards), the grid centred.  ``ValueError`` when not
    even one fits."""
    w, h = card_mm[0] * per_mm, card_mm[1] * per_mm
    slack = 0.01 * per_mm  # a card exactly as wide as the page still fits
    cols = int((paint.width() + slack) // w)
    rows = int((paint.height() + slack) // h)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_mm[0]:g} x {card_mm[1]:g} mm card does not fit on the page")
    left = paint.left() + (paint.width() - cols * w) / 2
    top = paint.top() + (paint.height() - rows * h) / 2
    return [QRectF(left + c * w, top + r * h, w, h) for r in range(rows) for c in range(cols)]


def _cut_lines(p: QPainter, cards: Sequence[QRectF], per_mm: float) -> None:
    """A thin line along every edge of every card: two cards side by side share one."""
    p.setPen(QPen(RULE, 0.2 * per_mm))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for r in cards:
        p.drawRect(r)


def _paint_cards(
    p: QPainter,
    device: QPagedPaintDevice,
    paint: QRectF,
    views: Sequence[SheetView],
    size: tuple[float, float],
    pages: int,
) -> int:
    """Paint ``views`` as cards of ``size`` mm after ``pages`` pages; the page count."""
    per_mm = device.logicalDpiX() / 25.4
    grid = card_grid(paint, per_mm, size)
    pad = CARD_PADDING_MM * per_mm
    for start in range(0, len(views), len(grid)):
        if pages:
            device.newPage()
        pages += 1
        chunk = views[start : start + len(grid)]
        cards = grid[: len(chunk)]
        _cut_lines(p, cards, per_mm)
        for view, rect in zip(chunk, cards, strict=True):
            paint_sheet(p, rect.adjusted(pad, pad, -pad, -pad), view, CARD)
    return pages


def _paint_sheets(
    p: QPainter, device: QPagedPaintDevice, paint: QRectF, views: Sequence[SheetView], pages: int
) -> int:
    """Paint ``views`` two to a page after ``pages`` pages; the page count."""
    per_mm = device.logicalDpiX() / 25.4
    rects = page_rects(paint, per_mm)
    for start in range(0, len(views), SHEETS_PER_PAGE):
        if pages:
            device.newPage()
        pages += 1
        chunk = views[start : start + SHEETS_PER_PAGE]
        for view, rect in zip(chunk, rects, strict=False):
            paint_sheet(p, rect, view)
        if len(chunk) > 1:
            y = rects[0].bottom() + CUT_GAP_MM * per_mm / 2
            p.setPen(QPen(RULE, 0.25 * per_mm, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(paint.left(), y), QPointF(paint.right(), y))
    return pages


def paint_pages(
    device: QPagedPaintDevice, views: Sequence[SheetView], layout: PrintLayout = SHEETS
) -> int:
    """Paint ``views`` on ``device`` (a PDF writer, a printer) as ``layout`` says — sheets
    two to a page, or cards — then its track strips; the page count."""
    per_mm = device.logicalDpiX() / 25.4
    paint_mm = device.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
    paint = QRectF(0, 0, paint_mm.width() * per_mm, paint_mm.height() * per_mm)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("could not start painting on the page device")
    pages = 0
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if layout.card_mm is not None:
            pages = _paint_cards(painter, device, paint, views, layout.card_mm, pages)
        else:
            pages = _paint_sheets(painter, device, paint, views, pages)

        def new_page() -> None:
            nonlocal pages
            if pages:
                device.newPage()
            pages += 1

        paint_strips(painter, paint, layout.strips, new_page)
    finally:
        painter.end()
    return pages


def export_sheets_pdf(
    views: Sequence[SheetView],
    path: str | os.PathLike[str],
    page: str = "A4",
    title: str = "Character sheets",
    layout: PrintLayout = SHEETS,
) -> int:
    """Write ``views`` to the PDF ``path`` on ``page`` ("A4" or "Letter") as ``layout``
    says (default: two sheets a page); the page count.

    Needs a ``QGuiApplication`` (offscreen is fine).  Written to a temporary file beside
    ``path`` and moved into place, so a failed export leaves an old file as it was.
    ``ValueError`` for a bad page size, no sheets or a card too large for the page;
    ``OSError`` when it cannot write.
    """
    if page not in PAGE_SIZES:
        raise ValueError(f"page size must be one of {', '.join(PAGE_SIZES)}, not {page!r}")
    if not views:
        raise ValueError("nothing to print: the roster has no characters")
    if QGuiApplication.instance() is None:
        raise RuntimeError("export_sheets_pdf needs a QGuiApplication")
    return write_pdf(path, lambda writer: paint_pages(writer, views, layout), page, title)
