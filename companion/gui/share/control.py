"""The switch for sharing with the players' phones: Game → Share with players.

Off by default. Ticking it starts ``companion.share.ShareServer`` on the laptop's local
network address with a new join code and shows ``ShareDialog``; unticking it (or closing
the window, or quitting) stops it. After every change the players may see (the view
source's ``viewChanged``) the server is handed the new public view; nothing else of the
game ever reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel
from PySide6.QtCore import QObject, QTimer, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMenu

if TYPE_CHECKING:  # loaded when sharing starts: the window opens without the web server
    from companion.gui.share.dialog import ShareDialog
    from companion.share import ShareServer


class ViewSource(Protocol):
    """Where the public view comes from (``companion.gui.players.source``)."""

    @property
    def viewChanged(self) -> SignalInstance: ...

    def view(self) -> BaseModel | None: ...

    def sheet(self, figure_id: str) -> BaseModel | None: ...


class ShareControl(QObject):
    """Game → Share with players (checkable), the dialog, the status bar's note."""

    def __init__(
        self, window: QMainWindow, menu: QMenu, source: ViewSource, host: str | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        self.source = source
        #: The address to listen on (None: the local network's; tests give 127.0.0.1).
        self.host = host
        self.server: ShareServer | None = None
        self.dialog: ShareDialog | None = None
        self.action = QAction("&Share with players…", window)
        self.action.setCheckable(True)
        self.action.setStatusTip("Serve a read-only page of the players' view to phones")
        self.action.toggled.connect(self._toggled)
        menu.addAction(self.action)
        self.status_label = QLabel()
        self.status_label.setObjectName("shareStatus")
        self.status_label.hide()
        window.statusBar().addPermanentWidget(self.status_label)
        # Many changes in one go reach the phones once, at the next turn of the event loop.
        self._pending: BaseModel | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._publish)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    @property
    def sharing(self) -> bool:
        return self.server is not None and self.server.running

    def _toggled(self, on: bool) -> None:
        if on:
            self.start()
        else:
            self.stop()

    def start(self) -> bool:
        """Start the server and show the dialog; False (and unticked) if it cannot."""
        if self.sharing:
            return True
        from companion.share import ShareError, ShareServer

        server = ShareServer(self.source.view, self.source.sheet, host=self.host)
        try:
            server.start()
        except ShareError as exc:
            self._set_checked(False)
            show_error = getattr(self.window, "show_error", None)
            if callable(show_error):
                show_error("Cannot share with players", str(exc))
            return False
        self.server = server
        # Followed only while sharing: with nobody listening the view is not built at all.
        self.source.viewChanged.connect(self._view_changed)
        self._set_checked(True)
        self.status_label.setText(f"Sharing with players: {server.url}  ·  code {server.code}")
        self.status_label.show()
        self.show_dialog()
        return True

    def stop(self) -> None:
        """Stop serving; phones see the page go quiet (their code no longer works)."""
        server, self.server = self.server, None
        self._timer.stop()
        if server is not None:
            self.source.viewChanged.disconnect(self._view_changed)
            server.stop()
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        self.status_label.hide()
        self._set_checked(False)

    def show_dialog(self) -> None:
        """The QR code and the join code (again, from the menu while sharing)."""
        server = self.server
        if server is None:
            return
        if self.dialog is None:
            from companion.gui.share.dialog import ShareDialog

            self.dialog = ShareDialog(server.url, server.code, self.window)
            self.dialog.stopRequested.connect(self.stop)
        self.dialog.show()
        self.dialog.raise_()

    def _set_checked(self, on: bool) -> None:
        if self.action.isChecked() != on:
            blocked = self.action.blockSignals(True)
            self.action.setChecked(on)
            self.action.blockSignals(blocked)

    def _view_changed(self, view: object) -> None:
        if self.server is None:
            return
        self._pending = view if isinstance(view, BaseModel) else None
        self._timer.start()

    def _publish(self) -> None:
        if self.server is not None:
            self.server.publish_view(self._pending)
