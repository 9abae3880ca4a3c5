"""The map's standing layers: colour image, grid, edges, features and figures.

Five items draw the whole map at any size: an RGBA ``ImageItem`` (one pixel per
square, redrawn only where the map changed), a grid and two edge paths, and two
painted items that draw glyphs and figures only for the squares in view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from companion.gui.canvas import glyphs
from companion.gui.canvas.items import DeviceItem, DeviceMap
from companion.gui.canvas.render import (
    edge_segments,
    grid_edges,
    render_rgba,
    segments_array,
    steep_edges,
    wall_edges,
)
from companion.model.dungeon import DungeonMap, Terrain
from companion.model.edits import Changes
from companion.model.mapfile import FigurePlacement, MapDocument

#: Below these many device pixels per square a layer is not drawn (it would be noise).
GRID_MIN_PX = 9.0
GLYPH_MIN_PX = 9.0
NUMBER_MIN_PX = 14.0
_DOORS = (int(Terrain.DOOR_OPEN), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED))
#: Terrain whose squares show their floor height when numbers are on.
_NUMBERED = [int(Terrain.FLOOR), int(Terrain.STAIRS), int(Terrain.FIRE_SPOUT), *_DOORS,
             int(Terrain.WATER), int(Terrain.LAVA)]
_NUMBERS = [str(h) for h in range(256)]
_ZERO = QColor(250, 250, 250, 80)
_LIGHT = QColor(255, 255, 255, 235)
_DARK = QColor(20, 22, 26, 220)


class BaseImage(pg.ImageItem):
    """Terrain and floor colours, one RGBA pixel per square."""

    def __init__(self) -> None:
        super().__init__(axisOrder="row-major")
        self.setZValue(0)
        self._rgba: np.ndarray | None = None

    def redraw(self, dungeon: DungeonMap, region: tuple[int, int, int, int] | None,
               fog: np.ndarray | None) -> None:
        self._rgba = render_rgba(dungeon, region, fog=fog, out=self._rgba)
        self.setImage(self._rgba, autoLevels=False, levels=(0, 255))

    @property
    def rgba(self) -> np.ndarray | None:
        return self._rgba


class GridItem(QGraphicsPathItem):
    """Thin lines between squares one can stand on, only when zoomed in enough to help."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(1)
        pen = QPen(QColor(24, 22, 20, 80), 1)
        pen.setCosmetic(True)
        self.setPen(pen)

    def rebuild(self, dungeon: DungeonMap) -> None:
        vertical, horizontal = grid_edges(dungeon)
        self.setPath(segments_path(segments_array(vertical, horizontal, 0.0, 0.0)))

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        t = painter.worldTransform()
        if abs(t.m11()) + abs(t.m12()) >= GRID_MIN_PX:
            super().paint(painter, option, widget)  # type: ignore[arg-type]


def segments_path(segs: np.ndarray) -> QPainterPath:
    """One path of many straight segments ``(n, 4)``, built without a Python loop."""
    if len(segs) == 0:
        return QPainterPath()
    x = segs[:, [0, 2]].ravel()
    y = segs[:, [1, 3]].ravel()
    return pg.arrayToQPath(x, y, connect="pairs", finiteCheck=False)


class ScaledPathItem(QGraphicsPathItem):
    """A path item that skips painting when squares are smaller than ``min_px`` pixels."""

    def __init__(self, min_px: float) -> None:
        super().__init__()
        self.min_px = min_px

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        t = painter.worldTransform()
        if abs(t.m11()) + abs(t.m12()) >= self.min_px:
            super().paint(painter, option, widget)  # type: ignore[arg-type]


class TiledPath:
    """Many segments split into one path item per 32x32-square tile.

    The scene then draws only the tiles in view, so a 512x512 map with thousands of
    edges pans as fast as a small one.
    """

    TILE = 32

    def __init__(self, vb: pg.ViewBox, pen: QPen, z: float, min_px: float = 0.0) -> None:
        self.vb = vb
        self.pen = pen
        self.z = z
        self.min_px = min_px
        self.items: dict[tuple[int, int], ScaledPathItem] = {}
        self.visible = True

    def set_segments(self, segs: np.ndarray,
                     region: tuple[int, int, int, int] | None = None) -> None:
        """Show ``segs``; with a ``region`` (x0, y0, x1, y1) only its tiles are redone."""
        keep: tuple[int, int, int, int] | None = None
        if region is not None:
            x0, y0, x1, y1 = region
            t = self.TILE
            keep = ((x0 - 1) // t, (y0 - 1) // t, (x1 + 1) // t, (y1 + 1) // t)
            mx = (segs[:, 0] + segs[:, 2]) * 0.5 // t
            my = (segs[:, 1] + segs[:, 3]) * 0.5 // t
            segs = segs[(mx >= keep[0]) & (mx <= keep[2]) & (my >= keep[1]) & (my <= keep[3])]
        keys: dict[tuple[int, int], np.ndarray] = {}
        if len(segs):
            tx = ((segs[:, 0] + segs[:, 2]) * 0.5 // self.TILE).astype(np.int64)
            ty = ((segs[:, 1] + segs[:, 3]) * 0.5 // self.TILE).astype(np.int64)
            code = tx * 4096 + ty
            order = np.argsort(code, kind="stable")
            code, segs = code[order], segs[order]
            bounds = np.nonzero(np.diff(code))[0] + 1
            for part in np.split(np.arange(len(code)), bounds):
                c = int(code[part[0]])
                keys[(c // 4096, c % 4096)] = segs[part]
        for key in list(self.items):
            inside = keep is None or (keep[0] <= key[0] <= keep[2]
                                      and keep[1] <= key[1] <= keep[3])
            if inside and key not in keys:
                self.items[key].setPath(QPainterPath())
        for key, part in keys.items():
            item = self.items.get(key)
            if item is None:
                item = ScaledPathItem(self.min_px)
                item.setPen(self.pen)
                item.setZValue(self.z)
                item.setVisible(self.visible)
                self.vb.addItem(item, ignoreBounds=True)
                self.items[key] = item
            item.setPath(segments_path(part))

    def set_visible(self, on: bool) -> None:
        self.visible = on
        for item in self.items.values():
            item.setVisible(on)


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
        over.setDashPattern([1.2, 1.2])
        self.steep = TiledPath(vb, over, 2.2, min_px=10)

    def rebuild(self, dungeon: DungeonMap, board: Any,
                region: tuple[int, int, int, int] | None = None) -> None:
        """Recompute the edges; ``region``: only the tiles around these squares changed.

        Which steps are too steep is the geometry's call (``board``), not the canvas's.
        """
        self.walls.set_segments(edge_segments(*wall_edges(dungeon)), region)
        layers = board.layers
        steep = edge_segments(*steep_edges(layers.step_masks, layers.blocks_movement))
        self.steep_under.set_segments(steep, region)
        self.steep.set_segments(steep, region)


class RoomOutlines(QGraphicsPathItem):
    """Dashed outlines around named rooms (edit mode)."""

    def __init__(self) -> None:
        super().__init__()
        pen = QPen(QColor(255, 226, 140, 170), 1.6)
        pen.setCosmetic(True)
        pen.setDashPattern([5, 4])
        self.setPen(pen)
        self.setZValue(2.5)

    def rebuild(self, dungeon: DungeonMap) -> None:
        # Boundaries between squares of different rooms (one of them a room).
        r = dungeon.room_of
        padded = np.pad(r, 1, constant_values=-1)
        vertical = (padded[1:-1, 1:] != padded[1:-1, :-1])
        horizontal = (padded[1:, 1:-1] != padded[:-1, 1:-1])
        self.setPath(segments_path(segments_array(vertical, horizontal, 0.0, 0.0)))


class FeaturesItem(DeviceItem):
    """Doors, stairs, fire spouts, obstacles, furniture, room names and height numbers."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=3)
        self.doc: MapDocument | None = None
        self.show_heights = False
        self.show_rooms = True
        self.fog: np.ndarray | None = None
        self.font = font
        self._features: list[tuple[int, int, int]] = []
        self._room_anchors: list[tuple[int, int, int]] = []

    def refresh(self, doc: MapDocument) -> None:
        self.doc = doc
        d = doc.dungeon
        marked = np.isin(d.terrain, [*_DOORS, int(Terrain.STAIRS), int(Terrain.FIRE_SPOUT),
                                     int(Terrain.OBSTACLE)])
        ys, xs = np.nonzero(marked)
        self._features = [(int(x), int(y), int(d.terrain[y, x])) for y, x in zip(ys, xs,
                                                                              strict=True)]
        self._room_anchors = room_anchors(d)
        self.update()

    def _fogged(self, x: int, y: int) -> bool:
        return self.fog is not None and bool(self.fog[y, x])

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        if self.doc is None:
            return
        d = self.doc.dungeon
        x0, y0, x1, y1 = view.visible_range(d.width, d.height)
        if view.scale >= GLYPH_MIN_PX:
            for x, y, t in self._features:
                if x0 <= x < x1 and y0 <= y < y1 and not self._fogged(x, y):
                    self._draw_feature(painter, view, d, x, y, Terrain(t))
            for (x, y), obj in d.objects.items():
                if x0 <= x < x1 and y0 <= y < y1 and not self._fogged(x, y):
                    glyphs.draw_object(painter, view.square(x, y), obj)
        if self.show_heights and view.scale >= NUMBER_MIN_PX:
            self._draw_heights(painter, view, d, (x0, y0, x1, y1))
        if self.show_rooms:
            self._draw_room_names(painter, view, d)

    def _draw_feature(self, p: QPainter, view: DeviceMap, d: DungeonMap, x: int, y: int,
                      t: Terrain) -> None:
        r = view.square(x, y)
        if t.is_door:
            def wallish(xx: int, yy: int) -> bool:
                return d.in_bounds(xx, yy) and int(d.terrain[yy, xx]) in (
                    int(Terrain.WALL), *_DOORS)

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

    def _draw_heights(self, p: QPainter, view: DeviceMap, d: DungeonMap,
                      rng: tuple[int, int, int, int]) -> None:
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
        for colour, pick in ((_ZERO, heights == 0), (_LIGHT, (heights > 0) & (heights < 3)),
                             (_DARK, heights >= 3)):
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
                p.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                           f"+{obj.height}")

    def _draw_room_names(self, p: QPainter, view: DeviceMap, d: DungeonMap) -> None:
        if not d.rooms or view.scale < 6:
            return
        f = QFont(self.font)
        f.setPixelSize(int(min(max(11, view.scale * 0.36), 18)))
        f.setBold(True)
        p.setFont(f)
        metrics = p.fontMetrics()
        for i, left, top in self._room_anchors:
            if i >= len(d.rooms):
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
        self.selected: str | None = None
        self.hidden: set[str] = set()
        self.font = font
        self.offsets: dict[str, QPointF] = {}
        #: Figures picked out by a measurement (inside an area, attackable...).
        self.marked: dict[str, QColor] = {}

    def set_figures(self, figures: list[FigurePlacement]) -> None:
        self.figures = list(figures)
        self.update()

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        for f in self.figures:
            if f.id in self.hidden:
                continue
            x, y = f.at
            r = view.square(x, y)
            off = self.offsets.get(f.id)
            if off is not None:
                r = view.square(off.x(), off.y())
            mark = self.marked.get(f.id)
            if mark is not None:
                painter.setPen(QPen(mark, max(2.0, view.scale * 0.09)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                rad = view.scale * 0.5
                painter.drawEllipse(r.center(), rad, rad)
            glyphs.draw_figure(painter, r, f.label, f.side, f.facing, large=f.large,
                               selected=f.id == self.selected, font=self.font)


def room_anchors(d: DungeonMap) -> list[tuple[int, int, int]]:
    """Where each room's name goes: ``(index, x, y)`` of its top row's leftmost square."""
    out = []
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
    return (changes.everything or changes.objects
            or bool(changes.layers & {"terrain", "floor", "stairs"}))
