"""The roster panel's files: open, save, save as, and the sheets exported as a PDF."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

from companion.printing.roster.pdf import export_sheets_pdf
from companion.rules.printing import print_layout
from companion.rules.roster_files import (
    ROSTER_FILTER,
    RosterFileError,
    read_roster_file,
    write_roster_file,
)
from companion.safefile import FileProblem

if TYPE_CHECKING:
    from collections.abc import Mapping

    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QWidget

    from companion.rules.ruleset import CharacterSheets
    from companion.rules.table import SheetView

    class _PanelBase(QWidget):
        """The roster panel as its files part sees it."""

        rules: CharacterSheets | None
        path: Path | None
        _roster: dict[str, Any]
        _views: list[SheetView]
        _state: Any | None
        statusMessage: SignalInstance
        undo_stack: QUndoStack

        def set_roster(
            self, ruleset_id: str, party: Mapping[str, Any] | None = None, path: Path | None = None
        ) -> None: ...
        def is_modified(self) -> bool: ...
        def show_error(self, text: str) -> None: ...
        def _update_header(self) -> None: ...

else:
    _PanelBase = object


class RosterFilesPart(_PanelBase):
    """Open, save and export (a mixin of ``RosterPanel``)."""

    def load_path(self, path: Path) -> None:
        """Open a roster file; ``RosterFileError`` says what is wrong with it."""
        ruleset_id, doc = read_roster_file(path)
        try:
            self.set_roster(ruleset_id, doc, path)
        except ValueError as exc:
            raise RosterFileError(str(exc), file=str(path)) from None

    def open_path(self, path: Path) -> bool:
        """Open a roster file; a message box says why not."""
        try:
            self.load_path(Path(path))
        except FileProblem as exc:
            QMessageBox.warning(self, "Open roster", f"Could not open {Path(path).name}:\n\n{exc}")
            return False
        self.statusMessage.emit(f"Opened {Path(path).name}")
        return True

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        start = str(self.path.parent) if self.path is not None else ""
        name, _ = QFileDialog.getOpenFileName(self, "Open roster", start, ROSTER_FILTER)
        return bool(name) and self.open_path(Path(name))

    def save_to(self, path: Path) -> None:
        """Write the roster to ``path`` (atomically; the old one kept as ``.bak``)."""
        write_roster_file(path, self._roster)
        self.path = Path(path)
        self.undo_stack.setClean()
        self._update_header()

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._save_reporting(self.path)

    def save_as(self) -> bool:
        if self.rules is None:
            return False
        suggested = str(self.path) if self.path is not None else "battle.roster.json"
        name, _ = QFileDialog.getSaveFileName(self, "Save roster", suggested, ROSTER_FILTER)
        return bool(name) and self._save_reporting(Path(name))

    def _save_reporting(self, path: Path) -> bool:
        try:
            self.save_to(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            QMessageBox.warning(self, "Save roster", f"Could not save {path.name}:\n\n{reason}")
            return False
        self.statusMessage.emit(f"Saved {path.name}")
        return True

    def maybe_save(self) -> bool:
        """Ask before unsaved changes are lost; False means stay."""
        if not self.is_modified():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved roster",
            "The roster has changes that are not saved. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def export_pdf(self, path: Path, page: str = "A4") -> int:
        """Every sheet to the PDF ``path`` as the ruleset lays them out (sheets, or cards
        and track strips); the page count (``ValueError``/``OSError``)."""
        title = str(self._roster.get("name") or "Roster")
        layout = print_layout(self.rules, self._roster, self._state)
        return export_sheets_pdf(
            self._views, path, page, title=f"{title}: character sheets", layout=layout
        )

    def export_dialog(self) -> bool:
        if not self._views:
            self.show_error("Nothing to export: the roster has no characters.")
            return False
        stem = (
            self.path.name.removesuffix(".json").removesuffix(".roster") if self.path else "roster"
        )
        start = str((self.path.parent if self.path else Path()) / f"{stem}-sheets.pdf")
        name, chosen = QFileDialog.getSaveFileName(
            self, "Export sheets", start, "PDF, A4 (*.pdf);;PDF, Letter (*.pdf)"
        )
        if not name:
            return False
        page = "Letter" if "Letter" in chosen else "A4"
        try:
            pages = self.export_pdf(Path(name), page)
        except (ValueError, OSError, RuntimeError) as exc:
            QMessageBox.warning(
                self, "Export sheets", f"Could not write {Path(name).name}:\n\n{exc}"
            )
            return False
        self.statusMessage.emit(f"Sheets exported to {name} ({pages} pages)")
        return True
