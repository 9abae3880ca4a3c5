"""Rules → Tables…: the user's rows of a ruleset's tables (``UserTables``), edited in a
table view with each cell checked, undo and redo, and saved only when every row passes."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.gui.tables.model import UserTableModel
from companion.rules.user_tables import TableFileError, table_specs

#: How many missing entries the page names before "and N more".
MISSING_SHOWN = 12


def missing_text(missing: list[str]) -> str:
    """The entries still to fill in, as the page lists them."""
    if not missing:
        return ""
    shown = ", ".join(missing[:MISSING_SHOWN])
    more = f" and {len(missing) - MISSING_SHOWN} more" if len(missing) > MISSING_SHOWN else ""
    return f"Still to fill in before a game needs them ({len(missing)}): {shown}{more}."


class TablePage(QWidget):
    """One table: what it is, where the user's file is, and the rows."""

    def __init__(self, model: UserTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.about = QLabel()
        self.about.setObjectName("tableAbout")
        self.about.setWordWrap(True)
        self.about.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        #: The template's entries still empty (shown only when there are some).
        self.missing = QLabel()
        self.missing.setObjectName("tableMissing")
        self.missing.setWordWrap(True)
        dark = self.palette().color(self.palette().ColorRole.Window).lightness() < 128
        self.missing.setStyleSheet(f"color: {'#f0b040' if dark else '#8a4a00'}; font-weight: bold;")
        self.missing.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.show_about()
        lay.addWidget(self.about)
        lay.addWidget(self.missing)
        self.view = QTableView()
        self.view.setObjectName(f"table_{model.spec.id}")
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.resizeColumnsToContents()
        lay.addWidget(self.view, 1)

    def show_about(self) -> None:
        """What the table is, where the user's rows are (or will be) written, and the
        entries a game still needs that nobody has filled in yet."""
        model = self.model
        self.about.setText(
            f"{model.spec.description}\nYour rows: {model.path}"
            + ("" if model.path.exists() else " (not written yet)")
        )
        self.missing.setText(missing_text(model.missing))
        self.missing.setVisible(bool(model.missing))


def dialog_size(parent: QWidget | None) -> tuple[int, int]:
    """The dialog's first size: 1000×600, or 70% of a larger screen (more columns of a
    wide table in view), never larger than the screen."""
    screen = parent.screen() if parent is not None else None
    if screen is None:
        return 1000, 600
    room = screen.availableGeometry()
    w = min(max(1000, int(room.width() * 0.7)), int(room.width() * 0.95))
    h = min(max(600, int(room.height() * 0.75)), int(room.height() * 0.95))
    return w, h


class TablesDialog(QDialog):
    """The ruleset's user tables, one page each; Save writes the changed, sound ones."""

    #: After a save: the ids of the tables written.
    saved = Signal(list)

    def __init__(self, ruleset: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablesDialog")
        self.setWindowTitle(f"{ruleset.title}: your tables")
        self.resize(*dialog_size(parent))
        self.models = [UserTableModel(spec, ruleset.id, self) for spec in table_specs(ruleset)]
        self.undo_group = QUndoGroup(self)
        self.list = QListWidget()
        self.list.setObjectName("tableList")
        self.pages = QStackedWidget()
        for model in self.models:
            self.undo_group.addStack(model.undo_stack)
            self.list.addItem(model.spec.title)
            self.pages.addWidget(TablePage(model))
            model.checked.connect(self._show_status)
            model.undo_stack.cleanChanged.connect(self._show_status)
        self.list.setMaximumWidth(220)
        self.list.currentRowChanged.connect(self._show_page)

        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):  # both habits, as the main window
            if QKeySequence(extra) not in redo_keys:
                redo_keys.append(QKeySequence(extra))
        self.redo_action.setShortcuts(redo_keys)
        self.save_action = QAction("&Save", self)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save)
        for action in (self.undo_action, self.redo_action, self.save_action):
            self.addAction(action)

        buttons = QHBoxLayout()
        self.add_button = self._button("&Add row", "addRow", self.add_row)
        self.copy_button = self._button("&Copy row", "copyRow", self.copy_row)
        self.remove_button = self._button("&Remove row", "removeRow", self.remove_row)
        self.undo_button = self._button("Undo", "undoButton", self.undo_action.trigger)
        self.redo_button = self._button("Redo", "redoButton", self.redo_action.trigger)
        self.save_button = self._button("Save", "saveButton", self.save)
        self.close_button = self._button("Close", "closeButton", self.reject)
        for b in (self.add_button, self.copy_button, self.remove_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        for b in (self.undo_button, self.redo_button, self.save_button, self.close_button):
            buttons.addWidget(b)
        self.undo_action.changed.connect(self._sync_buttons)
        self.redo_action.changed.connect(self._sync_buttons)

        self.status = QLabel("")
        self.status.setObjectName("tableStatus")
        self.status.setWordWrap(True)
        body = QHBoxLayout()
        body.addWidget(self.list)
        body.addWidget(self.pages, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(body, 1)
        lay.addWidget(self.status)
        lay.addLayout(buttons)
        if self.models:
            self.list.setCurrentRow(0)

    def _button(self, text: str, name: str, slot: Any) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setAutoDefault(False)
        b.clicked.connect(lambda _=False: slot())
        return b

    # -- the page shown -------------------------------------------------------------
    def page(self) -> TablePage:
        widget = self.pages.currentWidget()
        assert isinstance(widget, TablePage)
        return widget

    def model(self) -> UserTableModel:
        return self.page().model

    def _show_page(self, index: int) -> None:
        if index < 0:
            return
        self.pages.setCurrentIndex(index)
        self.undo_group.setActiveStack(self.models[index].undo_stack)
        self._show_status()

    def _sync_buttons(self) -> None:
        self.undo_button.setEnabled(self.undo_action.isEnabled())
        self.redo_button.setEnabled(self.redo_action.isEnabled())

    def _show_status(self, *_: object) -> None:
        if not self.models:
            return
        self.page().show_about()
        for i, each in enumerate(self.models):
            todo = f" ({len(each.missing)} to fill)" if each.missing else ""
            item = self.list.item(i)
            if item is not None:
                item.setText(each.spec.title + todo)
        model = self.model()
        editable = model.readable
        for b in (self.add_button, self.copy_button, self.remove_button):
            b.setEnabled(editable)
        lines = model.problem_lines()
        unsaved = "" if model.undo_stack.isClean() else "Unsaved changes. "
        if not model.readable:
            text = (
                "Your file cannot be read as a table, so it is shown read-only and nothing "
                "here will overwrite it; fix it in a text editor (or move it away): "
                + "; ".join(lines)
            )
        elif lines:
            more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
            text = f"{unsaved}{len(lines)} problem(s), Save is refused: {lines[0]}{more}"
        else:
            users = len(model.user_rows)
            text = f"{unsaved}{users} row(s) of yours, every one sound."
        self.status.setText(text)
        self.status.setProperty("problem", bool(lines))
        self.status.setStyleSheet("color: #a40000;" if lines else "")
        self._sync_buttons()

    # -- actions --------------------------------------------------------------------
    def add_row(self) -> None:
        self._select(self.model().add_row())

    def copy_row(self) -> None:
        current = self.page().view.currentIndex()
        if not current.isValid():
            self.status.setText("Pick a row to copy first.")
            return
        self._select(self.model().add_row(current.row()))

    def remove_row(self) -> None:
        current = self.page().view.currentIndex()
        if not current.isValid() or not self.model().remove_row(current.row()):
            self.status.setText("Only your own rows can be removed: pick one of them.")

    def _select(self, row: int) -> None:
        view = self.page().view
        index = self.model().index(row, 1)
        view.setCurrentIndex(index)
        view.scrollTo(index)
        view.setFocus()

    def save(self) -> bool:
        """Write every changed table whose rows all pass; say what was refused."""
        written, refused = [], []
        for model in self.models:
            if model.undo_stack.isClean():
                continue
            try:
                model.save()
            except TableFileError as exc:
                refused.append(f"{model.spec.title}: {exc.problems[0]}")
                continue
            except OSError as exc:
                refused.append(f"{model.spec.title}: cannot write {model.path}: {exc}")
                continue
            written.append(model.spec.id)
        self._show_status()
        if refused:
            self.status.setText("Not saved: " + "; ".join(refused))
            self.status.setStyleSheet("color: #a40000;")
        elif written:
            self.status.setText(f"Saved: {', '.join(written)}. {self.status.text()}")
        if written:
            self.saved.emit(written)
        return not refused

    def unsaved(self) -> bool:
        return any(not m.undo_stack.isClean() for m in self.models)

    def may_close(self) -> bool:
        """Whether to close: nothing unsaved, or the user saved or dropped it."""
        if not self.unsaved():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved rows",
            "Save your changes to the tables before closing?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def reject(self) -> None:  # Close, Esc
        if self.may_close():
            super().reject()

    def closeEvent(self, event: Any) -> None:  # the title bar's close
        if self.may_close():
            super().closeEvent(event)
        else:
            event.ignore()
