"""BrickQuest's printable character sheets at true scale (one stud = 8 mm) and table aids.

Entry points:

- :func:`export_sheets_pdf` — ``(path, characters, catalog, page_size="A4", include_aids=True)``,
  usable without the main window (needs a ``QGuiApplication``).
- :func:`print_sheets` — the same pages through the system print dialog.
- :func:`export_sheets_interactive` / :func:`print_sheets_interactive` — the
  Party → Export sheets… / Print sheets… actions (options dialog included).

The ruleset-neutral plumbing (PDF writer, printer, page loop) is ``companion.gui.export``.
"""

from companion.gui.export.document import ExportError
from companion.gui.export.pdf import PAGE_SIZES
from companion.gui.rulesets.brickquest.export.dialog import (
    ExportOptionsDialog,
    export_sheets_interactive,
    print_sheets_interactive,
)
from companion.gui.rulesets.brickquest.export.sheets import (
    export_sheets_pdf,
    print_sheets,
    print_to,
    render_sheets,
)

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
