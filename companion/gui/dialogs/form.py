"""What the map dialogs share: a Designer form with OK/Cancel that reads back a spec."""

from __future__ import annotations

from typing import Generic, TypeVar

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from companion.gui.uifiles import child, load_dialog

SpecT = TypeVar("SpecT")


class FormDialog(Generic[SpecT]):
    """Wraps the form ``ui/<form>.ui``; its ``buttonBox`` accepts or rejects.

    Subclasses read the widgets in ``spec()``; ``exec()`` returns it, or None on cancel.
    """

    def __init__(self, form: str, parent: QWidget | None = None) -> None:
        self.dialog: QDialog = load_dialog(form, parent)
        box: QDialogButtonBox = child(self.dialog, QDialogButtonBox, "buttonBox")
        box.accepted.connect(self.dialog.accept)
        box.rejected.connect(self.dialog.reject)

    def spec(self) -> SpecT:
        raise NotImplementedError

    def exec(self) -> SpecT | None:
        if self.dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.spec()
