"""A group of actions the ruleset shows as a dialog (``ActionChoice.dialog``): a shop.

Every member is a row (what it is, what it does, a button); the dialog stays open while
several are taken, and reads the choices again after each one, so what can no longer be
afforded turns grey with the reason in its tooltip.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from companion.gui.play.controller import PlayController
from companion.rules.table import ActionChoice


class ChoicesDialog(QDialog):
    """The choices of one group (``title``) of the acting figure, as rows of buttons."""

    def __init__(self, controller: PlayController, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("choicesDialog")
        self.controller = controller
        self.group = title
        self.setWindowTitle(title)
        self.setMinimumSize(640, 460)
        outer = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setObjectName("choicesHeader")
        self.header.setWordWrap(True)
        outer.addWidget(self.header)
        self.body_scroll = QScrollArea()
        self.body_scroll.setWidgetResizable(True)
        outer.addWidget(self.body_scroll, 1)
        self.message = QLabel()
        self.message.setObjectName("choicesMessage")
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.buttons: dict[str, QPushButton] = {}
        controller.verdictShown.connect(self._refused)
        self.refresh()

    def members(self) -> list[ActionChoice]:
        return [c for c in self.controller.choices() if (c.group or c.label) == self.group]

    def refresh(self) -> None:
        turn = self.controller.turn()
        acting = turn.acting if turn else None
        view = self.controller.figures().get(acting or "")
        if view is not None:
            stats = " · ".join(f"{k}: {v}" for k, v in view.stats if k in ("Gold",))
            items = ", ".join(view.items) or "nothing"
            self.header.setText(f"<b>{view.name}</b> — {stats}<br>Carries: {items}")
        body = QWidget()
        grid = QGridLayout(body)
        grid.setColumnStretch(1, 1)
        self.buttons.clear()
        for row, choice in enumerate(self.members()):
            name = QLabel(choice.label)
            # The reason a row cannot be taken is on the row, not only in a tooltip.
            why = f"<br><i>Not now: {html.escape(choice.why_not)}</i>" if not choice.enabled else ""
            detail = QLabel(html.escape(choice.detail) + why)
            detail.setObjectName(f"detail_{choice.kind}")
            detail.setWordWrap(True)
            detail.setProperty("hint", True)
            button = QPushButton(
                "Take"
                if not choice.kind.startswith(("buy", "sell"))
                else choice.kind.split("_", 1)[0].capitalize()
            )
            button.setObjectName(f"choice_{choice.kind}")
            button.setEnabled(choice.enabled)
            button.setToolTip(choice.why_not if not choice.enabled else choice.label)
            button.clicked.connect(lambda _=False, k=choice.kind: self._take(k))
            grid.addWidget(name, row, 0)
            grid.addWidget(detail, row, 1)
            grid.addWidget(button, row, 2, Qt.AlignmentFlag.AlignRight)
            self.buttons[choice.kind] = button
        grid.setRowStretch(len(self.buttons), 1)
        self.body_scroll.setWidget(body)
        members = self.members()
        if members and not any(c.enabled for c in members):
            # Closed for all: say why once (the first reason every row shares).
            first = members[0].why_not.split("; ")[0]
            if all(first in c.why_not for c in members):
                self.message.setText(f"<b>Not now:</b> {first}")

    def _take(self, kind: str) -> None:
        choice = next((c for c in self.members() if c.kind == kind), None)
        if choice is None:
            return
        self.message.setText("")
        if self.controller.choose(choice):
            self.message.setText(f"Done: {choice.label}")
        self.refresh()

    def _refused(self, verdict: object) -> None:
        reasons = getattr(verdict, "reasons", ())
        self.message.setText("<b>Not allowed:</b> " + "; ".join(r.message for r in reasons))
