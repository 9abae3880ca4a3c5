"""The main window: canvas in the centre, panels around it, files, modes and tools."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QKeySequence,
    QPaintEvent,
    QShortcut,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabBar,
    QToolBar,
    QUndoView,
    QWidget,
)
from shiboken6 import isValid

from companion import APP_NAME
from companion.datafiles import resource_dir
from companion.gui.actions import Actions
from companion.gui.autosave import Autosaver
from companion.gui.busy import busy
from companion.gui.canvas.view import MapCanvas
from companion.gui.dialogs.new_map import NewMapDialog
from companion.gui.dialogs.resize_map import ResizeMapDialog
from companion.gui.docks.board_editors import BoardEditors
from companion.gui.docks.legend import LegendDock
from companion.gui.docks.measure import MeasureDock
from companion.gui.docks.rooms import RoomsDock
from companion.gui.docks.tool_options import ToolOptionsDock
from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.play.action_dock import ActionDock
from companion.gui.play.board_views import BoardViews
from companion.gui.play.controller import LAST_GAME_KEY, PlayController
from companion.gui.play.log_dock import LogDock
from companion.gui.play.mapless import MaplessGames, table_menu_title
from companion.gui.play.new_game import GameSpec, NewGameDialog
from companion.gui.play.reasons import reason_marks
from companion.gui.play.roster import RosterDock
from companion.gui.play.tool import PlayMarks, PlayTool
from companion.gui.play.tracker import TrackerDock
from companion.gui.roster import ROSTER_FILTER, RosterPanel
from companion.gui.rulesets import BoardHost, BrokenRulesetGui, PartyGui, PartyPart, ruleset_gui
from companion.gui.session import MapSession
from companion.gui.tools import TOOL_CLASSES, Tool, ToolContext
from companion.gui.tools.paint import PaintTool
from companion.gui.tools.terrain import TERRAIN_TITLES
from companion.gui.window_place import clamp_to_screen, place_first
from companion.model import edits
from companion.model.mapfile import MapDocument, MapFileError, new_document
from companion.rules.capabilities import GridBoard, needs_map
from companion.rules.game import GAME_SUFFIX
from companion.rules.places import place_name
from companion.rules.ruleset import DEFAULT_RULESET, CharacterSheets, UnknownRuleset
from companion.rules.table import RosterFigure
from companion.userdirs import default_documents_dir

MAX_RECENT = 8
#: First widths of the left (tools) and right (measure, legend, play) panels, in pixels.
SIDE_DOCK = 190
RIGHT_DOCK = 310
MAP_FILTER = "Brick Companion maps (*.json);;All files (*)"
GAME_FILTER = f"Brick Companion games (*{GAME_SUFFIX});;All files (*)"
#: File → Open: maps, games and rosters (a game or roster opens as such).
OPEN_FILTER = (
    f"Maps, games and rosters (*.json *{GAME_SUFFIX});;Brick Companion maps (*.json);;"
    f"Brick Companion games (*{GAME_SUFFIX});;All files (*)"
)
#: Docks shown only in each mode (the others stay as the user left them).


#: Roster files end so; File → Open shows them in the roster sheets.
ROSTER_SUFFIX = ".roster.json"
#: File → Open Demo: a sample map of each ruleset with its characters (under resources/).
DEMOS = (
    ("The Sunken Forge (BrickQuest)", "dungeons/demo.json", "parties/demo.party.json"),
    (
        "Bridge at Bricksford (In a World Where Bricks Rule)",
        "dungeons/iawwbr-demo.json",
        "parties/iawwbr-demo.roster.json",
    ),
    (
        "Draida Bay: the Goblin General's Harbour (Heroica)",
        "dungeons/heroica-draida-bay.json",
        "parties/heroica-demo.roster.json",
    ),
)


class MainWindow(QMainWindow):
    """One map at a time, with Edit and Play modes.

    What a ruleset adds to the window (its party dock and Party menu, its board editor) is
    built when a map or game of that ruleset is first shown, and never before the window
    has painted once (``finish_start``): start-up loads no ruleset.
    """

    #: Once, just after the window's first paint (then ``finish_start`` runs).
    firstPainted = Signal()

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        self.session = MapSession(new_document(24, 16), self)
        self.canvas = MapCanvas(self.session, self)
        self.setCentralWidget(self.canvas)
        self.ctx = ToolContext(self.session, self.canvas)
        self.tools: dict[str, Tool] = {cls.name: cls(self.ctx) for cls in TOOL_CLASSES}
        self.play = PlayController(self, self.settings)
        #: The centre: the canvas, or the board a game without a map draws itself.
        self.board_views = BoardViews(self, self.play)
        #: The mode whose docks are shown, and each mode's docks as the user left them.
        self._docks_mode: str | None = None
        self._docks_seen: dict[str, dict[str, bool]] = {}
        play_tool = PlayTool(self.ctx)
        play_tool.bind(self.play)
        self.tools["play"] = play_tool
        self.marks = PlayMarks(self.canvas.vb)
        self.mode = "edit"
        #: The tool last used in each mode, restored when coming back to it.
        self._mode_tool = {"edit": "terrain", "play": "play"}
        self.toolbars: list[QToolBar] = []
        #: The ruleset whose characters the party dock shows.
        self.party_dock_ruleset = DEFAULT_RULESET
        #: Its party (the dock of sheets, the Party menu), from its GUI part, built when a
        #: map or game of that ruleset is first shown (``party_part``); None until then, and
        #: when it has no GUI part: then the window has no party dock and no Party menu.
        self.party_actions: PartyPart | None = None
        self.party_dock: QDockWidget | None = None
        self._party_asked = False
        #: The window has painted once and ``finish_start`` has run.
        self.started = False
        self._painted = False
        #: The characters of a ruleset that keeps them in a roster (``CharacterSheets``):
        #: shown for such a ruleset's maps and games, in place of the party.
        self.roster_panel = RosterPanel(self, own_undo_shortcuts=False)
        self.roster_panel.statusMessage.connect(lambda m: self.statusBar().showMessage(m, 5000))
        self.ctx.roster = self._roster_characters
        self.roster_panel.rosterChanged.connect(self.ctx.rosterChanged)
        stacks = [self.session.undo_stack, self.roster_panel.undo_stack]
        # Undo and redo act on whichever of the map and the party was edited last.
        self.undo_group = QUndoGroup(self)
        for stack in stacks:
            self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        for stack in stacks:
            stack.indexChanged.connect(self._stack_edited)
        self.actions_ = Actions(self)
        self.actions_.build_menus()
        self.actions_.build_toolbars()
        self._build_docks()
        self._build_play_docks()
        #: The open map's ruleset's board editor (``companion.gui.rulesets.BoardGui``).
        self.board_editors = BoardEditors(
            self,
            BoardHost(self, self.ctx, self.use_tool, self._selection),
            self.actions_.panels_menu,
            beside=self.legend_dock,
        )
        self._build_game_menu()
        self._build_demo_menu()
        self._build_status()
        self.session.undo_stack.cleanChanged.connect(self._update_title)
        self.session.pathChanged.connect(self._update_title)
        self.session.replaced.connect(self._document_replaced)
        self.session.changed.connect(self._map_changed)
        self.canvas.hovered.connect(self._show_square)
        self.canvas.zoomChanged.connect(self._show_zoom)
        self.ctx.message.connect(lambda m: self.statusBar().showMessage(m, 5000))
        self.ctx.measured.connect(self.measure_dock.show_measure)
        self.play.changed.connect(self._game_changed)
        self.play.gameChanged.connect(self._game_opened)
        self.play.message.connect(self._play_message)
        self.play.centerRequested.connect(self.center_on)
        self.play.verdictShown.connect(self._show_refusal)
        self.play.changed.connect(self._clear_refusal)
        self.play.pendingChanged.connect(self._clear_refusal)
        self.play.turnPassed.connect(self.canvas.overlays.rect.hide)  # a refusal is stale
        self.play.turnPassed.connect(self._clear_refusal)
        # Esc cancels the map's tool (a ruler, a template, a pending action) wherever the
        # keyboard focus is in the window, not only on the map.
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        self.escape.setContext(Qt.ShortcutContext.WindowShortcut)
        self.escape.activated.connect(self._escape)
        place_first(self)  # inside the screen: maximised on a small one (a saved size wins)
        # The map keeps most of the width: narrow panels either side (a 1280-pixel window
        # leaves the map over 60%); the user's own layout is restored after this.
        self.resizeDocks(
            [self.tool_dock, self.measure_dock], [SIDE_DOCK, RIGHT_DOCK], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.tool_dock, self.rooms_dock], [430, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.measure_dock, self.legend_dock], [260, 520], Qt.Orientation.Vertical)
        self.resizeDocks([self.action_dock], [150], Qt.Orientation.Vertical)
        self.restore_layout()
        self._sync_map_options()
        self.set_mode("edit")
        self.unelide_dock_tabs()
        self._refresh_recent()
        self._update_title()
        self.autosave = Autosaver(self)
        if settings is None:  # the app's own window (tests pass settings): offer crash leftovers
            QTimer.singleShot(0, self.autosave.offer_restore)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self._first_paint_done)

    def _first_paint_done(self) -> None:
        first = not self.started
        self.started = True
        self.firstPainted.emit()  # the app opens its files now: their rulesets load then
        if first:
            self._sync_ruleset_docks()

    def finish_start(self) -> None:
        """Build what the open map's ruleset adds to the window (its party, its board
        editor), loading the ruleset: run once the window has painted (tests call it)."""
        if self.started:
            return
        self.started = True
        self._sync_ruleset_docks()

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

    def _ruleset_party(self, ruleset_id: str) -> PartyPart | None:
        """The party of the ruleset's GUI part (``companion.gui.rulesets``), if it has one."""
        try:
            gui = ruleset_gui(ruleset_id)
        except BrokenRulesetGui as exc:
            problem = str(exc)  # said once the window is up (tests catch show_error)
            QTimer.singleShot(0, lambda: self.show_error("No party sheets", problem))
            return None
        return gui.party(self, self.settings) if isinstance(gui, PartyGui) else None

    def _stack_edited(self, _index: int) -> None:
        """Undo follows the stack (map or party) that changed last."""
        stack = self.sender()
        if isValid(self.undo_group) and isinstance(stack, QUndoStack) and isValid(stack):
            self.undo_group.setActiveStack(stack)

    # -- building ------------------------------------------------------------------
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
        self.log_dock.squaresSelected.connect(self._show_log_squares)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.tabifyDockWidget(self.legend_dock, self.measure_dock)
        self.legend_dock.raise_()
        self.addDockWidget(right, self.tracker_dock)
        self.tabifyDockWidget(self.measure_dock, self.log_dock)
        self.tabifyDockWidget(self.measure_dock, self.roster_dock)
        self.legend_dock.raise_()
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.action_dock)
        # The side panels run to the bottom; the action bar sits under the map only.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        for dock in (self.tracker_dock, self.action_dock, self.log_dock, self.roster_dock):
            self.docks.append(dock)
            self.actions_.panels_menu.addAction(dock.toggleViewAction())

    def _build_game_menu(self) -> None:
        from PySide6.QtGui import QAction, QKeySequence

        menu = self.menuBar().addMenu("&Game")

        def add(text: str, slot: object, keys: str = "") -> QAction:
            a = QAction(text, self)
            if keys:
                a.setShortcut(QKeySequence(keys))
            a.triggered.connect(slot)
            self.addAction(a)
            menu.addAction(a)
            return a

        self.new_game_action = add("&New game…", self.new_game, "Ctrl+Alt+N")
        self.mapless_games = MaplessGames(self, menu, GAME_FILTER)
        # ``triggered`` passes its ``checked`` flag: never let it in as the path.
        self.open_game_action = add("&Open game…", lambda: self.open_game(), "Ctrl+Alt+O")
        self.close_game_action = add("&Close game", self.close_game)
        menu.addSeparator()
        self.game_undo = add("&Undo action", self.play.undo)
        self.game_redo = add("&Redo action", self.play.redo)
        self.reset_turn_action = add("Reset &turn", self.play.reset_turn, "Ctrl+Shift+T")
        menu.addSeparator()
        self.brickmaster_menu = menu.addMenu(table_menu_title(None))
        self.brickmaster_menu.aboutToShow.connect(self._fill_brickmaster_menu)
        self.export_log_action = add("&Export the log…", lambda: self.log_dock.export())
        # A game is a document too: File starts and opens one as well.
        file_menu = self.actions_.file_menu
        first = file_menu.actions()[2] if len(file_menu.actions()) > 2 else None
        file_menu.insertAction(first, self.new_game_action)
        file_menu.insertAction(first, self.open_game_action)
        self._sync_game_actions()

    def _fill_brickmaster_menu(self) -> None:
        """The table's own actions (initiative, map edits), as the ruleset offers them."""
        menu = self.brickmaster_menu
        menu.clear()
        for choice in self.play.table_choices():
            a = menu.addAction(choice.label)
            a.triggered.connect(lambda _=False, c=choice: self.play.choose(c))
        menu.setEnabled(not menu.isEmpty())

    def _sync_game_actions(self) -> None:
        """In play mode with a game open, Ctrl+Z and the redo keys step through its log."""
        on = self.play.game is not None
        playing = on and self.mode == "play"
        undo_keys = [QKeySequence(QKeySequence.StandardKey.Undo)]
        redo_keys = list(self.actions_.redo_keys)
        self.actions_.undo.setShortcuts([] if playing else undo_keys)
        self.actions_.redo.setShortcuts([] if playing else redo_keys)
        self.game_undo.setShortcuts(undo_keys if playing else [])
        self.game_redo.setShortcuts(redo_keys if playing else [])
        for a in (
            self.close_game_action,
            self.game_undo,
            self.game_redo,
            self.reset_turn_action,
            self.export_log_action,
        ):
            a.setEnabled(on)
        self.brickmaster_menu.setEnabled(on)
        game = self.play.game
        self.brickmaster_menu.setTitle(table_menu_title(game.ruleset if game else None))

    def _build_status(self) -> None:
        bar = self.statusBar()
        self.square_label = QLabel("")
        self.square_label.setObjectName("squareLabel")
        self.zoom_label = QLabel("")
        self.mode_label = QLabel("")
        self.mode_label.setObjectName("modeLabel")
        bar.addPermanentWidget(self.square_label)
        bar.addPermanentWidget(self.zoom_label)
        bar.addPermanentWidget(self.mode_label)

    # -- modes and tools -----------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Edit builds the map; Play measures and keeps hidden rooms dark."""
        self.mode = mode
        a = self.actions_
        (a.edit_mode if mode == "edit" else a.play_mode).setChecked(True)
        for name, action in a.tools.items():
            action.setVisible(mode in self.tools[name].modes)
        editing = mode == "edit"
        for action in (
            a.copy,
            a.paste,
            a.resize,
            a.rename,
            a.shape_brush,
            a.shape_rect,
            a.shape_fill,
        ):
            action.setEnabled(editing)
        self.canvas.set_play(not editing)
        self._swap_mode_docks(mode)
        if self.started:  # before, no ruleset is loaded (``finish_start``)
            self.board_editors.sync(self.session.ruleset_id, editing)
        self._sync_game_actions()
        self.mode_label.setText("EDIT" if editing else "PLAY")
        self.mode_label.setProperty("mode", mode)
        self.mode_label.style().unpolish(self.mode_label)
        self.mode_label.style().polish(self.mode_label)
        self.set_tool(self._mode_tool[mode])

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

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        if self.mode not in tool.modes:
            self.set_mode("edit" if "edit" in tool.modes else "play")
        self.actions_.tools[name].setChecked(True)
        self._mode_tool[self.mode] = name
        if self.canvas.tool is not tool:
            self.canvas.set_tool(tool)
        self.tool_dock.show_tool(tool)
        self.statusBar().showMessage(tool.hint, 6000)

    def use_tool(self, tool: Tool) -> None:
        """Make a tool that is on no toolbar (a board editor's palette) the map's tool,
        until another is chosen."""
        if self.mode != "edit":
            self.set_mode("edit")
        checked = self.actions_.tool_group.checkedAction()
        if checked is not None:
            checked.setChecked(False)
        if self.canvas.tool is not tool:
            self.canvas.set_tool(tool)
        self.tool_dock.show_tool(tool)
        self.statusBar().showMessage(tool.hint, 6000)

    def _selection(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The rectangle chosen with the select tool, if any."""
        selection: tuple[tuple[int, int], tuple[int, int]] | None
        selection = getattr(self.tools["select"], "selection", None)
        return selection

    @property
    def tool(self) -> Tool | None:
        return self.canvas.tool

    def set_paint_shape(self, shape: str) -> None:
        tool = self.canvas.tool
        if not isinstance(tool, PaintTool):
            self.set_tool("terrain")
            tool = self.canvas.tool
        assert isinstance(tool, PaintTool)
        tool.set_shape(shape)

    # -- edit menu --------------------------------------------------------------------
    def copy_selection(self) -> None:
        select = self.tools["select"]
        select.copy()  # type: ignore[attr-defined]

    def paste(self) -> None:
        self.set_tool("select")
        self.tools["select"].start_paste()  # type: ignore[attr-defined]

    def resize_map(self) -> None:
        d = self.session.doc.dungeon
        spec = ResizeMapDialog(d.width, d.height, self).exec()
        if spec is not None:
            self.ctx.push(
                lambda: edits.resize(
                    self.session.doc, spec.width, spec.height, spec.offset, spec.fill
                ),
                f"Resize map to {spec.width}×{spec.height}",
            )

    def rename_map(self) -> None:
        name, ok = QInputDialog.getText(self, "Rename map", "Name", text=self.session.doc.name)
        name = name.strip()[:200]
        if ok and name and name != self.session.doc.name:
            self.session.push(edits.SetName(name), f"Rename map to {name}")

    def set_los_mode(self, mode: str) -> None:
        opts = self.session.doc.options
        if opts.los_mode != mode:
            self.session.push(
                edits.SetOptions(opts.model_copy(update={"los_mode": mode})),
                "Flat line of sight" if mode == "flat" else "Line of sight with heights",
            )

    def set_walls_stop_areas(self, on: bool) -> None:
        opts = self.session.doc.options
        if opts.walls_stop_areas != on:
            self.session.push(
                edits.SetOptions(opts.model_copy(update={"walls_stop_areas": bool(on)})),
                "Walls stop areas" if on else "Areas pass walls",
            )

    def _sync_map_options(self) -> None:
        opts = self.session.doc.options
        (self.actions_.los_3d if opts.los_mode == "3d" else self.actions_.los_flat).setChecked(True)
        self.actions_.walls_stop.setChecked(opts.walls_stop_areas)

    def _map_changed(self, changes: edits.Changes) -> None:
        if changes.options or changes.everything:
            self._sync_map_options()
        if changes.name:
            self._update_title()

    # -- files ------------------------------------------------------------------------
    def new_map(self) -> None:
        if not self.maybe_save():
            return
        spec = NewMapDialog(self, self.session.ruleset.id).exec()
        if spec is not None:
            self.set_document(spec.document(), None)

    def set_document(self, doc: MapDocument, path: Path | None) -> None:
        self.ctx.select_figure(None)
        self.session.replace(doc, path)

    def open_map(self, path: Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.session.path.parent) if self.session.path else ""
            name, _ = QFileDialog.getOpenFileName(self, "Open", start, OPEN_FILTER)
            if not name:
                return False
            path = Path(name)
        return self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a map, a game or a roster; a file that cannot be read is refused, the open
        one stays."""
        if path.name.endswith(GAME_SUFFIX):
            return self.open_game(path)
        if path.name.endswith(ROSTER_SUFFIX):
            return self.open_roster(path)
        try:
            doc = run_in_background(
                lambda: self.session.load(path), parent=self, label=f"Opening {path.name}…"
            )
        except LoadCancelled:
            self.statusBar().showMessage(f"Stopped opening {path.name}", 4000)
            return False
        except MapFileError as exc:
            self.show_error("Cannot open the map", str(exc))
            return False
        with busy():
            try:
                self.set_document(doc, path)
            except UnknownRuleset as exc:  # registered when it loaded, and now broken
                self.show_error("Cannot open the map", str(exc))
                return False
        self._add_recent(path)
        self.statusBar().showMessage(f"Opened {path.name}", 4000)
        return True

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(self.session.path)

    def save_as(self) -> bool:
        start = str(self.session.path or default_documents_dir() / f"{self.session.doc.name}.json")
        name, _ = QFileDialog.getSaveFileName(self, "Save map", start, MAP_FILTER)
        if not name:
            return False
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".json")
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        try:
            with busy():
                self.session.save(path)
        except OSError as exc:
            self.show_error("Cannot save the map", str(exc))
            return False
        self.autosave.saved()
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path.name}", 4000)
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the open map (saved, discarded or unchanged)."""
        if self.session.undo_stack.isClean():
            return True
        answer = self.ask_save_changes()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        return QMessageBox.question(
            self,
            APP_NAME,
            f"Save the changes to “{self.session.doc.name}”?",
            buttons,
            QMessageBox.StandardButton.Save,
        )

    def show_error(self, title: str, text: str) -> None:
        """Tell the user what went wrong (tests replace this to read the message)."""
        QMessageBox.warning(self, title, text)

    def _document_replaced(self) -> None:
        self._sync_map_options()
        self._sync_ruleset_docks()
        self.canvas.overlays.clear()
        if self.canvas.tool is not None:
            self.canvas.tool.cancel()
        self._update_title()

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

    def _build_demo_menu(self) -> None:
        for index, (title, _map, _chars) in enumerate(DEMOS):
            action = self.actions_.demo_menu.addAction(title)
            action.triggered.connect(lambda _=False, i=index: self.open_demo(i))

    def open_demo(self, index: int) -> bool:
        """Open a sample map with its party or roster (File → Open Demo)."""
        _title, map_name, chars_name = DEMOS[index]
        if not self.maybe_save() or not self.open_path(resource_dir() / map_name):
            return False
        chars = resource_dir() / chars_name
        if chars.name.endswith(ROSTER_SUFFIX):
            return self.open_roster(chars)
        party = self.party_part()
        if party is not None:
            return bool(party.open_path(chars))
        return True

    def _roster_characters(self) -> list[RosterFigure]:
        """The roster's characters as the map's ruleset places them (the figure tool), when
        it keeps one; ``ValueError`` for a roster it cannot read."""
        if self.roster_panel.ruleset_id != self.session.ruleset_id:
            return []
        rules = self.session.ruleset
        if not isinstance(rules, CharacterSheets):
            return []
        return rules.roster_figures(self.roster_panel.roster())

    def open_roster(self, path: Path) -> bool:
        """Show a roster file in the roster sheets (File → Open… for ``*.roster.json``)."""
        if not self.roster_panel.maybe_save():
            return False
        ok = self.roster_panel.open_path(path)
        if ok:
            self.roster_sheets_dock.show()
            self.roster_sheets_dock.raise_()
        return ok

    # -- games ---------------------------------------------------------------------------
    def new_game(self) -> bool:
        """Start a game on the open map (File → New game…): with the open party, or for a
        ruleset that keeps its characters in a roster, with a roster file."""
        rules = self.session.ruleset
        if not needs_map(rules):  # its own board: the map plays no part
            return self.mapless_games.new_game(rules.id)
        roster: dict[str, Any] | None = None
        if isinstance(rules, CharacterSheets):
            roster = self._game_roster(rules)
            if roster is None and rules.roster_required:
                return False
            note = (
                f"{rules.title} · table: {self.session.doc.name} · roster: "
                f"{roster.get('name', 'roster')} ({len(roster.get('characters', []))} characters)"
                if roster is not None
                else f"{rules.title} · map: {self.session.doc.name} · the figures on the map"
            )
        else:
            placed = {f.id for f in self.session.doc.figures if f.class_id}
            linked = self.party_actions.linked_names(placed) if self.party_actions else []
            note = (
                f"Map: {self.session.doc.name}. Characters linked to the party's sheets: "
                f"{', '.join(linked) or 'none (the map figures keep their class cards)'}."
            )
        dialog = NewGameDialog(
            list(rules.option_specs()), list(rules.setup_choices(self.session.doc)), note, self
        )
        if not dialog.exec():
            return False
        start = str(default_documents_dir() / f"{self.session.doc.name}{GAME_SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(self, "Save the game as", start, GAME_FILTER)
        if not name:
            return False
        path = Path(name)
        if not path.name.endswith(GAME_SUFFIX):
            path = path.with_name(path.name.removesuffix(".jsonl") + GAME_SUFFIX)
        return self.start_game(path, dialog.spec(), roster=roster)

    def _game_roster(self, rules: CharacterSheets) -> dict[str, Any] | None:
        """The roster a new game plays with: the one in the roster sheets if it is this
        ruleset's and has characters, else one chosen from a file (shown in the sheets)."""
        panel = self.roster_panel
        if panel.ruleset_id == rules.id and panel.roster().get("characters"):
            return panel.roster()
        if not rules.roster_required:
            return None  # the map's own figures play
        name, _ = QFileDialog.getOpenFileName(
            self, "Choose the roster (every side's characters)", "", ROSTER_FILTER
        )
        if not name or not self.open_roster(Path(name)):
            return None
        return panel.roster() if panel.ruleset_id == rules.id else None

    def start_game(self, path: Path, spec: GameSpec, roster: dict[str, Any] | None = None) -> bool:
        """A new game on the open map, written to ``path``: with ``roster`` for a ruleset
        that keeps its characters in one, else with the open party."""
        if roster is not None:
            party_doc: dict[str, Any] | None = roster
        else:
            party_doc = self.party_actions.game_party() if self.party_actions else None
        with busy():
            ok = self.play.new_game(
                path,
                self.session.doc.copy(),
                party=party_doc,
                options=spec.options,
                choices=spec.choices,
                dice=spec.dice,
                seed=spec.seed,
            )
        if ok:
            self._add_recent(path)
        return ok

    def open_game(self, path: Path | None = None) -> bool:
        if path is None:
            name, _ = QFileDialog.getOpenFileName(self, "Open game", "", GAME_FILTER)
            if not name:
                return False
            path = Path(name)
        if not self.maybe_save():
            return False

        def in_background(load: Any) -> Any:
            return run_in_background(load, parent=self, label=f"Opening {path.name}…")

        try:
            ok = self.play.open_game(path, in_background)
        except LoadCancelled:
            return False
        if ok:
            self._add_recent(path)
        return ok

    def close_game(self) -> None:
        self.play.close_game()

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

    def _game_opened(self) -> None:
        game = self.play.game
        self.session.board_source = None
        self.session.figure_source = None
        self.session.marks_source = None
        if game is not None:
            self.session.figure_source = self.play.figures  # sizes as the game says
            self.session.marks_source = self._game_marks  # the board as the game has it
            self.set_document(game.doc.copy(), None)
            if isinstance(game.ruleset, GridBoard):  # else it draws its own board
                self.session.board_source = self._game_board
            self.session.undo_stack.setClean()
            self.set_mode("play")
            self.set_tool("play")
            self._size_play_docks()
            QTimer.singleShot(0, self._size_play_docks)  # again once the docks are laid out
            self.log_dock.raise_()
            self.canvas.fit()
        else:
            self.marks.clear()
            self.canvas.refresh_marks()  # the map's own board again
            if self.party_actions is not None:
                self.party_actions.close_game()
            self.roster_panel.set_game_state(None)
        self._sync_game_actions()
        self._update_title()

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

    def _game_changed(self) -> None:
        if self.play.game is None:
            return
        game = self.play.game
        if self.party_actions is not None and game.ruleset.id == self.party_dock_ruleset:
            self.party_actions.show_game(game.header.party, self.play.figures(), self.play.act)
        if isinstance(game.ruleset, CharacterSheets) and game.header.party is not None:
            if self.roster_panel.roster() != game.header.party:
                self.roster_panel.set_roster(game.ruleset.id, game.header.party)
            self.roster_panel.set_game_state(game.state)
            acting = self.play.turn()
            if acting is not None and acting.acting is not None:
                self.roster_panel.select(acting.acting)  # the sheet follows who acts
        self.play.sync_map(self.session)
        self.canvas.refresh_marks()
        self.marks.show(self.play)
        self._center_acting()
        self._update_title()

    def _escape(self) -> None:
        if self.canvas.tool is not None:
            self.canvas.tool.cancel()

    def _game_marks(self) -> Any:
        """What the open game's board shows now (``Ruleset.marks``)."""
        game = self.play.game
        if game is None or not isinstance(game.ruleset, GridBoard):
            return ()
        return game.ruleset.marks(game.state)

    def _game_board(self) -> Any:
        """The open game's board (the ruler and templates measure what the game sees)."""
        game = self.play.game
        assert game is not None and isinstance(game.ruleset, GridBoard)
        return game.ruleset.board(game.state)

    def _clear_refusal(self, *_: Any) -> None:
        self.canvas.overlays.reasons.set_marks(())

    def _show_refusal(self, verdict: Any) -> None:
        """Mark every square a refusal is about (a wall in the way, the blocking square of
        a sight line...), each numbered as its reason is listed."""
        self.canvas.overlays.rect.hide()
        self.canvas.overlays.reasons.set_marks(reason_marks(getattr(verdict, "reasons", ())))

    def _center_acting(self) -> None:
        turn = self.play.turn()
        if turn is not None and turn.acting is not None:
            self.center_on(turn.acting)

    def center_on(self, figure_id: str) -> None:
        """Bring the figure into view (at a readable scale) if it is off screen."""
        view = self.play.figures().get(figure_id)
        if view is not None and view.at is not None:
            self.canvas.follow(view.at)

    def _play_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def _show_log_squares(self, squares: object) -> None:
        import numpy as np
        from PySide6.QtGui import QColor

        d = self.session.doc.dungeon
        mask = np.zeros((d.height, d.width), dtype=bool)
        for x, y in squares:  # type: ignore[attr-defined]
            if d.in_bounds(x, y):
                mask[y, x] = True
        self.canvas.overlays.area.show_mask(mask, QColor(120, 200, 255), 130)

    # -- recent files --------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])][:MAX_RECENT]

    def _add_recent(self, path: Path) -> None:
        p = str(path.resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self._refresh_recent()

    def open_recent(self, path: Path) -> bool:
        if path.name.endswith(GAME_SUFFIX):
            return self.open_game(path)
        return self.open_map(path)

    def _refresh_recent(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            a = menu.addAction(f"&{i} {Path(f).name}")
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_recent(Path(f)))
        menu.setEnabled(bool(files))

    # -- status bar and title -----------------------------------------------------------
    def _show_square(self, sq: tuple[int, int] | None) -> None:
        if sq is None:
            self.square_label.setText("")
            return
        d = self.session.doc.dungeon
        x, y = sq
        terrain = TERRAIN_TITLES[d.terrain_at(x, y)]
        if d.stairs_at(x, y) is not None:
            terrain += f" rising {d.stairs_at(x, y).value}"  # type: ignore[union-attr]
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
        self.setWindowTitle(f"{doc.name}{where}[*] — {APP_NAME}")
        self.setWindowModified(not self.session.undo_stack.isClean())

    # -- layout --------------------------------------------------------------------------
    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None and self.restoreGeometry(geometry):  # type: ignore[arg-type]
            clamp_to_screen(self)  # saved on a bigger screen: brought inside this one
        if state is not None:
            self.restoreState(state)  # type: ignore[arg-type]
        heights = self.settings.value("view/showHeights", False)
        on = heights in (True, "true", "1", 1)
        self.actions_.heights.setChecked(on)
        self.canvas.set_show_heights(on)

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("view/showHeights", self.actions_.heights.isChecked())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        party = self.party_actions
        if (
            not self.maybe_save()
            or (party is not None and not party.maybe_save())
            or not self.roster_panel.maybe_save()
        ):
            event.ignore()
            return
        self.save_layout()
        self.settings.remove(LAST_GAME_KEY)  # closed cleanly: nothing to recover
        self.autosave.closed()
        event.accept()
