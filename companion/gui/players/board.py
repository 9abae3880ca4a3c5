"""The board as the players may know it, drawn from a ``PublicView`` and nothing else.

A map's known squares in their terrain colours (unknown ones stay the background), the
ruleset's marks and the map's objects on them, and the public figures as round tokens
with their initials; a graph board as its known places and links with the figures at
each.  Whatever is hidden is not in the view, so it cannot be drawn.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.gui.canvas.glyphs import side_colour
from companion.gui.canvas.render import BACKGROUND, TERRAIN_RGB, height_rgb
from companion.model.dungeon import TERRAIN_CHARS, Terrain
from companion.rules.public_view import PublicFigure, PublicPlace, PublicView

_FLOOR_LIKE = {Terrain.FLOOR, Terrain.STAIRS}
#: Cells that frame a map rather than show it: unknown, void and wall (a Heroica board is
#: a few paths in a sea of wall).
_FRAME = {" ", *(ch for ch, t in TERRAIN_CHARS.items() if t in (Terrain.VOID, Terrain.WALL))}
#: The smallest token drawn, in pixels: its initials stay readable from across a table.
MIN_TOKEN_PX = 34.0


def _terrain_colour(ch: str, height: int) -> QColor | None:
    """The colour of a cell's text-map character; None for an unknown or void cell."""
    if ch == " ":
        return None
    terrain = TERRAIN_CHARS.get(ch, Terrain.FLOOR)
    if terrain is Terrain.VOID:
        return None
    if terrain in _FLOOR_LIKE:
        return QColor(*height_rgb(height))
    return QColor(*TERRAIN_RGB.get(terrain, (128, 128, 128)))


def shown_squares(view: PublicView) -> tuple[int, int, int, int]:
    """The first and last column and row the board draws: the squares the players know
    (not blank, void nor wall), the figures and the marks, with one square round them; the
    whole map when nothing is known.  Unknown bands round a map are not drawn, so the
    known part is drawn as large as the screen allows."""
    board = view.board
    xs: list[int] = []
    ys: list[int] = []
    for y, row in enumerate(board.rows):
        cols = [x for x, ch in enumerate(row) if ch not in _FRAME]
        if cols:
            xs += (cols[0], cols[-1])
            ys.append(y)
    for f in view.figures:
        if f.at is not None:
            reach = math.ceil(max(f.size, 1.0)) - 1
            xs += (f.at[0], f.at[0] + reach)
            ys += (f.at[1], f.at[1] + reach)
    for m in board.marks:
        xs.append(m.at[0])
        ys.append(m.at[1])
    width, height = max(board.width, 1), max(board.height, 1)
    if not xs or not ys:
        return 0, 0, width - 1, height - 1
    return (
        max(0, min(xs) - 1),
        max(0, min(ys) - 1),
        min(width - 1, max(xs) + 1),
        min(height - 1, max(ys) + 1),
    )


class PublicBoardView(QWidget):
    """Draws the board of a ``PublicView``; ``texts`` lists every word it drew (tests read
    what a player would see)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: PublicView | None = None
        #: Every text drawn in the last paint: figures' badges and names, places, marks.
        self.texts: list[str] = []
        #: The paths the last paint drew on rolled places: (place, direction, joined).
        self.painted_paths: list[tuple[str, str, bool]] = []
        #: The places the last paint drew greyed (discarded).
        self.painted_greyed: list[str] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 200)

    def show_view(self, view: PublicView | None) -> None:
        self.view = view
        self.texts = self.drawn_texts()
        self.update()

    def drawn_texts(self) -> list[str]:
        """The words the board shows for the current view (what ``paintEvent`` writes)."""
        view = self.view
        if view is None:
            return []
        out = [m.glyph for m in view.board.marks if m.glyph]
        for pl in view.board.places:
            out += [pl.name, pl.face] if pl.face else [pl.name]
        for f in view.figures:
            if view.board.kind == "graph":
                out.append(f.name)
            elif f.at is not None:
                out.append(f.label)
        return out

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(*BACKGROUND))
        view = self.view
        if view is not None:
            if view.board.kind == "graph":
                self._paint_graph(p, view)
            elif view.board.rows:
                self._paint_map(p, view)
        p.end()

    def _cell_geometry(self, view: PublicView) -> tuple[float, float, float]:
        """The side of a cell in pixels and where the map's top-left corner (cell 0, 0)
        falls: the part of the map the players know (``shown_squares``) fills the board."""
        bx0, by0, bx1, by1 = shown_squares(view)
        w, h = bx1 - bx0 + 1, by1 - by0 + 1
        side = min((self.width() - 8) / w, (self.height() - 8) / h)
        x0 = (self.width() - side * w) / 2 - bx0 * side
        y0 = (self.height() - side * h) / 2 - by0 * side
        return side, x0, y0

    def aspect(self) -> float | None:
        """Width over height of what the board draws (None: no map, a graph board)."""
        view = self.view
        if view is None or view.board.kind == "graph" or not view.board.rows:
            return None
        bx0, by0, bx1, by1 = shown_squares(view)
        return (bx1 - bx0 + 1) / (by1 - by0 + 1)

    def _paint_map(self, p: QPainter, view: PublicView) -> None:
        board = view.board
        side, x0, y0 = self._cell_geometry(view)
        heights = board.heights
        for y, row in enumerate(board.rows):
            for x, ch in enumerate(row):
                h = heights[y * board.width + x] if heights else 0
                colour = _terrain_colour(ch, h)
                if colour is None:
                    continue
                if (x + y) % 2:
                    colour = colour.darker(106)
                p.fillRect(QRectF(x0 + x * side, y0 + y * side, side + 0.5, side + 0.5), colour)
        for m in board.marks:
            cell = QRectF(x0 + m.at[0] * side, y0 + m.at[1] * side, side, side)
            colour = QColor(m.colour)
            if m.kind == "fill":
                colour.setAlpha(110 if not m.hatched else 70)
                p.fillRect(cell, colour)
            elif m.kind == "edge" and m.to is not None:
                a = cell.center()
                b = QPointF(x0 + (m.to[0] + 0.5) * side, y0 + (m.to[1] + 0.5) * side)
                mid = (a + b) / 2
                dx, dy = (b.y() - a.y()) / 2, (b.x() - a.x()) / 2
                p.setPen(QPen(colour, max(3.0, side / 5)))
                p.drawLine(QPointF(mid.x() - dx, mid.y() - dy), QPointF(mid.x() + dx, mid.y() + dy))
            else:
                r = cell.adjusted(side * 0.18, side * 0.18, -side * 0.18, -side * 0.18)
                p.setPen(QPen(QColor(20, 20, 20), max(1.0, side / 16)))
                p.setBrush(colour)
                p.drawEllipse(r)
                if m.glyph:
                    self._text(p, r, m.glyph, QColor(255, 255, 255), 0.55)
        for f in view.figures:
            if f.at is not None:
                base = side * max(f.size, 0.5)
                left, top = x0 + f.at[0] * side, y0 + f.at[1] * side
                if f.anchor == "centre":
                    left, top = left + (side - base) / 2, top + (side - base) / 2
                # never smaller than a badge readable across the table
                size = max(base, MIN_TOKEN_PX)
                grow = (size - base) / 2
                self._paint_token(p, f, QRectF(left - grow, top - grow, size, size))

    def _paint_token(self, p: QPainter, f: PublicFigure, cell: QRectF) -> None:
        side = cell.width()
        colour = side_colour(f.side)
        dead = "dead" in f.states
        if dead:
            colour = colour.darker(220)
        ring = QColor(255, 214, 40) if f.acting else QColor(15, 15, 15)
        p.setPen(QPen(ring, max(2.0, side / (7 if f.acting else 14))))
        p.setBrush(colour)
        disc = cell.adjusted(side * 0.06, side * 0.06, -side * 0.06, -side * 0.06)
        p.drawEllipse(disc)
        if f.facing is not None and not dead:
            c = disc.center()
            a = math.radians(f.facing)
            tip = QPointF(c.x() + math.sin(a) * side * 0.62, c.y() - math.cos(a) * side * 0.62)
            p.setPen(QPen(QColor(255, 255, 255), max(2.0, side / 12)))
            p.drawLine(
                QPointF(c.x() + math.sin(a) * side * 0.44, c.y() - math.cos(a) * side * 0.44), tip
            )
        text = QColor(0, 0, 0) if colour.lightnessF() > 0.55 else QColor(255, 255, 255)
        self._text(p, disc, f.label, text, 0.5 if len(f.label) < 3 else 0.36)

    def _text(self, p: QPainter, rect: QRectF, text: str, colour: QColor, share: float) -> None:
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(6, int(rect.height() * share)))
        p.setFont(font)
        p.setPen(colour)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _face_text(self, p: QPainter, rect: QRectF, text: str, colour: QColor) -> None:
        p.setFont(_face_font(self, rect.height()))
        p.setPen(colour)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)

    def _paint_paths(self, p: QPainter, pl: PublicPlace, box: QRectF) -> None:
        """The paths leaving a rolled place: joined ones solid, unjoined ones dashed."""
        reach = min(box.width(), box.height()) * 0.22
        for path in pl.paths:
            dx, dy = _STEPS.get(path.direction, (0.0, 0.0))
            start = QPointF(
                box.center().x() + dx * box.width() / 2, box.center().y() + dy * box.height() / 2
            )
            end = QPointF(start.x() + dx * reach, start.y() + dy * reach)
            pen = QPen(QColor(150, 150, 160) if path.joined else QColor(255, 179, 0), 5)
            if not path.joined:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(start, end)
            self.painted_paths.append((pl.id, path.direction, path.joined))

    def _paint_graph(self, p: QPainter, view: PublicView) -> None:
        places = {pl.id: pl for pl in view.board.places}
        w, h = self.width(), self.height()
        box_w, box_h = w * 0.17, h * 0.16

        def centre(pid: str) -> QPointF:
            pl = places[pid]
            return QPointF(box_w / 2 + pl.x * (w - box_w), box_h / 2 + pl.y * (h - box_h))

        p.setPen(QPen(QColor(150, 150, 160), max(3.0, w / 300)))
        for pl in view.board.places:
            for other in pl.links:
                if other in places and pl.id < other:
                    p.drawLine(centre(pl.id), centre(other))
        here: dict[str, list[PublicFigure]] = {}
        for f in view.figures:
            if f.place is not None:
                here.setdefault(f.place, []).append(f)
        self.painted_paths = []
        self.painted_greyed = []
        for pl in view.board.places:
            c = centre(pl.id)
            box = QRectF(c.x() - box_w / 2, c.y() - box_h / 2, box_w, box_h)
            acting = any(f.acting for f in here.get(pl.id, ()))
            p.setOpacity(0.4 if pl.discarded else 1.0)
            if pl.discarded:
                self.painted_greyed.append(pl.id)
            self._paint_paths(p, pl, box)
            p.setPen(QPen(QColor(255, 214, 40) if acting else QColor(90, 90, 100), 4))
            p.setBrush(_place_fill(pl.colour))
            p.drawRoundedRect(box, 12, 12)
            name_colour = QColor(20, 20, 20) if pl.colour == "yellow" else QColor(235, 235, 235)
            if pl.face:
                title = QRectF(box.left(), box.top(), box.width(), box.height() * 0.24)
                self._text(p, title, pl.name, name_colour, 0.8)
                line = QRectF(box.left() + 4, title.bottom(), box.width() - 8, box.height() * 0.18)
                self._face_text(p, line, pl.face, name_colour)
            else:
                title = QRectF(box.left(), box.top(), box.width(), box.height() * 0.4)
                self._text(p, title, pl.name, name_colour, 0.6)
            who = here.get(pl.id, [])
            for i, f in enumerate(who):
                row = QRectF(
                    box.left() + 6,
                    box.top() + box.height() * (0.42 + 0.29 * i),
                    box.width() - 12,
                    box.height() * 0.27,
                )
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(side_colour(f.side))
                p.drawRoundedRect(row, 6, 6)
                self._text(p, row, f.name, QColor(255, 255, 255), 0.62)
        p.setOpacity(1.0)


#: Fills of rolled places by colour name (a QUBQST cube: black, the Golden Cube yellow).
_FILLS = {"yellow": QColor(214, 170, 40), "black": QColor(34, 36, 42)}


def _place_fill(colour: str) -> QColor:
    if not colour:
        return QColor(52, 56, 66)
    return _FILLS.get(
        colour, QColor(colour) if QColor.isValidColorName(colour) else QColor(52, 56, 66)
    )


#: Unit steps of a path's direction on screen.
_STEPS = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}


def _face_font(widget: QWidget, height: float) -> QFont:
    font = QFont(widget.font())
    font.setPixelSize(max(10, int(height * 0.45)))
    return font
