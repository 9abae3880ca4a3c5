"""Printing through the system print dialog, at true scale."""

from __future__ import annotations

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from companion.printing.pdf import MARGIN_MM, PAGE_SIZES


def make_printer(page_size: str = "A4", doc_name: str = "") -> QPrinter:
    """A high-resolution printer set to ``page_size``, portrait, 10 mm margins."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(QPageSize(PAGE_SIZES.get(page_size, QPageSize.PageSizeId.A4)))
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    printer.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )
    printer.setFullPage(False)
    printer.setDocName(doc_name)
    return printer


def ask_printer(printer: QPrinter, parent: QWidget | None = None, title: str = "Print") -> bool:
    """Let the user pick and set up a printer with the system dialog; False if cancelled.

    Pages are meant to print at 100 % ("actual size"): a driver that scales to
    fit the page would make a sheet and a ruler smaller than bricks.
    """
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(title)
    return dialog.exec() == QDialog.DialogCode.Accepted
