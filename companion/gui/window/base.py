"""What the window's parts may use of each other: for the type checker only.

Each part (layout, editing, files, game life, recovery, the ruleset's docks, demos) is a
mixin of ``MainWindow``; at run time ``WindowBase`` is ``object``, so ``QMainWindow`` comes
once, last, in ``MainWindow``'s bases. To the type checker it is a ``QMainWindow`` with the
attributes ``MainWindow.__init__`` sets and the methods one part calls on another.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction, QShortcut, QUndoGroup
    from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QToolBar

    from companion.gui.actions import Actions
    from companion.gui.autosave import Autosaver
    from companion.gui.canvas.view import MapCanvas
    from companion.gui.docks.board_editors import BoardEditors
    from companion.gui.docks.legend import LegendDock
    from companion.gui.docks.measure import MeasureDock
    from companion.gui.docks.rooms import RoomsDock
    from companion.gui.docks.tool_options import ToolOptionsDock
    from companion.gui.play.action_dock import ActionDock
    from companion.gui.play.board_views import BoardViews
    from companion.gui.play.controller import PlayController
    from companion.gui.play.game_sheets import GameSheetsDock
    from companion.gui.play.log_dock import LogDock
    from companion.gui.play.mapless import MaplessGames
    from companion.gui.play.roster import RosterDock
    from companion.gui.play.tool import PlayMarks
    from companion.gui.play.tracker import TrackerDock
    from companion.gui.roster import RosterPanel
    from companion.gui.rulesets import PartyPart
    from companion.gui.session import MapSession
    from companion.gui.tables import RulesMenu
    from companion.gui.tools import Tool, ToolContext
    from companion.model.mapfile import MapDocument

    class WindowBase(QMainWindow):
        """The window as its parts see it."""

        settings: QSettings
        session: MapSession
        canvas: MapCanvas
        ctx: ToolContext
        tools: dict[str, Tool]
        play: PlayController
        marks: PlayMarks
        mode: str
        _mode_tool: dict[str, str]
        _docks_mode: str | None
        _docks_seen: dict[str, dict[str, bool]]
        toolbars: list[QToolBar]
        party_dock_ruleset: str
        party_actions: PartyPart | None
        party_dock: QDockWidget | None
        _party_asked: bool
        started: bool
        roster_panel: RosterPanel
        undo_group: QUndoGroup
        actions_: Actions
        board_editors: BoardEditors
        autosave: Autosaver
        escape: QShortcut
        # docks (``LayoutPart``)
        docks: list[QDockWidget]
        tool_dock: ToolOptionsDock
        rooms_dock: RoomsDock
        legend_dock: LegendDock
        measure_dock: MeasureDock
        history_dock: QDockWidget
        roster_sheets_dock: QDockWidget
        tracker_dock: TrackerDock
        action_dock: ActionDock
        log_dock: LogDock
        game_sheets_dock: GameSheetsDock
        roster_dock: RosterDock
        square_label: QLabel
        zoom_label: QLabel
        mode_label: QLabel
        # the Game menu (``GameLifePart``)
        new_game_action: QAction
        open_game_action: QAction
        close_game_action: QAction
        game_undo: QAction
        game_redo: QAction
        reset_turn_action: QAction
        export_log_action: QAction
        brickmaster_menu: QMenu
        game_menu: QMenu
        mapless_games: MaplessGames
        rules_menu: RulesMenu
        board_views: BoardViews

        # What one part calls on another.
        def _ruleset_party(self, ruleset_id: str) -> PartyPart | None: ...
        def set_mode(self, mode: str) -> None: ...
        def set_tool(self, name: str) -> None: ...
        def _sync_map_options(self) -> None: ...
        def maybe_save(self) -> bool: ...
        def open_roster(self, path: Path) -> bool: ...
        def _add_recent(self, path: Path) -> None: ...
        def set_document(self, doc: MapDocument, path: Path | None) -> None: ...
        def open_path(self, path: Path) -> bool: ...
        def show_error(self, title: str, text: str) -> None: ...
        def _show_log_squares(self, squares: Iterable[tuple[int, int]]) -> None: ...
        def _sync_game_actions(self) -> None: ...
        def open_game(self, path: Path | None = None) -> bool: ...
        def close_game(self) -> None: ...
        def _leave_game(self) -> str: ...
        def _size_play_docks(self) -> None: ...
        def _update_title(self) -> None: ...
        def _swap_mode_docks(self, mode: str) -> None: ...
        def party_part(self) -> PartyPart | None: ...
        def _sync_ruleset_docks(self) -> None: ...

else:
    WindowBase = object
