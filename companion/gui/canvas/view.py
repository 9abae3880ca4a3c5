"""The dungeon canvas: pan, zoom, and the map's layers and overlays.

Built on pyqtgraph's ``GraphicsView`` + ``ViewBox``: the ViewBox gives smooth wheel
zoom about the mouse, aspect locking and limits, and an ``ImageItem`` draws a
512x512 map as one texture.  Mouse presses go to the active tool; a right- or
middle-button drag (or Space + left drag) pans.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QWidget

from companion.gui.canvas.captions import CaptionItem, HoverLabel
from companion.gui.canvas.features_item import FeaturesItem
from companion.gui.canvas.figures_item import FiguresItem
from companion.gui.canvas.headings import figure_headings
from companion.gui.canvas.layers import (
    BaseImage,
    EdgeItems,
    GridItem,
    RoomOutlines,
    fog_mask,
    needs_edges,
)
from companion.gui.canvas.marks import BoardMarks
from companion.gui.canvas.overlays import HoverRect, PastePreview, TintImage
from companion.gui.canvas.play_marks import FacingMark, ReasonMarks
from companion.gui.canvas.reach import ReachItem
from companion.gui.canvas.render import BACKGROUND
from companion.gui.canvas.ruler_item import RulerItem
from companion.gui.canvas.rulers import STRIP as RULER_STRIP
from companion.gui.canvas.rulers import EdgeRulers
from companion.model.dungeon import Terrain
from companion.model.edits import Changes

if TYPE_CHECKING:
    from collections.abc import Sequence

    from companion.gui.session import MapSession
    from companion.gui.tools.base import Tool
    from companion.rules.board_marks import BoardMark

Square = tuple[int, int]

#: Under this many screen pixels a square's tokens and initials cannot be read from arm's
#: length: a game then follows the acting figure at ``FOLLOW_PX`` instead of showing all.
READABLE_PX = 20.0
FOLLOW_PX = 24.0


@dataclass(slots=True)
class MouseInfo:
    """A mouse event in map terms."""

    square: Square
    pos: QPointF  # map units: square (x, y) covers [x, x+1) x [y, y+1)
    button: Qt.MouseButton
    buttons: Qt.MouseButton
    modifiers: Qt.KeyboardModifier

    @property
    def shift(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ShiftModifier)


def _same_mask(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and bool(np.array_equal(a, b))


class Overlays:
    """The measurement overlays, shared by the tools."""

    def __init__(self, vb: pg.ViewBox, font: QFont) -> None:
        self.hover = HoverRect()
        self.rect = HoverRect(QColor(255, 214, 40), z=31)
        self.area = TintImage(z=15)
        self.reach_tint = TintImage(z=14)
        self.ruler = RulerItem(font)
        self.reach = ReachItem(font)
        self.caption = CaptionItem(font)
        self.paste = PastePreview()
        self.hover_label = HoverLabel(font)
        #: The squares of the reasons of a refused action, numbered as they are listed.
        self.reasons = ReasonMarks(font)
        #: The way the figure will face at the end of the pending move, at its destination.
        self.facing = FacingMark()
        for item in (
            self.reasons,
            self.facing,
            self.hover_label,
            self.hover,
            self.rect,
            self.area,
            self.area.outline,
            self.reach_tint,
            self.reach_tint.outline,
            self.ruler,
            self.reach,
            self.caption,
            self.paste,
            self.paste.frame,
        ):
            vb.addItem(item, ignoreBounds=True)
        self.area.hide_mask()
        self.reach_tint.hide_mask()

    def set_map_size(self, w: int, h: int) -> None:
        for item in (self.ruler, self.reach, self.caption, self.hover_label, self.reasons):
            item.set_map_size(w, h, margin=max(w, h))
        self.facing.set_map_size(w, h)

    def set_scale(self, px: float) -> None:
        """The zoom changed: captions sized in pixels cover another part of the map."""
        for item in (
            self.ruler,
            self.reach,
            self.caption,
            self.hover_label,
            self.reasons,
            self.facing,
        ):
            item.set_scale(px)

    def clear(self) -> None:
        """Hide every measurement (tool switch, new map)."""
        self.hover.hide()
        self.rect.hide()
        self.area.hide_mask()
        self.reach_tint.hide_mask()
        self.ruler.set_shape(None)
        self.reach.set_shape(None)
        self.caption.set_caption(None, ())
        self.reasons.set_marks(())
        self.facing.set_facing(None)
        self.paste.hide_preview()


class MapCanvas(pg.GraphicsView):
    """Shows a ``MapSession``'s map and routes the mouse to the active tool."""

    hovered = Signal(object)  # (x, y) or None
    zoomChanged = Signal(float)  # device pixels per square

    def __init__(self, session: MapSession, parent: QWidget | None = None) -> None:
        super().__init__(parent, background=pg.mkColor(BACKGROUND))
        self.session = session
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.vb = pg.ViewBox(lockAspect=True, invertY=True, enableMenu=False, defaultPadding=0.02)
        self.vb.setMouseEnabled(True, True)
        self.setCentralItem(self.vb)
        font = QFont(self.font())
        self.play = False
        #: The view follows the whole map (fitted) or a square at a readable scale.
        self._keep_fitted = False
        self._following = False
        self._follow: Square | None = None
        self.base = BaseImage()
        self.grid = GridItem(self.vb)
        self.edges = EdgeItems(self.vb)
        self.rooms = RoomOutlines(self.vb)
        self.features = FeaturesItem(font)
        self.figures = FiguresItem(font)
        #: The ruleset's board: space colours, tokens, edge bars (``BoardMark``).
        self.board_marks = BoardMarks(font)
        for item in (self.base, self.features, self.figures, *self.board_marks.items):
            self.vb.addItem(item)
        self.overlays = Overlays(self.vb, font)
        self.tool: Tool | None = None
        self._pan_from: QPoint | None = None
        self._space = False
        self._last_square: Square | None = None
        self._size: tuple[int, int] = (0, 0)
        #: The map and mode the fog was last worked out for (a move alone keeps it).
        self._fog_of: tuple[object, bool] | None = None
        session.changed.connect(self.on_changed)
        session.replaced.connect(self.fit)
        self.vb.sigRangeChanged.connect(self._range_changed)
        #: Column letters and row numbers along the view's edges (chess-board style).
        self.rulers = EdgeRulers(self)
        self.on_changed(Changes(everything=True))
        self.fit()

    @property
    def hovered_square(self) -> Square | None:
        """The map square under the mouse (None: the mouse is off the map)."""
        return self._last_square

    # -- drawing ---------------------------------------------------------------------
    def on_changed(self, changes: Changes) -> None:
        doc = self.session.doc
        d = doc.dungeon
        size = (d.width, d.height)
        everything = changes.everything or size != self._size
        if (
            changes == Changes(figures=True, region=changes.region)
            and self._fog_of == (d, self.play)
            and not everything
        ):
            fog, fog_changed = self.features.fog, False  # figures moved: the rooms stand
        else:
            fog = fog_mask(doc, self.play)
            fog_changed = not _same_mask(fog, self.features.fog)
            self.features.fog = fog
            self._fog_of = (d, self.play)
        # Redraw only the squares an edit touched, unless the whole look may have changed.
        whole = everything or fog_changed or changes.region is None
        region = None if whole else changes.region
        terrain_like = bool(changes.layers & {"terrain", "floor", "stairs"})
        if whole or changes.rooms:
            self.base.redraw(d, None, fog)
        elif terrain_like:
            self.base.redraw(d, region, fog)
        if everything:
            self._size = size
            for item in (self.features, self.figures):
                item.set_map_size(*size)
            self.board_marks.set_map_size(*size)
            self.overlays.set_map_size(*size)
            self.vb.setLimits(
                minXRange=3, minYRange=3, maxXRange=max(size) * 3 + 10, maxYRange=max(size) * 3 + 10
            )
        if everything or fog_changed or needs_edges(changes):
            self.edges.rebuild(d, self.session.board(), region, fog)
        if everything or fog_changed or "terrain" in changes.layers:
            self.grid.rebuild(d, region, fog)
        rooms = everything or changes.rooms or "room_of" in changes.layers
        if rooms:
            self.rooms.rebuild(d)
        if rooms or fog_changed or changes.layers or changes.objects:
            self.features.refresh(doc, None if (rooms or fog_changed) else region, rooms=rooms)
        if everything or changes.figures or changes.rooms:
            self.figures.hidden = self._hidden_figures(fog)
            self.figures.sizes = self.session.figure_sizes()
            self.figures.anchors = self.session.figure_anchors()
            self.figures.set_headings(figure_headings(self.session))
            self.figures.set_figures(doc.figures)
            self.board_marks.set_occupied({f.at for f in doc.figures})
        if everything or fog_changed or changes.board:
            self.refresh_marks()
        if self.tool is not None:
            self.tool.map_changed(changes)

    def refresh_marks(self, marks: Sequence[BoardMark] | None = None) -> None:
        """Draw the board's marks as they are now (a game's after each action); ``marks``:
        the session's board marks already asked for (else asked here)."""
        self.board_marks.set_fog(self.features.fog)
        self.board_marks.set_marks(self.session.board_marks() if marks is None else marks)

    def _hidden_figures(self, fog: np.ndarray | None) -> set[str]:
        if fog is None:
            return set()
        return {f.id for f in self.session.doc.figures if fog[f.at[1], f.at[0]]}

    def set_play(self, play: bool) -> None:
        """Play mode covers hidden rooms and their figures; edit mode shows everything."""
        self.play = play
        self.rooms.setVisible(not play)
        self.on_changed(Changes(rooms=True, figures=True))

    def set_show_heights(self, on: bool) -> None:
        self.features.show_heights = on
        self.features.update()

    def set_show_grid(self, on: bool) -> None:
        self.grid.setVisible(on)

    # -- view ------------------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole map; it stays fitted as the window resizes until the user zooms."""
        if getattr(self, "closed", False):
            return  # closed: pyqtgraph has cleared the scene, a queued fit has no view
        d = self.session.doc.dungeon  # the map as it is now (a new map: before its redraw)
        self.vb.setRange(QRectF(0, 0, d.width, d.height), padding=0.02)
        self._keep_fitted = True
        self._following = False

    def fitted_px(self) -> float:
        """The pixels per square ``fit`` gives in the viewport as it is now."""
        d = self.session.doc.dungeon
        vp = self.viewport()
        pad = 1.04  # fit's padding either side
        return min(vp.width() / (d.width * pad), vp.height() / (d.height * pad))

    def follow(self, square: Square) -> None:
        """Keep ``square`` (the acting figure's) in view at a readable scale: the whole map
        when it fits at ``READABLE_PX`` or more, else ``FOLLOW_PX`` around the square; a
        view the user zoomed is only moved when the square is out of it."""
        if self._keep_fitted and self.fitted_px() >= READABLE_PX:
            self._follow = square  # followed should a growing dock make the map unreadable
            return  # the whole map, readable
        if self._keep_fitted or self._following:
            self.centre_on(square, FOLLOW_PX)
            self._following, self._follow = True, square
            return
        if not self.vb.viewRect().contains(square[0] + 0.5, square[1] + 0.5):
            self.centre_on(square)

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if hasattr(self, "rulers"):  # (pyqtgraph resizes during __init__)
            self.rulers.follow_viewport()
        if getattr(self, "_keep_fitted", False):
            QTimer.singleShot(0, self, self._refit)
        elif getattr(self, "_following", False):  # (pyqtgraph resizes during __init__)
            QTimer.singleShot(0, self, self._refollow)

    def _refollow(self) -> None:
        """After a resize: the whole map if it is readable now, else the same square."""
        square = self._follow
        if not self._following or square is None:
            return
        if self.fitted_px() >= READABLE_PX:
            self.fit()
        else:
            self.centre_on(square, FOLLOW_PX)
            self._following = True

    def _refit(self) -> None:
        """Fit again after a resize, unless the user zoomed or panned meanwhile; when the
        whole map is no longer readable (a dock grew), follow the square last followed."""
        if not self._keep_fitted:
            return
        square = getattr(self, "_follow", None)
        if square is not None and self.fitted_px() < READABLE_PX:
            self.centre_on(square, FOLLOW_PX)
            self._following = True
        else:
            self.fit()

    def wheelEvent(self, ev: QWheelEvent) -> None:
        self._keep_fitted = self._following = False
        super().wheelEvent(ev)

    def zoom_by(self, factor: float) -> None:
        """Zoom in (factor > 1) or out about the centre of the view."""
        self._keep_fitted = self._following = False
        self.vb.scaleBy((1 / factor, 1 / factor))

    def centre_on(self, square: Square, pixels_per_square: float | None = None) -> None:
        self._keep_fitted = self._following = False
        rect = self.vb.viewRect()
        w, h = rect.width(), rect.height()
        if pixels_per_square:
            w = self.viewport().width() / pixels_per_square
            h = self.viewport().height() / pixels_per_square
        cx, cy = square[0] + 0.5, square[1] + 0.5
        if pixels_per_square:  # no empty band beside the map where more of it would show
            d = self.session.doc.dungeon
            edge = (RULER_STRIP + 8) / pixels_per_square  # the first row clear of the rulers
            cx = _within(cx, w / 2 - edge, d.width - w / 2)
            cy = _within(cy, h / 2 - edge, d.height - h / 2)
        self.vb.setRange(QRectF(cx - w / 2, cy - h / 2, w, h), padding=0)
        # The map's transform now, not when the view paints (pyqtgraph defers it to the
        # paint, where setting it dirties every item again: the whole map painted twice
        # at each turn that scrolls the view).
        self.vb.updateMatrix()

    def pixels_per_square(self) -> float:
        rect = self.vb.viewRect()
        if rect.width() <= 0:
            return 1.0
        return self.vb.width() / rect.width()

    def _range_changed(self, *args: object) -> None:
        px = self.pixels_per_square()
        self.overlays.set_scale(px)
        self.zoomChanged.emit(px)

    # -- coordinates -------------------------------------------------------------------
    def map_pos(self, pos: QPointF | QPoint) -> QPointF:
        """A viewport position in map units."""
        self.vb.updateMatrix()  # as the view range is now (pyqtgraph defers it to the paint)
        return self.vb.mapSceneToView(self.mapToScene(QPoint(int(pos.x()), int(pos.y()))))

    def viewport_pos(self, square: Square, dx: float = 0.5, dy: float = 0.5) -> QPoint:
        """The viewport pixel over a point of a square (its centre by default)."""
        self.vb.updateMatrix()
        scene = self.vb.mapViewToScene(QPointF(square[0] + dx, square[1] + dy))
        return self.mapFromScene(scene)

    def _info(self, ev: QMouseEvent) -> MouseInfo:
        pos = self.map_pos(ev.position())
        sq = (math.floor(pos.x()), math.floor(pos.y()))
        return MouseInfo(sq, pos, ev.button(), ev.buttons(), ev.modifiers())

    def on_map(self, sq: Square) -> bool:
        return 0 <= sq[0] < self._size[0] and 0 <= sq[1] < self._size[1]

    # -- events --------------------------------------------------------------------
    def set_tool(self, tool: Tool | None) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.overlays.clear()
        self.tool = tool
        if tool is not None:
            tool.activate()
            self.setCursor(tool.cursor)

    def mousePressEvent(self, ev: QMouseEvent) -> None:
        self.setFocus()
        pan_button = ev.button() in (Qt.MouseButton.RightButton, Qt.MouseButton.MiddleButton)
        left = ev.button() == Qt.MouseButton.LeftButton
        handled = False
        if not pan_button and not (left and self._space) and self.tool is not None:
            handled = self.tool.press(self._info(ev))
        if not handled:
            # Nothing for the tool here: the drag pans the map.
            self._keep_fitted = False
            self._pan_from = ev.position().toPoint()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        ev.accept()

    def mouseMoveEvent(self, ev: QMouseEvent) -> None:
        if self._pan_from is not None:
            now = ev.position().toPoint()
            a, b = self.map_pos(self._pan_from), self.map_pos(now)
            self.vb.translateBy(x=a.x() - b.x(), y=a.y() - b.y())
            self._pan_from = now
            ev.accept()
            return
        info = self._info(ev)
        sq = info.square if self.on_map(info.square) else None
        if sq != self._last_square:
            self._last_square = sq
            self._label_height(sq)
            self.setToolTip("\n".join(self.board_marks.labels_at(sq)) if sq else "")
            self.hovered.emit(sq)
        if self.tool is not None:
            self.tool.move(info)
        ev.accept()

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.setCursor(self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            ev.accept()
            return
        if self.tool is not None:
            self.tool.release(self._info(ev))
        ev.accept()

    def mouseDoubleClickEvent(self, ev: QMouseEvent) -> None:
        self.mousePressEvent(ev)

    def _label_height(self, sq: Square | None) -> None:
        """Badge the hovered square with its floor height (bricks), unless it is fogged."""
        d = self.session.doc.dungeon
        fog = self.features.fog
        if (
            sq is None
            or not d.in_bounds(*sq)
            or d.terrain_at(*sq) in (Terrain.WALL, Terrain.VOID)
            or (fog is not None and fog[sq[1], sq[0]])
        ):
            self.overlays.hover_label.set_label(None)
            return
        self.overlays.hover_label.set_label(sq, f"{d.floor_at(*sq)}")

    def leaveEvent(self, ev: object) -> None:
        self._last_square = None
        self.overlays.hover_label.set_label(None)
        self.hovered.emit(None)
        if self.tool is not None:
            self.tool.leave()
        super().leaveEvent(ev)

    def event(self, ev: QEvent) -> bool:
        if (
            ev.type() == QEvent.Type.ShortcutOverride
            and self.tool is not None
            and isinstance(ev, QKeyEvent)
            and self.tool.takes_key(ev)
        ):
            ev.accept()  # the key comes to keyPressEvent, not to the window's shortcut
            return True
        return super().event(ev)

    def keyPressEvent(self, ev: QKeyEvent) -> None:
        if ev.key() == Qt.Key.Key_Space and not ev.isAutoRepeat():
            self._space = True
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if ev.key() == Qt.Key.Key_Escape and self.tool is not None:
            self.tool.cancel()
            return
        if self.tool is not None and self.tool.key_press(ev):
            return
        super().keyPressEvent(ev)

    def keyReleaseEvent(self, ev: QKeyEvent) -> None:
        if ev.key() == Qt.Key.Key_Space and not ev.isAutoRepeat():
            self._space = False
            self.setCursor(self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(ev)


def _within(centre: float, low: float, high: float) -> float:
    """``centre`` kept between ``low`` and ``high`` (the view's centres that show no empty
    band beside the map); midway when the map is narrower than the view (no centre does:
    the map in the middle, not beside the followed square)."""
    if low > high:
        return (low + high) / 2
    return min(max(centre, low), high)
