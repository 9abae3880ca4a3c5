"""BrickQuest's sheets on paper from the window: the Party → Export sheets… / Print sheets…
actions (options dialog included) and printing through the system print dialog.

The pages themselves (sheets at true scale, one stud = 8 mm, and the table aids) are
painted by BrickQuest's printing part, ``companion.printing.rulesets.brickquest``, which
the ``sheets`` command uses too.
"""

from companion.gui.rulesets.brickquest.export.dialog import (
    ExportOptionsDialog,
    export_sheets_interactive,
    print_sheets_interactive,
)
from companion.gui.rulesets.brickquest.export.printer import print_sheets, print_to
from companion.printing.document import ExportError
from companion.printing.pdf import PAGE_SIZES
from companion.printing.rulesets.brickquest.sheets import export_sheets_pdf, render_sheets

__all__ = [
    "PAGE_SIZES",
    "ExportError",
    "ExportOptionsDialog",
    "export_sheets_interactive",
    "export_sheets_pdf",
    "print_sheets",
    "print_sheets_interactive",
    "print_to",
    "render_sheets",
]
