"""The BrickRuler panel: the last measurement in words (distance, sight, areas, reach)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QVBoxLayout, QWidget


class MeasureDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        # A short title: it is one of the tabs on the right, all shown whole at 1280 px.
        super().__init__("Ruler", parent)
        self.setObjectName("measureDock")
        self.setToolTip("BrickRuler: the last measurement in words")
        body = QWidget()
        lay = QVBoxLayout(body)
        self.title = QLabel("Nothing measured yet")
        self.title.setObjectName("measureTitle")
        self.title.setWordWrap(True)
        self.text = QLabel(
            "R: drag the ruler between squares or figures.\n"
            "A: area templates.  V (play): pick a figure to see its moves "
            "and targets."
        )
        self.text.setWordWrap(True)
        self.text.setObjectName("measureText")
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.title)
        lay.addWidget(self.text)
        lay.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        self.setWidget(scroll)

    def show_measure(self, title: str, lines: list[str]) -> None:
        self.title.setText(title)
        self.text.setText("\n".join(lines))
