"""Put pages on any paged device (PDF writer or printer), one unit a millimetre.

Ruleset-neutral: a ruleset's GUI part says what goes on the pages (its sheets, its table
aids) as ``PagePainter`` functions; this puts them on paper at true scale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPainter

from companion.printing.fonts import register_bundled_fonts

#: Paints one page; gets the painter (scaled to mm) and the paintable size in mm.
PagePainter = Callable[[QPainter, QSizeF], None]
#: The pages of a document for a device and its paintable size in mm.
PageMaker = Callable[[QPagedPaintDevice, QSizeF], Sequence[PagePainter]]


class ExportError(RuntimeError):
    """The sheets could not be written or printed; the message says why."""


def render_pages(device: QPagedPaintDevice, make_pages: PageMaker) -> int:
    """Paint the pages ``make_pages`` gives for ``device``; the page count.

    The painter is scaled so that one unit is one millimetre on paper, from the
    device's own resolution, so a sheet comes out at true scale on a 300 dpi PDF
    and on a 600 dpi printer alike.
    """
    register_bundled_fonts()
    paint_rect = device.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
    area = QSizeF(paint_rect.width(), paint_rect.height())
    pages = list(make_pages(device, area))
    if not pages:
        raise ExportError("nothing to print: no pages")

    painter = QPainter()
    if not painter.begin(device):
        raise ExportError("could not start painting on the output device")
    try:
        dots_per_mm = device.logicalDpiX() / 25.4
        for index, page in enumerate(pages):
            if index and not device.newPage():
                raise ExportError(f"could not start page {index + 1}")
            painter.save()
            painter.scale(dots_per_mm, dots_per_mm)
            page(painter, area)
            painter.restore()
    finally:
        painter.end()
    return len(pages)
