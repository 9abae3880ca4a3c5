"""One user table in a ``QTableView``: bundled rows read-only, the user's editable, every
cell checked by the table's own loader (``companion.rules.user_tables``), edits undoable.

Nothing here knows a rule: a cell's text becomes a value (TOML for numbers, lists and
tables; plain text for text fields), the rows are checked as their file would be once
written, and each problem lands on the cell of its field.
"""

from __future__ import annotations

import tomllib
import types
import typing
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPalette, QUndoCommand, QUndoStack
from PySide6.QtWidgets import QApplication

from companion.rules.user_tables import (
    RowProblem,
    RowSource,
    TableFile,
    TableFileError,
    TableSpec,
    check_entries,
    missing_entries,
    read_table_file,
    save_user_table,
    toml_value,
    user_file,
)

Index = QModelIndex | QPersistentModelIndex
#: A cell with a problem, and a bundled (read-only) row.
ERROR_COLOUR = QColor("#f4c7c3")
#: Text on an error cell: dark, to read on its light colour in either theme.
ERROR_TEXT = QColor("#3b0a07")
SOURCE_COLUMN = "source"


def text_field(spec: TableSpec[Any], name: str) -> bool:
    """Whether a field holds text (a cell's text is then taken as it is)."""
    info = spec.row.model_fields.get(name)
    if info is None:
        return False
    kinds = typing.get_args(info.annotation) if _is_union(info.annotation) else ()
    return info.annotation is str or str in kinds


def _is_union(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType)


def cell_text(value: Any) -> str:
    """A value as a cell shows it: text as it is, others as TOML (``{ melee_dice = 2 }``)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return toml_value(value)
    except ValueError:
        return str(value)


def parse_cell(spec: TableSpec[Any], name: str, text: str) -> Any:
    """A cell's typed text as a value: None (the field left out) when blank; text for a
    text field; else a TOML value, or the text itself for the row model to refuse."""
    stripped = text.strip()
    if not stripped:
        return None
    if text_field(spec, name):
        return stripped
    try:
        return tomllib.loads(f"v = {stripped}")["v"]
    except tomllib.TOMLDecodeError:
        return stripped


@dataclass
class EditRow:
    """A row as the editor holds it: its entry as written, and where it came from."""

    entry: dict[str, Any]
    source: RowSource | None
    bundled: bool


class UserTableModel(QAbstractTableModel):
    """The rows of one user table: the bundled ones, then the user's (editable)."""

    #: After every change: the number of problems now.
    checked = Signal(int)

    def __init__(self, spec: TableSpec[Any], ruleset_id: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.ruleset_id = ruleset_id
        self.columns = (SOURCE_COLUMN, *spec.columns)
        self.path = user_file(spec, ruleset_id)
        self.bundled_file: TableFile[Any] = read_table_file(spec, spec.bundled, bundled=True)
        self.undo_stack = QUndoStack(self)
        #: Problems of the file as a whole (unreadable...), and of each (user row, column).
        self.file_problems: list[str] = []
        self.cell_problems: dict[tuple[int, int], list[str]] = {}
        self.problems: list[RowProblem] = []
        #: The entries a game still needs that the rows (with unsaved edits) leave empty.
        self.missing: list[str] = []
        self.bundled_rows = [
            EditRow(dict(e), RowSource(spec.bundled, i, line, True), True)
            for i, (e, line) in enumerate(
                zip(self.bundled_file.entries or (), self.bundled_file.lines, strict=False)
            )
        ]
        self.user_rows: list[EditRow] = []
        #: False when the user's file cannot be read as a table: then nothing is editable
        #: and nothing is written over it.
        self.readable = True
        self._load_user_rows()
        self.recheck()

    # -- the user's file ----------------------------------------------------------
    def _load_user_rows(self) -> None:
        if not self.path.exists():
            self.user_rows = []
            return
        user = read_table_file(self.spec, self.path, bundled=False)
        if user.entries is None:
            self.readable = False
            self.file_problems = [str(p) for p in user.problems]
            self.user_rows = []
            return
        self.user_rows = [
            EditRow(dict(e), RowSource(self.path, i, line, False), False)
            for i, (e, line) in enumerate(zip(user.entries, user.lines, strict=False))
        ]

    def entries(self) -> list[dict[str, Any]]:
        return [dict(r.entry) for r in self.user_rows]

    # -- checking -----------------------------------------------------------------
    def recheck(self) -> None:
        """Check the user's rows as their file would be checked; problems to cells."""
        self.cell_problems = {}
        if not self.readable:
            self.problems = []
        else:
            try:
                lines = [r.source.line if r.source else None for r in self.user_rows]
                table = check_entries(
                    self.spec, self.bundled_file, self.path, self.entries(), lines
                )
                self.problems = list(table.problems)
                self.missing = [] if table.problems else missing_entries(table)
            except TableFileError as exc:
                self.problems = list(exc.row_problems)
        for problem in self.problems:
            if problem.entry is None or problem.path != self.path:
                continue
            head = problem.field.split(".", 1)[0]
            column = self.columns.index(head) if head in self.columns else 1
            text = f"{problem.field}: {problem.message}" if problem.field else problem.message
            self.cell_problems.setdefault((problem.entry, column), []).append(text)
        if self.rowCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )
        self.checked.emit(self.problem_count())

    def problem_count(self) -> int:
        return len(self.problems) + len(self.file_problems)

    def problem_lines(self) -> list[str]:
        return self.file_problems + [p_str(self.spec, p) for p in self.problems]

    # -- the Qt model -------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.bundled_rows) + len(self.user_rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def row_at(self, row: int) -> EditRow:
        n = len(self.bundled_rows)
        return self.bundled_rows[row] if row < n else self.user_rows[row - n]

    def user_index(self, row: int) -> int | None:
        """The index among the user's rows of view row ``row`` (None: a bundled row)."""
        n = len(self.bundled_rows)
        return row - n if row >= n else None

    def view_row(self, user_index: int) -> int:
        return len(self.bundled_rows) + user_index

    def replaced_keys(self) -> set[str]:
        """Bundled rows that a user row replaces (when the table allows it)."""
        if not self.spec.overrides:
            return set()
        return {str(r.entry.get(self.spec.key)) for r in self.user_rows}

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.columns[section]
        return str(section + 1)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.readable and index.column() > 0 and self.user_index(index.row()) is not None:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.row_at(index.row())
        name = self.columns[index.column()]
        ui = self.user_index(index.row())
        problems = self.cell_problems.get((ui, index.column()), []) if ui is not None else []
        replaced = row.bundled and str(row.entry.get(self.spec.key)) in self.replaced_keys()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if name == SOURCE_COLUMN:
                if row.source is None:
                    return "yours (new, unsaved)"
                return row.source.short() + (", replaced by yours" if replaced else "")
            return cell_text(row.entry.get(name))
        if role == Qt.ItemDataRole.ToolTipRole:
            if problems:
                return "\n".join(problems)
            if name == SOURCE_COLUMN:
                where = row.source.describe() if row.source else f"{self.path} once saved"
                kind = "Bundled, read-only" if row.bundled else "Yours"
                return f"{kind}: {where}" + (" (replaced by your row)" if replaced else "")
            return "Bundled (read-only): copy the row to change it" if row.bundled else None
        if role == Qt.ItemDataRole.BackgroundRole:
            if problems:
                return ERROR_COLOUR
            return None  # the view's own (the theme's) background
        if role == Qt.ItemDataRole.ForegroundRole:
            if problems:
                return ERROR_TEXT
            if row.bundled:  # read-only: the theme's own greyed text, light or dark
                return QApplication.palette().color(
                    QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text
                )
        if role == Qt.ItemDataRole.FontRole and replaced:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        ui = self.user_index(index.row())
        if (
            role != Qt.ItemDataRole.EditRole
            or ui is None
            or not self.flags(index) & (Qt.ItemFlag.ItemIsEditable)
        ):
            return False
        name = self.columns[index.column()]
        new = parse_cell(self.spec, name, str(value))
        old = self.user_rows[ui].entry.get(name)
        if new == old:
            return False
        self.undo_stack.push(SetCell(self, ui, name, old, new))
        return True

    # -- edits (through the undo stack) -------------------------------------------
    def set_value(self, ui: int, name: str, value: Any) -> None:
        entry = self.user_rows[ui].entry
        if value is None:
            entry.pop(name, None)
        else:
            entry[name] = value
        self.recheck()

    def insert_user_row(self, ui: int, row: EditRow) -> None:
        at = self.view_row(ui)
        self.beginInsertRows(QModelIndex(), at, at)
        self.user_rows.insert(ui, row)
        self.endInsertRows()
        self.recheck()

    def remove_user_row(self, ui: int) -> EditRow:
        at = self.view_row(ui)
        self.beginRemoveRows(QModelIndex(), at, at)
        row = self.user_rows.pop(ui)
        self.endRemoveRows()
        self.recheck()
        return row

    def new_key(self, stem: str) -> str:
        keys = {str(r.entry.get(self.spec.key)) for r in self.bundled_rows + self.user_rows}
        n = 1
        while f"{stem}_{n}" in keys:
            n += 1
        return f"{stem}_{n}"

    def add_row(self, template_row: int | None = None) -> int:
        """Add a user row (a copy of view row ``template_row``, or one with a new key
        only); its view row."""
        if template_row is not None:
            entry = dict(self.row_at(template_row).entry)
            stem = str(entry.get(self.spec.key) or "new")
            if not self.spec.overrides or not self.row_at(template_row).bundled:
                entry[self.spec.key] = self.new_key(stem)
        else:
            entry = {self.spec.key: self.new_key("new")}
        ui = len(self.user_rows)
        self.undo_stack.push(AddRow(self, ui, EditRow(entry, None, False)))
        return self.view_row(ui)

    def remove_row(self, row: int) -> bool:
        ui = self.user_index(row)
        if ui is None or not self.readable:
            return False
        self.undo_stack.push(RemoveRow(self, ui))
        return True

    # -- saving ---------------------------------------------------------------------
    def save(self) -> None:
        """Write the user's rows (``TableFileError``, ``OSError``: nothing written)."""
        if not self.readable:
            raise TableFileError(self.path, [RowProblem(self.path, "; ".join(self.file_problems))])
        save_user_table(self.spec, self.ruleset_id, self.entries())
        written = read_table_file(self.spec, self.path, bundled=False)
        for i, (row, line) in enumerate(zip(self.user_rows, written.lines, strict=False)):
            row.source = RowSource(self.path, i, line, False)
        self.undo_stack.setClean()
        self.recheck()


def p_str(spec: TableSpec[Any], problem: RowProblem) -> str:
    """A problem as the status line says it: entry and field first, the file last."""
    place = problem.place()
    return f"{place}: {problem.message}" if place else problem.message


class SetCell(QUndoCommand):
    def __init__(self, model: UserTableModel, ui: int, name: str, old: Any, new: Any) -> None:
        super().__init__(f"Set {name} of row {ui + 1}")
        self.model, self.ui, self.name, self.old, self.new = model, ui, name, old, new

    def redo(self) -> None:
        self.model.set_value(self.ui, self.name, self.new)

    def undo(self) -> None:
        self.model.set_value(self.ui, self.name, self.old)


class AddRow(QUndoCommand):
    def __init__(self, model: UserTableModel, ui: int, row: EditRow) -> None:
        super().__init__(f"Add row {row.entry.get(model.spec.key)}")
        self.model, self.ui, self.row = model, ui, row

    def redo(self) -> None:
        self.model.insert_user_row(self.ui, self.row)

    def undo(self) -> None:
        self.row = self.model.remove_user_row(self.ui)


class RemoveRow(QUndoCommand):
    def __init__(self, model: UserTableModel, ui: int) -> None:
        super().__init__(f"Remove row {ui + 1}")
        self.model, self.ui = model, ui
        self.row: EditRow | None = None

    def redo(self) -> None:
        self.row = self.model.remove_user_row(self.ui)

    def undo(self) -> None:
        if self.row is not None:
            self.model.insert_user_row(self.ui, self.row)
