"""The File → Export sheets / Print sheets dialogs: which characters, paper, aids."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMessageBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from companion.gui.busy import busy
from companion.gui.rulesets.brickquest.export.printer import print_sheets
from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel
from companion.gui.uifiles import named
from companion.printing.document import ExportError
from companion.printing.pdf import PAGE_SIZES, default_page_size
from companion.printing.rulesets.brickquest.sheets import export_sheets_pdf
from companion.rulesets.brickquest.character import Character


@dataclass(frozen=True)
class ExportOptions:
    """What to put on paper."""

    characters: tuple[Character, ...]
    page_size: str
    include_aids: bool


class ExportOptionsDialog(QDialog):
    """Choose all characters or the current one, the paper size and the table aids."""

    def __init__(
        self,
        model: PartyModel,
        current_id: str | None = None,
        parent: QWidget | None = None,
        *,
        title: str = "Export sheets",
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(title)
        self._current_id = current_id if current_id in model.party.ids() else None
        n = len(model.characters())
        self.all_radio = named(QRadioButton(f"All characters ({n})"), "allRadio")
        name = model.character(self._current_id).name if self._current_id else "—"
        self.one_radio = named(QRadioButton(f"Only {name}"), "oneRadio")
        self.one_radio.setEnabled(self._current_id is not None)
        group = QButtonGroup(self)
        group.addButton(self.all_radio)
        group.addButton(self.one_radio)
        self.all_radio.setChecked(True)
        self.page_combo = named(QComboBox(), "pageCombo")
        self.page_combo.addItems(list(PAGE_SIZES))
        self.page_combo.setCurrentText(default_page_size())
        self.aids_check = named(QCheckBox("Table aids: BrickRuler and area templates"), "aidsCheck")
        self.aids_check.setChecked(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setEnabled(n > 0 or self.aids_check.isChecked())
        self.aids_check.toggled.connect(lambda on: self.ok_button.setEnabled(n > 0 or on))
        form = QFormLayout()
        form.addRow("Sheets:", self.all_radio)
        form.addRow("", self.one_radio)
        form.addRow("Paper:", self.page_combo)
        form.addRow("", self.aids_check)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

    def options(self) -> ExportOptions:
        """The choices made."""
        if self.one_radio.isChecked() and self._current_id is not None:
            chars: tuple[Character, ...] = (self.model.character(self._current_id),)
        else:
            chars = self.model.characters()
        return ExportOptions(chars, self.page_combo.currentText(), self.aids_check.isChecked())


def export_sheets_interactive(
    parent: QWidget | None, model: PartyModel, current_id: str | None = None
) -> Path | None:
    """File → Export sheets: options, file name, write; the file written or None."""
    dialog = ExportOptionsDialog(model, current_id, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    opts = dialog.options()
    name, _ = QFileDialog.getSaveFileName(
        parent, "Export sheets as PDF", "character-sheets.pdf", "PDF files (*.pdf)"
    )
    if not name:
        return None
    path = Path(name if name.lower().endswith(".pdf") else name + ".pdf")
    try:
        with busy():
            export_sheets_pdf(
                path, opts.characters, model.catalog, opts.page_size, opts.include_aids
            )
    except (ExportError, OSError) as exc:
        QMessageBox.critical(parent, "Export sheets", f"Could not write {path.name}:\n{exc}")
        return None
    return path


def print_sheets_interactive(
    parent: QWidget | None, model: PartyModel, current_id: str | None = None
) -> bool:
    """File → Print sheets: options, then the system print dialog."""
    dialog = ExportOptionsDialog(model, current_id, parent, title="Print sheets")
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    opts = dialog.options()
    try:
        return print_sheets(
            opts.characters,
            model.catalog,
            parent,
            page_size=opts.page_size,
            include_aids=opts.include_aids,
        )
    except ExportError as exc:
        QMessageBox.critical(parent, "Print sheets", str(exc))
        return False
