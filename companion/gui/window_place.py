"""Where the main window opens: inside the screen's available area, never cut off.

A first launch on a small screen (a 1280×720 laptop) opens maximised; a larger one opens
at the preferred size, centred; a saved size from another (bigger) screen is clamped to
the screen the window is on now.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: The size the window prefers when the screen has room for it.
PREFERRED = QSize(1380, 860)


def available_area(widget: QWidget) -> QRect | None:
    """The available geometry (without task bars) of the screen ``widget`` is on."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def is_small(available: QRect) -> bool:
    """Whether the preferred size does not fit the available area."""
    return available.width() < PREFERRED.width() or available.height() < PREFERRED.height()


def first_geometry(available: QRect) -> QRect:
    """The preferred size, shrunk to the available area and centred in it."""
    size = PREFERRED.boundedTo(available.size())
    rect = QRect(0, 0, size.width(), size.height())
    rect.moveCenter(available.center())
    return rect


def clamped(frame: QRect, available: QRect) -> QRect:
    """``frame`` shrunk to fit ``available`` and moved inside it."""
    size = frame.size().boundedTo(available.size())
    rect = QRect(frame.topLeft(), size)
    rect.moveLeft(max(available.left(), min(rect.left(), available.right() - size.width() + 1)))
    rect.moveTop(max(available.top(), min(rect.top(), available.bottom() - size.height() + 1)))
    return rect


def place_first(window: QWidget) -> None:
    """A first launch: maximised on a small screen, else the preferred size, centred."""
    available = available_area(window)
    if available is None:
        window.resize(PREFERRED)
        return
    window.setGeometry(first_geometry(available))
    if is_small(available):
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def clamp_to_screen(window: QWidget) -> None:
    """A restored (not maximised) window that no longer fits its screen is brought inside."""
    available = available_area(window)
    if available is None or window.isMaximized() or window.isFullScreen():
        return
    frame = window.frameGeometry()
    extra = frame.size() - window.geometry().size()  # the title bar and borders
    inside = clamped(frame, available)
    window.resize(inside.size() - extra)
    window.move(inside.topLeft())
