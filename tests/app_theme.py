"""The app's own dark theme for a test, undone afterwards (tests run unthemed otherwise).

Bugs of the look often show only under the theme: its larger font cuts text that the
test machine's default font fits, and its palette paints near-white text.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtWidgets import QApplication

from companion.gui.theme import apply_theme


@contextmanager
def app_theme(app: QApplication) -> Iterator[None]:
    """``apply_theme(app)`` for the ``with`` block; style, font, palette and style sheet
    are put back after it."""
    style, font, palette, sheet = app.style().name(), app.font(), app.palette(), app.styleSheet()
    apply_theme(app)
    try:
        yield
    finally:
        app.setStyleSheet(sheet)
        app.setPalette(palette)
        app.setFont(font)
        app.setStyle(style)
