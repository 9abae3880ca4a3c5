"""The map's figures layer: a round marker per figure, painted only for those in view."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from companion.gui.canvas import glyphs
from companion.gui.canvas.items import DeviceItem, DeviceMap
from companion.model.labels import unique_initials
from companion.model.mapfile import FigurePlacement


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
        #: The (id, label) pairs the token texts were last made for, and those texts.
        self._names: list[tuple[str, str]] = []
        self._texts: dict[str, str] = {}

    def set_figures(self, figures: list[FigurePlacement]) -> None:
        """Show ``figures``; when only some of them changed (a figure moved, turned...)
        and nothing else about the look did, only their old and new places are painted
        again, not the whole map."""
        old = self.figures
        self.figures = list(figures)
        #: Each figure's token text, unique on the board ("GGu" and "GGe", not two "GG").
        names = [(f.id, f.label) for f in self.figures]
        if names != self._names:  # else the same texts (a big board: the usual case)
            self._names = names
            self._texts = unique_initials(names)
        texts = self._texts
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
                    self.update_part(
                        QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1)
                    )

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
                self.update_part(QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1))

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
                self.update_part(QRectF(f.at[0] - grow, f.at[1] - grow, 2 * grow + 1, 2 * grow + 1))

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
