"""The main window: canvas in the centre, panels around it, files, modes and tools."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent, QUndoGroup, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)
from shiboken6 import isValid

from companion import APP_NAME
from companion.gui.actions import Actions
from companion.gui.busy import busy
from companion.gui.canvas.view import MapCanvas
from companion.gui.dialogs.new_map import NewMapDialog
from companion.gui.dialogs.resize_map import ResizeMapDialog
from companion.gui.docks.legend import LegendDock
from companion.gui.docks.measure import MeasureDock
from companion.gui.docks.rooms import RoomsDock
from companion.gui.docks.tool_options import ToolOptionsDock
from companion.gui.party_dock import PartyActions, PartyDock
from companion.gui.session import MapSession
from companion.gui.tools import TOOL_CLASSES, Tool, ToolContext
from companion.gui.tools.paint import PaintTool
from companion.gui.tools.terrain import TERRAIN_TITLES
from companion.model import edits
from companion.model.mapfile import MapDocument, MapFileError, new_document
from companion.rulesets.brickquest.catalog import default_catalog

MAX_RECENT = 8
MAP_FILTER = "Brick Companion maps (*.json);;All files (*)"


class MainWindow(QMainWindow):
    """One map at a time, with Edit and Play modes."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        self.session = MapSession(new_document(24, 16), self)
        self.canvas = MapCanvas(self.session, self)
        self.setCentralWidget(self.canvas)
        self.ctx = ToolContext(self.session, self.canvas)
        self.tools: dict[str, Tool] = {cls.name: cls(self.ctx) for cls in TOOL_CLASSES}
        self.mode = "edit"
        #: The tool last used in each mode, restored when coming back to it.
        self._mode_tool = {"edit": "terrain", "play": "pointer"}
        self.toolbars: list[QToolBar] = []
        self.party_dock = PartyDock(default_catalog(), self)
        # Undo and redo act on whichever of the map and the party was edited last.
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.addStack(self.party_dock.model.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)
        for stack in (self.session.undo_stack, self.party_dock.model.undo_stack):
            stack.indexChanged.connect(self._stack_edited)
        self.actions_ = Actions(self)
        self.actions_.build_menus()
        self.party_actions = PartyActions(self, self.party_dock, self.settings)
        self.party_actions.build_menu()
        self.actions_.build_toolbars()
        self._build_docks()
        self._build_status()
        self.session.undo_stack.cleanChanged.connect(self._update_title)
        self.session.pathChanged.connect(self._update_title)
        self.session.replaced.connect(self._document_replaced)
        self.session.changed.connect(self._map_changed)
        self.canvas.hovered.connect(self._show_square)
        self.canvas.zoomChanged.connect(self._show_zoom)
        self.ctx.message.connect(lambda m: self.statusBar().showMessage(m, 5000))
        self.ctx.measured.connect(self.measure_dock.show_measure)
        self.resize(1380, 860)
        self.resizeDocks([self.tool_dock, self.measure_dock], [250, 430],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.tool_dock, self.rooms_dock], [430, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.measure_dock, self.legend_dock], [260, 520],
                         Qt.Orientation.Vertical)
        self.restore_layout()
        self._sync_map_options()
        self.set_mode("edit")
        self._refresh_recent()
        self._update_title()

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
        self.addDockWidget(right, self.party_dock)
        self.tabifyDockWidget(self.legend_dock, self.history_dock)
        self.tabifyDockWidget(self.legend_dock, self.party_dock)
        self.legend_dock.raise_()
        self.docks = [self.tool_dock, self.rooms_dock, self.measure_dock, self.legend_dock,
                      self.history_dock, self.party_dock]
        for dock in self.docks:
            self.actions_.panels_menu.addAction(dock.toggleViewAction())

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
        for action in (a.copy, a.paste, a.resize, a.rename, a.shape_brush, a.shape_rect,
                       a.shape_fill):
            action.setEnabled(editing)
        self.canvas.set_play(not editing)
        self.mode_label.setText("EDIT" if editing else "PLAY")
        self.mode_label.setProperty("mode", mode)
        self.mode_label.style().unpolish(self.mode_label)
        self.mode_label.style().polish(self.mode_label)
        self.set_tool(self._mode_tool[mode])

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
            self.ctx.push(lambda: edits.resize(self.session.doc, spec.width, spec.height,
                                               spec.offset, spec.fill),
                          f"Resize map to {spec.width}×{spec.height}")

    def rename_map(self) -> None:
        name, ok = QInputDialog.getText(self, "Rename map", "Name", text=self.session.doc.name)
        name = name.strip()[:200]
        if ok and name and name != self.session.doc.name:
            self.session.push(edits.SetName(name), f"Rename map to {name}")

    def set_los_mode(self, mode: str) -> None:
        opts = self.session.doc.options
        if opts.los_mode != mode:
            self.session.push(edits.SetOptions(opts.model_copy(update={"los_mode": mode})),
                              "Flat line of sight" if mode == "flat"
                              else "Line of sight with heights")

    def set_walls_stop_areas(self, on: bool) -> None:
        opts = self.session.doc.options
        if opts.walls_stop_areas != on:
            self.session.push(
                edits.SetOptions(opts.model_copy(update={"walls_stop_areas": bool(on)})),
                "Walls stop areas" if on else "Areas pass walls")

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
        spec = NewMapDialog(self).exec()
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
            name, _ = QFileDialog.getOpenFileName(self, "Open map", start, MAP_FILTER)
            if not name:
                return False
            path = Path(name)
        return self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a map; a file that cannot be read is refused and the open map stays."""
        try:
            with busy():
                doc = self.session.load(path)
        except MapFileError as exc:
            self.show_error("Cannot open the map", str(exc))
            return False
        with busy():
            self.set_document(doc, path)
        self._add_recent(path)
        self.statusBar().showMessage(f"Opened {path.name}", 4000)
        return True

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(self.session.path)

    def save_as(self) -> bool:
        start = str(self.session.path or Path.home() / f"{self.session.doc.name}.json")
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
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        return QMessageBox.question(self, APP_NAME,
                                    f"Save the changes to “{self.session.doc.name}”?",
                                    buttons, QMessageBox.StandardButton.Save)

    def show_error(self, title: str, text: str) -> None:
        """Tell the user what went wrong (tests replace this to read the message)."""
        QMessageBox.warning(self, title, text)

    def _document_replaced(self) -> None:
        self._sync_map_options()
        self.canvas.overlays.clear()
        if self.canvas.tool is not None:
            self.canvas.tool.cancel()
        self._update_title()

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

    def _refresh_recent(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            a = menu.addAction(f"&{i} {Path(f).name}")
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_map(Path(f)))
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
        parts = [f"x {x}, y {y}", f"height {d.floor_at(x, y)} bricks", terrain]
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
        self.setWindowTitle(f"{doc.name}{where}[*] — {APP_NAME}")
        self.setWindowModified(not self.session.undo_stack.isClean())

    # -- layout --------------------------------------------------------------------------
    def restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)  # type: ignore[arg-type]
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
        if not self.maybe_save() or not self.party_actions.maybe_save():
            event.ignore()
            return
        self.save_layout()
        event.accept()
