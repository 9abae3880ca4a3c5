"""A ruleset's board marks on the map (``BoardMark``): tinted squares, tokens, edge bars.

Two painted items draw them all, in device pixels and only for the squares in view:
fills under the grid and the figures (a Heroica space's colour, a link piece striped in
the colours of the places it joins), tokens and edge bars over the terrain (a chest's
badge, a locked door's bar).  A token under a figure moves to its square's corner, so
both stay readable.  Sizes have floors in pixels, so a badge reads at arm's length.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from companion.gui.canvas.items import DeviceItem, DeviceMap
from companion.rules.table import BoardMark

Square = tuple[int, int]
#: How strongly a fill tints its square (0-255): the space's colour must read at a glance.
FILL_ALPHA = 190
#: Below these device pixels per square, tokens are dots and edges thin lines.
TOKEN_TEXT_MIN_PX = 12.0
#: Stripes across a link piece, per square.
STRIPES = 4
#: Z values: fills over the terrain image (0) and under the grid, tokens over the figures.
FILL_Z = 0.5
TOKEN_Z = 11.0


def _luminance(c: QColor) -> float:
    return 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue()


def ink_for(c: QColor) -> QColor:
    """Black on a light colour, white on a dark one."""
    return QColor(20, 20, 20) if _luminance(c) > 150 else QColor(255, 255, 255)


class FillItem(DeviceItem):
    """Tinted squares: one colour, or stripes of several (a square in two places)."""

    def __init__(self) -> None:
        super().__init__(z=FILL_Z)
        #: Square -> (colours, striped).
        self.fills: dict[Square, tuple[list[QColor], bool]] = {}
        #: The same fills by row: y -> [(x, colours, striped)], so a paint visits only the
        #: rows in view (a 12,640-space board has as many fills).
        self._rows: dict[int, list[tuple[int, list[QColor], bool]]] = {}
        self.fog: np.ndarray | None = None

    def set_fills(self, marks: Iterable[BoardMark]) -> None:
        fills: dict[Square, tuple[list[QColor], bool]] = {}
        for m in marks:
            colour = QColor(m.colour)
            colour.setAlpha(FILL_ALPHA)
            colours, hatched = fills.get(m.at, ([], False))
            fills[m.at] = ([*colours, colour], hatched or m.hatched)
        if fills != self.fills:
            self.fills = fills
            rows: dict[int, list[tuple[int, list[QColor], bool]]] = {}
            for (x, y), (colours, hatched) in fills.items():
                rows.setdefault(y, []).append((x, colours, hatched))
            self._rows = rows
            self.update()

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        r = view.exposed
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        left, right = r.left() - 1, r.right()
        for y in range(int(r.top()) - 1, int(r.bottom()) + 1):
            for x, colours, hatched in self._rows.get(y, ()):
                if not (left <= x <= right):
                    continue
                if self.fog is not None and _fogged(self.fog, x, y):
                    continue
                box = view.square(x, y)
                if len(colours) == 1 and not hatched:
                    painter.fillRect(box, colours[0])
                else:
                    _stripes(painter, box, colours)


def _stripes(p: QPainter, box: QRectF, colours: Sequence[QColor]) -> None:
    """Diagonal stripes across ``box``: the colours in turn (a single one with a dark
    stripe between), so a link piece reads as a piece of its own."""
    if len(colours) == 1:
        colours = [colours[0], colours[0].darker(175)]
    p.save()
    p.setClipRect(box)
    side = max(box.width(), box.height())
    band = side / STRIPES
    p.setPen(Qt.PenStyle.NoPen)
    for i in range(-STRIPES, 2 * STRIPES):
        start = box.left() + i * band
        path = QPainterPath()
        path.moveTo(start, box.bottom())
        path.lineTo(start + band, box.bottom())
        path.lineTo(start + band + side, box.bottom() - side)
        path.lineTo(start + side, box.bottom() - side)
        path.closeSubpath()
        p.setBrush(colours[i % len(colours)])
        p.drawPath(path)
    p.restore()


class TokenItem(DeviceItem):
    """Round badges with a glyph, and thick bars on edges between two squares."""

    def __init__(self, font: QFont) -> None:
        super().__init__(z=TOKEN_Z)
        self.font = font
        self.tokens: dict[Square, list[BoardMark]] = {}
        self.edges: list[BoardMark] = []
        #: Squares a figure stands on: their tokens go to the corner.
        self.occupied: set[Square] = set()
        self.fog: np.ndarray | None = None

    def set_marks(self, tokens: Iterable[BoardMark], edges: Iterable[BoardMark]) -> None:
        by_square: dict[Square, list[BoardMark]] = {}
        for m in tokens:
            by_square.setdefault(m.at, []).append(m)
        edge_list = list(edges)
        if by_square != self.tokens or edge_list != self.edges:
            self.tokens = by_square
            self.edges = edge_list
            self.update()

    def set_occupied(self, squares: set[Square]) -> None:
        """Where figures stand (a mark there moves to the corner): only the marked
        squares whose standing changed are painted again."""
        if squares == self.occupied:
            return
        changed = squares ^ self.occupied
        self.occupied = set(squares)
        for x, y in changed:
            if (x, y) in self.tokens:
                self.update_part(QRectF(x - 1, y - 1, 3, 3))

    def paint_device(self, painter: QPainter, view: DeviceMap) -> None:
        r = view.exposed
        for m in self.edges:
            if m.to is not None and not self._hidden(m.at) and not self._hidden(m.to):
                _edge_bar(painter, view, m)
        font = QFont(self.font)
        font.setBold(True)
        for (x, y), marks in self.tokens.items():
            if not (r.left() - 1 <= x <= r.right() and r.top() - 1 <= y <= r.bottom()):
                continue
            if self._hidden((x, y)):
                continue
            box = view.square(x, y)
            corner = (x, y) in self.occupied
            for i, m in enumerate(marks[:4]):
                _token(painter, box, m, font, slot=i, count=len(marks[:4]), corner=corner)

    def _hidden(self, sq: Square) -> bool:
        return self.fog is not None and _fogged(self.fog, *sq)


def _fogged(fog: np.ndarray, x: int, y: int) -> bool:
    return 0 <= y < fog.shape[0] and 0 <= x < fog.shape[1] and bool(fog[y, x])


def _edge_bar(p: QPainter, view: DeviceMap, m: BoardMark) -> None:
    """A thick bar on the edge between ``m.at`` and ``m.to``, outlined to stand out."""
    assert m.to is not None
    (ax, ay), (bx, by) = m.at, m.to
    if ax != bx:  # side by side: a vertical edge
        ex = max(ax, bx)
        a, b = view.point(ex, ay + 0.12), view.point(ex, ay + 0.88)
    else:
        ey = max(ay, by)
        a, b = view.point(ax + 0.12, ey), view.point(ax + 0.88, ey)
    width = max(4.0, view.scale * 0.2)
    outline = QPen(QColor(15, 15, 15, 230), width + 3)
    outline.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(outline)
    p.drawLine(a, b)
    bar = QPen(QColor(m.colour), width)
    bar.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(bar)
    p.drawLine(a, b)


def _token(
    p: QPainter, box: QRectF, m: BoardMark, font: QFont, *, slot: int, count: int, corner: bool
) -> None:
    """A round badge in the mark's colour with its glyph: centred on a free square, in its
    top-right corner under a figure; several on one square side by side."""
    side = box.width()
    if corner or count > 1:
        radius = max(5.0, side * (0.17 if corner else 0.22))
        step = radius * 2.1
        centre = QPointF(box.right() - radius - 1 - slot * step, box.top() + radius + 1)
        if not corner:
            centre = QPointF(box.center().x() + (slot - (count - 1) / 2) * step, box.center().y())
    else:
        radius = max(7.0, side * 0.28)
        centre = box.center()
    colour = QColor(m.colour)
    p.setPen(QPen(QColor(15, 15, 15, 220), max(1.5, radius * 0.14)))
    p.setBrush(colour)
    p.drawEllipse(centre, radius, radius)
    if side < TOKEN_TEXT_MIN_PX or not m.glyph:
        return
    f = QFont(font)
    f.setPixelSize(max(8, int(radius * (1.15 if len(m.glyph) == 1 else 0.85))))
    p.setFont(f)
    p.setPen(ink_for(colour))
    p.drawText(
        QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
        Qt.AlignmentFlag.AlignCenter,
        m.glyph,
    )


class BoardMarks:
    """The two items, fed the marks of the map or of the open game."""

    def __init__(self, font: QFont) -> None:
        self.fills = FillItem()
        self.tokens = TokenItem(font)
        self.marks: tuple[BoardMark, ...] = ()
        self._fill_marks: tuple[BoardMark, ...] = ()
        #: How many of ``marks`` lead with the fills (all of them, or 0): their labels
        #: are kept while the fills stand, the rest's built again after each change.
        self._head = 0
        #: Square -> the labels of the first ``_head`` marks, and of the others; each
        #: built when first asked (a tooltip).
        self._head_labels: dict[Square, list[str]] | None = {}
        self._labels: dict[Square, list[str]] | None = {}

    @property
    def items(self) -> tuple[DeviceItem, DeviceItem]:
        return (self.fills, self.tokens)

    def set_map_size(self, width: int, height: int) -> None:
        for item in self.items:
            item.set_map_size(width, height)

    def set_marks(self, marks: Sequence[BoardMark]) -> None:
        """Show ``marks`` (each kind on its own item).  Marks that are the very objects
        shown already (a ruleset keeps them while the board stands) are left alone: after
        most actions nothing on the board changed, and a big board has thousands.  (The
        tuples' ``==`` tells the very same objects apart at C speed, and compares only
        those that are not.)"""
        new = tuple(marks)
        if new == self.marks:
            # Nothing to draw again; any equal marks made anew are held instead, so that
            # next time the very same objects are found at once.
            self._adopt(new)
            return
        self.marks = new
        n = len(self._fill_marks)
        if (
            n
            and self._head == n
            and new[:n] == self._fill_marks
            and not any(m.kind == "fill" for m in new[n:])
        ):
            rest = new[n:]  # the fills first, as shown: only what follows them changed
        else:
            fills = tuple(m for m in new if m.kind == "fill")
            if fills != self._fill_marks:
                self.fills.set_fills(fills)
            self._fill_marks = fills
            rest = new
            self._head = len(fills) if new[: len(fills)] == fills else 0
            self._head_labels = None
        self.tokens.set_marks(
            (m for m in rest if m.kind == "token"), (m for m in rest if m.kind == "edge")
        )
        self._labels = None

    def _adopt(self, new: tuple[BoardMark, ...]) -> None:
        """Hold ``new`` instead of the equal marks shown (nothing to draw again)."""
        self.marks = new
        if self._head:
            self._fill_marks = new[: self._head]
        elif self._fill_marks:  # (no fills before: none now either)
            self._fill_marks = tuple(m for m in new if m.kind == "fill")

    def set_fog(self, fog: np.ndarray | None) -> None:
        old = self.fills.fog
        if fog is old or (
            fog is not None
            and old is not None
            and fog.shape == old.shape
            and np.array_equal(fog, old)
        ):
            return
        self.fills.fog = self.tokens.fog = fog
        self.fills.update()
        self.tokens.update()

    def set_occupied(self, squares: set[Square]) -> None:
        self.tokens.set_occupied(squares)

    def labels_at(self, sq: Square) -> list[str]:
        """What the marks on a square are (its tooltip)."""
        if self._head_labels is None:
            self._head_labels = _labels(self.marks[: self._head])
        if self._labels is None:
            self._labels = _labels(self.marks[self._head :])
        out = list(self._head_labels.get(sq, ()))
        for label in self._labels.get(sq, ()):
            if label not in out:
                out.append(label)
        return out


def _labels(marks: Sequence[BoardMark]) -> dict[Square, list[str]]:
    """Square -> the labels of ``marks`` on it (or on its edge), each once, in order."""
    labels: dict[Square, list[str]] = {}
    for m in marks:
        for at in (m.at, m.to) if m.to is not None else (m.at,):
            if m.label and m.label not in labels.setdefault(at, []):
                labels[at].append(m.label)
    return labels
