"""The map's standing layers: colour image, grid, edges, features and figures.

Five items draw the whole map at any size: an RGBA ``ImageItem`` (one pixel per
square, redrawn only where the map changed), a grid and two edge paths, and two
painted items that draw glyphs and figures only for the squares in view.
"""

from __future__ import annotations

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
    mask_outline,
    render_rgba,
    runs,
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
        segs = []
        for x in np.nonzero(vertical.any(axis=0))[0]:
            segs += [(float(x), float(s), float(x), float(s + n))
                     for s, n in runs(vertical[:, x])]
        for y in np.nonzero(horizontal.any(axis=1))[0]:
            segs += [(float(s), float(y), float(s + n), float(y))
                     for s, n in runs(horizontal[y, :])]
        self.setPath(_segments_path(segs))

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        t = painter.worldTransform()
        if abs(t.m11()) + abs(t.m12()) >= GRID_MIN_PX:
            super().paint(painter, option, widget)  # type: ignore[arg-type]


def _segments_path(segs: list[tuple[float, ...]]) -> QPainterPath:
    path = QPainterPath()
    for x0, y0, x1, y1 in segs:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    return path


class EdgeItems:
    """Wall outlines and the thick marks on steps of 2+ bricks (impassable)."""

    def __init__(self, vb: pg.ViewBox) -> None:
        self.walls = QGraphicsPathItem()
        pen = QPen(QColor(16, 17, 20), 0.07)
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self.walls.setPen(pen)
        self.walls.setZValue(2)
        self.steep_under = QGraphicsPathItem()
        under = QPen(QColor(20, 14, 8), 0.2)
        under.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.steep_under.setPen(under)
        self.steep_under.setZValue(2.1)
        self.steep = QGraphicsPathItem()
        over = QPen(QColor(250, 196, 60), 0.05)
        over.setCapStyle(Qt.PenCapStyle.FlatCap)
        over.setDashPattern([1.2, 1.2])
        self.steep.setPen(over)
        self.steep.setZValue(2.2)
        for item in (self.walls, self.steep_under, self.steep):
            vb.addItem(item)

    def rebuild(self, dungeon: DungeonMap) -> None:
        self.walls.setPath(_segments_path(edge_segments(*wall_edges(dungeon))))
        steep = _segments_path(edge_segments(*steep_edges(dungeon)))
        self.steep_under.setPath(steep)
        self.steep.setPath(steep)


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
        path = QPainterPath()
        for i in range(len(dungeon.rooms)):
            mask = dungeon.room_of == i
            if mask.any():
                path.addPath(_segments_path(mask_outline(mask)))
        self.setPath(path)


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

    def refresh(self, doc: MapDocument) -> None:
        self.doc = doc
        d = doc.dungeon
        marked = np.isin(d.terrain, [*_DOORS, int(Terrain.STAIRS), int(Terrain.FIRE_SPOUT),
                                     int(Terrain.OBSTACLE)])
        ys, xs = np.nonzero(marked)
        self._features = [(int(x), int(y), int(d.terrain[y, x])) for y, x in zip(ys, xs,
                                                                              strict=True)]
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
        x0, y0, x1, y1 = rng
        f = QFont(self.font)
        f.setPixelSize(max(8, int(view.scale * 0.26)))
        f.setBold(True)
        p.setFont(f)
        floorish = np.isin(d.terrain[y0:y1, x0:x1],
                           [int(Terrain.FLOOR), int(Terrain.STAIRS), int(Terrain.FIRE_SPOUT),
                            *_DOORS, int(Terrain.WATER), int(Terrain.LAVA)])
        pad = view.scale * 0.06
        for (yy, xx) in zip(*np.nonzero(floorish), strict=True):
            x, y = int(xx) + x0, int(yy) + y0
            if self._fogged(x, y):
                continue
            h = int(d.floor[y, x])
            r = view.square(x, y).adjusted(pad, pad * 0.4, -pad, -pad)
            if h == 0:
                colour = QColor(250, 250, 250, 80)
            else:
                colour = QColor(20, 22, 26, 220) if h >= 3 else QColor(255, 255, 255, 235)
            p.setPen(colour)
            p.drawText(r, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(h))
        for (x, y), obj in d.objects.items():
            if x0 <= x < x1 and y0 <= y < y1 and not self._fogged(x, y):
                r = view.square(x, y).adjusted(pad, pad, -pad, -pad * 0.4)
                p.setPen(QColor(255, 240, 200))
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
        for i, room in enumerate(d.rooms):
            ys, xs = np.nonzero(d.room_of == i)
            if len(xs) == 0:
                continue
            # Top-left square of the room's first row.
            top = int(ys.min())
            left = int(xs[ys == top].min())
            if self._fogged(left, top) and self.fog is not None:
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


def fog_mask(doc: MapDocument, play: bool) -> np.ndarray | None:
    """Squares of hidden rooms, covered while playing."""
    d = doc.dungeon
    if not play or not any(r.hidden for r in d.rooms):
        return None
    hidden = np.array([r.hidden for r in d.rooms] + [False], bool)
    return hidden[d.room_of]  # room_of == -1 picks the trailing False


def needs_edges(changes: Changes) -> bool:
    return changes.everything or bool(changes.layers & {"terrain", "floor", "stairs"})
