"""Window shortcuts that text fields would otherwise swallow."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)


class ShortcutsOverTextFields(QObject):
    """Lets the window's party shortcuts through the text fields of a sheet.

    A text field may claim a key combination for itself before the window's shortcuts
    see it: under X11's key bindings a line edit or spin box takes Ctrl+E (end of line),
    so Export sheets never fired while a sheet's name field had focus.  Installed on
    the fields, this declines such a claim for the shortcut of an enabled action; the
    action then runs.  A key that is no such shortcut reaches the field as before.
    """

    TEXT_FIELDS = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit, QComboBox)

    def __init__(self, actions: Sequence[QAction], parent: QObject) -> None:
        super().__init__(parent)
        self.actions = tuple(actions)

    def watch(self, root: QWidget) -> None:
        """Filter every text field inside ``root``."""
        for widget in root.findChildren(QWidget):
            if isinstance(widget, self.TEXT_FIELDS):
                widget.installEventFilter(self)

    def is_shortcut(self, event: QKeyEvent) -> bool:
        pressed = QKeySequence(event.keyCombination())
        return any(action.isEnabled() and pressed in action.shortcuts() for action in self.actions)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self.is_shortcut(event)
        ):
            event.ignore()  # not the field's: the shortcut map gets the key
            return True
        return super().eventFilter(watched, event)
