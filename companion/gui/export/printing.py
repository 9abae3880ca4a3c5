"""Printing the sheets through the system print dialog, at true scale."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from companion.gui.export.document import render_sheets
from companion.gui.export.pdf import MARGIN_MM, PAGE_SIZES
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character


def make_printer(page_size: str = "A4") -> QPrinter:
    """A high-resolution printer set to ``page_size``, portrait, 10 mm margins."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(QPageSize(PAGE_SIZES.get(page_size, QPageSize.PageSizeId.A4)))
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )
    printer.setFullPage(False)
    printer.setDocName("BrickQuest character sheets")
    return printer


def print_to(
    printer: QPrinter,
    characters: Sequence[Character],
    catalog: BrickQuestCatalog,
    include_aids: bool = True,
) -> int:
    """Print on an already set-up ``printer`` (no dialog); the page count."""
    return render_sheets(printer, characters, catalog, include_aids=include_aids)


def print_sheets(
    characters: Sequence[Character],
    catalog: BrickQuestCatalog,
    parent: QWidget | None = None,
    *,
    page_size: str = "A4",
    include_aids: bool = True,
) -> bool:
    """Ask for a printer with the system dialog and print; False if cancelled.

    The pages say to print at 100 % ("actual size"): a driver that scales to
    fit the page would make the brick sheet and the ruler smaller than bricks.
    """
    printer = make_printer(page_size)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print character sheets")
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    print_to(printer, characters, catalog, include_aids)
    return True
