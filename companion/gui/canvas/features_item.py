"""The map's features layer: door, stair and obstacle glyphs, room names, floor heights.

Painted in device pixels and only for the squares in view.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter

from companion.gui.canvas import glyphs
from companion.gui.canvas.items import DeviceItem, DeviceMap
from companion.model.dungeon import DungeonMap, Terrain
from companion.model.mapfile import MapDocument

#: Below these many device pixels per square glyphs (numbers) are not drawn (noise).
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
