"""A repaint of several separate rectangles draws the grid as a full repaint does.

The grid's tiles stroke their cosmetic pen once per rectangle of the repainted region
(a clip of several rectangles is slow in the raster engine): each rectangle must still
get every grid line that crosses it, and nothing outside the region may change.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import QVBoxLayout, QWidget
from test_canvas_repaint import Rig, pixels, rig, settle

from companion.gui.canvas.layers import GRID_MIN_PX
from companion.gui.testing import PaintRegions

__all__ = ["rig"]  # the fixture, imported for the tests below


def stale_pixels(canvas: Any) -> int:
    """Pixels of the screen (the window's backing store) that differ from a full
    repaint of the view by more than a translucent layer's rounding."""
    settle()
    vp = canvas.viewport()
    at = vp.mapToGlobal(QPoint(0, 0))
    shown = pixels(vp.screen().grabWindow(0, at.x(), at.y(), vp.width(), vp.height()).toImage())
    fresh = pixels(vp.grab().toImage())
    assert shown.shape == fresh.shape
    return int((abs(shown - fresh).reshape(shown.shape[0], -1, 4).max(axis=2) > 12).sum())


def repaint_parts(canvas: Any, parts: list[QRectF]) -> list[Any]:
    """Ask the scene to repaint ``parts`` (map units) and return the regions painted."""
    grid_tile = next(iter(canvas.grid.tiles.items.values()))
    seen = PaintRegions()
    canvas.viewport().installEventFilter(seen)
    try:
        for part in parts:
            canvas.scene().update(grid_tile.mapRectToScene(part))
        settle()
    finally:
        canvas.viewport().removeEventFilter(seen)
    return seen.regions


@pytest.mark.parametrize("offset", [False, True], ids=["alone", "inside-a-window"])
def test_a_repaint_of_separate_rectangles_draws_the_grid_in_each(
    qtbot: Any, rig: Rig, offset: bool
) -> None:
    canvas, _ctx = rig
    if offset:  # the view painted into a window's backing store away from its corner
        outer = QWidget()
        box = QVBoxLayout(outer)
        box.setContentsMargins(37, 23, 5, 5)
        box.addWidget(canvas)
        outer.resize(700, 480)
        outer.show()
        qtbot.waitExposed(outer)
        canvas.centre_on((12, 10), 32.0)
        settle()
    assert canvas.pixels_per_square() >= GRID_MIN_PX  # the grid is drawn at this zoom
    assert canvas.grid.tiles.items, "the map has grid tiles"
    parts = [QRectF(3.3, 4.6, 2.5, 1.7), QRectF(14.2, 9.1, 3.0, 2.4), QRectF(8.7, 13.4, 1.6, 3.2)]
    regions = repaint_parts(canvas, parts)
    stale = stale_pixels(canvas)
    if offset:
        canvas.setParent(None)  # back to the fixture, which closes it
        outer.deleteLater()
    assert any(r.rectCount() > 1 for r in regions), "one paint of several rectangles"
    assert stale == 0


def test_the_check_would_see_a_grid_missing_from_a_part(rig: Rig) -> None:
    canvas, _ctx = rig
    tiles = list(canvas.grid.tiles.items.values())
    kept = [t.segs for t in tiles]
    for t in tiles:
        t.segs = t.segs[:0]  # the grid gone, without telling the view
    parts = [QRectF(3.3, 4.6, 2.5, 1.7), QRectF(14.2, 9.1, 3.0, 2.4)]
    repaint_parts(canvas, parts)
    for t, segs in zip(tiles, kept, strict=True):
        t.segs = segs
    assert stale_pixels(canvas) > 0  # the two parts lack the lines a full repaint draws
