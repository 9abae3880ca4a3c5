"""A dock's refresh run only while the dock shows: a closed dock, or one behind another
tab, does nothing on each action and catches up once when it is shown again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDockWidget


class WhileShown:
    """Calls ``update`` now when ``dock`` shows, else once when it is next shown.

    A dock counts as hidden when closed, or behind another tab of a shown window; before
    the window is shown every dock updates as it is told (nothing tells them apart yet).
    """

    def __init__(self, dock: QDockWidget, update: Callable[[], None]) -> None:
        self.dock = dock
        self._update = update
        #: Whether something changed while the dock was hidden.
        self.stale = False
        #: How many times ``update`` ran (for tests: a hidden dock does nothing).
        self.runs = 0
        dock.visibilityChanged.connect(self._visibility)

    def hidden(self) -> bool:
        dock = self.dock
        return dock.isHidden() or (dock.window().isVisible() and not dock.isVisible())

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
