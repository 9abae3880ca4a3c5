"""The BrickRuler: drag from a square or figure to another for distance and sight.

Distance, studs and line of sight come from ``companion.model.geometry``; the tool
only words and draws them.
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt

from companion.gui.canvas.ruler_item import RulerShape
from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext, reports_model_errors
from companion.model.edits import Changes
from companion.model.mapfile import MapDocument
from companion.rules.capabilities import RulerNotes
from companion.rules.places import place_name


def _name(doc: MapDocument, sq: Square) -> str:
    fig = doc.figure_at(*sq)
    return fig.label if fig is not None else f"{place_name(sq)}"


def _what(doc: MapDocument, sq: Square) -> str:
    """What stands on a blocking square, in words."""
    from companion.gui.tools.terrain import TERRAIN_TITLES

    fig = doc.figure_at(*sq)
    if fig is not None:
        return fig.label
    d = doc.dungeon
    obj = d.object_at(*sq)
    if obj is not None:
        return obj.kind.value
    return TERRAIN_TITLES[d.terrain_at(*sq)].lower()


#: What the BrickRuler panel says once a measurement is cleared (Esc, another tool).
CLEARED_TITLE = "Nothing measured"
CLEARED_LINES = ["R: drag the ruler between squares or figures."]


class RulerTool(Tool):
    name: ClassVar[str] = "ruler"
    title: ClassVar[str] = "BrickRuler"
    shortcut: ClassVar[str] = "R"
    icon: ClassVar[str] = "ruler"
    modes: ClassVar[frozenset[str]] = frozenset({"edit", "play"})
    hint: ClassVar[str] = (
        "Drag from a square or figure to another: distance, height "
        "difference and line of sight. Esc clears."
    )

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.a: Square | None = None
        self.b: Square | None = None
        self._dragging = False
        #: The BrickRuler panel shows this tool's words (to clear with the line).
        self._panel_shows_words = False

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        self.a = self.b = ev.square
        self._dragging = True
        self.measure()
        return True

    def move(self, ev: MouseInfo) -> None:
        if not self.on_map(ev.square):
            return
        if self._dragging and ev.square != self.b:
            self.b = ev.square
            self.measure()
        elif not self._dragging:
            self.canvas.overlays.hover.show_squares(*ev.square, *ev.square)

    def release(self, ev: MouseInfo) -> None:
        self._dragging = False

    def cancel(self) -> None:
        """Esc (or another tool): the line, its caption and its words in the panel go."""
        self._dragging = False
        self.a = self.b = None
        self.canvas.overlays.ruler.set_shape(None)
        if self._panel_shows_words:
            self._panel_shows_words = False
            self.ctx.measured.emit(CLEARED_TITLE, list(CLEARED_LINES))

    def map_changed(self, changes: Changes) -> None:
        if self.a is not None and self.b is not None:
            if self.on_map(self.a) and self.on_map(self.b):
                self.measure()
            else:
                self.cancel()

    def measure_between(self, a: Square, b: Square) -> RulerShape | None:
        """Measure from ``a`` to ``b`` as if dragged (used by tests and screenshots)."""
        self.a, self.b = a, b
        return self.measure()

    @reports_model_errors
    def measure(self) -> RulerShape | None:
        from companion.model.geometry import line_of_sight, ruler_distance, to_studs

        a, b = self.a, self.b
        if a is None or b is None:
            return None
        doc = self.session.doc
        board = self.session.board()
        dist = ruler_distance(board, a, b)
        sight = line_of_sight(board, a, b)
        dh = doc.dungeon.floor_at(*b) - doc.dungeon.floor_at(*a)
        blocked = None if sight.clear else sight.blocked_by
        mode = "flat" if doc.options.los_mode == "flat" else "with heights"
        per = board.rules.studs_per_square
        lines = [
            f"{to_studs(dist, board.rules):.1f} studs"
            if per == 1
            else f"{dist:.1f} squares  ·  {to_studs(dist, board.rules):.0f} studs",
            f"Height {dh:+d} bricks" if dh else "Same height",
            "Line of sight: clear"
            if sight.clear
            else f"Blocked at {place_name(blocked)}: {_what(doc, blocked)}"
            if blocked
            else "Line of sight: blocked",
        ]
        rules = self.session.ruleset
        if isinstance(rules, RulerNotes):  # its own words, when it has any
            lines += rules.ruler_notes(board, a, b)
        shape = RulerShape(a, b, sight.clear, blocked, tuple(lines))
        self.canvas.overlays.ruler.set_shape(shape)
        self.canvas.overlays.hover.hide()
        title = f"{_name(doc, a)} → {_name(doc, b)}"
        self.ctx.measured.emit(title, [*lines, f"Measured {mode}"])
        self._panel_shows_words = True
        return shape
