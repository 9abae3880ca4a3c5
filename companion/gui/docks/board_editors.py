"""The board editors of rulesets whose maps carry a board section of their own.

A ruleset's GUI part may offer one (``companion.gui.rulesets.BoardGui``).  The window
asks for the editor of the open map's ruleset the first time such a map is open, docks
it beside the legend, and shows it only in edit mode while a map of that ruleset is open.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from companion.gui.rulesets import (
    BoardEditorPart,
    BoardGui,
    BoardHost,
    BrokenRulesetGui,
    ruleset_gui,
)


class BoardEditors:
    """Each ruleset's board editor in one window, built when first needed."""

    def __init__(
        self,
        window: QMainWindow,
        host: BoardHost,
        panels: QMenu | None = None,
        beside: QDockWidget | None = None,
    ) -> None:
        self.window = window
        self.host = host
        self.panels = panels
        #: The dock an editor is tabbed with (the legend: the map's right-hand panel).
        self.beside = beside
        #: Ruleset id -> its editor, or None when the ruleset has none.
        self.editors: dict[str, BoardEditorPart | None] = {}
        self.active: str | None = None

    def editor(self, ruleset_id: str) -> BoardEditorPart | None:
        """The editor of ``ruleset_id``'s boards (built and docked the first time)."""
        if ruleset_id not in self.editors:
            editor = None
            try:
                gui = ruleset_gui(ruleset_id)
            except BrokenRulesetGui as exc:
                self.host.ctx.message.emit(f"No board editor: {exc}")
                gui = None
            if isinstance(gui, BoardGui):
                editor = gui.board_editor(self.host)
                dock = editor.dock
                self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
                if self.beside is not None:
                    self.window.tabifyDockWidget(self.beside, dock)
                dock.hide()
                if self.panels is not None:
                    self.panels.addAction(dock.toggleViewAction())
            self.editors[ruleset_id] = editor
        return self.editors[ruleset_id]

    def sync(self, ruleset_id: str, editing: bool) -> None:
        """Show the open map's ruleset's editor while editing; hide every other one."""
        wanted = ruleset_id if editing else None
        editor = self.editor(ruleset_id) if wanted is not None else None
        if editor is None:
            wanted = None
        if wanted == self.active:
            return
        for rid, other in self.editors.items():
            if other is not None and rid != wanted:
                other.set_active(False)
                other.dock.hide()
        if editor is not None:
            editor.set_active(True)
            editor.dock.show()
            editor.dock.raise_()
        self.active = wanted
