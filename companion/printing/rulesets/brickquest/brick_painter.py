"""The one routine that paints a brick character sheet, on screen and on paper.

:func:`paint_brick_sheet` takes a ``QPainter``, where the sheet's top-left
corner goes and how many device units one stud is (a widget passes what fits,
the PDF writer passes 8 mm in its dots), and draws the layout of
:mod:`brick_layout` as bricks: a baseplate with studs, 1×1 round plates,
label bricks with bonus plates, the swag bin with its lid and the open slot
holding the rounds taken off.  All geometry is in stud units under a scaled
transform, so the same strokes come out at any size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPen,
    QRadialGradient,
)

from companion.printing.fonts import sheet_font
from companion.printing.rulesets.brickquest.brick_layout import (
    LEGEND_HEIGHT,
    SLOT_ROWS,
    WALL,
    BrickSheetLayout,
    Hit,
    LabelBrick,
    Rect,
    RoundPlate,
    Stat,
)

#: Physical stud pitch: one stud is 8 mm.
STUD_MM = 8.0
#: Stud diameter relative to the pitch (4.8 mm / 8 mm).
STUD_D = 0.6
#: 1×1 round plate diameter relative to the pitch (a hair under 8 mm).
ROUND_D = 0.94

#: Colours of the columns (close to the usual brick colours).
STAT_COLOURS: dict[Stat, QColor] = {
    Stat.HP: QColor("#2f9a45"),
    Stat.SP: QColor("#1e5aa8"),
    Stat.INIT: QColor("#c4c8cb"),
    Stat.DD: QColor("#f5cd2f"),
    Stat.AD_MELEE: QColor("#c91a09"),
    Stat.AD_RANGED: QColor("#ea7a1c"),
    Stat.MOVE: QColor("#f7f7f3"),
}
BASEPLATE = QColor("#6c6e68")
NEGATIVE = QColor("#27292b")
BIN_WALL = QColor("#6a3b1e")
BIN_FLOOR = QColor("#3c2212")
BIN_LID = QColor("#8d5b33")
INK = QColor("#1d1d1b")
HOVER = QColor(255, 255, 255, 200)

#: Text heights in stud units.
LEGEND_LABEL_H = 0.46
LEGEND_VALUE_H = 0.56


@dataclass(frozen=True)
class PaintOptions:
    """Switches for :func:`paint_brick_sheet`."""

    #: Draw the labels and values under the baseplate.
    legend: bool = True
    #: Mark the bare studs where a removed round belongs.
    ghosts: bool = True
    #: Ring drawn around the element under the mouse.
    hover: Hit | None = None
    #: Colour of the legend text (a dark screen theme may want a light one).
    ink: QColor = field(default_factory=lambda: QColor(INK))


def sheet_size(layout: BrickSheetLayout, unit: float, *, legend: bool = True) -> QSizeF:
    """Size of the painted sheet in device units when one stud is ``unit``."""
    h = layout.total_height if legend else layout.height
    return QSizeF(layout.width * unit, h * unit)


def unit_for_mm(dots_per_inch: float, stud_mm: float = STUD_MM) -> float:
    """Device units per stud for a device of ``dots_per_inch``, at true scale."""
    return dots_per_inch * stud_mm / 25.4


def fit_unit(layout: BrickSheetLayout, size: QSizeF, *, legend: bool = True) -> float:
    """The largest stud size at which the sheet fits into ``size``."""
    h = layout.total_height if legend else layout.height
    return max(0.1, min(size.width() / layout.width, size.height() / h))


def paint_brick_sheet(
    painter: QPainter,
    layout: BrickSheetLayout,
    origin: QPointF,
    unit: float,
    options: PaintOptions | None = None,
) -> None:
    """Paint ``layout`` with its top-left at ``origin``, ``unit`` device units per stud."""
    opts = options or PaintOptions()
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.translate(origin)
        painter.scale(unit, unit)
        _paint_baseplate(painter, layout)
        if opts.ghosts:
            for plate in layout.rounds:
                if not plate.present:
                    _paint_ghost(painter, plate)
        for label in layout.labels:
            if not label.empty:
                _paint_label_brick(painter, label)
        for plate in layout.rounds:
            if plate.present:
                _paint_round(
                    painter,
                    plate.x,
                    plate.y,
                    NEGATIVE if plate.negative else STAT_COLOURS[plate.stat],
                    minus=plate.negative,
                )
        _paint_container(painter, layout)
        if opts.hover is not None:
            _paint_hover(painter, layout, opts.hover)
        if opts.legend:
            _paint_legend(painter, layout, opts.ink)
    finally:
        painter.restore()


# ------------------------------------------------------------------ pieces


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def _paint_stud(painter: QPainter, cx: float, cy: float, colour: QColor) -> None:
    """A stud seen from above: a small shadow, a shaded top and a highlight."""
    r = STUD_D / 2
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawEllipse(QPointF(cx + 0.045, cy + 0.06), r, r)
    grad = QRadialGradient(QPointF(cx - 0.1, cy - 0.12), r * 1.5)
    grad.setColorAt(0.0, colour.lighter(128))
    grad.setColorAt(0.55, colour)
    grad.setColorAt(1.0, colour.darker(118))
    painter.setBrush(QBrush(grad))
    painter.setPen(_pen(colour.darker(165), 0.03))
    painter.drawEllipse(QPointF(cx, cy), r, r)
    painter.setPen(_pen(QColor(255, 255, 255, 150), 0.05))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    arc = QRectF(cx - r * 0.72, cy - r * 0.72, r * 1.44, r * 1.44)
    painter.drawArc(arc, 95 * 16, 80 * 16)


def _paint_round(
    painter: QPainter,
    cx: float,
    cy: float,
    colour: QColor,
    *,
    diameter: float = ROUND_D,
    minus: bool = False,
    plus: bool = False,
    shadow: float = 1.0,
) -> None:
    """A 1×1 round plate: shadow, shaded disc, outline and its stud."""
    r = diameter / 2
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, int(85 * shadow)))
    painter.drawEllipse(QPointF(cx + 0.06 * shadow, cy + 0.08 * shadow), r, r)
    grad = QRadialGradient(QPointF(cx - 0.18, cy - 0.22), r * 1.6)
    grad.setColorAt(0.0, colour.lighter(122))
    grad.setColorAt(0.6, colour)
    grad.setColorAt(1.0, colour.darker(125))
    painter.setBrush(QBrush(grad))
    painter.setPen(_pen(colour.darker(185), 0.035))
    painter.drawEllipse(QPointF(cx, cy), r, r)
    _paint_stud(painter, cx, cy, colour)
    if minus or plus:
        mark = QColor("#f4f4f4") if minus else colour.darker(230)
        painter.setPen(_pen(mark, 0.08))
        painter.drawLine(QPointF(cx - 0.16, cy), QPointF(cx + 0.16, cy))
        if plus:
            painter.drawLine(QPointF(cx, cy - 0.16), QPointF(cx, cy + 0.16))


def _paint_ghost(painter: QPainter, plate: RoundPlate) -> None:
    """A faint dashed ring where a removed round belongs."""
    colour = QColor(STAT_COLOURS[plate.stat])
    colour.setAlpha(170)
    pen = _pen(colour, 0.05)
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    r = ROUND_D / 2 - 0.04
    painter.drawEllipse(QPointF(plate.x, plate.y), r, r)


def _shaded_rect(painter: QPainter, rect: QRectF, colour: QColor, *, radius: float = 0.07) -> None:
    """A brick or plate body from above, lit from the top left."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 80))
    painter.drawRoundedRect(rect.translated(0.06, 0.08), radius, radius)
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0.0, colour.lighter(115))
    grad.setColorAt(1.0, colour.darker(112))
    painter.setBrush(QBrush(grad))
    painter.setPen(_pen(colour.darker(175), 0.04))
    painter.drawRoundedRect(rect, radius, radius)


def _paint_baseplate(painter: QPainter, layout: BrickSheetLayout) -> None:
    plate = QRectF(0, 0, layout.width, layout.height)
    painter.setPen(_pen(BASEPLATE.darker(160), 0.05))
    grad = QLinearGradient(plate.topLeft(), plate.bottomRight())
    grad.setColorAt(0.0, BASEPLATE.lighter(108))
    grad.setColorAt(1.0, BASEPLATE.darker(106))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(plate, 0.12, 0.12)
    covered = layout.container
    for j in range(layout.height):
        for i in range(layout.width):
            if covered.contains(i + 0.5, j + 0.5) or layout.bin_label.contains(i + 0.5, j + 0.5):
                continue
            _paint_stud(painter, i + 0.5, j + 0.5, BASEPLATE)


def _paint_label_brick(painter: QPainter, label: LabelBrick) -> None:
    colour = STAT_COLOURS[label.stat]
    rect = QRectF(label.x + 0.03, label.y + 0.03, label.w - 0.06, label.h - 0.06)
    _shaded_rect(painter, rect, colour)
    studs = [(label.x + i + 0.5, label.y + j + 0.5) for j in range(label.h) for i in range(label.w)]
    for cx, cy in studs:
        _paint_stud(painter, cx, cy, colour)
    n = abs(label.bonus)
    if not n:
        return
    plate_colour = NEGATIVE if label.bonus < 0 else colour.lighter(108)
    for k in range(min(n, len(studs))):
        cx, cy = studs[k]
        _paint_round(
            painter,
            cx,
            cy,
            plate_colour,
            minus=label.bonus < 0,
            plus=label.bonus > 0,
            shadow=1.6,
        )
    if n > len(studs):
        cx, cy = studs[-1]
        _draw_text(
            painter,
            QRectF(cx - 0.5, cy - 0.5, 1, 1),
            f"×{n - len(studs) + 1}",
            0.4,
            bold=True,
            colour=INK,
        )


def _paint_container(painter: QPainter, layout: BrickSheetLayout) -> None:
    """The swag bin: walls, the open slot with its rounds, the lid, the label brick."""
    box = _qrect(layout.container)
    _shaded_rect(painter, box.adjusted(0.03, 0.03, -0.03, -0.03), BIN_WALL, radius=0.12)
    floor = QRectF(box.x() + WALL, box.y() + WALL, box.width() - 2 * WALL, SLOT_ROWS)
    grad = QLinearGradient(floor.topLeft(), floor.bottomLeft())
    grad.setColorAt(0.0, BIN_FLOOR.darker(130))
    grad.setColorAt(0.15, BIN_FLOOR)
    grad.setColorAt(1.0, BIN_FLOOR.lighter(115))
    painter.setPen(_pen(BIN_WALL.darker(200), 0.03))
    painter.setBrush(QBrush(grad))
    painter.drawRect(floor)
    for r in layout.slot_rounds:
        _paint_round(painter, r.x, r.y, STAT_COLOURS[r.stat], diameter=0.84, shadow=0.7)
    if layout.slot_overflow:
        _draw_text(
            painter,
            QRectF(floor.x(), floor.y() + 0.1, floor.width(), 0.7),
            f"+{layout.slot_overflow}",
            0.5,
            bold=True,
            colour=QColor("#ffffff"),
        )
    _paint_lid(painter, layout)
    _shaded_rect(painter, _qrect(layout.bin_label).adjusted(0.03, 0.03, -0.03, -0.03), BIN_WALL)
    lab = layout.bin_label
    for j in range(int(lab.h)):
        for i in range(int(lab.w)):
            _paint_stud(painter, lab.x + i + 0.5, lab.y + j + 0.5, BIN_WALL)


def _paint_lid(painter: QPainter, layout: BrickSheetLayout) -> None:
    lid = _qrect(layout.lid).adjusted(0.08, 0.06, -0.08, -0.08)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))
    painter.drawRoundedRect(lid.translated(0.0, -0.12), 0.1, 0.1)  # shadow cast into the slot
    grad = QLinearGradient(lid.topLeft(), lid.bottomRight())
    grad.setColorAt(0.0, BIN_LID.lighter(125))
    grad.setColorAt(1.0, BIN_LID.darker(110))
    painter.setBrush(QBrush(grad))
    painter.setPen(_pen(BIN_LID.darker(190), 0.045))
    painter.drawRoundedRect(lid, 0.1, 0.1)
    # hinge along the top edge and a handle near the bottom
    hinge = QRectF(lid.x() + 0.35, lid.y() + 0.12, lid.width() - 0.7, 0.22)
    painter.setBrush(BIN_LID.darker(135))
    painter.setPen(_pen(BIN_LID.darker(200), 0.03))
    painter.drawRoundedRect(hinge, 0.08, 0.08)
    handle = QRectF(lid.center().x() - 0.7, lid.bottom() - 0.55, 1.4, 0.3)
    painter.setBrush(BIN_LID.darker(125))
    painter.drawRoundedRect(handle, 0.12, 0.12)
    _draw_text(
        painter,
        QRectF(lid.x(), lid.y() + 1.0, lid.width(), 1.0),
        "SWAG",
        0.62,
        bold=True,
        colour=QColor("#f3e3c4"),
    )
    count = layout.swag_count
    text = "empty" if count == 0 else f"{count} item{'s' if count != 1 else ''}"
    _draw_text(
        painter,
        QRectF(lid.x(), lid.y() + 2.1, lid.width(), 0.9),
        text,
        0.5,
        colour=QColor("#f3e3c4"),
    )


def _paint_hover(painter: QPainter, layout: BrickSheetLayout, hover: Hit) -> None:
    """A ring around what the mouse is over (the top round, or the slot's last one)."""
    point: tuple[float, float] | None = None
    if hover.target == "slot":
        mine = [r for r in layout.slot_rounds if r.stat == hover.stat]
        if mine:
            point = (mine[-1].x, mine[-1].y)
    else:
        present = [p for p in layout.rounds if p.stat == hover.stat and p.present]
        absent = [p for p in layout.rounds if p.stat == hover.stat and not p.present]
        if hover.target == "round" and present:
            point = (present[-1].x, present[-1].y)
        elif hover.target == "ghost" and absent:
            point = (absent[0].x, absent[0].y)
    if point is None:
        return
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_pen(QColor(0, 0, 0, 160), 0.14))
    painter.drawEllipse(QPointF(*point), 0.56, 0.56)
    painter.setPen(_pen(HOVER, 0.07))
    painter.drawEllipse(QPointF(*point), 0.56, 0.56)


def _paint_legend(painter: QPainter, layout: BrickSheetLayout, ink: QColor) -> None:
    top = layout.height + 0.12
    for entry in layout.legend:
        # the column plus half the free studs on either side, cut at the sheet's edges
        left = max(entry.cx - entry.room / 2, 0.0)
        right = min(entry.cx + entry.room / 2, float(layout.width))
        room = right - left
        entry_cx = (left + right) / 2
        rect = QRectF(entry_cx - room / 2, top, room, LEGEND_LABEL_H * 1.3)
        colour = ink
        _draw_text(painter, rect, entry.label, LEGEND_LABEL_H, bold=True, colour=colour)
        rect = QRectF(entry_cx - room / 2, top + LEGEND_LABEL_H * 1.3, room, LEGEND_VALUE_H * 1.4)
        # values of neighbouring columns (melee and ranged dice) keep a visible gap
        _draw_text(painter, rect, entry.value, LEGEND_VALUE_H, colour=colour, fill=0.74)
    assert LEGEND_LABEL_H * 1.3 + LEGEND_VALUE_H * 1.4 + 0.12 <= LEGEND_HEIGHT + 0.05


# -------------------------------------------------------------------- text

#: Font pixel size text is laid out at before it is scaled to stud units.
_REF_PX = 100


def _draw_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    height: float,
    *,
    bold: bool = False,
    colour: QColor = INK,
    condensed: bool = True,
    fill: float = 0.88,
) -> None:
    """Centre ``text`` in ``rect`` (stud units) at ``height`` studs, shrinking it to at
    most ``fill`` of the width."""
    font: QFont = sheet_font(condensed=condensed, bold=bold)
    font.setPixelSize(_REF_PX)
    metrics = QFontMetricsF(font)
    scale = height / _REF_PX
    width = metrics.horizontalAdvance(text) * scale
    if width > rect.width() * fill:
        scale *= rect.width() * fill / width
    painter.save()
    painter.setFont(font)
    painter.setPen(colour)
    painter.translate(rect.center())
    painter.scale(scale, scale)
    w = rect.width() / scale
    h = rect.height() / scale
    painter.drawText(QRectF(-w / 2, -h / 2, w, h), Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _qrect(r: Rect) -> QRectF:
    return QRectF(r.x, r.y, r.w, r.h)
