"""A widget that shows one brick sheet and reports clicks on its rounds."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QSize, QSizeF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.printing.rulesets.brickquest.brick_layout import (
    STAT_NAMES,
    BrickSheetLayout,
    Hit,
    SheetStats,
    Stat,
    layout_sheet,
)
from companion.printing.rulesets.brickquest.brick_painter import (
    PaintOptions,
    fit_unit,
    paint_brick_sheet,
)

#: What a click does, for tooltips (the panel decides what really happens).
_HINTS = {
    ("round", Stat.HP): "click: take 1 damage",
    ("round", Stat.SP): "click: spend 1 spell point",
    ("ghost", Stat.HP): "click: heal 1",
    ("ghost", Stat.SP): "click: regain 1 spell point",
    ("slot", Stat.HP): "click: put the round back (heal 1)",
    ("slot", Stat.SP): "click: put the round back (regain 1 spell point)",
}


class BrickSheetWidget(QWidget):
    """Paints a :class:`BrickSheetLayout` scaled to fit; emits :attr:`hitClicked`."""

    #: A left click on a round, a bare stud or a round in the slot (a ``Hit``).
    hitClicked = Signal(object)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        interactive: bool = True,
        background: QPalette.ColorRole = QPalette.ColorRole.Base,
    ) -> None:
        super().__init__(parent)
        self._background = background
        self._layout: BrickSheetLayout | None = None
        self._hover: Hit | None = None
        self._interactive = interactive
        self.setMouseTracking(interactive)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 120)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)

    # -------------------------------------------------------------- state
    def set_stats(self, stats: SheetStats | None) -> None:
        """Show the sheet of ``stats`` (None: an empty widget)."""
        self.set_layout(None if stats is None else layout_sheet(stats))

    def set_layout(self, layout: BrickSheetLayout | None) -> None:
        self._layout = layout
        self._hover = None
        self.update()

    def sheet_layout(self) -> BrickSheetLayout | None:
        return self._layout

    # ---------------------------------------------------------- geometry
    def sizeHint(self) -> QSize:
        return QSize(18 * 30, int(17.7 * 30))

    def _placement(self) -> tuple[QPointF, float]:
        """Origin and stud size that fit the sheet centred in the widget."""
        assert self._layout is not None
        margin = 6.0
        avail = QSizeF(max(1.0, self.width() - 2 * margin), max(1.0, self.height() - 2 * margin))
        unit = fit_unit(self._layout, avail)
        w = self._layout.width * unit
        h = self._layout.total_height * unit
        return QPointF((self.width() - w) / 2, (self.height() - h) / 2), unit

    def to_studs(self, pos: QPointF) -> tuple[float, float]:
        """Widget coordinates to stud coordinates."""
        origin, unit = self._placement()
        return ((pos.x() - origin.x()) / unit, (pos.y() - origin.y()) / unit)

    def stud_to_widget(self, x: float, y: float) -> QPoint:
        """Stud coordinates to a widget pixel (for tests and tooltips)."""
        origin, unit = self._placement()
        return QPoint(round(origin.x() + x * unit), round(origin.y() + y * unit))

    def hit_at(self, pos: QPointF) -> Hit | None:
        if self._layout is None:
            return None
        return self._layout.hit(*self.to_studs(pos))

    # ------------------------------------------------------------ events
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), self.palette().color(self._background))
            if self._layout is None:
                return
            origin, unit = self._placement()
            text_role = (
                QPalette.ColorRole.WindowText
                if self._background == QPalette.ColorRole.Window
                else QPalette.ColorRole.Text
            )
            ink = self.palette().color(text_role)
            paint_brick_sheet(
                painter,
                self._layout,
                origin,
                unit,
                PaintOptions(hover=self._hover, ink=QColor(ink)),
            )
        finally:
            painter.end()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hit = self.hit_at(event.position()) if self._interactive else None
        if hit != self._hover:
            self._hover = hit
            hint = _HINTS.get((hit.target, hit.stat)) if hit else None
            self.setCursor(
                Qt.CursorShape.PointingHandCursor if hint else Qt.CursorShape.ArrowCursor
            )
            self.setToolTip(f"{STAT_NAMES[hit.stat]} — {hint}" if hit and hint else "")
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover is not None:
            self._hover = None
            self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._interactive and event.button() == Qt.MouseButton.LeftButton:
            hit = self.hit_at(event.position())
            if hit is not None:
                self.hitClicked.emit(hit)
                event.accept()
                return
        super().mousePressEvent(event)
