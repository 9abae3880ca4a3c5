"""Typing in the physical dice: a dialog that names exactly which dice and why."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)


def parse_faces(text: str, count: int, sides: int) -> list[int]:
    """The faces typed (``"3 5 6"``, ``"3,5,6"`` or ``"356"`` for d6); ``ValueError`` says
    what is wrong."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if len(parts) == 1 and sides <= 9 and len(parts[0]) == count and parts[0].isdigit():
        parts = list(parts[0])
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError("type the faces as numbers, e.g. 3 5 6")
    faces = [int(p) for p in parts]
    if len(faces) != count:
        raise ValueError(f"{count} {'die' if count == 1 else 'dice'} needed, {len(faces)} typed")
    bad = [f for f in faces if not 1 <= f <= sides]
    if bad:
        raise ValueError(f"{bad[0]} is not a face of a d{sides}")
    return faces


class DiceDialog(QDialog):
    """Asks for ``count`` d``sides`` for ``purpose``; ``faces`` holds them when accepted."""

    def __init__(self, count: int, sides: int, purpose: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Type the dice")
        self.count, self.sides = count, sides
        self.faces: list[int] = []
        self.setMinimumWidth(380)
        layout = QVBoxLayout(self)
        what = "die" if count == 1 else "dice"
        title = QLabel(f"<b>{purpose}</b>: {count} {what} (d{sides})")
        title.setWordWrap(True)
        layout.addWidget(title)
        self.edit = QLineEdit()
        self.edit.setObjectName("diceFaces")
        self.edit.setPlaceholderText(
            "e.g. " + " ".join(str(min(sides, i + 3)) for i in range(count))
        )
        big = self.edit.font()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        self.edit.setFont(big)  # typed at the table, read at arm's length
        layout.addWidget(self.edit)
        self.error = QLabel("")
        self.error.setObjectName("diceError")
        self.error.setProperty("hint", True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _check(self) -> None:
        try:
            self.faces = parse_faces(self.edit.text(), self.count, self.sides)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
