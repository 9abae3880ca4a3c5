"""Pages on paper at true scale, for any ruleset: the PDF writer, the printer, the page loop.

What goes on the pages is the ruleset's: BrickQuest's sheets and table aids are in
``companion.gui.rulesets.brickquest.export``.  The drawing helpers for millimetre pages
are in :mod:`companion.gui.export.paper`.
"""

from companion.gui.export.document import ExportError, PageMaker, PagePainter, render_pages
from companion.gui.export.pdf import (
    MARGIN_MM,
    PAGE_SIZES,
    PageSizeName,
    default_page_size,
    make_pdf_writer,
    write_pdf,
)
from companion.gui.export.printing import ask_printer, make_printer

__all__ = [
    "MARGIN_MM",
    "PAGE_SIZES",
    "ExportError",
    "PageMaker",
    "PagePainter",
    "PageSizeName",
    "ask_printer",
    "default_page_size",
    "make_pdf_writer",
    "make_printer",
    "render_pages",
    "write_pdf",
]
