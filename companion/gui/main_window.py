"""The main window: canvas in the centre, panels around it, files, modes and tools."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QPaintEvent, QShortcut, QUndoGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QToolBar, QWidget

from companion.gui.actions import Actions
from companion.gui.autosave import Autosaver
from companion.gui.canvas.view import MapCanvas
from companion.gui.docks.board_editors import BoardEditors
from companion.gui.play.board_views import BoardViews
from companion.gui.play.controller import LAST_GAME_KEY, PlayController
from companion.gui.play.tool import PlayMarks, PlayTool
from companion.gui.players.menu import PlayersMenu
from companion.gui.players.rooms import RoomsShown
from companion.gui.roster import RosterPanel
from companion.gui.rulesets import BoardHost, BrokenRulesetGui, PartyGui, PartyPart, ruleset_gui
from companion.gui.session import MapSession
from companion.gui.share import ShareControl
from companion.gui.tables import RulesMenu
from companion.gui.tools import TOOL_CLASSES, Tool, ToolContext
from companion.gui.window.demos import DEMOS, DemosPart
from companion.gui.window.editing import EditingPart
from companion.gui.window.files import FilesPart
from companion.gui.window.game_life import GameLifePart
from companion.gui.window.layout import LayoutPart
from companion.gui.window.recovery import RecoveryPart
from companion.gui.window.ruleset_docks import RulesetDocksPart
from companion.gui.window_place import place_first
from companion.model.mapfile import new_document
from companion.rules.ruleset import DEFAULT_RULESET

#: Re-exported: the demos (tests and benchmarks read them here).
__all__ = ["DEMOS", "MainWindow"]


class MainWindow(
    LayoutPart,
    EditingPart,
    FilesPart,
    GameLifePart,
    RecoveryPart,
    RulesetDocksPart,
    DemosPart,
    QMainWindow,
):
    """One map at a time, with Edit and Play modes.

    This class assembles the window; what it does lives in its parts (``companion.gui.
    window``): layout, editing, files, game life, recovery, the ruleset's docks, demos.

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
        #: The players' window and its Game menu entries; ``players.source`` is the
        #: public view the players' displays follow (issue 23).
        self.players = PlayersMenu(self)
        #: Game → Share with players: the phones' page of the same view (off until ticked).
        self.sharing = ShareControl(self, self.game_menu, self.players.source)
        #: Map → Rooms the players see / Reveal the room under the mouse, in play too.
        self.rooms_shown = RoomsShown(self, self.actions_.map_menu)
        self.rules_menu = RulesMenu(self)
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
        self.play.keep_clear = self._refusal_on_screen  # the "Not allowed" box beside them
        self.canvas.hovered.connect(self._refusal_left)
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
        self._size_first_docks()
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

    def _ruleset_party(self, ruleset_id: str) -> PartyPart | None:
        """The party of the ruleset's GUI part (``companion.gui.rulesets``), if it has one."""
        try:
            gui = ruleset_gui(ruleset_id)
        except BrokenRulesetGui as exc:
            problem = str(exc)  # said once the window is up (tests catch show_error)
            QTimer.singleShot(0, lambda: self.show_error("No party sheets", problem))
            return None
        return gui.party(self, self.settings) if isinstance(gui, PartyGui) else None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            # The map's scene marks what its items dirtied in a call of its own, queued
            # after this paint: made first, the map is painted in the same pass as the
            # docks (one pass and one flush to the screen per click, not two).
            QCoreApplication.sendPostedEvents(self.canvas.scene(), QEvent.Type.MetaCall)
        return super().event(event)

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
        self.players.close_window()
        self.sharing.stop()
        event.accept()
