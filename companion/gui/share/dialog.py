"""The dialog shown while sharing: the address as a QR code, the address and the join code."""

from __future__ import annotations

import io

import segno
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


def qr_png(text: str, scale: int = 8) -> bytes:
    """``text`` as a QR code in PNG (dark on white, a quiet border: phones read it best)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


class ShareDialog(QDialog):
    """What a player needs to join: scan the code (or type the address), then the code."""

    stopRequested = Signal()

    def __init__(self, url: str, code: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Share with players")
        self.url = url
        self.code = code
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Players on the same Wi-Fi: scan the code with the phone's camera (or type the "
            "address), then give the join code. The phones see only what the players' view "
            "shows, read-only."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.qr_label = QLabel()
        pixmap = QPixmap()
        pixmap.loadFromData(qr_png(url))
        self.qr_label.setPixmap(pixmap)
        self.qr_label.setToolTip(url)
        self.qr_label.setAccessibleName(f"QR code of {url}")
        row.addWidget(self.qr_label)
        side = QVBoxLayout()
        side.addWidget(QLabel("Address"))
        self.url_label = QLabel(url)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.4)
        self.url_label.setFont(big)
        self.url_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side.addWidget(self.url_label)
        side.addSpacing(12)
        side.addWidget(QLabel("Join code"))
        self.code_label = QLabel(code)
        huge = QFont("monospace")
        huge.setStyleHint(QFont.StyleHint.Monospace)
        huge.setPointSizeF(big.pointSizeF() * 2.2)
        huge.setBold(True)
        huge.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 115)
        self.code_label.setFont(huge)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side.addWidget(self.code_label)
        note = QLabel(
            "A new code each time sharing starts. Untick Game → Share with players to stop."
        )
        note.setWordWrap(True)
        side.addWidget(note)
        side.addStretch(1)
        row.addLayout(side, 1)
        layout.addLayout(row)
        buttons = QDialogButtonBox()
        self.copy_button = QPushButton("Copy address")
        self.copy_button.clicked.connect(self._copy)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.stop_button = QPushButton("Stop sharing")
        self.stop_button.clicked.connect(self.stopRequested)
        buttons.addButton(self.stop_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.close)
        layout.addWidget(buttons)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.url)
