"""A wall around a dock's body: what changes inside is laid out inside.

A widget with a layout tells its parent its size may have changed every time that layout
is laid out again, so a label's new text in a dock's body makes the main window lay all
its docks out again (and paint them).  ``SizeWall`` has no layout of its own: it gives
its one widget all its room, and tells the window only when that widget needs more room
than the wall has, could give back a line's height, or the wall is not shown yet.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

#: How much less height the inner widget must need before the window is told (a line).
GIVE_BACK = 24


class SizeWall(QWidget):
    """Holds ``inner`` at its own size; passes its size hints out only when they matter."""

    def __init__(self, inner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        inner.setParent(self)
        self.inner = inner
        # It grows the way the inner widget's layout does (the window shares out its
        # docks' room by that).
        policy = QSizePolicy(inner.sizePolicy())
        layout = inner.layout()
        grows = layout.expandingDirections() if layout is not None else Qt.Orientation(0)
        if grows & Qt.Orientation.Horizontal:
            policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
        if grows & Qt.Orientation.Vertical:
            policy.setVerticalPolicy(QSizePolicy.Policy.Expanding)
        self.setSizePolicy(policy)
        self._min = QSize(0, 0)
        self._hint = QSize(0, 0)
        #: How many times the wall told its parent its size hints changed (tests read it).
        self.passed_out = 0
        self.check(force=True)

    def check(self, force: bool = False) -> bool:
        """Take the inner widget's size hints; tell the parent when the inner widget
        needs more room than the wall has or ``GIVE_BACK`` less height than the wall last
        said, or ``force``.  Whether it told."""
        least = self.inner.minimumSizeHint().expandedTo(self.inner.minimumSize())
        room = self.size()
        cramped = least.width() > room.width() or least.height() > room.height()
        shrunk = least.height() <= self._min.height() - GIVE_BACK
        if not force and (least == self._min or not (cramped or shrunk or not self.isVisible())):
            return False
        self._min = least
        self._hint = self.inner.sizeHint().expandedTo(least)
        self.passed_out += 1
        self.updateGeometry()
        return True

    def minimumSizeHint(self) -> QSize:
        return QSize(self._min)

    def sizeHint(self) -> QSize:
        return QSize(self._hint)

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.LayoutRequest:
            self.check()  # the inner widget was laid out again
            return True
        return super().event(ev)

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        self.inner.setGeometry(self.rect())
        # Laid out at its new width, the inner widget may need another height (lines
        # that wrap): heard now, not after a pass of its own.
        layout = self.inner.layout()
        if layout is not None:
            layout.activate()
        self.check()
