"""The selection tool: pick a rectangle, copy it, paste it elsewhere (Ctrl+C, Ctrl+V)."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from companion.gui.canvas.render import render_rgba
from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext
from companion.model import edits
from companion.model.dungeon import DungeonMap, Terrain
from companion.model.edits import Changes, Clip


def clip_rgba(clip: Clip) -> np.ndarray:
    """The clipboard's squares coloured like the map."""
    d = DungeonMap(
        clip.terrain,
        clip.floor,
        clip.stairs,
        clip.feature_height,
        np.full(clip.terrain.shape, -1, np.int16),
    )
    return render_rgba(d)


class SelectTool(Tool):
    name: ClassVar[str] = "select"
    title: ClassVar[str] = "Select, copy and paste"
    shortcut: ClassVar[str] = "S"
    icon: ClassVar[str] = "select"
    hint: ClassVar[str] = (
        "Drag to select squares; Ctrl+C copies, Ctrl+V pastes (click to "
        "drop, Esc to cancel), Delete clears to floor"
    )

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.selection: tuple[Square, Square] | None = None
        self._drag_from: Square | None = None
        self.pasting = False
        self._rgba: np.ndarray | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        note = QLabel(
            "Copy and paste take terrain, floor heights, stairs and objects. "
            "Figures and rooms stay where they are."
        )
        note.setWordWrap(True)
        note.setProperty("hint", True)
        lay.addWidget(note)
        lay.addStretch(1)
        return w

    # -- commands from the Edit menu -------------------------------------------------
    def copy(self) -> bool:
        if self.selection is None:
            self.ctx.message.emit("Select squares to copy first")
            return False
        clip = edits.copy_region(self.session.doc, *self.selection)
        if clip is None:
            return False
        self.ctx.clipboard = clip
        self.ctx.message.emit(f"Copied {clip.width}x{clip.height} squares")
        return True

    def start_paste(self) -> bool:
        if self.ctx.clipboard is None:
            self.ctx.message.emit("Nothing to paste: copy a selection first")
            return False
        self.pasting = True
        self._rgba = clip_rgba(self.ctx.clipboard)
        self.ctx.message.emit("Click to drop the copied squares; Esc cancels")
        return True

    def paste_at(self, at: Square) -> bool:
        clip = self.ctx.clipboard
        if clip is None:
            return False
        doc = self.session.doc
        done = self.ctx.push(lambda: edits.paste(doc, clip, at), "Paste")
        self.pasting = False
        self.canvas.overlays.paste.hide_preview()
        self.selection = (at, (at[0] + clip.width - 1, at[1] + clip.height - 1))
        self._show_selection()
        return done

    def clear_selection(self) -> bool:
        if self.selection is None:
            return False
        doc = self.session.doc
        xs, ys = edits.rect_squares(doc, *self.selection)
        return self.ctx.push(
            lambda: edits.paint_terrain(doc, xs, ys, Terrain.FLOOR), "Clear selection"
        )

    # -- events ----------------------------------------------------------------------
    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        if self.pasting:
            self.paste_at(ev.square)
            return True
        self._drag_from = ev.square
        self.selection = (ev.square, ev.square)
        self._show_selection()
        return True

    def move(self, ev: MouseInfo) -> None:
        if self.pasting and self._rgba is not None:
            self.canvas.overlays.paste.show_at(self._rgba, ev.square)
            return
        if self._drag_from is not None and ev.buttons & Qt.MouseButton.LeftButton:
            self.selection = (self._drag_from, ev.square)
            self._show_selection()

    def release(self, ev: MouseInfo) -> None:
        if self._drag_from is not None:
            self.selection = self._clipped(self._drag_from, ev.square)
            self._drag_from = None
            self._show_selection()

    def key_press(self, ev: QKeyEvent) -> bool:
        if ev.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            return self.clear_selection()
        return False

    def cancel(self) -> None:
        self.pasting = False
        self._drag_from = None
        self.canvas.overlays.paste.hide_preview()

    def deactivate(self) -> None:
        self.cancel()
        self.canvas.overlays.rect.hide()

    def activate(self) -> None:
        self._show_selection()

    def map_changed(self, changes: Changes) -> None:
        if changes.everything and self.selection is not None:
            self.selection = self._clipped(*self.selection)
            self._show_selection()

    def _clipped(self, a: Square, b: Square) -> tuple[Square, Square] | None:
        d = self.session.doc.dungeon
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, d.width - 1), min(y1, d.height - 1)
        if x1 < x0 or y1 < y0:
            return None
        return (x0, y0), (x1, y1)

    def _show_selection(self) -> None:
        if self.selection is None:
            self.canvas.overlays.rect.hide()
        else:
            (x0, y0), (x1, y1) = self.selection
            self.canvas.overlays.rect.show_squares(x0, y0, x1, y1)
