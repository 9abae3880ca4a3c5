"""The map legend: floor colours by height and what each terrain looks like."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

from companion.gui.canvas import glyphs
from companion.gui.canvas.render import HEIGHT_RAMP, TERRAIN_RGB, height_rgb
from companion.model.dungeon import Facing, MapObject, ObjectKind, Terrain

SW = 26  # swatch size in pixels
ROW = 32


def _rgb(t: tuple[int, int, int]) -> QColor:
    return QColor(*t)


class LegendWidget(QWidget):
    """Painted with the canvas's own colours and glyphs, so it always matches."""

    ENTRIES = (
        ("Wall", Terrain.WALL),
        ("Water", Terrain.WATER),
        ("Lava", Terrain.LAVA),
        ("Fire spout", Terrain.FIRE_SPOUT),
        ("Obstacle", Terrain.OBSTACLE),
        ("Stairs (arrow points up)", Terrain.STAIRS),
        ("Closed door", Terrain.DOOR_CLOSED),
        ("Open door", Terrain.DOOR_OPEN),
        ("Locked door", Terrain.DOOR_LOCKED),
        ("Void (no floor)", Terrain.VOID),
        ("Difficult ground", Terrain.DIFFICULT),
    )

    def sizeHint(self) -> QSize:
        return QSize(210, 60 + ROW * (len(self.ENTRIES) + 5))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().windowText().color()
        f = QFont(self.font())
        f.setBold(True)
        p.setFont(f)
        p.setPen(text)
        p.drawText(QPointF(8, 16), "Floor height (bricks)")
        n = len(HEIGHT_RAMP)
        w = min(SW, (self.width() - 16) // n)
        p.setFont(self.font())
        for h in range(n):
            r = QRectF(8 + h * w, 24, w, SW)
            p.fillRect(r, _rgb(height_rgb(h)))
            p.setPen(QColor(20, 22, 26) if h >= 3 else QColor(250, 250, 250))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"{h}+" if h == n - 1 else str(h))
        y = 24 + SW + 12
        for label, terrain in self.ENTRIES:
            r = QRectF(8, y, SW, SW)
            base = TERRAIN_RGB.get(terrain, height_rgb(0))
            p.fillRect(r, _rgb(base))
            self._glyph(p, r, terrain)
            p.setPen(text)
            p.drawText(QRectF(8 + SW + 10, y, 200, SW), Qt.AlignmentFlag.AlignVCenter, label)
            y += ROW
        # A steep edge: two floors 2+ bricks apart.
        r1, r2 = QRectF(8, y, SW / 2, SW), QRectF(8 + SW / 2, y, SW / 2, SW)
        p.fillRect(r1, _rgb(height_rgb(0)))
        p.fillRect(r2, _rgb(height_rgb(3)))
        p.setPen(QPen(QColor(20, 14, 8), 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(QPointF(8 + SW / 2, y + 2), QPointF(8 + SW / 2, y + SW - 2))
        dash = QPen(QColor(250, 196, 60), 1.5)
        dash.setDashPattern([2, 2])
        p.setPen(dash)
        p.drawLine(QPointF(8 + SW / 2, y + 2), QPointF(8 + SW / 2, y + SW - 2))
        p.setPen(text)
        p.drawText(
            QRectF(8 + SW + 10, y, 200, SW), Qt.AlignmentFlag.AlignVCenter, "Step of 2+ bricks"
        )
        y += ROW
        r = QRectF(8, y, SW, SW)
        p.fillRect(r, _rgb(height_rgb(1)))
        glyphs.draw_object(p, r, MapObject(ObjectKind.CHEST, 2, Facing.S))
        p.setPen(text)
        p.drawText(QRectF(8 + SW + 10, y, 200, SW), Qt.AlignmentFlag.AlignVCenter, "Furniture")
        y += ROW
        for side, label in (("party", "Party figure"), ("dungeon", "Dungeon figure")):
            r = QRectF(8, y, SW, SW)
            glyphs.draw_figure(p, r, label, side, Facing.E)
            p.setPen(text)
            p.drawText(QRectF(8 + SW + 10, y, 200, SW), Qt.AlignmentFlag.AlignVCenter, label)
            y += ROW
        p.setPen(self.palette().placeholderText().color())
        p.drawText(
            QRectF(8, y, 220, SW), Qt.AlignmentFlag.AlignVCenter, "The white notch shows facing."
        )
        p.end()

    @staticmethod
    def _glyph(p: QPainter, r: QRectF, t: Terrain) -> None:
        if t.is_door:
            glyphs.draw_door(p, r, t, along_x=True)
        elif t is Terrain.STAIRS:
            p.fillRect(r, _rgb(height_rgb(1)))
            glyphs.draw_stairs(p, r, Facing.N)
        elif t is Terrain.FIRE_SPOUT:
            glyphs.draw_fire_spout(p, r)
        elif t is Terrain.OBSTACLE:
            glyphs.draw_rubble(p, r)


class LegendDock(QDockWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Legend", parent)
        self.setObjectName("legendDock")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(LegendWidget())
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(scroll)
