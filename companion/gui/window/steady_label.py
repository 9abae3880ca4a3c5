"""A status-bar label whose size does not follow every new text.

A ``QLabel`` of free size asks its parent to lay out again on every ``setText`` (Qt
invalidates the layout unless the widget's minimum and maximum sizes are equal); in the
status bar that re-lays out the main window and repaints it, for every square the pointer
crosses.  ``SteadyLabel`` keeps a fixed size that only grows, to fit a longer text, so a
new text of no greater width repaints the label alone.  It grows to ``most`` pixels at
the most; a longer text is elided there (whole in the tooltip).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget


class SteadyLabel(QLabel):
    """A label of fixed size, widened (never narrowed) when a text needs more room."""

    def __init__(self, text: str = "", parent: QWidget | None = None, most: int = 640) -> None:
        super().__init__(parent)
        self.most = most
        self._whole = ""
        self.setText(text)

    def whole_text(self) -> str:
        """The text as given (``text()`` is elided when it is wider than ``most``)."""
        return self._whole

    def setText(self, text: str) -> None:
        if text == self._whole:
            return
        self._whole = text
        shown = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self.most)
        self.setToolTip(text if shown != text else "")
        super().setText(shown)
        self.fit()

    def fit(self) -> None:
        """Widen (or heighten) the fixed size if the text needs it; never shrink."""
        hint = self.sizeHint()
        width = min(max(hint.width(), self.minimumWidth()), self.most + 2 * self.margin() + 8)
        height = max(hint.height(), self.minimumHeight())
        if (width, height) != (self.maximumWidth(), self.maximumHeight()):
            self.setFixedSize(width, height)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit()
