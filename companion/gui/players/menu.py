"""The Game menu's players' entries: open the players' window, choose its screen, freeze
it, show the odds to the players.  One per main window, at ``window.players``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu

from companion.gui.players.screens import chosen_screen, place_on, remember_screen, screen_label
from companion.gui.players.source import PublicViewSource
from companion.gui.players.window import PlayersWindow
from companion.rules.public_view import PublicView

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow

VIEW_KEYS = "Ctrl+Alt+P"
FREEZE_KEYS = "Ctrl+Alt+F"


class PlayersMenu(QObject):
    """The players' window and its entries in the Game menu (``window.game_menu``).

    ``source`` is the public view every players' display follows (the phone page too)."""

    def __init__(self, w: MainWindow) -> None:
        super().__init__(w)
        self.w = w
        self.source = PublicViewSource(w.play, w.session, self)
        self.window: PlayersWindow | None = None
        #: Whether the open window follows ``source.viewChanged``.
        self._following = False
        menu: QMenu = w.game_menu
        menu.addSeparator()

        def add(text: str, keys: str = "", tip: str = "") -> QAction:
            a = QAction(text, w)
            a.setCheckable(True)
            if keys:
                a.setShortcut(QKeySequence(keys))
            if tip:
                a.setStatusTip(tip)
            w.addAction(a)
            menu.addAction(a)
            return a

        self.toggle = add(
            "&Players' view", VIEW_KEYS, "A window for the players' screen: only what they may know"
        )
        self.toggle.toggled.connect(self.set_shown)
        self.screen_menu = QMenu("Players' &screen", w)
        self.screen_group = QActionGroup(self.screen_menu)
        self.screen_menu.aboutToShow.connect(self._fill_screens)
        menu.addMenu(self.screen_menu)
        self._fill_screens()
        self.freeze = add(
            "&Freeze players' view", FREEZE_KEYS, "Keep the players' picture while you rearrange"
        )
        self.freeze.toggled.connect(self.source.set_frozen)
        self.odds = add("Show &odds to players", tip="The players see a pending attack's odds")
        self.odds.toggled.connect(self.source.set_show_odds)

    # -- the window ------------------------------------------------------------------------
    def set_shown(self, shown: bool) -> None:
        """Open the players' window on the chosen screen, or close it."""
        if shown:
            if self.window is None:
                self.window = PlayersWindow(self.w)
                self.window.closed.connect(self._window_closed)
            if not self._following:
                self.source.viewChanged.connect(self._view_changed)
                self._following = True
            self.window.show_view(self.source.view())
            place_on(self.window, chosen_screen(self.w.settings, self.w))
        elif self.window is not None:
            self.window.close()

    def close_window(self) -> None:
        """Close the players' window (the main window is closing)."""
        if self.window is not None:
            self.window.close()

    def _window_closed(self) -> None:
        if self._following:  # nothing to draw: the view is not built for it
            self.source.viewChanged.disconnect(self._view_changed)
            self._following = False
        self.toggle.blockSignals(True)
        self.toggle.setChecked(False)
        self.toggle.blockSignals(False)

    def _view_changed(self, view: PublicView | None) -> None:
        if self.window is not None:
            self.window.show_view(view)

    # -- the screens -----------------------------------------------------------------------
    def _fill_screens(self) -> None:
        """One checkable entry per attached screen, the chosen one checked."""
        self.screen_menu.clear()
        for a in self.screen_group.actions():
            self.screen_group.removeAction(a)
        chosen = chosen_screen(self.w.settings, self.w)
        for i, screen in enumerate(QGuiApplication.screens()):
            a = QAction(screen_label(screen, i), self.screen_menu)
            a.setCheckable(True)
            a.setChecked(screen is chosen)
            a.setData(screen.name())
            a.triggered.connect(lambda _=False, s=screen: self.choose_screen(s))
            self.screen_group.addAction(a)
            self.screen_menu.addAction(a)

    def choose_screen(self, screen: object) -> None:
        """Remember ``screen`` for the players' window and move an open one there."""
        from PySide6.QtGui import QScreen

        if not isinstance(screen, QScreen):
            return
        remember_screen(self.w.settings, screen)
        if self.window is not None and self.window.isVisible():
            place_on(self.window, screen)
