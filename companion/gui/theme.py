"""The app's look: Fusion with a dark slate palette, the bundled font, ``ui/style.qss``."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication

from companion.gui.uifiles import RESOURCES, style_sheet

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def apply_theme(app: QApplication) -> None:
    """Dark, calm chrome so the map is the brightest thing on the screen."""
    for name in FONT_FILES:
        path = RESOURCES / "fonts" / name
        if path.exists():
            QFontDatabase.addApplicationFont(str(path))
    app.setStyle("Fusion")
    font = QFont("DejaVu Sans", 10)
    app.setFont(font)
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
    app.setPalette(p)
    app.setStyleSheet(style_sheet())
