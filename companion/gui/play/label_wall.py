"""A wall around a word-wrapped label: a new text that takes as many lines is not a
new layout.

A label tells its parent's layout its size may have changed on every ``setText``, so a
dock's body lays all its widgets out again (and its scroll area measures it again) for
"red: activate" becoming "blue: activate".  ``LabelWall`` has no layout of its own: it
gives its label all its room and tells its parent only when what the layout reads of it
changed: the label's height at the wall's width, or its least size (its least width
only past the wall's).  The label fills its own background, so a new text repaints it
alone.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class LabelWall(QWidget):
    """Holds ``label`` at its own size; passes on its measures only when they change."""

    def __init__(self, label: QLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label.setParent(self)
        # It paints its own background (the palette's, as the body under it does): a new
        # text repaints the label alone, not the wall and the body beneath it as well.
        label.setAutoFillBackground(True)
        self.label = label
        self.setSizePolicy(label.sizePolicy())
        self.setObjectName(f"{label.objectName()}Wall")
        #: What the parent's layout was last told (``_measures``).
        self._told = self._measures()
        #: How many times the wall told its parent its measures changed (tests read it).
        self.passed_out = 0

    def _measures(self) -> tuple[int, int, int, int]:
        """What the parent's layout reads: the height at the wall's width (and that
        width: the layout measured the label again at a new width, perhaps before a new
        text was told), the least height, and the least width where it matters: past the
        width the wall has (a longest word narrower than the room changes nothing)."""
        label, width = self.label, max(1, self.width())
        least = label.minimumSizeHint()
        return width, label.heightForWidth(width), least.height(), max(least.width(), width)

    def sizeHint(self) -> QSize:
        return self.label.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        return self.label.heightForWidth(width)

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.LayoutRequest:  # the label's text or font changed
            now = self._measures()
            if now != self._told:
                self._told = now
                self.passed_out += 1
                self.updateGeometry()
            return True
        return super().event(ev)

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        self.label.setGeometry(self.rect())
