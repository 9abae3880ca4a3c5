"""New character…: a form built from the ruleset's ``creation_fields``.

OK asks the ruleset to add the character; a refusal is shown in the dialog (which stays
open, the values kept) so the user can fix the field it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from companion.gui.roster.sheet_widget import (
    BODY_PT,
    SECTION_PT,
    FieldEditor,
    field_editors,
    font_of,
)
from companion.rules.table import SheetView

#: Makes the roster with the new character from the form's values; ``ValueError`` when
#: the ruleset refuses them.
AddCharacter = Callable[[Mapping[str, Any]], dict[str, Any]]


class NewCharacterDialog(QDialog):
    """The fields of a new character with their defaults; ``result_roster`` after OK."""

    def __init__(self, view: SheetView, add: AddCharacter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newCharacterDialog")
        self.setWindowTitle(view.title or "New character")
        self._add = add
        self.result_roster: dict[str, Any] | None = None
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        heading = QLabel(view.title or "New character")
        heading.setFont(font_of(self, SECTION_PT, bold=True))
        layout.addWidget(heading)
        if view.subtitle:
            hint = QLabel(view.subtitle)
            hint.setObjectName("creationHint")
            hint.setFont(font_of(self, BODY_PT))
            hint.setWordWrap(True)
            layout.addWidget(hint)
        grid, self.editors = field_editors(view.sections, self)
        layout.addLayout(grid)
        self.error_label = QLabel()
        self.error_label.setObjectName("creationError")
        self.error_label.setWordWrap(True)
        self.error_label.setFont(font_of(self, BODY_PT, bold=True))
        self.error_label.setStyleSheet("color: #e8604c;")
        self.error_label.hide()
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add character")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        first = next(iter(self.editors.values()), None)
        if first is not None:
            first.widget.setFocus()

    def editor(self, key: str) -> FieldEditor | None:
        return self.editors.get(key)

    def values(self) -> dict[str, Any]:
        """The form's values by field key, as the ruleset's ``add_character`` takes them."""
        return {key: editor.value() for key, editor in self.editors.items()}

    def accept(self) -> None:
        try:
            roster = self._add(self.values())
        except ValueError as exc:
            self.show_error(str(exc))
            return
        except Exception as exc:  # a ruleset's bug must not close the window
            self.show_error(
                f"The ruleset could not add the character ({type(exc).__name__}: {exc})"
            )
            return
        self.result_roster = roster
        super().accept()

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.show()
        key = text.split(":", 1)[0].strip()
        editor = self.editors.get(key)
        if editor is not None:
            editor.widget.setFocus()
