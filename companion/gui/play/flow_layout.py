"""A layout that places its widgets left to right and wraps them onto new lines
(Qt's own "Flow Layout" example): the action bar never widens the window."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """``fit_height``: the widget laid out is given, as its minimum height, the height
    its lines take at the width it is given (its parent layout then gives it that)."""

    def __init__(
        self, parent: QWidget | None = None, spacing: int = 6, fit_height: bool = False
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        #: The height the lines take at a width, as last measured (``heightForWidth``).
        self._hfw: tuple[int, int] | None = None
        self.fit_height = fit_height
        self.setSpacing(spacing)
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._hfw = None

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        self._hfw = None
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # Asked several times per layout of the widget above (by each box it is in): the
        # lines are measured once per width until an item changes (``invalidate``).
        if self._hfw is None or self._hfw[0] != width:
            self._hfw = (width, self._place(QRect(0, 0, width, 0), move=False))
        return self._hfw[1]

    def invalidate(self) -> None:
        self._hfw = None
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        height = self._place(rect, move=True)
        owner = self.parentWidget()
        if self.fit_height and owner is not None and owner.minimumHeight() != height:
            owner.setMinimumHeight(height)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (or only measure); the height they take."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, line = area.x(), area.y(), 0
        gap = self.spacing()
        for item in self._items:
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and line > 0:
                x, y, line = area.x(), y + line + gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line = max(line, hint.height())
        return y + line - rect.y() + m.bottom()
