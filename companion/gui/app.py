"""Start the Qt application and show the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow

from companion import APP_NAME


def run_app(map_path: Path | None = None) -> int:
    """Create the application, open ``map_path`` if given, and run the event loop."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APP_NAME)
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    window.resize(1280, 800)
    window.show()
    return app.exec()
