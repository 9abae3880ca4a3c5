"""PDF writing: a writer at 300 dpi with the page size and margins, written atomically."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QLocale, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

from companion import APP_NAME
from companion.atomic import replacing
from companion.printing.document import ExportError

PageSizeName = Literal["A4", "Letter"]
PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
}
#: Resolution of the PDF's coordinate system (dots per inch).
PDF_DPI = 300
#: Page margins in millimetres (most printers reach 5 mm; 10 mm is safe).
MARGIN_MM = 10.0


def default_page_size() -> str:
    """Letter where the locale measures in inches (US), A4 elsewhere."""
    if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem:
        return "Letter"
    return "A4"


def make_pdf_writer(path: str, page_size: str = "A4", title: str = "") -> QPdfWriter:
    """A QPdfWriter at 300 dpi with the chosen page size and 10 mm margins."""
    if page_size not in PAGE_SIZES:
        raise ValueError(f"page size must be one of {', '.join(PAGE_SIZES)}, not {page_size!r}")
    writer = QPdfWriter(path)
    writer.setResolution(PDF_DPI)
    writer.setPageSize(QPageSize(PAGE_SIZES[page_size]))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )
    writer.setCreator(APP_NAME)
    writer.setTitle(title)
    return writer


def write_pdf(
    path: str | os.PathLike[str],
    render: Callable[[QPdfWriter], int],
    page_size: str = "A4",
    title: str = "",
) -> int:
    """Write a PDF whose pages ``render`` paints on the writer; the page count.

    Needs a ``QGuiApplication``.  The file is written to a temporary file in
    the same folder and moved into place, so a failed export leaves any old
    file untouched.  Raises :class:`ExportError` (or ``OSError``) on failure.
    """
    target = Path(path)
    with replacing(target) as tmp:
        writer = make_pdf_writer(str(tmp), page_size, title)
        pages = render(writer)
        del writer  # closes the file
        if tmp.stat().st_size == 0:
            raise ExportError(f"the PDF writer produced an empty file for {target.name}")
    return pages
