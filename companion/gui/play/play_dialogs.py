"""The play controller's dialogs: typed dice, forcing a refused action, confirmations."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from companion.gui.play.dice_dialog import DiceDialog, DiceSheet
from companion.gui.play.dice_probe import DiceProbe
from companion.gui.play.reasons import reason_lines
from companion.rules.game import Game
from companion.rules.table import (
    DieSpec,
)
from companion.rules.verdict import Verdict


class PlayDialogs:
    """The play controller's part that asks the table through dialogs
    (``PlayController`` holds the game and the die being asked for)."""

    game: Game | None
    parent_widget: QWidget
    asking_die: DieSpec | None
    sheet: DiceSheet
    #: Where on the screen the refusal's numbered marks are (None: nowhere), for the
    #: "Not allowed" box to leave them in sight; the window sets it.
    keep_clear: Callable[[], QRect | None]

    def die_spec(self, die: str | None) -> DieSpec | None:
        """The game's ruleset's die ``die`` (None: a plain numbered die)."""
        if die is None or self.game is None:
            return None
        return next((d for d in self.game.ruleset.dice_specs() if d.id == die), None)

    # -- dialogs -------------------------------------------------------------------------
    def _dice_sheet(self, action: Mapping[str, Any], forced: bool) -> list[list[int]] | None:
        """Every die ``action`` rolls, typed in one dialog (a row per roll, ties re-rolled
        in it); [] when it rolls none, None when the table cancels."""
        game = self.game
        assert game is not None
        probe = DiceProbe(game, action)
        first, done = probe([])
        if done and not first:
            return []
        title = first[0][2] if len(first) == 1 and done else "The dice of this action"
        sheet = DiceSheet(probe, self.die_spec, title, self.parent_widget)
        self.sheet = sheet
        return sheet.answers if sheet.exec() else None

    def _dialog_dice(self, count: int, sides: int, purpose: str) -> Sequence[int]:
        dialog = DiceDialog(count, sides, purpose, self.parent_widget, die=self.asking_die)
        return dialog.faces if dialog.exec() else []

    def _dialog_force(self, verdict: Verdict) -> str | None:
        reasons = "\n".join(reason_lines(verdict.reasons))
        box = QMessageBox(self.parent_widget)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Not allowed")
        box.setText(f"The rules do not allow this:\n{reasons}")
        force = box.addButton("Force it…", QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        # Return (a player dismissing the box) cancels: forcing takes a click of its own.
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        place_clear_of(box, self.keep_clear(), self.parent_widget)
        box.exec()
        if box.clickedButton() is not force:
            return None
        why, ok = QInputDialog.getText(
            self.parent_widget, "Force the action", "Why does the BrickMaster allow it?"
        )
        return why.strip() or "BrickMaster's ruling" if ok else None

    def _dialog_confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self.parent_widget, "Aim at your own side?", question)
        return answer == QMessageBox.StandardButton.Yes

    def _dialog_reason(self, title: str, label: str) -> str | None:
        text, ok = QInputDialog.getText(self.parent_widget, title, label)
        return text.strip() if ok and text.strip() else None

    def _dialog_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent_widget, title, text)


def place_clear_of(box: QWidget, keep: QRect | None, window: QWidget) -> None:
    """Put ``box`` inside ``window``, at its right or left edge, wherever it covers the
    least of ``keep`` (screen pixels); centred as Qt places it when nothing is to keep."""
    if keep is None or keep.isEmpty():
        return
    size = box.sizeHint()
    frame = QRect(window.mapToGlobal(QPoint(0, 0)), window.size())
    margin = 16
    top = frame.center().y() - size.height() // 2
    spots = [
        QRect(QPoint(frame.right() - margin - size.width(), top), size),
        QRect(QPoint(frame.left() + margin, top), size),
    ]
    best = min(spots, key=lambda r: _area(r.intersected(keep)))
    box.move(best.topLeft())


def _area(rect: QRect) -> int:
    return 0 if rect.isEmpty() else rect.width() * rect.height()
