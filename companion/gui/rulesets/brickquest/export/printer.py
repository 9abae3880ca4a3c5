"""BrickQuest's sheets and table aids through the system print dialog."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QWidget

from companion.gui.export.printing import ask_printer, make_printer
from companion.printing.rulesets.brickquest.sheets import TITLE, render_sheets
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character


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
    """Ask for a printer with the system dialog and print; False if cancelled."""
    printer = make_printer(page_size, TITLE)
    if not ask_printer(printer, parent, "Print character sheets"):
        return False
    print_to(printer, characters, catalog, include_aids)
    return True
