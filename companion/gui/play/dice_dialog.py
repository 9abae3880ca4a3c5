"""Typing in the physical dice: a dialog that names exactly which dice and why."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.rules.table import DieSpec


def parse_faces(text: str, count: int, sides: int, die: DieSpec | None = None) -> list[int]:
    """The faces typed (``"3 5 6"``, ``"3,5,6"`` or ``"356"`` for d6; a symbol die's labels
    separated by commas: ``"Shield, 3 Swords"``); ``ValueError`` says what is wrong."""
    if die is not None and not die.numbered:
        labels = [p for p in re.split(r"[,;]+", text) if p.strip()]
        faces = [die.face(label) for label in labels]
        if len(faces) != count:
            raise ValueError(
                f"{count} {'die' if count == 1 else 'dice'} needed, {len(faces)} typed"
            )
        return faces
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

    def __init__(
        self,
        count: int,
        sides: int,
        purpose: str,
        parent: QWidget | None = None,
        die: DieSpec | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Type the dice")
        self.count, self.sides, self.die = count, sides, die
        self.faces: list[int] = []
        self.setMinimumWidth(380)
        layout = QVBoxLayout(self)
        what = "die" if count == 1 else "dice"
        kind = die.name if die is not None else f"d{sides}"
        title = QLabel(f"<b>{purpose}</b>: {count} {what} ({kind})")
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
        if die is not None and not die.numbered:
            # A symbol die: its faces as buttons; a click types the face.
            self.edit.setPlaceholderText("click the faces rolled, or type them")
            row = QHBoxLayout()
            for label in die.faces:
                button = QPushButton(label)
                button.setObjectName(f"face_{label}")
                button.clicked.connect(lambda _=False, text=label: self._add(text))
                row.addWidget(button)
            layout.addLayout(row)
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

    def _add(self, label: str) -> None:
        text = self.edit.text().strip()
        self.edit.setText(f"{text}, {label}" if text else label)

    def _check(self) -> None:
        try:
            self.faces = parse_faces(self.edit.text(), self.count, self.sides, self.die)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
