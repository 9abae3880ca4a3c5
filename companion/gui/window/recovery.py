"""Recovery after a crash: offer to resume the game that was open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from companion import APP_NAME
from companion.gui.play.controller import LAST_GAME_KEY
from companion.gui.window.base import WindowBase


class RecoveryPart(WindowBase):
    """Offer the game a crash left open."""

    def offer_recovery(self) -> bool:
        """After a crash, offer the game that was open (its every action is on disk)."""
        last = self.settings.value(LAST_GAME_KEY, "")
        if not last or self.play.game is not None:
            return False
        path = Path(str(last))
        if not path.is_file():
            self.settings.remove(LAST_GAME_KEY)
            return False
        answer = self.ask_resume(path)
        if answer:
            return self.open_game(path)
        self.settings.remove(LAST_GAME_KEY)
        return False

    def ask_resume(self, path: Path) -> bool:
        """Ask whether to resume ``path`` (tests replace this)."""
        return (
            QMessageBox.question(
                self,
                APP_NAME,
                f"The game “{path.name}” was still open when the program stopped. Resume it?",
            )
            == QMessageBox.StandardButton.Yes
        )
