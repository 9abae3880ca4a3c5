"""Plain overlays: the hover outline and rectangles, tints, and the paste preview.

Overlays only draw what the tools hand them (squares, masks, results of the geometry);
they compute nothing about the rules.  Each keeps its bounds tight around
what it draws, so a change repaints only that part of the view, not the whole map.
The other overlays have modules of their own: ``captions``, ``ruler_item``, ``reach``,
``play_marks``; what they share is in ``overlay_base``.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
)
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem

from companion.gui.canvas.overlay_base import (
    Square,
    cosmetic,
)
from companion.gui.canvas.render import mask_outline, tint_rgba


class HoverRect(QGraphicsRectItem):
    """The outline of the brush or the square under the mouse."""

    def __init__(self, colour: QColor | None = None, z: float = 30) -> None:
        super().__init__()
        self.setPen(cosmetic(colour or QColor(255, 255, 255, 220), 2))
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setZValue(z)
        self.hide()

    def show_squares(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Outline squares x0..x1, y0..y1 (inclusive corners, any order)."""
        ax, bx = sorted((x0, x1))
        ay, by = sorted((y0, y1))
        self.setRect(QRectF(ax, ay, bx - ax + 1, by - ay + 1))
        self.show()


class TintImage(pg.ImageItem):
    """A translucent colour over a set of squares (areas, reachable squares).

    Only the mask's bounding box becomes the image, placed at its corner, so moving a
    small template repaints a small part of the view.
    """

    def __init__(self, z: float) -> None:
        super().__init__(axisOrder="row-major")
        self.setZValue(z)
        self.outline = QGraphicsPathItem()
        self.outline.setZValue(z + 0.1)

    def show_mask(
        self,
        mask: np.ndarray | None,
        colour: QColor,
        alpha: int = 110,
        values: np.ndarray | None = None,
        outline: bool = True,
    ) -> None:
        if mask is None or not mask.any():
            self.hide_mask()
            return
        rgb = (colour.red(), colour.green(), colour.blue())
        rows = np.flatnonzero(mask.any(axis=1))
        cols = np.flatnonzero(mask.any(axis=0))
        y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
        sub = mask[y0:y1, x0:x1]
        part = None if values is None else values[y0:y1, x0:x1]
        self.setImage(tint_rgba(sub, rgb, alpha, part), autoLevels=False, levels=(0, 255))
        self.setPos(x0, y0)
        self.show()
        if outline:
            from companion.gui.canvas.tiles import segments_path

            self.outline.setPen(cosmetic(colour.lighter(115), 2))
            self.outline.setPath(segments_path(mask_outline(sub)))
            self.outline.setPos(x0, y0)
            self.outline.show()
        else:
            self.outline.hide()

    def hide_mask(self) -> None:
        self.hide()
        self.outline.hide()


class PastePreview(pg.ImageItem):
    """A ghost of the clipboard following the mouse, with a dashed frame."""

    def __init__(self) -> None:
        super().__init__(axisOrder="row-major")
        self.setZValue(28)
        self.setOpacity(0.72)
        self.frame = QGraphicsRectItem()
        self.frame.setPen(cosmetic(QColor(255, 255, 255), 2, (4, 3)))
        self.frame.setZValue(28.5)
        self.hide_preview()

    def show_at(self, rgba: np.ndarray, at: Square) -> None:
        self.setImage(rgba, autoLevels=False, levels=(0, 255))
        self.setPos(at[0], at[1])
        h, w = rgba.shape[:2]
        self.frame.setRect(QRectF(at[0], at[1], w, h))
        self.show()
        self.frame.show()

    def hide_preview(self) -> None:
        self.hide()
        self.frame.hide()
