"""The window's layout: its docks in each mode, their first sizes, the status bar and the
title, and the layout saved between runs.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTabBar, QUndoView

from companion import APP_NAME
from companion.gui.docks.legend import LegendDock
from companion.gui.docks.measure import MeasureDock
from companion.gui.docks.rooms import RoomsDock
from companion.gui.docks.tool_options import ToolOptionsDock
from companion.gui.play.action_dock import ActionDock
from companion.gui.play.game_sheets import GameSheetsDock
from companion.gui.play.log_dock import LogDock
from companion.gui.play.roster import RosterDock
from companion.gui.play.tracker import TrackerDock
from companion.gui.tools.terrain import TERRAIN_TITLES
from companion.gui.window.base import WindowBase
from companion.gui.window.steady_label import SteadyLabel
from companion.gui.window_place import clamp_to_screen
from companion.rules.places import place_name

#: First widths of the left (tools) and right (measure, legend, play) panels, in pixels.
SIDE_DOCK = 190
RIGHT_DOCK = 310


class LayoutPart(WindowBase):
    """The docks, their sizes in each mode, the status bar and title, the saved layout."""

    def _build_docks(self) -> None:
        self.tool_dock = ToolOptionsDock(self)
        self.rooms_dock = RoomsDock(self.ctx, self)
        self.legend_dock = LegendDock(self)
        self.measure_dock = MeasureDock(self)
        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("historyDock")
        self.history_dock.setWidget(QUndoView(self.session.undo_stack))
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.addDockWidget(left, self.tool_dock)
        self.addDockWidget(left, self.rooms_dock)
        self.addDockWidget(right, self.measure_dock)
        self.addDockWidget(right, self.legend_dock)
        self.addDockWidget(right, self.history_dock)
        self.tabifyDockWidget(self.legend_dock, self.history_dock)
        self.roster_sheets_dock = QDockWidget("Sheets", self)
        self.roster_sheets_dock.setObjectName("rosterSheetsDock")
        self.roster_sheets_dock.setWidget(self.roster_panel)
        self.addDockWidget(right, self.roster_sheets_dock)
        self.tabifyDockWidget(self.legend_dock, self.roster_sheets_dock)
        self.roster_sheets_dock.hide()
        self.legend_dock.raise_()
        self.docks = [
            self.tool_dock,
            self.rooms_dock,
            self.measure_dock,
            self.legend_dock,
            self.history_dock,
        ]
        self.docks.append(self.roster_sheets_dock)
        for dock in self.docks:
            self.actions_.panels_menu.addAction(dock.toggleViewAction())

    def _build_play_docks(self) -> None:
        self.tracker_dock = TrackerDock(self.play, self)
        self.action_dock = ActionDock(self.play, self)
        self.log_dock = LogDock(self.play, self)
        self.roster_dock = RosterDock(self.play, self)
        #: A game's own sheets (``GameSheets``), shown only for a game that has them.
        self.game_sheets_dock = GameSheetsDock(self.play, self)
        self.game_sheets_dock.statusMessage.connect(
            lambda text: self.statusBar().showMessage(text, 8000)
        )
        self.log_dock.squaresSelected.connect(self._show_log_squares)
        self.log_dock.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 8000))
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.tabifyDockWidget(self.legend_dock, self.measure_dock)
        self.legend_dock.raise_()
        self.addDockWidget(right, self.tracker_dock)
        self.tabifyDockWidget(self.measure_dock, self.log_dock)
        self.tabifyDockWidget(self.measure_dock, self.roster_dock)
        self.tabifyDockWidget(self.measure_dock, self.game_sheets_dock)
        self.game_sheets_dock.hide()
        self.legend_dock.raise_()
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.action_dock)
        # The side panels run to the bottom; the action bar sits under the map only.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        for dock in (self.tracker_dock, self.action_dock, self.log_dock, self.roster_dock):
            self.docks.append(dock)
            self.actions_.panels_menu.addAction(dock.toggleViewAction())

    def _build_status(self) -> None:
        bar = self.statusBar()
        # The bar fills its own background (the window's colour, as under it): a new
        # message repaints the bar alone, not the window behind it too.
        bar.setAutoFillBackground(True)
        # Steady sizes: a new square's text repaints its label, not the whole window.
        self.square_label = SteadyLabel("")
        self.square_label.setObjectName("squareLabel")
        self.zoom_label = SteadyLabel("")
        self.mode_label = SteadyLabel("")
        self.mode_label.setObjectName("modeLabel")
        bar.addPermanentWidget(self.square_label)
        bar.addPermanentWidget(self.zoom_label)
        bar.addPermanentWidget(self.mode_label)
        # A board drawn by its ruleset (a graph of places) has no squares to zoom or point at.
        self.board_views.currentChanged.connect(self._show_board_kind)

    def _show_board_kind(self, _index: int) -> None:
        on_map = self.board_views.currentWidget() is self.board_views.canvas
        self.zoom_label.setVisible(on_map)
        self.square_label.setVisible(on_map)

    def _mode_docks(self) -> dict[str, list[QDockWidget]]:
        """The docks shown only in each mode (the others stay as the user left them)."""
        return {
            "edit": [self.tool_dock, self.rooms_dock, self.legend_dock, self.history_dock],
            "play": [self.tracker_dock, self.action_dock, self.log_dock, self.roster_dock],
        }

    def _swap_mode_docks(self, mode: str) -> None:
        """Each mode keeps its own docks: hide the other mode's, bring back this one's as the
        user last left them (the first time, as the saved layout has them)."""
        docks = self._mode_docks()
        other = "play" if mode == "edit" else "edit"
        previous = self._docks_mode
        if previous is not None and previous != mode:
            self._docks_seen[previous] = {d.objectName(): d.isVisible() for d in docks[previous]}
            seen = self._docks_seen.get(mode, {})
            for dock in docks[mode]:
                dock.setVisible(seen.get(dock.objectName(), True))
        for dock in docks[other]:
            dock.hide()
        self._docks_mode = mode

    def _size_first_docks(self) -> None:
        """The map keeps most of the width: narrow panels either side (a 1280-pixel window
        leaves the map over 60%); the user's own layout is restored after this."""
        self.resizeDocks(
            [self.tool_dock, self.measure_dock], [SIDE_DOCK, RIGHT_DOCK], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.tool_dock, self.rooms_dock], [430, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.measure_dock, self.legend_dock], [260, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.action_dock], [150], Qt.Orientation.Vertical)

    def _size_play_docks(self) -> None:
        """The play docks' sizes for a new game: a right column wide enough for the
        tracker's lines, a low action bar, the map the rest."""
        self.resizeDocks([self.tracker_dock, self.log_dock], [270, 360], Qt.Orientation.Vertical)
        self.resizeDocks([self.action_dock], [110], Qt.Orientation.Vertical)
        self.resizeDocks([self.tracker_dock], [RIGHT_DOCK], Qt.Orientation.Horizontal)
        self.unelide_dock_tabs()

    def unelide_dock_tabs(self) -> None:
        """Tabbed docks show their whole titles, with scroll arrows when they do not all
        fit, rather than "G…" and "R…" that nobody can tell apart."""
        for bar in self.findChildren(QTabBar):
            if bar.parent() is self:
                bar.setElideMode(Qt.TextElideMode.ElideNone)
                bar.setUsesScrollButtons(True)

    def _show_square(self, sq: tuple[int, int] | None) -> None:
        if sq is None:
            self.square_label.setText("")
            return
        d = self.session.doc.dungeon
        x, y = sq
        terrain = TERRAIN_TITLES[d.terrain_at(x, y)]
        stairs = d.stairs_at(x, y)
        if stairs is not None:
            terrain += f" rising {stairs.value}"
        parts = [f"{place_name(sq)} (x {x}, y {y})", f"height {d.floor_at(x, y)} bricks", terrain]
        obj = d.object_at(x, y)
        if obj is not None:
            parts.append(f"{obj.kind.value} ({obj.height} bricks)")
        room = d.room_at(x, y)
        parts.append(f"room: {room.name}" if room else "no room")
        fig = self.session.doc.figure_at(x, y)
        if fig is not None:
            parts.append(fig.label)
        self.square_label.setText("  ·  ".join(parts))

    def _show_zoom(self, px: float) -> None:
        self.zoom_label.setText(f"{px:.0f} px/square")

    def _update_title(self) -> None:
        doc = self.session.doc
        where = f" — {self.session.path.name}" if self.session.path else ""
        play = self.play
        if play.game is not None and play.game.path is not None:
            turn = play.turn()
            where = f" — {play.game.path.name} — round {turn.round if turn else 1}"
        self.setWindowTitle(f"{doc.name}{where}[*] — {APP_NAME}")  # (Qt skips the same)
        modified = not self.session.undo_stack.isClean()
        if modified != self.isWindowModified():  # Qt sets the title again, even unchanged
            self.setWindowModified(modified)

    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None and self.restoreGeometry(geometry):
            clamp_to_screen(self)  # saved on a bigger screen: brought inside this one
        if state is not None:
            self.restoreState(state)
        heights = self.settings.value("view/showHeights", False)
        on = heights in (True, "true", "1", 1)
        self.actions_.heights.setChecked(on)
        self.canvas.set_show_heights(on)

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("view/showHeights", self.actions_.heights.isChecked())
        self.settings.sync()
