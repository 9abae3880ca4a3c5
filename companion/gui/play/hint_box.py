"""The action bar's hint in a box as tall as its text, up to a few lines: a longer text
(a refusal's many reasons) scrolls in the box rather than push the map away or be cut.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget

#: How many lines of the hint show before the rest scrolls.
HINT_LINES = 5


class HintBox(QScrollArea):
    """Holds ``label`` (word-wrapped) at its whole height; the box is as tall as that, at
    most ``lines`` lines, and scrolls the rest.  ``fit`` after the label's text changed."""

    def __init__(self, label: QLabel, lines: int = HINT_LINES, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = label
        self.lines = lines
        #: The text the label was last placed with (``fit``).
        self._placed = ""
        #: The font and the height of ``lines`` lines in it (``most``).
        self._most: tuple[QFont, int] | None = None
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidgetResizable(True)
        self.setWidget(label)
        # Painted as the dock under it (the label and the viewport fill nothing).
        self.viewport().setAutoFillBackground(False)
        label.setAutoFillBackground(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(0)

    def most(self) -> int:
        """The tallest the box grows: ``lines`` whole lines of the label's rich text."""
        font = self.label.font()
        if self._most is None or self._most[0] != font:
            probe = QLabel("<br>".join("X" * self.lines))
            probe.setFont(font)
            probe.setWordWrap(True)
            self._most = (font, probe.heightForWidth(400))
        return self._most[1]

    def fit(self) -> bool:
        """The box's height set for the label's text at the box's width, and the label
        placed in it anew (its text changed); whether the box's height changed.  The
        label's own request to be laid out again (posted to the box) is then done."""
        width = self.width()
        need = self.label.heightForWidth(width) if self.label.text() else 0
        height = min(need, self.most())
        changed = self.height() != height or self.minimumHeight() != height
        if changed:
            self.setFixedHeight(height)  # which tells the layout above
        # A scroll bar only when the text is taller than the box: asked for at every
        # text, it would lay the box out again after the window's paint.
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAsNeeded
            if need > height
            else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        )
        if self.verticalScrollBarPolicy() != policy:
            self.setVerticalScrollBarPolicy(policy)
        if self._placed != self.label.text():
            self._placed = self.label.text()
            self.setWidgetResizable(True)  # the label's size and the scroll bar set now
        return changed

    def sizeHint(self) -> QSize:
        return QSize(self.label.minimumSizeHint().width(), self.minimumHeight())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.label.minimumSizeHint().width(), self.minimumHeight())

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if ev.size().width() != ev.oldSize().width():
            self.fit()  # wrapped at the new width: another height
