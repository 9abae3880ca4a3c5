"""Drawing helpers for printed pages whose painter works in millimetres.

A page painter is scaled so that one unit is one millimetre on paper; text
sizes are given in points and converted, so the same code prints the same on
a 300 dpi PDF and on a 600 dpi printer.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen

from companion.printing.fonts import sheet_font

MM_PER_POINT = 25.4 / 72
#: Font pixel size text is laid out at before it is scaled to millimetres.
_REF_PX = 200

INK = QColor("#1d1d1b")
GREY = QColor("#6b6b6b")
RULE = QColor("#9a9a9a")
PAPER = QColor("#ffffff")
LINK = QColor("#1a4f8b")


def paper_palette() -> QPalette:
    """Dark ink on white paper, for anything that would otherwise take the screen's colours.

    Rich text (``QTextDocument``) paints with a palette, and by default that is the
    application's: under a dark theme the text would print near-white.  Printed pages use
    this one instead, so they look the same whatever the screen's theme.
    """
    palette = QPalette()
    role = QPalette.ColorRole
    for group in (
        QPalette.ColorGroup.Active,
        QPalette.ColorGroup.Inactive,
        QPalette.ColorGroup.Disabled,
    ):
        for r in (role.Text, role.WindowText, role.ButtonText, role.HighlightedText):
            palette.setColor(group, r, INK)
        for r in (role.Base, role.Window, role.Button, role.Highlight, role.AlternateBase):
            palette.setColor(group, r, PAPER)
        palette.setColor(group, role.PlaceholderText, GREY)
        palette.setColor(group, role.Link, LINK)
        palette.setColor(group, role.LinkVisited, LINK)
    return palette


def pen(colour: QColor, width_mm: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in millimetres (non-cosmetic)."""
    p = QPen(colour, width_mm, style)
    p.setCapStyle(Qt.PenCapStyle.FlatCap)
    p.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return p


def _font(bold: bool, condensed: bool) -> QFont:
    font = sheet_font(condensed=condensed, bold=bold)
    font.setPixelSize(_REF_PX)
    return font


def text_width(text: str, size_pt: float, *, bold: bool = False, condensed: bool = False) -> float:
    """Width of ``text`` in millimetres at ``size_pt``."""
    metrics = QFontMetricsF(_font(bold, condensed))
    return metrics.horizontalAdvance(text) * size_pt * MM_PER_POINT / _REF_PX


def draw_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    size_pt: float,
    *,
    bold: bool = False,
    condensed: bool = False,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    colour: QColor = INK,
    wrap: bool = False,
    fit: bool = False,
    min_pt: float = 6.0,
) -> float:
    """Draw ``text`` in ``rect`` (mm); ``fit`` shrinks it to the width. Returns the size used."""
    if fit and not wrap:
        width = text_width(text, size_pt, bold=bold, condensed=condensed)
        if width > rect.width() and width > 0:
            size_pt = max(min_pt, size_pt * rect.width() / width)
    scale = size_pt * MM_PER_POINT / _REF_PX
    painter.save()
    painter.setFont(_font(bold, condensed))
    painter.setPen(colour)
    painter.translate(rect.topLeft())
    painter.scale(scale, scale)
    flags = int(align)
    if wrap:
        flags |= int(Qt.TextFlag.TextWordWrap)
    painter.drawText(QRectF(0, 0, rect.width() / scale, rect.height() / scale), flags, text)
    painter.restore()
    return size_pt


def text_height(
    text: str, width_mm: float, size_pt: float, *, bold: bool = False, condensed: bool = False
) -> float:
    """Height in mm that ``text`` needs when wrapped to ``width_mm``."""
    scale = size_pt * MM_PER_POINT / _REF_PX
    metrics = QFontMetricsF(_font(bold, condensed))
    box = metrics.boundingRect(
        QRectF(0, 0, width_mm / scale, 1e6), int(Qt.TextFlag.TextWordWrap), text
    )
    return box.height() * scale


def scale_bar(
    painter: QPainter, x: float, y: float, length_mm: float = 100.0, text_width: float = 0.0
) -> None:
    """A bar of exactly ``length_mm`` with centimetre ticks, to check the print scale."""
    painter.setPen(pen(INK, 0.3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawLine(QLineF(x, y, x + length_mm, y))
    for k in range(int(length_mm // 10) + 1):
        tick = 3.0 if k % 5 == 0 else 1.8
        painter.drawLine(QLineF(x + 10 * k, y, x + 10 * k, y - tick))
    draw_text(
        painter,
        QRectF(x, y + 0.8, max(length_mm, text_width), 7),
        f"This bar is {length_mm:g} mm: measure it to check the print is at 100 % "
        "(actual size, no “fit to page”).",
        6.5,
        colour=GREY,
        wrap=True,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
    )


def crosshair(painter: QPainter, centre: QPointF, size: float = 4.0) -> None:
    """An alignment mark: a cross in a small circle."""
    painter.setPen(pen(INK, 0.3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, size * 0.45, size * 0.45)
    painter.drawLine(QLineF(centre.x() - size, centre.y(), centre.x() + size, centre.y()))
    painter.drawLine(QLineF(centre.x(), centre.y() - size, centre.x(), centre.y() + size))
