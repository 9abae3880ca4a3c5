"""A bar that places its widgets left to right and wraps them onto new lines (Qt's own
"Flow Layout" example, done by the bar itself): the action bar never widens the window.

The bar has no ``QLayout``: a layout is laid out again whenever anything in it changed,
and each time it is, it makes the layout above it lay out again too (the dock's whole
body, its hint and dice measured anew).  ``FlowBar`` places its widgets when told to
(``place``) or when it is resized, and tells the layout above it only when what it needs
changed: another height at its width, another least width.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, QRect, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget, QWidgetItem


class FlowBar(QWidget):
    """Widgets in lines, each at its size hint; as tall (its minimum height) as its lines
    take at its width.  A hidden widget keeps its room only if its size policy says so
    (``retainSizeWhenHidden``), as in a layout."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self.spacing = spacing
        self._items: list[QWidgetItem] = []
        #: The height the lines take at a width, as last measured (``heightForWidth``).
        self._hfw: tuple[int, int] | None = None
        #: The least size, as the layout above was last told (``minimumSizeHint``).
        self._least = QSize(0, 0)
        #: The widgets' sizes as last placed, and whether the layout above was told of
        #: them (``place``).
        self._sizes: list[QSize] = []
        self._told = True
        #: How many times the bar placed its widgets (tests read it).
        self.placed = 0

    def set_widgets(self, widgets: Sequence[QWidget]) -> None:
        """The widgets of the bar, in order (made its children); placed by ``place``."""
        for widget in widgets:
            if widget.parentWidget() is not self:
                widget.setParent(self)
        self._items = [QWidgetItem(w) for w in widgets]
        self._hfw = None

    def changed(self) -> None:
        """A widget's size hint may have changed: measured again at the next ``place``."""
        self._hfw = None

    def place(self) -> None:
        """Place the widgets at the bar's width; the bar's minimum height set to what its
        lines take, and the layout above told when the bar's least size or height changed.

        Widgets resized in their lines (a button's reason shown) that leave the bar as
        tall at its width do not make the layout above lay out again: it is told when
        the bar is next resized (``resizeEvent``), as the heights it kept for other
        widths may be wrong then."""
        self.placed += 1
        shown = [item for item in self._items if not item.isEmpty()]
        sizes = [item.sizeHint() for item in shown]
        least = self._measure_least()
        height = self._lines(self.rect(), shown, sizes)
        if sizes != self._sizes:
            self._sizes = sizes
            self._told = False
        if least != self._least:
            self._least = least
            self.updateGeometry()
            self._told = True
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)  # which tells the layout above
            self._told = True

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # Asked several times per layout of the widget above: the lines are measured once
        # per width until a widget changes (``changed``).
        if self._hfw is None or self._hfw[0] != width:
            shown = [item for item in self._items if not item.isEmpty()]
            sizes = [item.sizeHint() for item in shown]
            self._hfw = (width, self._lines(QRect(0, 0, width, 0), [], sizes))
        return self._hfw[1]

    def sizeHint(self) -> QSize:
        return QSize(self._least)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._least)

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.LayoutRequest:  # a widget's size hint changed
            self.changed()
            self.place()
            return True
        return super().event(ev)

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if not self._told and ev.size().width() != ev.oldSize().width():
            self._told = True
            self.updateGeometry()  # laid out again (before the paint) with the new sizes
        self.place()

    def _measure_least(self) -> QSize:
        """The largest of the widgets' least sizes (the bar is never narrower)."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _lines(self, rect: QRect, items: Sequence[QWidgetItem], sizes: Sequence[QSize]) -> int:
        """Lay ``items`` (of ``sizes``) out in ``rect``, or only measure when there are no
        items; the height the lines take."""
        x, y, line = rect.x(), rect.y(), 0
        right = rect.right() + 1
        gap = self.spacing
        for i, size in enumerate(sizes):
            width = size.width()
            if x + width > right and line > 0:
                x, y, line = rect.x(), y + line + gap, 0
            if items:
                items[i].setGeometry(QRect(QPoint(x, y), size))
            x += width + gap
            line = max(line, size.height())
        return y + line - rect.y()
