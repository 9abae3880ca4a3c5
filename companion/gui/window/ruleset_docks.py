"""What a ruleset adds to the window: its party dock and Party menu, or the roster sheets,
and undo following whichever of map and characters changed last.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from shiboken6 import isValid

from companion.gui.rulesets import PartyPart
from companion.gui.window.base import WindowBase
from companion.rules.ruleset import CharacterSheets
from companion.rules.table import RosterFigure


class RulesetDocksPart(WindowBase):
    """The party dock of a ruleset's GUI part, the roster sheets, undo across them."""

    def party_part(self) -> PartyPart | None:
        """The party of ``party_dock_ruleset``'s GUI part (its dock and Party menu), built
        and docked the first time it is asked for; None when the ruleset has none."""
        if self._party_asked:
            return self.party_actions
        self._party_asked = True
        party = self._ruleset_party(self.party_dock_ruleset)
        if party is None:
            return None
        self.party_actions, self.party_dock = party, party.dock
        self.undo_group.addStack(party.undo_stack)
        party.undo_stack.indexChanged.connect(self._stack_edited)
        bar = self.menuBar()
        after = [a for a in bar.actions() if a.text() == "&Game"]
        party.build_menu()
        party_menu = [a for a in bar.actions() if a.text() == "&Party"]
        if after and party_menu:  # where it always was: before the Game menu
            bar.removeAction(party_menu[0])
            bar.insertAction(after[0], party_menu[0])
        if not self.restoreDockWidget(party.dock):  # where the saved layout has it
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, party.dock)
            self.tabifyDockWidget(self.legend_dock, party.dock)
        self.docks.append(party.dock)
        self.actions_.panels_menu.addAction(party.dock.toggleViewAction())
        return party

    def _stack_edited(self, _index: int) -> None:
        """Undo follows the stack (map or party) that changed last."""
        stack = self.sender()
        if isValid(self.undo_group) and isinstance(stack, QUndoStack) and isValid(stack):
            self.undo_group.setActiveStack(stack)

    def _sync_ruleset_docks(self) -> None:
        """The party dock for the party's ruleset, the roster sheets for a roster ruleset."""
        if not self.started:  # ``finish_start`` does it once the window has painted
            return
        rules = self.session.ruleset
        roster_rules = isinstance(rules, CharacterSheets)
        party_shown = not roster_rules and rules.id == self.party_dock_ruleset
        if party_shown:
            self.party_part()
        if self.party_dock is not None:
            self.party_dock.setVisible(party_shown)
        for action in self.menuBar().actions():
            if action.text() == "&Party":  # the party's own menu, with its dock
                action.setVisible(party_shown)
        self.roster_sheets_dock.setVisible(roster_rules)
        if roster_rules and self.roster_panel.ruleset_id != rules.id:
            self.roster_panel.set_roster(rules.id)  # a blank roster, ready for characters
        # A short title: it is a tab beside the game log, and every tab shows whole at
        # 1280×720 (the tooltip and the sheet name the ruleset).
        self.roster_sheets_dock.setWindowTitle("Sheets")
        self.roster_sheets_dock.setToolTip(f"Roster sheets — {rules.title}")
        self.board_editors.sync(rules.id, self.mode == "edit")

    def _roster_characters(self) -> list[RosterFigure]:
        """The roster's characters as the map's ruleset places them (the figure tool), when
        it keeps one; ``ValueError`` for a roster it cannot read."""
        if self.roster_panel.ruleset_id != self.session.ruleset_id:
            return []
        rules = self.session.ruleset
        if not isinstance(rules, CharacterSheets):
            return []
        return rules.roster_figures(self.roster_panel.roster())
