"""Long paths cut into tiles: the grid, walls and room outlines at any map size.

Each tile is one graphics item drawing its part of the segments, so an edit redraws only
the tiles around it, and a tile too small on screen to read is not drawn.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from companion.gui.canvas.render import (
    tiled_segments,
)


def segments_path(segs: np.ndarray) -> QPainterPath:
    """One path of many straight segments ``(n, 4)``, built without a Python loop."""
    if len(segs) == 0:
        return QPainterPath()
    x = segs[:, [0, 2]].ravel()
    y = segs[:, [1, 3]].ravel()
    return pg.arrayToQPath(x, y, connect="pairs", finiteCheck=False)


class TileItem(QGraphicsItem):
    """One tile's segments, drawn with one pen when squares are ``min_px`` pixels or more.

    Its bounds are the tile's, fixed: changing the segments repaints only the part of
    the tile they changed in, and a small repaint strokes only the segments there.

    A solid cosmetic pen (the grid) is stroked once per rectangle of the region the view
    repaints, clipped to it: under a clip of several rectangles the raster engine steps
    every pixel of a thin line through the clip, however little of it shows, and under
    one rectangle it cuts the line first.  Each pixel lies in one rectangle, and a line's
    pixels do not depend on the clip, so the result is the same.
    """

    def __init__(self, rect: QRectF, pen: QPen, min_px: float) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.pen = pen
        self.min_px = min_px
        self.segs = np.zeros((0, 4))
        self._path: QPainterPath | None = None
        #: A solid cosmetic pen (the grid) strokes per repainted rectangle; a dashed one
        #: keeps one stroke (where its dashes fall depends on the pieces drawn).
        self._by_rect = pen.isCosmetic() and pen.style() == Qt.PenStyle.SolidLine
        self._grow = 0.5 + (0.0 if pen.isCosmetic() else pen.widthF())
        self._rect = rect.adjusted(-self._grow, -self._grow, self._grow, self._grow)

    def boundingRect(self) -> QRectF:
        return self._rect

    @property
    def path(self) -> QPainterPath:
        """All the tile's segments as one path (built when first drawn whole)."""
        if self._path is None:
            self._path = segments_path(self.segs)
        return self._path

    def set_segments(self, segs: np.ndarray, dirty: QRectF | None = None) -> None:
        self.segs = segs
        self._path = None
        self.update(self._rect if dirty is None else dirty)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: object = None
    ) -> None:
        t = painter.worldTransform()
        if abs(t.m11()) + abs(t.m12()) < self.min_px or not len(self.segs):
            return
        painter.setPen(self.pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = option.exposedRect
        if self._by_rect and self._stroke_by_rect(painter, r):
            return
        self._stroke(painter, r)

    def _stroke_by_rect(self, painter: QPainter, r: QRectF) -> bool:
        """Stroke once per rectangle of the region painted; False if it is one rectangle.

        The region (the system clip) is in the paint device's pixels: a widget painted
        into its window's backing store is offset from it (the redirection, a whole
        number of pixels, which the device transform includes).
        """
        engine = painter.paintEngine()
        region = engine.systemClip() if engine is not None else None
        if region is None or region.rectCount() < 2:
            return False
        world = painter.worldTransform()
        device = painter.deviceTransform()
        to_item, invertible = device.inverted()
        from_world, world_invertible = world.inverted()
        shift = from_world * device  # the redirection alone
        if not (invertible and world_invertible) or shift.isScaling() or shift.isRotating():
            return False
        dx, dy = round(shift.dx()), round(shift.dy())
        for rect in region:  # type: ignore[attr-defined]  # iterable at run time
            part = to_item.mapRect(QRectF(rect))
            if r.isValid():
                part &= r
            if part.isEmpty():
                continue
            painter.save()
            painter.resetTransform()
            painter.setClipRect(rect.translated(-dx, -dy), Qt.ClipOperation.IntersectClip)
            painter.setWorldTransform(world)
            self._stroke(painter, part)
            painter.restore()
        return True

    def _stroke(self, painter: QPainter, r: QRectF) -> None:
        """Stroke the segments that may show in ``r`` (item units; invalid: all)."""
        if r.isValid() and r.width() * r.height() < 0.25 * self._rect.width() * self._rect.height():
            g = self._grow
            part = _touching(self.segs, (r.left() - g, r.top() - g, r.right() + g, r.bottom() + g))
            if len(part):
                painter.drawPath(segments_path(part))
        else:
            painter.drawPath(self.path)


def _touching(segs: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The segments that reach into ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    xs, ys = segs[:, [0, 2]], segs[:, [1, 3]]
    near = (
        (xs.max(axis=1) >= x0)
        & (xs.min(axis=1) <= x1)
        & (ys.max(axis=1) >= y0)
        & (ys.min(axis=1) <= y1)
    )
    return segs[near]


def _dirty(
    old: np.ndarray,
    new: np.ndarray,
    region: tuple[int, int, int, int],
    grow: float,
    dashed: bool,
) -> QRectF:
    """What changes on screen when ``old`` segments become ``new`` around ``region``.

    With a ``dashed`` pen, runs that cross the changed squares change as a whole (their
    dash pattern starts at their first end), so the rectangle covers them too.
    """
    x0, y0, x1, y1 = region
    box = (x0 - 1.0, y0 - 1.0, x1 + 1.0, y1 + 1.0)
    parts = [np.array([box])]
    if dashed:
        parts += [_touching(old, box), _touching(new, box)]
    segs = np.concatenate(parts)
    bx0, bx1 = segs[:, [0, 2]].min(), segs[:, [0, 2]].max()
    by0, by1 = segs[:, [1, 3]].min(), segs[:, [1, 3]].max()
    return QRectF(bx0 - grow, by0 - grow, bx1 - bx0 + 2 * grow, by1 - by0 + 2 * grow)


class TiledPath:
    """Many segments split into one item per 32x32-square tile.

    The scene then draws only the tiles in view, so a 512x512 map with thousands of
    edges pans as fast as a small one, and an edit rebuilds only the tiles it touches.
    """

    TILE = 32

    def __init__(
        self,
        vb: pg.ViewBox,
        pen: QPen,
        z: float,
        min_px: float = 0.0,
        dashed: bool | None = None,
    ) -> None:
        self.vb = vb
        self.pen = pen
        self.z = z
        self.min_px = min_px
        self.items: dict[tuple[int, int], TileItem] = {}
        self.visible = True
        #: Whether a run's dashes depend on where it starts (so a change repaints it all).
        self.dashed = pen.style() != Qt.PenStyle.SolidLine if dashed is None else dashed

    def set_masks(
        self,
        vertical: np.ndarray,
        horizontal: np.ndarray,
        vx0: float,
        hy0: float,
        region: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Show the edges of two masks (as ``segments_array`` reads them).

        With a ``region`` (x0, y0, x1, y1) of changed squares, only the tiles within one
        square of it are rebuilt, and only what changed in them is repainted.
        """
        t = self.TILE
        rows = max(vertical.shape[0], horizontal.shape[0])
        cols = max(vertical.shape[1], horizontal.shape[1])
        if region is None:
            tx0, ty0, tx1, ty1 = 0, 0, (cols - 1) // t, (rows - 1) // t
        else:
            x0, y0, x1, y1 = region
            tx0, ty0 = max(x0 - 1, 0) // t, max(y0 - 1, 0) // t
            tx1, ty1 = min(x1, cols - 1) // t, min(y1, rows - 1) // t
        sx, sy = tx0 * t, ty0 * t
        window = np.s_[sy : (ty1 + 1) * t, sx : (tx1 + 1) * t]
        segs, tx, ty = tiled_segments(vertical[window], horizontal[window], vx0, hy0, t)
        segs += (sx, sy, sx, sy)
        tx += tx0
        ty += ty0
        order = np.lexsort((ty, tx))
        segs, tx, ty = segs[order], tx[order], ty[order]
        keys = tx * 65536 + ty
        bounds = np.flatnonzero(np.diff(keys)) + 1
        parts = {
            (int(tx[p[0]]), int(ty[p[0]])): segs[p]
            for p in np.split(np.arange(len(keys)), bounds)
            if len(p)
        }
        empty = np.zeros((0, 4))
        if region is None:
            for (kx, ky), item in self.items.items():
                if not (tx0 <= kx <= tx1 and ty0 <= ky <= ty1) and len(item.segs):
                    item.set_segments(empty)
        for kx in range(tx0, tx1 + 1):
            for ky in range(ty0, ty1 + 1):
                part = parts.get((kx, ky), empty)
                tile = self.items.get((kx, ky))
                if tile is None:
                    if len(part):
                        self._new_item(kx, ky).set_segments(part)
                elif region is None:
                    tile.set_segments(part)
                elif len(part) or len(tile.segs):
                    grow = 1.0 + (0.0 if self.pen.isCosmetic() else self.pen.widthF())
                    dirty = _dirty(tile.segs, part, region, grow, self.dashed)
                    tile.set_segments(part, dirty)

    def _new_item(self, kx: int, ky: int) -> TileItem:
        t = self.TILE
        item = TileItem(QRectF(kx * t, ky * t, t + 1, t + 1), self.pen, self.min_px)
        item.setZValue(self.z)
        item.setVisible(self.visible)
        self.vb.addItem(item, ignoreBounds=True)
        self.items[(kx, ky)] = item
        return item

    def clear(self) -> None:
        """Forget every tile (the map was replaced)."""
        for item in self.items.values():
            self.vb.removeItem(item)
        self.items.clear()

    def set_visible(self, on: bool) -> None:
        self.visible = on
        for item in self.items.values():
            item.setVisible(on)
