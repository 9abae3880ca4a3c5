"""One printed page (or more) per character: the brick sheet at 1:1 and its paper twin.

Layout (millimetres inside the page margins):

* a header with the character's name, class and player;
* the brick sheet at true scale (one stud = 8 mm) on the left, painted by the
  same :func:`paint_brick_sheet` as the screen;
* the paper sheet of the rules filled in on the right, then the swag bin's
  contents;
* the class's special abilities, skills and spells in short text, in two
  columns under the sheet, continued on another page if they do not fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QPagedPaintDevice,
    QPainter,
    QTextDocument,
)

from companion.printing.document import PagePainter
from companion.printing.fonts import sheet_font
from companion.printing.paper import GREY, RULE, draw_text, paper_palette, pen, scale_bar
from companion.printing.rulesets.brickquest.brick_layout import SheetStats, layout_sheet
from companion.printing.rulesets.brickquest.brick_painter import STUD_MM, paint_brick_sheet
from companion.printing.rulesets.brickquest.sheet_text import (
    class_details_html,
    paper_fields,
    swag_lines,
)
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character

HEADER_H = 17.0
GAP = 6.0
FOOTER_H = 5.0
TEXT_PT = 7.6
COLUMN_GAP = 6.0

_CSS = """
p { margin: 0 0 1.2pt 0; }
ul { margin: 0 0 1.5pt 0; -qt-list-indent: 0; }
li { margin: 0 0 0.8pt 9pt; }
h3 { font-size: 9pt; margin: 2pt 0 1pt 0; }
"""


@dataclass
class _TextFlow:
    """The abilities/spells text laid out in equal columns (one column = one doc page)."""

    doc: QTextDocument
    col_w_px: float
    col_h_px: float
    dots_per_mm: float

    @property
    def columns(self) -> int:
        return self.doc.pageCount()

    def paint_column(self, painter: QPainter, index: int, x_mm: float, y_mm: float) -> None:
        painter.save()
        painter.scale(1 / self.dots_per_mm, 1 / self.dots_per_mm)
        dy = y_mm * self.dots_per_mm - index * self.col_h_px
        painter.translate(x_mm * self.dots_per_mm, dy)
        clip = QRectF(0, index * self.col_h_px, self.col_w_px, self.col_h_px)
        # not doc.drawContents(): it paints with the application's palette, and a
        # dark screen theme would print the text near-white
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = paper_palette()
        context.clip = clip
        painter.setClipRect(clip)
        self.doc.documentLayout().draw(painter, context)
        painter.restore()


def _text_flow(html: str, device: QPagedPaintDevice, col_w_mm: float, col_h_mm: float) -> _TextFlow:
    dpmm = device.logicalDpiX() / 25.4
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setDefaultFont(sheet_font(point_size=TEXT_PT))
    doc.setDefaultStyleSheet(_CSS)
    doc.setHtml(html)
    size = QSizeF(col_w_mm * dpmm, col_h_mm * dpmm)
    doc.setPageSize(size)
    return _TextFlow(doc, size.width(), size.height(), dpmm)


def character_pages(
    character: Character,
    catalog: BrickQuestCatalog,
    device: QPagedPaintDevice,
    area: QSizeF,
) -> list[PagePainter]:
    """The page painters for ``character`` on ``device`` with ``area`` (mm) to paint in."""
    class_def = catalog.get_class(character.class_id)
    layout = layout_sheet(SheetStats.from_character(character, class_def))
    sheet_w = layout.width * STUD_MM
    sheet_h = layout.total_height * STUD_MM
    text_top = HEADER_H + sheet_h + 9.0
    col_w = (area.width() - COLUMN_GAP) / 2
    col_h = max(30.0, area.height() - text_top - FOOTER_H)
    html = class_details_html(class_def, catalog)
    flow = _text_flow(html, device, col_w, col_h)

    def first(painter: QPainter, size: QSizeF) -> None:
        kind = f"{class_def.name} ({class_def.race.value} {class_def.archetype.value})"
        _header(painter, size, character, kind)
        origin = QPointF(0, HEADER_H)
        paint_brick_sheet(painter, layout, origin, STUD_MM)
        draw_text(
            painter,
            QRectF(0, HEADER_H + sheet_h + 0.5, sheet_w, 4),
            f"Brick sheet at 1:1 — one stud = {STUD_MM:g} mm; build it on a "
            f"{layout.width}×{layout.height} baseplate.",
            7,
            colour=GREY,
        )
        right_x = sheet_w + GAP
        _paper_sheet(
            painter, QRectF(right_x, HEADER_H, size.width() - right_x, sheet_h), character, catalog
        )
        for k in range(min(2, flow.columns)):
            flow.paint_column(painter, k, k * (col_w + COLUMN_GAP), text_top)
        _footer(painter, size, character.name, 1)

    pages: list[PagePainter] = [first]
    # continuation pages: as many rows of two columns as fit
    rows = max(1, int((area.height() - HEADER_H - FOOTER_H) // (col_h + 3)))
    index = 2
    page_no = 2
    while index < flow.columns:
        start = index

        def more(painter: QPainter, size: QSizeF, start: int = start, no: int = page_no) -> None:
            _header(painter, size, character, f"{class_def.name}, continued")
            k = start
            for row in range(rows):
                for col in range(2):
                    if k < flow.columns:
                        y = HEADER_H + row * (col_h + 3)
                        flow.paint_column(painter, k, col * (col_w + COLUMN_GAP), y)
                        k += 1
            _footer(painter, size, character.name, no)

        pages.append(more)
        index += rows * 2
        page_no += 1
    return pages


def _header(painter: QPainter, size: QSizeF, character: Character, subtitle: str) -> None:
    draw_text(painter, QRectF(0, 0, size.width() * 0.7, 9), character.name, 20, bold=True, fit=True)
    draw_text(
        painter,
        QRectF(size.width() * 0.6, 0, size.width() * 0.4, 9),
        "BrickQuest character sheet",
        8,
        colour=GREY,
        align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    )
    draw_text(
        painter,
        QRectF(0, 9, size.width(), 5.5),
        f"{subtitle} · played by {character.player}",
        10.5,
        fit=True,
    )
    painter.setPen(pen(RULE, 0.3))
    painter.drawLine(QLineF(0, HEADER_H - 2, size.width(), HEADER_H - 2))


def _footer(painter: QPainter, size: QSizeF, name: str, page: int) -> None:
    draw_text(
        painter,
        QRectF(0, size.height() - 4, size.width(), 4),
        f"Brick Companion · {name} · sheet page {page}",
        6.5,
        colour=GREY,
        align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    )


def _field(painter: QPainter, rect: QRectF, label: str, value: str) -> None:
    draw_text(
        painter,
        QRectF(rect.x(), rect.y(), rect.width(), 3.4),
        label,
        6.8,
        colour=GREY,
        condensed=True,
    )
    draw_text(
        painter,
        QRectF(rect.x(), rect.y() + 3.4, rect.width() - 1, rect.height() - 4.2),
        value,
        12,
        bold=True,
        fit=True,
        condensed=True,
    )
    painter.setPen(pen(RULE, 0.25))
    y = rect.bottom() - 0.6
    painter.drawLine(QLineF(rect.x(), y, rect.right() - 1.5, y))


def _paper_sheet(
    painter: QPainter, rect: QRectF, character: Character, catalog: BrickQuestCatalog
) -> None:
    """The rules' paper character sheet, filled in, then the swag bin."""
    class_def = catalog.get_class(character.class_id)
    f = {pf.label: pf.value for pf in paper_fields(character, class_def)}
    row_h = 10.5
    x, y, w = rect.x(), rect.y(), rect.width()
    draw_text(painter, QRectF(x, y, w, 5), "Paper sheet", 9, bold=True)
    y += 5.5
    for label in ("Player Name", "Character Name", "Character Class"):
        _field(painter, QRectF(x, y, w, row_h), label, f[label])
        y += row_h
    pairs = (
        ("Movement", "Initiative bonus", 0.5),
        ("Hit Points", "Spell Points", 0.5),
        ("Attack Dice", "Attack Bonus", 0.66),
        ("Defense Dice", "Defense Bonus", 0.5),
    )
    for left, right, split in pairs:
        lw = w * split
        _field(painter, QRectF(x, y, lw, row_h), left, f[left])
        _field(
            painter,
            QRectF(x + lw, y, w - lw, row_h),
            right.replace("Attack ", "").replace("Defense ", ""),
            f[right],
        )
        y += row_h
    y += 3
    draw_text(painter, QRectF(x, y, w, 5), "Swag bin", 9, bold=True)
    y += 5.5
    lines = swag_lines(character, catalog) or ["(empty)"]
    line_h = 3.6
    bar_y = rect.bottom() - 9
    room = max(1, int((bar_y - 3 - y) // line_h))
    if len(lines) > room:
        lines = [*lines[: room - 1], f"… and {len(lines) - room + 1} more"]
    for line in lines:
        draw_text(painter, QRectF(x, y, w, line_h), line, 8, fit=True)
        y += line_h
    scale_bar(painter, x, bar_y, min(50.0, w - 2), text_width=w)
