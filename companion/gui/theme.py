"""The app's look: Fusion with a dark slate palette, the bundled font, ``ui/style.qss``."""

from __future__ import annotations

from contextlib import suppress

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from companion.gui.uifiles import style_sheet
from companion.printing.fonts import SANS, FontError, register_bundled_fonts


def apply_theme(app: QApplication) -> None:
    """Dark, calm chrome so the map is the brightest thing on the screen."""
    with suppress(FontError):  # the window still opens in a system font; sheets say why
        register_bundled_fonts()
    app.setStyle("Fusion")
    font = QFont(SANS, 10)
    app.setFont(font)
    app.setPalette(dark_palette())
    app.setStyleSheet(style_sheet())


def dark_palette() -> QPalette:
    """The app's dark slate palette: light text on dark slate."""
    p = QPalette()
    role = QPalette.ColorRole
    colours = {
        role.Window: QColor(38, 41, 48),
        role.WindowText: QColor(226, 228, 232),
        role.Base: QColor(28, 30, 36),
        role.AlternateBase: QColor(44, 47, 55),
        role.ToolTipBase: QColor(250, 244, 220),
        role.ToolTipText: QColor(20, 20, 20),
        role.Text: QColor(230, 232, 236),
        role.Button: QColor(52, 56, 64),
        role.ButtonText: QColor(232, 234, 238),
        role.BrightText: QColor(255, 90, 80),
        role.Highlight: QColor(232, 166, 50),
        role.HighlightedText: QColor(20, 20, 20),
        role.Link: QColor(120, 180, 255),
        role.PlaceholderText: QColor(140, 144, 152),
    }
    for r, c in colours.items():
        p.setColor(r, c)
    for r in (role.WindowText, role.Text, role.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, r, QColor(120, 124, 132))
    return p
