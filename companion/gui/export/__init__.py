"""Printing from the window: a printer set up at true scale and the system print dialog.

The pages themselves, the PDF writer and the page loop need no window: they are
``companion.printing`` (shared with the ``sheets`` command).
"""

from companion.gui.export.printing import ask_printer, make_printer

__all__ = ["ask_printer", "make_printer"]
