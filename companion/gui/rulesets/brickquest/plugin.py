"""BrickQuest's GUI part, as the window finds it (``companion.gui.rulesets.RulesetGui``)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from companion.gui.rulesets.brickquest.party_dock import PartyActions, PartyDock
from companion.rulesets.brickquest.catalog import default_catalog


class BrickQuestGui:
    """The party of BrickQuest characters: brick sheets, the party file, the sheet PDF."""

    id = "brickquest"

    def party(self, window: QMainWindow, settings: QSettings) -> PartyActions:
        return PartyActions(window, PartyDock(default_catalog(), window), settings)
