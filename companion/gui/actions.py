"""The main window's actions, menus and toolbars, with standard shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from companion.gui.uifiles import ICONS

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow

Std = QKeySequence.StandardKey
#: A shortcut as an action is given it: a key sequence ("Ctrl+G") or a standard key.
Keys = str | QKeySequence.StandardKey


def icon(name: str) -> QIcon:
    path = ICONS / f"{name}.svg"
    return QIcon(str(path)) if path.exists() else QIcon()


class Actions:
    """Every action of the main window, by attribute."""

    def __init__(self, w: MainWindow) -> None:
        self.w = w

        def act(
            text: str,
            slot: Callable[..., object] | None = None,
            keys: Keys | list[Keys] | None = None,
            icon_name: str = "",
            tip: str = "",
            checkable: bool = False,
        ) -> QAction:
            a = QAction(text, w)
            if icon_name:
                a.setIcon(icon(icon_name))
            if keys is not None:
                if isinstance(keys, list):
                    a.setShortcuts([QKeySequence(k) for k in keys])
                else:
                    a.setShortcut(QKeySequence(keys))
            if tip:
                a.setStatusTip(tip)
                a.setToolTip(f"{text.replace('&', '').rstrip('.…')} — {tip}")
            a.setCheckable(checkable)
            if slot is not None:
                a.triggered.connect(slot)
            w.addAction(a)
            return a

        # File
        self.new = act("&New map…", w.new_map, Std.New, "new", "Start a new dungeon map")
        self.open = act("&Open…", lambda: w.open_map(), Std.Open, "open", "Open a map file")
        self.save = act("&Save", w.save, Std.Save, "save", "Save the map")
        self.save_as = act("Save &As…", w.save_as, Std.SaveAs, tip="Save under a new name")
        self.quit = act("&Quit", w.close, Std.Quit)
        # Edit
        self.undo = w.undo_group.createUndoAction(w, "&Undo")
        self.undo.setShortcut(Std.Undo)
        self.undo.setIcon(icon("undo"))
        self.redo = w.undo_group.createRedoAction(w, "&Redo")
        redo_keys = QKeySequence.keyBindings(Std.Redo)
        for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):  # both habits, whatever the platform says
            if QKeySequence(extra) not in redo_keys:
                redo_keys.append(QKeySequence(extra))
        self.redo.setShortcuts(redo_keys)
        self.redo_keys = list(redo_keys)
        self.redo.setIcon(icon("redo"))
        w.addAction(self.undo)
        w.addAction(self.redo)
        self.copy = act("&Copy", w.copy_selection, Std.Copy, tip="Copy the selected squares")
        self.paste = act("&Paste", w.paste, Std.Paste, tip="Paste copied squares")
        self.resize = act("Resize &map…", w.resize_map, tip="Change the map's size")
        self.rename = act("Re&name map…", w.rename_map)
        # View
        self.fit = act("&Fit to window", w.canvas.fit, "Ctrl+0", "fit", "Show the whole map")
        self.zoom_in = act(
            "Zoom &in", lambda: w.canvas.zoom_by(1.25), ["+", "=", "Ctrl++", "Ctrl+="], "zoom-in"
        )
        self.zoom_out = act("Zoom &out", lambda: w.canvas.zoom_by(0.8), ["-", "Ctrl+-"], "zoom-out")
        self.heights = act(
            "Show &height numbers",
            w.canvas.set_show_heights,
            "N",
            "heights",
            "Write each square's floor height",
            checkable=True,
        )
        self.grid = act("Show &grid", w.canvas.set_show_grid, "Ctrl+G", checkable=True)
        self.grid.setChecked(True)
        # Mode
        self.mode_group = QActionGroup(w)
        self.edit_mode = act(
            "&Edit mode",
            lambda: w.set_mode("edit"),
            "E",
            "edit-mode",
            "Build the dungeon",
            checkable=True,
        )
        self.play_mode = act(
            "&Play mode",
            lambda: w.set_mode("play"),
            "P",
            "play-mode",
            "Measure on the table; hidden rooms stay dark",
            checkable=True,
        )
        for a in (self.edit_mode, self.play_mode):
            self.mode_group.addAction(a)
        # Map options
        self.los_group = QActionGroup(w)
        self.los_3d = act(
            "Line of sight with &heights", lambda: w.set_los_mode("3d"), checkable=True
        )
        self.los_flat = act("&Flat line of sight", lambda: w.set_los_mode("flat"), checkable=True)
        for a in (self.los_3d, self.los_flat):
            self.los_group.addAction(a)
        self.walls_stop = act("&Walls stop areas", w.set_walls_stop_areas, checkable=True)
        # Tools
        self.tool_group = QActionGroup(w)
        # None is checked while a board editor's palette is the map's tool.
        self.tool_group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.tools: dict[str, QAction] = {}
        for name, tool in w.tools.items():
            a = act(
                tool.title,
                lambda _=False, n=name: w.set_tool(n),
                tool.shortcut,
                tool.icon,
                tool.hint,
                checkable=True,
            )
            self.tool_group.addAction(a)
            self.tools[name] = a
        # Brush shapes of the painting tools
        self.shape_brush = act("&Brush", lambda: w.set_paint_shape("brush"), "B")
        self.shape_rect = act("&Rectangle", lambda: w.set_paint_shape("rect"), "G")
        self.shape_fill = act("&Flood fill", lambda: w.set_paint_shape("fill"), "F")
        self.recent_menu = QMenu("Open &Recent", w)
        self.demo_menu = QMenu("Open &Demo", w)

    def build_menus(self) -> None:
        w = self.w
        bar = w.menuBar()
        m = bar.addMenu("&File")
        self.file_menu = m
        for a in (self.new, self.open):
            m.addAction(a)
        m.addMenu(self.recent_menu)
        m.addMenu(self.demo_menu)
        m.addSeparator()
        m.addAction(self.save)
        m.addAction(self.save_as)
        m.addSeparator()
        m.addAction(self.quit)
        m = bar.addMenu("&Edit")
        for a in (self.undo, self.redo):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.copy)
        m.addAction(self.paste)
        m.addSeparator()
        m.addAction(self.resize)
        m.addAction(self.rename)
        m = bar.addMenu("&View")
        for a in (self.fit, self.zoom_in, self.zoom_out):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.heights)
        m.addAction(self.grid)
        m.addSeparator()
        self.panels_menu = m.addMenu("&Panels")
        m = bar.addMenu("&Mode")
        m.addAction(self.edit_mode)
        m.addAction(self.play_mode)
        m = bar.addMenu("&Tools")
        for name, a in self.tools.items():
            m.addAction(a)
            if name == "pointer":
                m.addSeparator()
        m.addSeparator()
        shapes = m.addMenu("Paint &shape")
        for a in (self.shape_brush, self.shape_rect, self.shape_fill):
            shapes.addAction(a)
        m = bar.addMenu("&Map")
        self.map_menu = m
        m.addAction(self.los_3d)
        m.addAction(self.los_flat)
        m.addAction(self.walls_stop)

    def build_toolbars(self) -> None:
        w = self.w
        main = QToolBar("File and view", w)
        main.setObjectName("mainToolBar")
        main.setIconSize(QSize(22, 22))
        for a in (self.new, self.open, self.save):
            main.addAction(a)
        main.addSeparator()
        main.addAction(self.undo)
        main.addAction(self.redo)
        main.addSeparator()
        main.addAction(self.edit_mode)
        main.addAction(self.play_mode)
        main.addSeparator()
        for a in (self.fit, self.zoom_in, self.zoom_out, self.heights):
            main.addAction(a)
        w.addToolBar(main)
        tools = QToolBar("Tools", w)
        tools.setObjectName("toolsToolBar")
        tools.setIconSize(QSize(26, 26))
        for name, a in self.tools.items():
            tools.addAction(a)
            if name in ("pointer", "figure", "select"):
                tools.addSeparator()
        w.addToolBar(tools)
        w.toolbars = [main, tools]
