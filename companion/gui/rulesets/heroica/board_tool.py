"""The board palette's tool: a click on the map places what the Heroica board dock chose.

The tool only turns clicks into squares (and, for a locked door, the edge nearest the
click); the dock decides what the click does and pushes the edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import Qt

from companion.gui.tools.base import Square, Tool, ToolContext

if TYPE_CHECKING:
    from companion.gui.canvas.view import MouseInfo

#: A click: the square, the square across its nearest edge, and whether Shift was held.
Click = Callable[[Square, Square, bool], object]


def across_nearest_edge(square: Square, fx: float, fy: float) -> Square:
    """The square across the edge of ``square`` nearest the point ``(fx, fy)`` inside it
    (0..1 from its top-left corner)."""
    x, y = square
    sides = ((fx, (x - 1, y)), (1 - fx, (x + 1, y)), (fy, (x, y - 1)), (1 - fy, (x, y + 1)))
    return min(sides, key=lambda s: s[0])[1]


class BoardPaletteTool(Tool):
    """Click a space to place the dock's chosen feature, item or start; Shift+click clears
    the space."""

    name: ClassVar[str] = "heroica_board"
    title: ClassVar[str] = "Heroica board"
    hint: ClassVar[str] = (
        "Click a space to place what the Heroica board panel has chosen (a locked door: "
        "near the edge it closes); Shift+click clears a space"
    )
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, ctx: ToolContext, on_click: Click, on_deactivate: Callable[[], object]):
        super().__init__(ctx)
        self.on_click = on_click
        self.on_deactivate = on_deactivate

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        fx, fy = ev.pos.x() - ev.square[0], ev.pos.y() - ev.square[1]
        self.on_click(ev.square, across_nearest_edge(ev.square, fx, fy), ev.shift)
        return True

    def move(self, ev: MouseInfo) -> None:
        self.show_hover(ev.square)

    def deactivate(self) -> None:
        super().deactivate()
        self.canvas.overlays.hover.hide()
        self.on_deactivate()
