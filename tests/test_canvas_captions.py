"""Map captions stay whole inside the view: a label too wide for either side of its
square (the move's path caption by the view's left edge) is shifted in, off its
square, rather than cut at the edge or under the edge rulers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from companion.gui.canvas.captions import draw_caption, view_bounds
from companion.gui.canvas.rulers import LEFT_STRIP, STRIP

LINES = ["Move 3 squares", "ends facing as it stands now (N/E/S/W, arrows, or < > to turn)"]


def caption_box(anchor: QPointF, lines: list[str], **kw: object) -> tuple[QRectF, QRectF]:
    image = QImage(960, 420, QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    try:
        font = QFont()
        font.setPixelSize(13)
        bounds = view_bounds(p)
        box = draw_caption(p, anchor, lines, font, QColor("gold"), bounds, **kw)  # type: ignore[arg-type]
    finally:
        p.end()
    return box, bounds


def test_the_view_bounds_leave_out_the_edge_rulers(qapp: object) -> None:
    _, bounds = caption_box(QPointF(400, 200), ["x"])
    assert bounds == QRectF(LEFT_STRIP, STRIP, 960 - LEFT_STRIP, 420 - STRIP)


@pytest.mark.parametrize("above", [True, False])
@pytest.mark.parametrize("x", [30.0, 112.0, 200.0])
def test_a_wide_caption_by_the_left_edge_is_whole_and_off_its_square(
    qapp: object, x: float, above: bool
) -> None:
    """The move's caption above a square in the view's first columns (centred over it,
    it ran off the left edge: "…res", "…s now (N/E/S/W, …")."""
    anchor = QPointF(x, 245)
    box, bounds = caption_box(anchor, LINES, gap=17.0, above=above)
    assert bounds.contains(box), (box, bounds)
    assert not box.contains(anchor)


@pytest.mark.parametrize("above", [True, False])
def test_by_the_right_edge_too(qapp: object, above: bool) -> None:
    anchor = QPointF(940, 100)
    box, bounds = caption_box(anchor, LINES, gap=17.0, above=above)
    assert bounds.contains(box) and not box.contains(anchor)


def test_wider_than_the_view_it_starts_at_the_left(qapp: object) -> None:
    box, bounds = caption_box(QPointF(500, 200), ["W" * 200], above=True)
    assert box.left() == bounds.left()


def test_with_room_it_stays_below_right_of_its_square(qapp: object) -> None:
    anchor = QPointF(300, 100)
    box, _ = caption_box(anchor, ["Move 3 squares"], gap=10.0)
    assert box.left() == anchor.x() + 10 and box.top() == anchor.y() + 3.5
