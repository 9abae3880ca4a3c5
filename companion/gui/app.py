"""Start the Qt application and show the main window."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMainWindow

from companion import APP_NAME
from companion.userdirs import config_dir, home_override

#: Set to a number of milliseconds to close the app that long after it has started and
#: opened the files it was given (smoke tests).
QUIT_AFTER_ENV = "BRICK_COMPANION_QUIT_AFTER_MS"
#: With the above: save a screenshot of the window here just before closing.
SCREENSHOT_ENV = "BRICK_COMPANION_SCREENSHOT"
#: Set to 1 to print the wall-clock time (``time.time()``) of the window's first paint
#: (``first-paint T``) and of the end of start-up, its files open (``ready T``):
#: benchmarks/bench_start.py reads them.
STARTUP_TIMES_ENV = "BRICK_COMPANION_STARTUP_TIMES"
ORGANISATION = "BrickCompanion"
#: Matches ``packaging/brick-companion.desktop`` (window grouping, Wayland icons).
DESKTOP_FILE = "brick-companion"


def configure_application(app: QApplication) -> None:
    """Names, icon and the settings' home (one folder when ``BRICK_COMPANION_HOME`` is set).

    Qt 6 scales for high-DPI screens by itself: nothing here turns that off, and icons are
    SVG through ``QIcon``, so they stay sharp at any scale.
    """
    from companion.gui.uifiles import ICONS

    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANISATION)
    app.setDesktopFileName(DESKTOP_FILE)
    app.setWindowIcon(QIcon(str(ICONS / "app.svg")))
    if home_override() is not None:
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(config_dir()))


def report_window(window: QMainWindow, screenshot: str) -> None:
    """Print what the smoke run saw; save a screenshot when asked (bundle tests)."""
    size = window.size()
    icon = QApplication.windowIcon().pixmap(64, 64)
    print(
        f"window shown={window.isVisible()} size={size.width()}x{size.height()}"
        f" icon={not icon.isNull()} title={window.windowTitle()!r}",
        flush=True,
    )
    if screenshot:
        saved = window.grab().save(screenshot)
        print(f"screenshot saved={saved} path={screenshot}", flush=True)


def run_app(map_path: Path | None = None, party_path: Path | None = None) -> int:
    """Create the application, open ``map_path`` and ``party_path`` if given, run the loop."""
    from companion.gui.main_window import MainWindow
    from companion.gui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv)
    configure_application(app)  # type: ignore[arg-type]
    apply_theme(app)  # type: ignore[arg-type]
    window = MainWindow()
    quit_after = os.environ.get(QUIT_AFTER_ENV, "").strip()
    timed = os.environ.get(STARTUP_TIMES_ENV, "").strip() == "1"
    if timed:
        window.firstPainted.connect(lambda: print(f"first-paint {time.time():.6f}", flush=True))

    def open_files() -> None:
        """After the first paint: the files asked for, with the window's own progress."""
        if map_path is not None:
            window.open_path(map_path)
        if party_path is not None and party_path.name.endswith(".roster.json"):
            window.open_roster(party_path)
        elif party_path is not None and (party := window.party_part()) is not None:
            party.open_path(party_path)
        if not quit_after.isdigit() and not (map_path and map_path.name.endswith(".game.jsonl")):
            QTimer.singleShot(0, window.offer_recovery)  # a game left open by a crash
        QTimer.singleShot(0, started)  # after the window has built what the map's ruleset adds

    def started() -> None:
        if timed:
            print(f"ready {time.time():.6f}", flush=True)
        if quit_after.isdigit():
            QTimer.singleShot(int(quit_after), finish)

    def finish() -> None:
        report_window(window, os.environ.get(SCREENSHOT_ENV, "").strip())
        window.session.undo_stack.setClean()
        if window.party_actions is not None:
            window.party_actions.undo_stack.setClean()
        window.roster_panel.undo_stack.setClean()
        window.close()
        app.quit()

    window.firstPainted.connect(open_files)
    window.show()
    return app.exec()
