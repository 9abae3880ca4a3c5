"""Editing the map in the window: the modes and tools, the Edit menu and the map's options."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from companion.gui.dialogs.resize_map import ResizeMapDialog
from companion.gui.tools import Tool
from companion.gui.tools.paint import PaintTool
from companion.gui.tools.select import SelectTool
from companion.gui.window.base import WindowBase
from companion.model import edits


class EditingPart(WindowBase):
    """Modes and tools, the Edit menu, the map's options."""

    def set_mode(self, mode: str) -> None:
        """Edit builds the map; Play measures and keeps hidden rooms dark.  Not Edit while
        a game is open: it keeps the map it began with (``_sync_game_actions``)."""
        if mode == "edit" and self.play.game is not None:
            self.actions_.play_mode.setChecked(True)
            self.statusBar().showMessage(self.actions_.edit_mode.statusTip(), 5000)
            return
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

    def _escape(self) -> None:
        if self.canvas.tool is not None:
            self.canvas.tool.cancel()

    def copy_selection(self) -> None:
        select = self.tools["select"]
        assert isinstance(select, SelectTool)
        select.copy()

    def paste(self) -> None:
        self.set_tool("select")
        select = self.tools["select"]
        assert isinstance(select, SelectTool)
        select.start_paste()

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
