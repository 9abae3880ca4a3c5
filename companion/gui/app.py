"""Start the Qt application and show the main window."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from companion import APP_NAME

#: Set to a number of milliseconds to close the app that long after it starts (smoke tests).
QUIT_AFTER_ENV = "BRICK_COMPANION_QUIT_AFTER_MS"
ORGANISATION = "BrickCompanion"


def run_app(map_path: Path | None = None, party_path: Path | None = None) -> int:
    """Create the application, open ``map_path`` and ``party_path`` if given, run the loop."""
    from companion.gui.main_window import MainWindow
    from companion.gui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANISATION)
    apply_theme(app)  # type: ignore[arg-type]
    window = MainWindow()
    window.show()
    if map_path is not None:
        window.open_path(map_path)
    if party_path is not None:
        window.party_dock.open_path(party_path)
    quit_after = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if quit_after.isdigit():
        def finish() -> None:
            window.session.undo_stack.setClean()
            window.party_dock.model.undo_stack.setClean()
            window.close()
            app.quit()

        QTimer.singleShot(int(quit_after), finish)
    return app.exec()
