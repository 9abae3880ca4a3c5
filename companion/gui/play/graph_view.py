"""The board of a game played without a map: places and their links, drawn as a graph.

It draws what the ruleset's ``GraphBoard.places`` says — each place a box with its label
and the figures standing there (their tracks and states beside their names), a line per
link, the current place outlined — and feeds clicks back to the play controller: a click
on a place finishes a pending action that needs a ``"place"``, a click on a figure one
that needs a ``"figure"``.  The keyboard does the same: the arrow keys move the
highlight from place to place (or figure to figure), Enter takes it.  No rule here.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from companion.gui.canvas.glyphs import side_colour
from companion.gui.play.controller import PlayController
from companion.gui.play.cube_items import (
    CUBE_STEP,
    LABEL_PX,
    LINE,
    PAD,
    STUB,
    TEXT_PX,
    add_cube,
    add_paths,
    cube_layout,
    cube_side,
    ink_on,
    wrap,
)
from companion.rules.capabilities import GraphBoard
from companion.rules.graph import GraphView
from companion.rules.table import FigureView, figure_tracks

#: A place's box, in scene units (the view scales the whole board to fit).
BOX_W, BOX_H = 180.0, 92.0
#: The distance between two places one layout unit apart.
STEP_X, STEP_Y = 250.0, 150.0
CURRENT = QColor(255, 214, 40)
#: The current place's outline on a light fill (a yellow cube).
CURRENT_ON_LIGHT = QColor(200, 40, 30)
PICK = QColor(80, 170, 255)
#: The smallest scale a board of cubes is drawn at (its text stays readable at arm's
#: length); a bigger board scrolls, following the current place.
MIN_CUBE_SCALE = 0.48
#: The board's background in a dark and a light palette.
DARK_BOARD, LIGHT_BOARD = QColor(38, 40, 46), QColor(214, 210, 200)
#: What a place or figure item stands for.
ROLE_PLACE = 0
ROLE_FIGURE = 1


def figure_text(view: FigureView) -> str:
    """A figure as a place lists it: its name, its tracks and its states."""
    tracks = "  ".join(t.text for t in figure_tracks(view))
    states = f"  ({', '.join(view.states)})" if view.states else ""
    return f"{view.name}  {tracks}{states}"


def figure_card(view: FigureView) -> str:
    """What the board tells of a figure pointed at: what it is, its tracks, its lines of
    stats, its states and conditions (the map's caption, for a board without a map)."""
    lines = [f"{view.name} — {view.kind}", *(t.text for t in figure_tracks(view))]
    lines += [f"{k}: {v}" for k, v in view.stats]
    marks = [*view.states, *(b.label for b in view.badges)]
    lines += [", ".join(marks)] if marks else []
    return "\n".join(lines)


def _reads_on(colour: QColor, box: QGraphicsRectItem) -> bool:
    """Whether text of ``colour`` stands out from the box's fill (else the fill's ink)."""
    fill = box.brush().color()
    return abs(colour.lightness() - fill.lightness()) > 90


def layout(graph: GraphView) -> dict[str, QPointF]:
    """Where each place's box is centred: its own position, or around a circle."""
    out = {}
    n = len(graph.places)
    for i, place in enumerate(graph.places):
        if place.at is not None:
            out[place.id] = QPointF(place.at[0] * STEP_X, place.at[1] * STEP_Y)
        else:
            angle = 2 * math.pi * i / max(n, 1)
            radius = max(STEP_X, n * BOX_W / (2 * math.pi) + 40)
            out[place.id] = QPointF(radius * math.cos(angle), radius * math.sin(angle))
    return out


class GraphBoardView(QGraphicsView):
    """The graph board of the open game (when its ruleset has ``GraphBoard``)."""

    #: A place or figure was clicked or taken with Enter (its id).
    placePicked = Signal(str)
    figurePicked = Signal(str)

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("graphBoard")
        self.controller = controller
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QBrush(DARK_BOARD))
        self.graph: GraphView | None = None
        #: Whether the places are drawn as cubes (any place asks for it).
        self.cubes = False
        #: Each place's box and each figure's line, by id.
        self.place_items: dict[str, QGraphicsRectItem] = {}
        self.figure_items: dict[str, QGraphicsSimpleTextItem] = {}
        #: The place or figure the keyboard points at (taken with Enter), or None.
        self.highlight: str | None = None
        #: The figure the mouse is over while an action aimed at one is pending.
        self._hovered: str | None = None
        self.setMouseTracking(True)
        controller.changed.connect(self.refresh)
        controller.pendingChanged.connect(lambda _c: self._restyle())
        self.refresh()

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.controller.game
        scene = self.scene()
        scene.clear()
        self.place_items.clear()
        self.figure_items.clear()
        if game is None or not isinstance(game.ruleset, GraphBoard):
            self.graph = None
            return
        graph = game.ruleset.places(game.state)
        self.graph = graph
        figures = self.controller.figures()
        self.cubes = any(p.shape == "cube" for p in graph.places)
        if self.cubes:
            self._draw_cubes(graph, figures)
            self._restyle()
            self.fit()
            return
        self.setBackgroundBrush(QBrush(DARK_BOARD))
        where = layout(graph)
        pen = QPen(QColor(150, 150, 160), 3)
        for a, b in graph.edges():
            line = QGraphicsLineItem(where[a].x(), where[a].y(), where[b].x(), where[b].y())
            line.setPen(pen)
            line.setZValue(0)
            scene.addItem(line)
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        for place in graph.places:
            centre = where[place.id]
            rows = max(1, len(place.figures))
            height = max(BOX_H, 44 + 22 * rows)
            box = QGraphicsRectItem(QRectF(-BOX_W / 2, -height / 2, BOX_W, height))
            box.setPos(centre)
            box.setBrush(QBrush(QColor(62, 66, 76)))
            box.setZValue(1)
            box.setData(0, ROLE_PLACE)
            box.setData(1, place.id)
            box.setToolTip(place.note or place.label)
            scene.addItem(box)
            self.place_items[place.id] = box
            title = QGraphicsSimpleTextItem(place.label, box)
            title.setFont(bold)
            title.setBrush(QBrush(QColor(235, 235, 235)))
            title.setPos(-BOX_W / 2 + 10, -height / 2 + 6)
            for row, fid in enumerate(place.figures):
                view = figures.get(fid)
                text = QGraphicsSimpleTextItem(figure_text(view) if view else fid, box)
                text.setBrush(QBrush(side_colour(view.side) if view else QColor("white")))
                text.setPos(-BOX_W / 2 + 12, -height / 2 + 36 + 22 * row)
                text.setData(0, ROLE_FIGURE)
                text.setData(1, fid)
                if view is not None:
                    text.setToolTip(figure_card(view))
                self.figure_items[fid] = text
        self._restyle()
        self.fit()

    def _board_colours(self) -> tuple[QColor, QColor]:
        """The board's background and the ink of text written on it, after the palette
        (dark under the app's theme, light under a light one)."""
        base = self.palette().color(self.palette().ColorRole.Base)
        if base.lightness() < 128:
            return DARK_BOARD, QColor(232, 232, 236)
        return LIGHT_BOARD, QColor(30, 30, 34)

    def _draw_cubes(self, graph: GraphView, figures: dict[str, FigureView]) -> None:
        """Every place as a rolled cube with its paths, its figures listed on it."""
        scene = self.scene()
        background, ink = self._board_colours()
        self.setBackgroundBrush(QBrush(background))
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPixelSize(LABEL_PX)
        plain = QFont(self.font())
        plain.setPixelSize(TEXT_PX)

        def lines(fids: tuple[str, ...]) -> list[str]:
            return [figure_text(figures[f]) if f in figures else f for f in fids]

        def shown(fid: str) -> str:
            """A figure's line as the cube shows it: broken between its tracks."""
            return "\n".join(wrap(figure_text(figures[fid]) if fid in figures else fid, plain))

        # Every cube the same size, as the table's cubes are: the largest one needs.
        side = max(
            (cube_side(p, lines(p.figures), (bold, plain)) for p in graph.places), default=0.0
        )
        sides = {p.id: side for p in graph.places}
        step = max(sides.values(), default=CUBE_STEP) + 2.2 * STUB
        where = cube_layout(graph, step)
        for place in graph.places:
            if place.at is not None:
                where[place.id] = QPointF(place.at[0] * step, place.at[1] * step)
        add_paths(scene, graph, where, sides, plain, ink)
        for place in graph.places:
            side = sides[place.id]
            box, text_ink, top = add_cube(scene, place, where[place.id], side, (bold, plain))
            box.setData(0, ROLE_PLACE)
            box.setData(1, place.id)
            box.setToolTip("\n".join(x for x in (place.label, place.face, place.note) if x))
            self.place_items[place.id] = box
            for fid in place.figures:
                view = figures.get(fid)
                text = QGraphicsSimpleTextItem(shown(fid), box)
                text.setFont(plain)
                colour = side_colour(view.side) if view else text_ink
                text.setBrush(QBrush(colour if _reads_on(colour, box) else text_ink))
                text.setPos(-side / 2 + PAD, top)
                top += LINE * (text.text().count("\n") + 1)
                text.setData(0, ROLE_FIGURE)
                text.setData(1, fid)
                if view is not None:
                    text.setToolTip(figure_card(view))
                self.figure_items[fid] = text

    def _restyle(self) -> None:
        """Outline the current place, and what the pending action may be aimed at."""
        graph = self.graph
        if graph is None:
            return
        choice = self.controller.pending
        for pid, box in self.place_items.items():
            colour, width = QColor(110, 114, 124), 2.0
            if self.cubes:
                colour, width = QColor(0, 0, 0, 0), 0.0
            if pid == graph.current:
                colour, width = CURRENT, 10.0 if self.cubes else 4.0
                if self.cubes and ink_on(box.brush().color()).lightness() < 128:
                    colour = CURRENT_ON_LIGHT  # the Golden Cube: yellow on yellow is lost
            if choice is not None and choice.needs == "place" and pid == self.highlight:
                colour, width = PICK, 12.0 if self.cubes else 5.0
            box.setPen(QPen(colour, width))
        targets = self._targets()
        for fid, text in self.figure_items.items():
            font = QFont(text.font())
            font.setUnderline(fid in targets)
            font.setBold(fid == self.highlight)
            text.setFont(font)

    def fit(self) -> None:
        """The whole board in view; a board of cubes too big for that at a readable
        scale is drawn at that scale, centred on the current place."""
        rect = self.scene().itemsBoundingRect().adjusted(-30, -30, 30, 30)
        if not rect.isValid():
            return
        self.setSceneRect(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.cubes and self.transform().m11() < MIN_CUBE_SCALE:
            self.resetTransform()
            self.scale(MIN_CUBE_SCALE, MIN_CUBE_SCALE)
            graph = self.graph
            focus = self.place_items.get(graph.current or "") if graph is not None else None
            self.centerOn(focus if focus is not None else rect.center())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    # -- picking --------------------------------------------------------------------------
    def _targets(self) -> tuple[str, ...]:
        choice = self.controller.pending
        return choice.targets if choice is not None and choice.needs == "figure" else ()

    def item_at(self, pos: QPointF) -> tuple[int, str] | None:
        """What a point of the view shows: (ROLE_PLACE, place id) or (ROLE_FIGURE, id)."""
        found: QGraphicsItem | None = self.itemAt(pos.toPoint())
        while found is not None:
            role = found.data(0)
            if role in (ROLE_PLACE, ROLE_FIGURE):
                return int(role), str(found.data(1))
            found = found.parentItem()
        return None

    def place_point(self, place_id: str) -> QPointF:
        """Where a place's box is in the view's coordinates (to click it)."""
        box = self.place_items[place_id]
        top = box.mapToScene(QPointF(0, box.rect().top() + 12))
        return QPointF(self.mapFromScene(top))

    def figure_point(self, figure_id: str) -> QPointF:
        text = self.figure_items[figure_id]
        return QPointF(self.mapFromScene(text.mapToScene(text.boundingRect().center())))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Over a figure while an action aimed at one is pending: its odds, or why not."""
        super().mouseMoveEvent(event)
        choice = self.controller.pending
        if choice is None or choice.needs not in ("figure", "figures"):
            return
        hit = self.item_at(event.position())
        target = hit[1] if hit is not None and hit[0] == ROLE_FIGURE else None
        if target != self._hovered:
            self._hovered = target
            self.controller.show_odds_for(target)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        hit = self.item_at(event.position())
        if hit is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        role, ident = hit
        self.take(role, ident)

    def take(self, role: int, ident: str) -> bool:
        """A place or a figure chosen: it finishes the pending action that needs one."""
        choice = self.controller.pending
        if role == ROLE_FIGURE and choice is not None and choice.needs == "figure":
            self.figurePicked.emit(ident)
            return self.controller.complete(ident)
        place = ident
        if role == ROLE_FIGURE and self.graph is not None:
            place = self.graph.where(ident) or ident
        self.placePicked.emit(place)
        if choice is not None and choice.needs == "place":
            return self.controller.complete(place)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        choice = self.controller.pending
        if choice is None or self.graph is None:
            super().keyPressEvent(event)
            return
        if choice.needs == "figure":
            ring = list(self._targets())
            role = ROLE_FIGURE
        else:
            ring = [p.id for p in self.graph.places]
            role = ROLE_PLACE
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up) and ring:
            step = 1 if key in (Qt.Key.Key_Right, Qt.Key.Key_Down) else -1
            here = ring.index(self.highlight) if self.highlight in ring else -step
            self.highlight = ring[(here + step) % len(ring)]
            self._restyle()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.highlight in ring:
            picked = self.highlight
            self.highlight = None
            self.take(role, picked)
            return
        super().keyPressEvent(event)
