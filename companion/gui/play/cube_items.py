"""A graph board's places drawn as rolled cubes (``PlaceView.shape == "cube"``).

Each cube is a square seen from above with a thicker edge below and to the right (so it
reads as a cube on the table), filled with its colour, its label, rolled face and content
written on it in a colour that stands out from the fill, and its paths leaving the
middle of its sides: a joined path is a solid line to the cube it joins, an unjoined one a
dashed stub (it may hide a secret room) with its note.  A discarded cube is greyed.
Where cubes stand when the ruleset gives no positions: each one joined by a path is put
on the side the path leaves by, the first place listed in the middle.  No rule here.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from companion.rules.graph import Direction, GraphView, PlaceView

#: A cube's side, in scene units, and the distance between two neighbouring cubes.
CUBE = 220.0
CUBE_STEP = 460.0
#: A line of text on a cube, and the margin inside its edges.
LINE = 34.0
PAD = 14.0
#: The pixel sizes of a cube's label and of its other lines (scaled with the board).
LABEL_PX, TEXT_PX = 30, 26
#: The widest a line of text on a cube grows before it is broken between its parts.
WRAP = 330.0
#: How far an unjoined path sticks out of its cube.
STUB = 44.0
#: The thickness of a cube's visible lower edge.
EDGE = 12.0
#: One step in each direction (screen y grows downwards).
VECTORS: dict[Direction, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
#: A path's colour, joined and unjoined.
PATH = QColor(170, 170, 182)
UNJOINED = QColor(214, 160, 60)
#: Names a ruleset may give a cube's colour, beyond Qt's own ("#rrggbb", "yellow"...).
FILLS = {
    "black": QColor(46, 48, 56),
    "yellow": QColor(226, 186, 52),
    "gold": QColor(226, 186, 52),
    "red": QColor(176, 52, 46),
    "orange": QColor(222, 128, 40),
    "green": QColor(60, 140, 74),
    "blue": QColor(52, 98, 176),
    "white": QColor(226, 226, 222),
    "purple": QColor(120, 70, 160),
}


def fill_colour(name: str, default: QColor) -> QColor:
    """The fill a place's ``colour`` names (its own table first, then Qt's names)."""
    if not name:
        return default
    if name.lower() in FILLS:
        return QColor(FILLS[name.lower()])
    colour = QColor(name)
    return colour if colour.isValid() else default


def ink_on(fill: QColor) -> QColor:
    """Text that reads on ``fill``: near-black on a light fill, near-white on a dark one."""
    light = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue()
    return QColor(24, 24, 28) if light > 150 else QColor(240, 240, 244)


def side_point(centre: QPointF, side: float, direction: Direction | None) -> QPointF:
    """The middle of a cube's side (its centre when no side is named)."""
    if direction is None:
        return QPointF(centre)
    dx, dy = VECTORS[direction]
    return QPointF(centre.x() + dx * side / 2, centre.y() + dy * side / 2)


def beyond(point: QPointF, direction: Direction, length: float) -> QPointF:
    """``length`` past ``point`` in ``direction``."""
    dx, dy = VECTORS[direction]
    return QPointF(point.x() + dx * length, point.y() + dy * length)


def cube_layout(graph: GraphView, step: float = CUBE_STEP) -> dict[str, QPointF]:
    """Where each cube is centred: each place reached by a path stands on the side the
    path leaves by (the next free spot around it when that one is taken), the first place
    listed in the middle; places no path reaches go in a row below."""
    spot: dict[str, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    sides = {(a, b): (sa, sb) for a, b, sa, sb in graph.joined()}
    near: dict[str, list[tuple[str, Direction | None]]] = {p.id: [] for p in graph.places}
    for (a, b), (sa, sb) in sides.items():
        near[a].append((b, sa))
        near[b].append((a, sb))

    def free_near(x: int, y: int, first: Direction | None) -> tuple[int, int]:
        order: list[Direction] = ["E", "S", "N", "W"]
        if first is not None:
            order.remove(first)
            order.insert(0, first)
        for ring in range(1, 8):
            for d in order:
                dx, dy = VECTORS[d]
                at = (x + dx * ring, y + dy * ring)
                if at not in taken:
                    return at
            for dx in range(-ring, ring + 1):
                for dy in range(-ring, ring + 1):
                    if (x + dx, y + dy) not in taken:
                        return (x + dx, y + dy)
        return (x, y + 8 + len(taken))

    for root in graph.places:
        if root.id in spot:
            continue
        if spot:  # another island: below the others
            bottom = max(y for _, y in taken) + 1
            spot[root.id] = (min(x for x, _ in taken), bottom)
        else:
            spot[root.id] = (0, 0)
        taken.add(spot[root.id])
        queue = deque([root.id])
        while queue:
            here = queue.popleft()
            x, y = spot[here]
            for other, d in near[here]:
                if other in spot:
                    continue
                spot[other] = free_near(x, y, d)
                taken.add(spot[other])
                queue.append(other)
    return {pid: QPointF(x * step, y * step) for pid, (x, y) in spot.items()}


def face_lines(place: PlaceView) -> list[str]:
    """The rolled face as lines: its parts ("paths N E S · 1 creature: black") one a line,
    so a cube stays narrow."""
    return [part.strip() for part in place.face.split(" · ") if part.strip()]


def wrap(text: str, font: QFont, width: float = WRAP) -> list[str]:
    """``text`` as lines no wider than ``width`` where it can be: broken between its parts
    (a figure's name and its tracks, a creature and its pools: two spaces apart)."""
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    current = ""
    for part in (p.strip() for p in text.split("  ")):
        if not part:
            continue
        joined = f"{current}  {part}" if current else part
        if current and metrics.horizontalAdvance(joined) > width:
            lines.append(current)
            current = part
        else:
            current = joined
    return [*lines, current] if current else lines


def cube_side(place: PlaceView, figure_lines: list[str], fonts: tuple[QFont, QFont]) -> float:
    """A cube's side: square, and wide and tall enough for its lines of text (each one
    wrapped as drawn)."""
    bold, plain = QFontMetricsF(fonts[0]), QFontMetricsF(fonts[1])
    texts = [
        line
        for text in [*face_lines(place), *place.content, *figure_lines]
        for line in wrap(text, fonts[1])
    ]
    wide = max([bold.horizontalAdvance(place.label), *(plain.horizontalAdvance(t) for t in texts)])
    lines = 1 + len(texts)
    return max(CUBE, wide + 2 * PAD, 2 * PAD + LINE * lines)


def add_cube(
    scene: QGraphicsScene,
    place: PlaceView,
    centre: QPointF,
    side: float,
    fonts: tuple[QFont, QFont],
) -> tuple[QGraphicsRectItem, QColor, float]:
    """Draw one cube (edge, face, label, face line and content) at ``centre``; its top
    item (the face), the ink its text is written in, and the y of its next free line."""
    bold, plain = fonts
    fill = fill_colour(place.colour, FILLS["black"])
    if place.discarded:
        grey = int(0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue())
        fill = QColor(grey, grey, grey)
    edge = QGraphicsRectItem(QRectF(-side / 2 + EDGE, -side / 2 + EDGE, side, side))
    edge.setPos(centre)
    edge.setBrush(QBrush(fill.darker(170)))
    edge.setPen(QPen(Qt.PenStyle.NoPen))
    edge.setZValue(1)
    scene.addItem(edge)
    face = QGraphicsRectItem(QRectF(-side / 2, -side / 2, side, side))
    face.setPos(centre)
    face.setBrush(QBrush(fill))
    face.setZValue(2)
    scene.addItem(face)
    ink = ink_on(fill)
    top = -side / 2 + PAD / 2
    lines: list[tuple[str, QFont]] = [(place.label, bold)]
    lines += [(line, plain) for line in face_lines(place)]
    lines += [(part, plain) for line in place.content for part in wrap(line, plain)]
    for text, font in lines:
        item = QGraphicsSimpleTextItem(text, face)
        item.setFont(font)
        item.setBrush(QBrush(ink))
        item.setPos(-side / 2 + PAD, top)
        top += LINE
    if place.discarded:
        edge.setOpacity(0.45)
        face.setOpacity(0.45)
    return face, ink, top


def add_paths(
    scene: QGraphicsScene,
    graph: GraphView,
    where: dict[str, QPointF],
    sides: dict[str, float],
    font: QFont,
    ink: QColor,
) -> None:
    """The links between places (from the sides their paths leave by), and every
    unjoined path as a dashed stub with its note."""
    for a, b, sa, sb in graph.joined():
        start = side_point(where[a], sides[a], sa)
        end = side_point(where[b], sides[b], sb)
        path = QPainterPath(start)
        # Out of each cube by its own side first, so a path joined E to E reads as such.
        if sa is not None:
            path.lineTo(beyond(start, sa, STUB * 0.8))
        if sb is not None:
            path.lineTo(beyond(end, sb, STUB * 0.8))
        path.lineTo(end)
        line = QGraphicsPathItem(path)
        line.setPen(QPen(PATH, 7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        line.setZValue(0)
        if any(p.discarded for p in graph.places if p.id in (a, b)):
            line.setOpacity(0.45)
        scene.addItem(line)
    for place in graph.places:
        for way in place.paths:
            if way.to is not None:
                continue
            dx, dy = VECTORS[way.direction]
            start = side_point(where[place.id], sides[place.id], way.direction)
            end = QPointF(start.x() + dx * STUB, start.y() + dy * STUB)
            dash = QPainterPath(start)
            dash.lineTo(end)
            stub = QGraphicsPathItem(dash)
            stub.setPen(QPen(UNJOINED, 6, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
            stub.setZValue(3)
            stub.setToolTip(f"{place.label}: unjoined {way.direction} path {way.note}".strip())
            if place.discarded:
                stub.setOpacity(0.45)
            scene.addItem(stub)
            if way.note:
                note = QGraphicsSimpleTextItem(way.note)
                note.setFont(font)
                note.setBrush(QBrush(ink))
                box = note.boundingRect()
                x = end.x() + (6 if dx > 0 else -box.width() - 6 if dx < 0 else -box.width() / 2)
                y = end.y() + (4 if dy > 0 else -box.height() - 4 if dy < 0 else -box.height() / 2)
                note.setPos(x, y)
                note.setZValue(3)
                note.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, False)
                scene.addItem(note)
