"""Table aids printed at true scale: the BrickRuler strip and area templates.

The floor is marked in squares of 4×4 studs, one stud is 8 mm, so one square
is 32 mm on paper.  Pages (each with a 100 mm bar to check the print scale):

1. BrickRuler: three strips of 4 squares, glued end to end = 12 squares.
2. Circle of radius 2 (whole) and the 6-square line (lightning bolt).
3. Cone of length 3.
4. Cone of length 4.
5. Circle of radius 4 as a quarter: print 4 times, join at the centre mark.
6. Circle of radius 5 as a quarter, likewise (160 mm radius is larger than a page).

Shaded squares follow the area rules of DESIGN.md ("Areas"): a circle hits the
squares whose centre lies within the radius of the target square's centre; a
cone the squares whose centre lies within ±45° of facing and within its length
of the caster's centre, the caster's own square excluded.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF

from companion.printing.document import PagePainter
from companion.printing.paper import GREY, INK, crosshair, draw_text, pen, scale_bar
from companion.printing.rulesets.brickquest.brick_painter import STUD_MM
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.schema import Breath, Circle, Cone, Line, TurnUndead

#: One floor square: 4×4 studs.
SQUARE_STUDS = 4
SQUARE_MM = SQUARE_STUDS * STUD_MM
#: BrickRuler: squares per printed strip and number of strips.
RULER_STRIP_SQUARES = 4
RULER_STRIPS = 3
RULER_HEIGHT = 3 * STUD_MM
RULER_TAB = 10.0
STUD_DIAMETER_MM = 4.8

FIRE = QColor(243, 140, 60, 95)
ICE = QColor(90, 165, 225, 95)
SPARK = QColor(242, 205, 40, 120)
GRID = QColor("#a8a8a8")
PLATE = QColor("#e6d3a8")
STUD_FILL = QColor("#a9874f")
STUD_EDGE = QColor("#5c4526")

TITLE_H = 22.0


# ------------------------------------------------------------------ uses


def area_uses(catalog: BrickQuestCatalog) -> dict[tuple[str, float], list[str]]:
    """Which spells, abilities and monster breaths use each area, from the rules data."""
    uses: dict[tuple[str, float], list[str]] = {}
    for spell in catalog.spells.values():
        area = spell.area
        if isinstance(area, Circle):
            uses.setdefault(("circle", area.radius), []).append(spell.name)
        elif isinstance(area, Cone):
            uses.setdefault(("cone", area.length), []).append(spell.name)
        elif isinstance(area, Line):
            uses.setdefault(("line", area.length), []).append(spell.name)
    for cdef in catalog.classes.values():
        for ability in cdef.abilities:
            if isinstance(ability, TurnUndead):
                names = uses.setdefault(("circle", ability.radius), [])
                if "Turn Undead" not in names:
                    names.append("Turn Undead")
    for monster in catalog.monsters.values():
        for ability in monster.abilities:
            if isinstance(ability, Breath):
                uses.setdefault(("cone", ability.cone_length), []).append(f"{monster.name} breath")
    return uses


def _used_by(uses: dict[tuple[str, float], list[str]], kind: str, size: float) -> str:
    names = uses.get((kind, float(size)), [])
    return ", ".join(names) if names else "custom areas"


# ----------------------------------------------------------------- pages


def aid_pages(catalog: BrickQuestCatalog) -> list[PagePainter]:
    """The table-aid pages, in order."""
    uses = area_uses(catalog)

    def ruler(painter: QPainter, size: QSizeF) -> None:
        _title(
            painter,
            size,
            "BrickRuler — squares of 4×4 studs (32 mm)",
            f"Cut out the {RULER_STRIPS} strips and glue each onto the grey tab of the one "
            f"before: {RULER_STRIPS * RULER_STRIP_SQUARES} squares in all. Lay 0 on the centre "
            "of the measuring figure's square; distances run centre to centre. Numbers are "
            "squares; the studs count 8 mm each.",
        )
        for k in range(RULER_STRIPS):
            y = TITLE_H + 6 + k * (RULER_HEIGHT + 14)
            paint_ruler_strip(
                painter,
                QPointF(0, y),
                first_square=k * RULER_STRIP_SQUARES,
                squares=RULER_STRIP_SQUARES,
                tab=k < RULER_STRIPS - 1,
            )
        _scale_footer(painter, size)

    def circle_and_line(painter: QPainter, size: QSizeF) -> None:
        _title(
            painter,
            size,
            "Area templates: circle of radius 2, line of 6",
            "Cut along the solid outlines. Circle: centre it on the target square; every "
            "square whose centre lies inside is hit (shaded). Line: lay the strip from the "
            "caster's centre; every square it crosses is hit.",
        )
        r = 2 * SQUARE_MM
        centre = QPointF(r + 4, TITLE_H + 10 + r)
        paint_circle_template(painter, centre, 2, quarter=False, fill=FIRE)
        _caption(
            painter,
            QRectF(0, centre.y() + r + 3, 2 * r + 8, 10),
            f"Circle, radius 2 squares ({r:g} mm): {_used_by(uses, 'circle', 2)}",
        )
        x = min(size.width() - SQUARE_MM - 2, 2 * r + 24)
        paint_line_template(painter, QPointF(x, TITLE_H + 10), 6)
        _caption(
            painter,
            QRectF(x - 14, TITLE_H + 10 + SQUARE_MM / 2 + 6 * SQUARE_MM + 3, SQUARE_MM + 28, 14),
            f"Line, 6 squares ({6 * SQUARE_MM:g} mm): {_used_by(uses, 'line', 6)}",
        )
        _scale_footer(painter, size)

    def cone(length: int) -> PagePainter:
        def page(painter: QPainter, size: QSizeF) -> None:
            _title(
                painter,
                size,
                f"Area template: cone of length {length}",
                "Cut along the solid outline. Put the point on the centre of the caster's "
                "square (dashed), the sides through its front corners; every square whose "
                "centre lies inside, other than the caster's, is hit (shaded).",
            )
            apex = QPointF(size.width() / 2, TITLE_H + 8 + SQUARE_MM / 2)
            paint_cone_template(painter, apex, length)
            reach = length * SQUARE_MM
            _caption(
                painter,
                QRectF(0, apex.y() + reach + 4, size.width(), 10),
                f"Cone, length {length} squares ({reach:g} mm): {_used_by(uses, 'cone', length)}",
                centred=True,
            )
            _scale_footer(painter, size)

        return page

    def quarter(radius: int) -> PagePainter:
        def page(painter: QPainter, size: QSizeF) -> None:
            r = radius * SQUARE_MM
            _title(
                painter,
                size,
                f"Area template: circle of radius {radius} — one quarter",
                f"A circle of radius {radius} squares ({r:g} mm) is larger than the page: "
                "print this page 4 times, cut each quarter along the solid outline and join "
                "the straight edges so the four ✚ marks meet at the target square's centre "
                "and the edge marks line up. Shaded squares are hit.",
            )
            centre = QPointF(max(4.0, (size.width() - r) / 2), TITLE_H + 10)
            paint_circle_template(painter, centre, radius, quarter=True, fill=FIRE)
            _caption(
                painter,
                QRectF(centre.x(), centre.y() + r + 4, size.width() - centre.x(), 10),
                f"Circle, radius {radius} squares: {_used_by(uses, 'circle', radius)} "
                "(quarter 1 of 4)",
            )
            _scale_footer(painter, size)

        return page

    return [ruler, circle_and_line, cone(3), cone(4), quarter(4), quarter(5)]


# ------------------------------------------------------------- pieces


def _title(painter: QPainter, size: QSizeF, title: str, text: str) -> None:
    draw_text(painter, QRectF(0, 0, size.width(), 7), title, 14, bold=True, fit=True)
    draw_text(
        painter,
        QRectF(0, 7.5, size.width(), TITLE_H - 8),
        text,
        8.5,
        wrap=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
    )


def _caption(painter: QPainter, rect: QRectF, text: str, *, centred: bool = False) -> None:
    align = Qt.AlignmentFlag.AlignHCenter if centred else Qt.AlignmentFlag.AlignLeft
    draw_text(painter, rect, text, 9, wrap=True, align=align | Qt.AlignmentFlag.AlignTop)


def _scale_footer(painter: QPainter, size: QSizeF) -> None:
    scale_bar(painter, 0, size.height() - 8, 100.0, text_width=size.width())


def paint_ruler_strip(
    painter: QPainter, origin: QPointF, *, first_square: int, squares: int, tab: bool
) -> None:
    """One BrickRuler strip: a 3-stud wide plate with squares marked every 4 studs."""
    length = squares * SQUARE_MM
    x0, y0 = origin.x(), origin.y()
    draw_text(
        painter,
        QRectF(x0, y0 - 5, length, 4.5),
        f"BrickRuler part {first_square // squares + 1}: squares {first_square}–"
        f"{first_square + squares}",
        7.5,
        colour=GREY,
    )
    if tab:
        tab_rect = QRectF(x0 + length, y0, RULER_TAB, RULER_HEIGHT)
        painter.setPen(pen(GREY, 0.25, Qt.PenStyle.DashLine))
        painter.setBrush(QColor("#d9d9d9"))
        painter.drawRect(tab_rect)
        painter.save()
        painter.translate(tab_rect.center())
        painter.rotate(90)
        draw_text(
            painter,
            QRectF(-RULER_HEIGHT / 2, -RULER_TAB / 2, RULER_HEIGHT, RULER_TAB),
            "glue next part here",
            6,
            colour=GREY,
            align=Qt.AlignmentFlag.AlignCenter,
        )
        painter.restore()
    body = QRectF(x0, y0, length, RULER_HEIGHT)
    painter.setPen(pen(INK, 0.3))
    painter.setBrush(PLATE)
    painter.drawRect(body)
    band = STUD_MM * 1.1
    # ticks: every stud, every half square, every square
    for k in range(squares * SQUARE_STUDS + 1):
        x = x0 + k * STUD_MM
        if k % SQUARE_STUDS == 0:
            painter.setPen(pen(INK, 0.35))
            painter.drawLine(QLineF(x, y0, x, y0 + RULER_HEIGHT))
            number = first_square + k // SQUARE_STUDS
            last = k == squares * SQUARE_STUDS
            if not last or not tab:
                # the last number of a strip sits inside it, left of its end line
                box = QRectF(x - 10.8 if last else x + 0.8, y0 + 0.6, 10, band - 1.2)
                align = Qt.AlignmentFlag.AlignRight if last else Qt.AlignmentFlag.AlignLeft
                draw_text(
                    painter,
                    box,
                    str(number),
                    11,
                    bold=True,
                    align=align | Qt.AlignmentFlag.AlignVCenter,
                )
        elif k % (SQUARE_STUDS // 2) == 0:
            painter.setPen(pen(INK, 0.3))
            painter.drawLine(QLineF(x, y0, x, y0 + band * 0.55))
        else:
            painter.setPen(pen(INK, 0.25))
            painter.drawLine(QLineF(x, y0, x, y0 + band * 0.3))
    # two rows of studs below the band, centred on the 8 mm grid
    painter.setPen(pen(STUD_EDGE, 0.25))
    painter.setBrush(STUD_FILL)
    r = STUD_DIAMETER_MM / 2
    for row in (1, 2):
        cy = y0 + (row + 0.5) * STUD_MM
        for i in range(squares * SQUARE_STUDS):
            painter.drawEllipse(QPointF(x0 + (i + 0.5) * STUD_MM, cy), r, r)


def _grid_lines(painter: QPainter, centre: QPointF, extent: float) -> None:
    """Square boundaries around a square centred on ``centre``, out to ``extent`` mm."""
    painter.setPen(pen(GRID, 0.2))
    half = SQUARE_MM / 2
    n = int(extent // SQUARE_MM) + 2
    for k in range(-n, n + 1):
        off = half + k * SQUARE_MM
        painter.drawLine(
            QLineF(centre.x() + off, centre.y() - extent, centre.x() + off, centre.y() + extent)
        )
        painter.drawLine(
            QLineF(centre.x() - extent, centre.y() + off, centre.x() + extent, centre.y() + off)
        )


def _shade_squares(
    painter: QPainter, centre: QPointF, cells: list[tuple[int, int]], fill: QColor
) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(fill))
    half = SQUARE_MM / 2
    for i, j in cells:
        painter.drawRect(
            QRectF(
                centre.x() + i * SQUARE_MM - half,
                centre.y() + j * SQUARE_MM - half,
                SQUARE_MM,
                SQUARE_MM,
            )
        )


def circle_cells(radius: float) -> list[tuple[int, int]]:
    """Squares (dx, dy) whose centre is within ``radius`` squares of the target's."""
    n = math.ceil(radius)
    return [
        (i, j)
        for i in range(-n, n + 1)
        for j in range(-n, n + 1)
        if i * i + j * j <= radius * radius + 1e-9
    ]


def cone_cells(length: float) -> list[tuple[int, int]]:
    """Squares (dx, dy) of a cone facing +y: within ±45° and ``length``, caster excluded."""
    n = math.ceil(length)
    return [
        (i, j)
        for i in range(-n, n + 1)
        for j in range(1, n + 1)
        if abs(i) <= j and i * i + j * j <= length * length + 1e-9
    ]


def paint_circle_template(
    painter: QPainter, centre: QPointF, radius: int, *, quarter: bool, fill: QColor
) -> None:
    """A circle template (or its lower-right quarter) centred on a square's centre."""
    r = radius * SQUARE_MM
    outline = QPainterPath()
    if quarter:
        outline.moveTo(centre)
        outline.arcTo(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), 0, -90)
        outline.closeSubpath()
    else:
        outline.addEllipse(centre, r, r)
    painter.save()
    painter.setClipPath(outline)
    painter.fillPath(outline, QColor("#ffffff"))
    _shade_squares(painter, centre, circle_cells(radius), fill)
    _grid_lines(painter, centre, r + SQUARE_MM)
    half = SQUARE_MM / 2
    painter.setPen(pen(INK, 0.5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(centre.x() - half, centre.y() - half, SQUARE_MM, SQUARE_MM))
    painter.restore()
    painter.setPen(pen(INK, 0.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(outline)
    crosshair(painter, centre, 5.0)
    if quarter:
        _edge_marks(painter, centre, r)
    draw_text(
        painter,
        QRectF(centre.x() + 2, centre.y() + 5.5, SQUARE_MM / 2 - 3, 4),
        "target",
        7,
        colour=GREY,
    )


def _edge_marks(painter: QPainter, centre: QPointF, r: float) -> None:
    """Triangles on both straight edges at each square boundary, to line quarters up."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(INK)
    half = SQUARE_MM / 2
    k = 0
    while half + k * SQUARE_MM < r:
        d = half + k * SQUARE_MM
        # top edge (y = centre.y): a notch pointing into the quarter
        x = centre.x() + d
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(x - 1.5, centre.y()),
                    QPointF(x + 1.5, centre.y()),
                    QPointF(x, centre.y() + 2.5),
                ]
            )
        )
        y = centre.y() + d
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(centre.x(), y - 1.5),
                    QPointF(centre.x(), y + 1.5),
                    QPointF(centre.x() + 2.5, y),
                ]
            )
        )
        k += 1
    draw_text(
        painter,
        QRectF(centre.x() + half + 2, centre.y() - 5, r - half - 4, 4.5),
        "join the next quarter along this edge",
        7,
        colour=GREY,
    )
    painter.save()
    painter.translate(centre.x() - 5, centre.y() + half + 2)
    painter.rotate(90)
    draw_text(
        painter,
        QRectF(0, -4.5, r - half - 4, 4.5),
        "join the next quarter along this edge",
        7,
        colour=GREY,
    )
    painter.restore()


def _caster_label(painter: QPainter, caster: QRectF) -> None:
    """Write "caster" at the top of the caster's square (cone and line templates)."""
    draw_text(
        painter,
        QRectF(caster.x(), caster.y() + 1, SQUARE_MM, 4),
        "caster",
        7,
        colour=GREY,
        align=Qt.AlignmentFlag.AlignCenter,
    )


def paint_cone_template(painter: QPainter, apex: QPointF, length: int) -> None:
    """A cone template pointing down the page from ``apex`` (the caster's centre)."""
    r = length * SQUARE_MM
    outline = QPainterPath()
    outline.moveTo(apex)
    # Qt angles: 0° = east, counter-clockwise; the cone faces south (270°), ±45°
    outline.arcTo(QRectF(apex.x() - r, apex.y() - r, 2 * r, 2 * r), 225, 90)
    outline.closeSubpath()
    painter.save()
    painter.setClipPath(outline)
    painter.fillPath(outline, QColor("#ffffff"))
    _shade_squares(painter, apex, cone_cells(length), ICE)
    _grid_lines(painter, apex, r + SQUARE_MM)
    painter.restore()
    half = SQUARE_MM / 2
    caster = QRectF(apex.x() - half, apex.y() - half, SQUARE_MM, SQUARE_MM)
    painter.setPen(pen(INK, 0.4, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(caster)
    _caster_label(painter, caster)
    painter.setPen(pen(INK, 0.6))
    painter.drawPath(outline)
    crosshair(painter, apex, 3.0)


def paint_line_template(painter: QPainter, top_left: QPointF, length: int) -> None:
    """The line template: the caster's square, then a strip ``length`` squares long."""
    half = SQUARE_MM / 2
    caster = QRectF(top_left.x(), top_left.y(), SQUARE_MM, SQUARE_MM)
    centre = caster.center()
    strip_w = STUD_MM * 2
    strip = QRectF(centre.x() - strip_w / 2, centre.y(), strip_w, length * SQUARE_MM)
    painter.setPen(pen(INK, 0.4, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(caster)
    painter.setPen(pen(INK, 0.6))
    painter.setBrush(QBrush(SPARK))
    painter.drawRect(strip)
    painter.setPen(pen(INK, 0.25))
    painter.drawLine(QLineF(centre.x(), strip.top(), centre.x(), strip.bottom()))
    for k in range(1, length + 1):
        y = centre.y() + k * SQUARE_MM
        painter.setPen(pen(INK, 0.35))
        painter.drawLine(QLineF(strip.left(), y, strip.right(), y))
        draw_text(
            painter,
            QRectF(strip.left() + 0.8, y - 6, strip_w / 2, 5),
            str(k),
            10,
            bold=True,
        )
        mid = y - half
        painter.setPen(pen(INK, 0.25))
        painter.drawLine(QLineF(strip.left(), mid, strip.left() + 2.5, mid))
        painter.drawLine(QLineF(strip.right() - 2.5, mid, strip.right(), mid))
    crosshair(painter, centre, 3.0)
    _caster_label(painter, caster)
