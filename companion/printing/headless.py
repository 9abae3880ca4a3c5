"""A Qt application for exporting without a window (the ``sheets`` command)."""

from __future__ import annotations

import os

from PySide6.QtGui import QGuiApplication


def ensure_application() -> QGuiApplication:
    """The running application, or a new offscreen one (the export paints with Qt fonts)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    return QGuiApplication(["brick-companion"])
