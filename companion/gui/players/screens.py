"""Which screen the players' window goes on, remembered, and how it is placed there."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

SCREEN_KEY = "players/screen"


def screen_label(screen: QScreen, index: int) -> str:
    """How the menu names a screen: its number, name and size."""
    size = screen.size()
    name = screen.name() or screen.model() or "screen"
    return f"{index + 1}: {name} ({size.width()}×{size.height()})"


def chosen_screen(settings: QSettings, beside: QWidget | None = None) -> QScreen:
    """The screen chosen last (by name) if it is still attached; else one other than the
    main window's (the TV beside the laptop); else the primary screen."""
    screens = QGuiApplication.screens()
    name = settings.value(SCREEN_KEY, "", str)
    for screen in screens:
        if name and screen.name() == name:
            return screen
    own = beside.screen() if beside is not None else None
    for screen in screens:
        if screen is not own:
            return screen
    primary = QGuiApplication.primaryScreen()
    assert primary is not None
    return primary


def remember_screen(settings: QSettings, screen: QScreen) -> None:
    settings.setValue(SCREEN_KEY, screen.name())


def place_on(window: QWidget, screen: QScreen) -> None:
    """Full screen on ``screen`` when there are several screens; on a single one, a large
    normal window (the BrickMaster's own window stays reachable)."""
    if window.isFullScreen():
        window.showNormal()
    geometry = screen.availableGeometry()
    if len(QGuiApplication.screens()) > 1:
        window.setScreen(screen)
        window.setGeometry(screen.geometry())
        window.showFullScreen()
        return
    w, h = int(geometry.width() * 0.9), int(geometry.height() * 0.9)
    window.resize(w, h)
    window.move(
        geometry.x() + (geometry.width() - w) // 2, geometry.y() + (geometry.height() - h) // 2
    )
    window.show()
