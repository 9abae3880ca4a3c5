"""Put character pages and table-aid pages on any paged device (PDF writer or printer)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPainter

from companion.gui.export.aids import aid_pages
from companion.gui.export.character_page import PagePainter, character_pages
from companion.gui.sheets.fonts import register_bundled_fonts
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character


class ExportError(RuntimeError):
    """The sheets could not be written or printed; the message says why."""


def render_sheets(
    device: QPagedPaintDevice,
    characters: Sequence[Character],
    catalog: BrickQuestCatalog,
    *,
    include_aids: bool = True,
) -> int:
    """Paint one page (or more) per character, then the table aids; the page count.

    The painter is scaled so that one unit is one millimetre on paper, from the
    device's own resolution, so the brick sheet comes out at true scale on a
    300 dpi PDF and on a 600 dpi printer alike.
    """
    if not characters and not include_aids:
        raise ExportError("nothing to print: no characters and no table aids")
    register_bundled_fonts()
    paint_rect = device.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
    area = QSizeF(paint_rect.width(), paint_rect.height())
    pages: list[PagePainter] = []
    for character in characters:
        pages.extend(character_pages(character, catalog, device, area))
    if include_aids:
        pages.extend(aid_pages(catalog))

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
