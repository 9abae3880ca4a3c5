"""The map's standing layers: colour image, grid, edges and room outlines.

These draw the whole map at any size: an RGBA image (one pixel per square, redrawn only
where the map changed), a grid and two edge paths (tiled: ``tiles``).  The two painted
layers that draw glyphs and figures only for the squares in view have modules of their
own (``features_item``, ``figures_item``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from companion.gui.canvas.render import (
    grid_edges,
    render_rgba,
    steep_edges,
    unfogged,
    wall_edges,
)
from companion.gui.canvas.tiles import TiledPath
from companion.model.dungeon import DungeonMap
from companion.model.edits import Changes
from companion.model.mapfile import MapDocument

#: Below this many device pixels per square the grid is not drawn (it would be noise).
GRID_MIN_PX = 9.0


class BaseImage(QGraphicsItem):
    """Terrain and floor colours, one RGBA pixel per square.

    The QImage shares the NumPy array's memory: an edit recolours its squares in place
    and repaints only them.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(0)
        self._rgba: np.ndarray | None = None
        self._image: QImage | None = None
        self._rect = QRectF()

    def redraw(
        self, dungeon: DungeonMap, region: tuple[int, int, int, int] | None, fog: np.ndarray | None
    ) -> None:
        old = self._rgba
        self._rgba = render_rgba(dungeon, region, fog=fog, out=self._rgba)
        if self._rgba is not old or self._image is None:
            h, w = self._rgba.shape[:2]
            self.prepareGeometryChange()
            self._image = QImage(self._rgba.data, w, h, w * 4, QImage.Format.Format_RGBA8888)
            self._rect = QRectF(0, 0, w, h)
            region = None
        if region is None:
            self.update()
        else:
            x0, y0, x1, y1 = region
            # Shadows reach one square beyond the squares that changed.
            self.update(QRectF(x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2))

    @property
    def rgba(self) -> np.ndarray | None:
        return self._rgba

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        if self._image is not None:
            painter.drawImage(self._rect, self._image)


class GridItem:
    """Thin lines between squares one can stand on, only when zoomed in enough to help."""

    def __init__(self, vb: pg.ViewBox) -> None:
        pen = QPen(QColor(24, 22, 20, 80), 1)
        pen.setCosmetic(True)
        self.tiles = TiledPath(vb, pen, 1, min_px=GRID_MIN_PX)

    def rebuild(
        self,
        dungeon: DungeonMap,
        region: tuple[int, int, int, int] | None = None,
        fog: np.ndarray | None = None,
    ) -> None:
        """Redraw the lines around ``region`` (all if None); none over ``fog``."""
        vertical, horizontal = grid_edges(dungeon, fog)
        self.tiles.set_masks(vertical, horizontal, 0.0, 0.0, region)

    def setVisible(self, on: bool) -> None:
        self.tiles.set_visible(on)

    def isVisible(self) -> bool:
        return self.tiles.visible


class EdgeItems:
    """Wall outlines and the thick marks on steps of 2+ bricks (impassable)."""

    def __init__(self, vb: pg.ViewBox) -> None:
        pen = QPen(QColor(16, 17, 20), 0.07)
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self.walls = TiledPath(vb, pen, 2, min_px=4)
        under = QPen(QColor(20, 14, 8), 0.2)
        under.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.steep_under = TiledPath(vb, under, 2.1, min_px=2)
        over = QPen(QColor(250, 196, 60), 0.05)
        over.setCapStyle(Qt.PenCapStyle.FlatCap)
        # A dash period of 0.125 squares divides a square, and runs start on square
        # edges: the dashes line up the same wherever a run starts or is cut, so an
        # edit repaints only the squares around it.
        over.setDashPattern([1.25, 1.25])
        self.steep = TiledPath(vb, over, 2.2, min_px=10, dashed=False)

    def rebuild(
        self,
        dungeon: DungeonMap,
        board: Any,
        region: tuple[int, int, int, int] | None = None,
        fog: np.ndarray | None = None,
    ) -> None:
        """Recompute the edges; ``region``: only the tiles around these squares changed.

        Which steps are too steep is the geometry's call (``board``), not the canvas's.
        No edge touching a ``fog``ged square is drawn: it would show a hidden room's shape.
        """
        vertical, horizontal = wall_edges(dungeon)
        if fog is not None:
            vertical, horizontal = unfogged(vertical, horizontal, fog)
        self.walls.set_masks(vertical, horizontal, 1.0, 1.0, region)
        layers = board.layers
        vertical, horizontal = steep_edges(layers.step_masks, layers.blocks_movement)
        if fog is not None:
            vertical, horizontal = unfogged(vertical, horizontal, fog)
        self.steep_under.set_masks(vertical, horizontal, 1.0, 1.0, region)
        self.steep.set_masks(vertical, horizontal, 1.0, 1.0, region)


class RoomOutlines:
    """Dashed outlines around named rooms (edit mode), tiled like the edges."""

    def __init__(self, vb: pg.ViewBox) -> None:
        pen = QPen(QColor(255, 226, 140, 170), 1.6)
        pen.setCosmetic(True)
        pen.setDashPattern([5, 4])
        self.tiles = TiledPath(vb, pen, 2.5)

    def rebuild(self, dungeon: DungeonMap) -> None:
        # Boundaries between squares of different rooms (one of them a room).
        r = dungeon.room_of
        padded = np.pad(r, 1, constant_values=-1)
        vertical = padded[1:-1, 1:] != padded[1:-1, :-1]
        horizontal = padded[1:, 1:-1] != padded[:-1, 1:-1]
        self.tiles.set_masks(vertical, horizontal, 0.0, 0.0)

    def setVisible(self, on: bool) -> None:
        self.tiles.set_visible(on)

    def isVisible(self) -> bool:
        return self.tiles.visible


def fog_mask(doc: MapDocument, play: bool) -> np.ndarray | None:
    """Squares of hidden rooms, covered while playing."""
    d = doc.dungeon
    if not play or not any(r.hidden for r in d.rooms):
        return None
    hidden = np.array([r.hidden for r in d.rooms] + [False], bool)
    return hidden[d.room_of]  # room_of == -1 picks the trailing False


def needs_edges(changes: Changes) -> bool:
    """Whether walls or impassable steps may have moved (objects block steps too)."""
    return (
        changes.everything
        or changes.objects
        or bool(changes.layers & {"terrain", "floor", "stairs"})
    )
