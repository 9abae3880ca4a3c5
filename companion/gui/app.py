"""Start the Qt application and show the main window."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QPaintEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from companion import APP_NAME
from companion.userdirs import config_dir, home_override

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow

#: Set to a number of milliseconds to close the app that long after it has started and
#: opened the files it was given (smoke tests).
QUIT_AFTER_ENV = "BRICK_COMPANION_QUIT_AFTER_MS"
#: With the above: save a screenshot of the window here just before closing.
SCREENSHOT_ENV = "BRICK_COMPANION_SCREENSHOT"
#: Set to 1 to print the wall-clock time (``time.time()``) of the first paint (the start
#: window's: ``first-paint T``), of the main window's (``window-paint T``) and of the end of
#: start-up, its files open (``ready T``): benchmarks/bench_start.py reads them.
STARTUP_TIMES_ENV = "BRICK_COMPANION_STARTUP_TIMES"
ORGANISATION = "BrickCompanion"
#: Matches ``packaging/brick-companion.desktop`` (window grouping, Wayland icons).
DESKTOP_FILE = "brick-companion"
#: The start window's size when no layout is saved: keep it the main window's first size
#: (``MainWindow.__init__``), so the one takes the other's place without a jump.
START_SIZE = (1380, 860)


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


class StartWindow(QMainWindow):
    """The window the user sees while the app loads: the main window's frame (its title,
    icon, place and size, from the same settings) saying it is opening, painted before
    anything slow is imported.  ``run_app`` puts the main window in its place once built."""

    #: Once, just after its first paint.
    painted = Signal()

    def __init__(self, settings: QSettings) -> None:
        super().__init__()
        self._painted = False
        self.setObjectName("startWindow")
        self.setWindowTitle(APP_NAME)
        label = QLabel(f"Opening {APP_NAME}…")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(label)
        self.resize(*START_SIZE)
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self.painted.emit)


def run_app(map_path: Path | None = None, party_path: Path | None = None) -> int:
    """Create the application, open ``map_path`` and ``party_path`` if given, run the loop.

    A ``StartWindow`` paints first; the main window (the canvas, the docks, the model:
    pyqtgraph, NumPy, pydantic) is imported and built after that paint and takes its place,
    then opens the files, whose rulesets load then."""
    from companion.gui.theme import apply_theme

    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication(sys.argv)
    configure_application(app)
    apply_theme(app)
    quit_after = os.environ.get(QUIT_AFTER_ENV, "").strip()
    timed = os.environ.get(STARTUP_TIMES_ENV, "").strip() == "1"

    def stamp(what: str) -> None:
        if timed:
            print(f"{what} {time.time():.6f}", flush=True)

    start = StartWindow(QSettings())
    start.painted.connect(lambda: stamp("first-paint"))
    windows: list[MainWindow] = []

    def build() -> None:
        """After the start window's first paint: the main window in its place."""
        from companion.gui.busy import busy
        from companion.gui.main_window import MainWindow

        try:
            with busy():
                window = MainWindow()
        except BaseException:
            app.exit(1)  # as a failure before the loop would: the app stops, the error shown
            raise
        windows.append(window)
        window.firstPainted.connect(lambda: stamp("window-paint"))
        window.firstPainted.connect(open_files)
        window.show()
        start.close()
        start.deleteLater()

    def open_files() -> None:
        """After the main window's first paint: the files asked for, with its progress."""
        window = windows[0]
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
        stamp("ready")
        if quit_after.isdigit():
            QTimer.singleShot(int(quit_after), finish)

    def finish() -> None:
        window = windows[0]
        report_window(window, os.environ.get(SCREENSHOT_ENV, "").strip())
        window.session.undo_stack.setClean()
        if window.party_actions is not None:
            window.party_actions.undo_stack.setClean()
        window.roster_panel.undo_stack.setClean()
        window.close()
        app.quit()

    start.painted.connect(build)
    start.show()
    return app.exec()
