"""A label that measures its height for a width once per text.

A word-wrapped or rich-text ``QLabel`` lays its text out again each time a layout asks
how tall it is at a width, and the layout above asks again each time anything in it
changed: the action dock's hint and dice were measured anew for every button that moved.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget

#: How many (text, width) heights a label keeps.
KEPT_HEIGHTS = 16

#: Changes after which a height measured before may be wrong.
REMEASURE = (
    QEvent.Type.FontChange,
    QEvent.Type.StyleChange,
    QEvent.Type.ContentsRectChange,
)


class MeasuredLabel(QLabel):
    """A ``QLabel`` that keeps the heights it measured, by text and width."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[tuple[str, int], int] = {}

    def heightForWidth(self, width: int) -> int:
        key = (self.text(), width)
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) >= KEPT_HEIGHTS:
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def changeEvent(self, ev: QEvent) -> None:
        if ev.type() in REMEASURE:
            self._heights.clear()
        super().changeEvent(ev)
