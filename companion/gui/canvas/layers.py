"""The map's standing layers: colour image, grid, edges, features and figures.

Five items draw the whole map at any size: an RGBA ``ImageItem`` (one pixel per
square, redrawn only where the map changed), a grid and two edge paths, and two
painted items that draw glyphs and figures only for the squares in view.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from companion.gui.canvas import glyphs
from companion.gui.canvas.items import DeviceItem, DeviceMap
from companion.gui.canvas.render import (
    grid_edges,
    render_rgba,
    steep_edges,
    tiled_segments,
    unfogged,
    wall_edges,
)
from companion.model.dungeon import DungeonMap, Terrain
from companion.model.edits import Changes
from companion.model.labels import unique_initials
from companion.model.mapfile import FigurePlacement, MapDocument

#: Below these many device pixels per square a layer is not drawn (it would be noise).
GRID_MIN_PX = 9.0
GLYPH_MIN_PX = 9.0
NUMBER_MIN_PX = 14.0
_DOORS = (int(Terrain.DOOR_OPEN), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED))
#: Terrain whose squares show their floor height when numbers are on.
_NUMBERED = [
    int(Terrain.FLOOR),
    int(Terrain.STAIRS),
    int(Terrain.FIRE_SPOUT),
    *_DOORS,
    int(Terrain.WATER),
    int(Terrain.LAVA),
]
_NUMBERS = [str(h) for h in range(256)]
#: Terrain drawn as a glyph (doors, stairs, fire spouts, rubble).
_FEATURES = [*_DOORS, int(Terrain.STAIRS), int(Terrain.FIRE_SPOUT), int(Terrain.OBSTACLE)]
_ZERO = QColor(250, 250, 250, 80)
_LIGHT = QColor(255, 255, 255, 235)
_DARK = QColor(20, 22, 26, 220)


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
    """

    def __init__(self, rect: QRectF, pen: QPen, min_px: float) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.pen = pen
        self.min_px = min_px
        self.segs = np.zeros((0, 4))
        self._path: QPainterPath | None = None
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


class FeaturesItem(DeviceItem):
    """Doors, stairs, fire spouts, obstacles, furniture, room names and height numbers."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=3)
        self.doc: MapDocument | None = None
        self.show_heights = False
        self.show_rooms = True
        self.fog: np.ndarray | None = None
        self.font = font
        self._room_anchors: list[tuple[int, int, int]] = []
        self._widest: tuple[object, float] = (None, 0.0)

    def refresh(
        self, doc: MapDocument, region: tuple[int, int, int, int] | None = None, rooms: bool = True
    ) -> None:
        """Show ``doc``; ``region``: only these squares changed; ``rooms``: the rooms did."""
        self.doc = doc
        if rooms:
            self._room_anchors = room_anchors(doc.dungeon)
        if region is None or rooms:
            self.update()
        else:
            x0, y0, x1, y1 = region
            # A door's glyph depends on its neighbours; numbers sit inside their square.
            self.update(QRectF(x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2))

    def _fogged(self, x: int, y: int) -> bool:
        return self.fog is not None and bool(self.fog[y, x])

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        if self.doc is None:
            return
        d = self.doc.dungeon
        x0, y0, x1, y1 = view.visible_range(d.width, d.height)
        # Glyphs spill over their square (an open door's leaf): one square of margin.
        gx0, gy0, gx1, gy1 = view.visible_range(d.width, d.height, margin=1)
        if view.scale >= GLYPH_MIN_PX and gx1 > gx0 and gy1 > gy0:
            window = d.terrain[gy0:gy1, gx0:gx1]
            marked = np.isin(window, _FEATURES)
            if self.fog is not None:
                marked &= ~self.fog[gy0:gy1, gx0:gx1]
            for y, x in zip(*np.nonzero(marked), strict=True):
                self._draw_feature(
                    painter, view, d, int(x) + gx0, int(y) + gy0, Terrain(int(window[y, x]))
                )
            for (x, y), obj in d.objects.items():
                if gx0 <= x < gx1 and gy0 <= y < gy1 and not self._fogged(x, y):
                    glyphs.draw_object(painter, view.square(x, y), obj)
        if self.show_heights and view.scale >= NUMBER_MIN_PX:
            self._draw_heights(painter, view, d, (x0, y0, x1, y1))
        if self.show_rooms:
            self._draw_room_names(painter, view, d)

    def _draw_feature(
        self, p: QPainter, view: DeviceMap, d: DungeonMap, x: int, y: int, t: Terrain
    ) -> None:
        r = view.square(x, y)
        if t.is_door:

            def wallish(xx: int, yy: int) -> bool:
                return d.in_bounds(xx, yy) and int(d.terrain[yy, xx]) in (
                    int(Terrain.WALL),
                    *_DOORS,
                )

            across = wallish(x - 1, y) + wallish(x + 1, y)
            down = wallish(x, y - 1) + wallish(x, y + 1)
            glyphs.draw_door(p, r, t, along_x=across >= down)
        elif t is Terrain.STAIRS:
            rises = d.stairs_at(x, y)
            if rises is not None:
                glyphs.draw_stairs(p, r, rises)
        elif t is Terrain.FIRE_SPOUT:
            glyphs.draw_fire_spout(p, r)
        elif t is Terrain.OBSTACLE:
            glyphs.draw_rubble(p, r)

    def _draw_heights(
        self, p: QPainter, view: DeviceMap, d: DungeonMap, rng: tuple[int, int, int, int]
    ) -> None:
        """Floor heights in each square's top-left corner (vectorised placement)."""
        x0, y0, x1, y1 = rng
        if x1 <= x0 or y1 <= y0:
            return
        f = QFont(self.font)
        f.setPixelSize(max(8, int(view.scale * 0.26)))
        f.setBold(True)
        p.setFont(f)
        ascent = p.fontMetrics().ascent()
        sub_t = d.terrain[y0:y1, x0:x1]
        sub_f = d.floor[y0:y1, x0:x1]
        shown = np.isin(sub_t, _NUMBERED)
        if self.fog is not None:
            shown &= ~self.fog[y0:y1, x0:x1]
        ys, xs = np.nonzero(shown)
        heights = sub_f[ys, xs]
        t = view.transform
        pad = view.scale * 0.07
        px = t.m11() * (xs + x0) + t.m21() * (ys + y0) + t.dx() + pad
        py = t.m12() * (xs + x0) + t.m22() * (ys + y0) + t.dy() + pad * 0.4 + ascent
        for colour, pick in (
            (_ZERO, heights == 0),
            (_LIGHT, (heights > 0) & (heights < 3)),
            (_DARK, heights >= 3),
        ):
            idx = np.nonzero(pick)[0]
            if len(idx) == 0:
                continue
            p.setPen(colour)
            for i in idx:
                p.drawText(QPointF(float(px[i]), float(py[i])), _NUMBERS[int(heights[i])])
        p.setPen(QColor(255, 240, 200))
        for (x, y), obj in d.objects.items():
            if x0 <= x < x1 and y0 <= y < y1 and not self._fogged(x, y):
                r = view.square(x, y).adjusted(pad, pad, -pad, -pad * 0.4)
                p.drawText(
                    r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, f"+{obj.height}"
                )

    def _widest_name(self, metrics: QFontMetrics, d: DungeonMap) -> float:
        """Pixels of the widest room name label at this font (cached)."""
        key = (metrics.height(), tuple((r.name, r.hidden) for r in d.rooms))
        if self._widest[0] != key:
            widest = max(
                (
                    metrics.horizontalAdvance(r.name + ("  (hidden)" if r.hidden else ""))
                    for r in d.rooms
                ),
                default=0,
            )
            self._widest = (key, widest + 12.0)
        return self._widest[1]

    def _draw_room_names(self, p: QPainter, view: DeviceMap, d: DungeonMap) -> None:
        if not d.rooms or view.scale < 6:
            return
        f = QFont(self.font)
        f.setPixelSize(int(min(max(11, view.scale * 0.36), 18)))
        f.setBold(True)
        p.setFont(f)
        metrics = p.fontMetrics()
        # A name starts at its room's top-left square and runs right and down from it.
        x0, y0, x1, y1 = view.visible_range(d.width, d.height)
        reach = math.ceil(self._widest_name(metrics, d) / view.scale) + 1
        for i, left, top in self._room_anchors:
            if not (x0 - reach <= left < x1 and y0 - 2 <= top < y1) or i >= len(d.rooms):
                continue
            room = d.rooms[i]
            if self._fogged(left, top):
                continue
            anchor = view.point(left + 0.12, top + 0.1)
            text = room.name + ("  (hidden)" if room.hidden else "")
            w = metrics.horizontalAdvance(text) + 12
            h = metrics.height() + 4
            box = QRectF(anchor.x(), anchor.y(), w, h)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(20, 22, 28, 185))
            p.drawRoundedRect(box, h / 2, h / 2)
            p.setPen(QColor(255, 230, 160))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class FiguresItem(DeviceItem):
    """Round markers for the figures on the map."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=10)
        self.figures: list[FigurePlacement] = []
        self.texts: dict[str, str] = {}
        self.selected: str | None = None
        self.hidden: set[str] = set()
        self.font = font
        self.offsets: dict[str, QPointF] = {}
        #: The open game's facings, degrees clockwise from north, by figure (None: it
        #: does not face, no notch); a figure not here faces as its placement says.
        self.headings: dict[str, float | None] = {}
        #: Figures picked out by a measurement (inside an area, attackable...).
        self.marked: dict[str, QColor] = {}
        #: Base widths in squares of figures larger than one square (a table's round bases).
        self.sizes: dict[str, float] = {}
        #: ``"corner"`` for a figure whose wider base starts at its square (a grid's 2x2
        #: footprint, drawn on the middle of its squares); others are centred on theirs.
        self.anchors: dict[str, str] = {}
        #: The hidden figures, sizes and anchors the figures were last drawn with.
        self._look: tuple[set[str], dict[str, float], dict[str, str]] | None = None

    def set_figures(self, figures: list[FigurePlacement]) -> None:
        """Show ``figures``; when only some of them changed (a figure moved, turned...)
        and nothing else about the look did, only their old and new places are painted
        again, not the whole map."""
        old = self.figures
        self.figures = list(figures)
        #: Each figure's token text, unique on the board ("GGu" and "GGe", not two "GG").
        texts = unique_initials((f.id, f.label) for f in self.figures)
        look = (set(self.hidden), dict(self.sizes), dict(self.anchors))
        same_look = texts == self.texts and look == self._look
        self.texts = texts
        self._look = look
        if not same_look or [f.id for f in old] != [f.id for f in self.figures]:
            self.update()  # the figures come, go, or are drawn another way: all of them
            return
        for before, after in zip(old, self.figures, strict=True):
            if before != after:
                for f in (before, after):
                    grow = self.sizes.get(f.id, 1.0)
                    self.update(QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1))

    def set_headings(self, headings: dict[str, float | None]) -> None:
        """The open game's facings (``headings``); repaints only the figures turned."""
        if headings == self.headings:
            return
        changed = {
            k
            for k in headings.keys() | self.headings.keys()
            if headings.get(k) != self.headings.get(k)
        }
        self.headings = dict(headings)
        for f in self.figures:
            if f.id in changed:
                grow = self.sizes.get(f.id, 1.0)
                self.update(QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1))

    def set_marked(self, marked: dict[str, QColor]) -> None:
        """Ring these figures (others lose their ring); repaints only the figures changed."""
        if marked == self.marked:
            return
        changed = {
            k for k in marked.keys() | self.marked.keys() if marked.get(k) != self.marked.get(k)
        }
        self.marked = dict(marked)
        for f in self.figures:
            if f.id in changed:
                grow = self.sizes.get(f.id, 1.0)
                self.update(QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1))

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        r_ex = view.exposed
        x0, y0 = r_ex.left() - 1, r_ex.top() - 1
        x1, y1 = r_ex.right() + 1, r_ex.bottom() + 1
        for f in self.figures:
            if f.id in self.hidden:
                continue
            x, y = f.at
            off = self.offsets.get(f.id)
            size = self.sizes.get(f.id, 1.0)
            grow = size - 1.0  # a wider base reaches into the exposed part from outside
            if off is None and not (x0 - grow <= x < x1 and y0 - grow <= y < y1):
                continue
            r = view.square(x, y)
            if off is not None:
                r = view.square(off.x(), off.y())
            if size != 1.0:  # a wider base, centred on its square or on its footprint
                centre = r.center()
                if self.anchors.get(f.id) == "corner":
                    centre += QPointF(r.width(), r.height()) * ((size - 1) / 2)
                r = QRectF(0, 0, r.width() * size, r.height() * size)
                r.moveCenter(centre)
            mark = self.marked.get(f.id)
            if mark is not None:
                painter.setPen(QPen(mark, max(2.0, view.scale * 0.09)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                rad = r.width() * 0.5
                painter.drawEllipse(r.center(), rad, rad)
            glyphs.draw_figure(
                painter,
                r,
                f.label,
                f.side,
                self.headings.get(f.id, f.facing) if self.headings else f.facing,
                large=f.large,
                selected=f.id == self.selected,
                font=self.font,
                text=self.texts.get(f.id),
            )


def room_anchors(d: DungeonMap) -> list[tuple[int, int, int]]:
    """Where each room's name goes: ``(index, x, y)`` of its top row's leftmost square."""
    out: list[tuple[int, int, int]] = []
    ys, xs = np.nonzero(d.room_of >= 0)
    if len(xs) == 0:
        return out
    rooms = d.room_of[ys, xs]
    order = np.lexsort((xs, ys, rooms))  # by room, then row, then column
    rooms, ys, xs = rooms[order], ys[order], xs[order]
    first = np.nonzero(np.diff(rooms, prepend=-2))[0]
    return [(int(rooms[i]), int(xs[i]), int(ys[i])) for i in first]


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
