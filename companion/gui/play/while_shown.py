"""A dock's refresh run only while the dock shows: a closed dock, or one behind another
tab, does nothing on each action and catches up once when it is shown again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QDockWidget


class WhileShown(QObject):
    """Calls ``update`` now when ``dock`` shows, else once when it is next shown.

    A dock counts as hidden when closed, or when none of it is on screen in a shown
    window (behind another tab: Qt keeps such a dock "visible" but moves it out of
    sight); before the window is shown every dock updates as it is told (nothing tells
    them apart yet).
    """

    def __init__(self, dock: QDockWidget, update: Callable[[], None]) -> None:
        super().__init__(dock)
        self.dock = dock
        self._update = update
        #: Whether something changed while the dock was hidden.
        self.stale = False
        #: How many times ``update`` ran (for tests: a hidden dock does nothing).
        self.runs = 0
        dock.visibilityChanged.connect(self._visibility)
        dock.installEventFilter(self)

    def hidden(self) -> bool:
        dock = self.dock
        if dock.isHidden():
            return True
        return dock.window().isVisible() and dock.visibleRegion().isEmpty()

    def __call__(self) -> None:
        if self.hidden():
            self.stale = True
            return
        self.now()

    def now(self) -> None:
        """Update whether shown or not (what the dock shows is about to be read)."""
        self.stale = False
        self.runs += 1
        self._update()

    def fresh(self) -> None:
        """Catch up if something changed while hidden."""
        if self.stale:
            self.now()

    def _visibility(self, visible: bool) -> None:
        if visible:
            self.fresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A dock moved or resized back into sight catches up (once laid out)."""
        if self.stale and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            QTimer.singleShot(0, self, self._catch_up)
        return False

    def _catch_up(self) -> None:
        if self.stale and not self.hidden():
            self.now()
