"""BrickQuest's sheets and table aids on paper: the pages on any paged device, or a PDF."""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QPagedPaintDevice

from companion.printing.document import ExportError, PagePainter, render_pages
from companion.printing.pdf import write_pdf
from companion.printing.rulesets.brickquest.aids import aid_pages
from companion.printing.rulesets.brickquest.character_page import character_pages
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character

TITLE = "BrickQuest character sheets"


def render_sheets(
    device: QPagedPaintDevice,
    characters: Sequence[Character],
    catalog: BrickQuestCatalog,
    *,
    include_aids: bool = True,
) -> int:
    """Paint one page (or more) per character, then the table aids; the page count."""
    if not characters and not include_aids:
        raise ExportError("nothing to print: no characters and no table aids")

    def pages(device: QPagedPaintDevice, area: QSizeF) -> list[PagePainter]:
        out: list[PagePainter] = []
        for character in characters:
            out.extend(character_pages(character, catalog, device, area))
        if include_aids:
            out.extend(aid_pages(catalog))
        return out

    return render_pages(device, pages)


def export_sheets_pdf(
    path: str | os.PathLike[str],
    characters: Sequence[Character],
    catalog: BrickQuestCatalog,
    page_size: str = "A4",
    include_aids: bool = True,
) -> int:
    """Write the sheets of ``characters`` (and the table aids) to a PDF; the page count.

    Needs a ``QGuiApplication``; written atomically (``companion.printing.pdf.write_pdf``).
    Raises :class:`ExportError` (or ``OSError``) on failure.
    """
    return write_pdf(
        path,
        lambda writer: render_sheets(writer, characters, catalog, include_aids=include_aids),
        page_size,
        TITLE,
    )
