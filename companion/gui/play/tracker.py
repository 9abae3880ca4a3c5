"""The initiative and round tracker: the round, the order, whose turn, the turn's work."""

from __future__ import annotations

import html

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from companion.gui.canvas.glyphs import side_colour
from companion.gui.play.answers import Answers
from companion.gui.play.controller import PlayController
from companion.gui.play.label_wall import LabelWall
from companion.gui.play.track_strip import TrackPanel
from companion.gui.play.while_shown import WhileShown
from companion.rules.table import FigureView, TrackView, TurnView, tracks_text

ACTING_BG = QColor(255, 214, 40, 90)
#: Whether the row is the acting figure's (highlighted).
ACTING_ROLE = Qt.ItemDataRole.UserRole + 1
#: The tool tip of a row the player may click to activate.
PICK_TIP = "Click to activate this character"
#: A row of the order as shown: (figure id, text, colour as RGBA, tool tip, acting).
Look = tuple[str, str, int, str, bool]
#: A row to set: its place, its look and the brush of its colour.
Change = tuple[int, Look, QBrush]
#: What ``figure_tracks`` reads of a figure (its tracks' text is kept by it).
TracksKey = tuple[object, ...]
#: At most this many tracks' texts and rows' measures are kept (then forgotten at once).
KEPT = 2048


def pips(view: FigureView) -> str:
    """Actions left as filled and empty pips: ●●○."""
    return "●" * view.actions_left + "○" * max(0, view.actions_total - view.actions_left)


def figure_line(view: FigureView, label: str, tracks: str | None = None) -> str:
    """A row of the order: its label, name, tracks (hit points, a guard...), actions
    left, and its states and conditions.  ``tracks``: ``tracks_text(view)``, when known."""
    marks = [*view.states, *(b.label + (f" ({b.rounds})" if b.rounds else "") for b in view.badges)]
    badges = "  " + ", ".join(marks) if marks else ""
    if tracks is None:
        tracks = tracks_text(view)
    return f"{label:>4}  {view.name}   {tracks}   {pips(view)}{badges}"


def tracks_key(view: FigureView) -> TracksKey:
    """What ``figure_tracks`` makes a figure's tracks of: its named tracks, else its hit
    and spell points (the same key, the same ``tracks_text``)."""
    return (view.tracks, view.hp, view.max_hp, view.sp, view.max_sp)


def phases_text(turn: TurnView) -> str:
    """The round's phases with the current one in bold ("<b>Move</b> → Strike"), or ""."""
    return " → ".join(
        f"<b>{html.escape(p)}</b>" if p == turn.phase else html.escape(p) for p in turn.phases
    )


class TrackerDock(QDockWidget):
    """Round counter, initiative order (drag to override), start-of-turn prompts."""

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__("Initiative", parent)
        self.setObjectName("trackerDock")
        self.controller = controller
        body = QWidget()
        layout = QVBoxLayout(body)
        self.round_label = QLabel("No game")
        self.round_label.setObjectName("roundLabel")
        big = QFont(self.round_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.4)
        big.setBold(True)
        self.round_label.setFont(big)
        layout.addWidget(self.round_label)
        self.acting_label = QLabel("")
        self.acting_label.setObjectName("actingLabel")
        self.acting_label.setWordWrap(True)
        # A label changing text re-lays out the body unless it takes more or fewer lines.
        layout.addWidget(LabelWall(self.acting_label))
        #: The round's phases, the current one in bold; hidden for a round without any.
        self.phase_label = QLabel("")
        self.phase_label.setObjectName("phaseLabel")
        # A long round (four BMotU phases, QUBQST's eight steps of a cube) wraps rather
        # than widening the panel past its edge, which would cut the outcome line above it.
        self.phase_label.setWordWrap(True)
        self._phase_wall = LabelWall(self.phase_label)
        self._phase_wall.hide()
        layout.addWidget(self._phase_wall)
        self.tracks = TrackPanel()
        layout.addWidget(self.tracks)
        self.order = QListWidget()
        self.order.setObjectName("initiativeList")
        self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        #: Each row's look as last set (rows not touched when theirs is the same), the
        #: answers it was for and the tracks shown; forgotten when the list is changed
        #: from outside (a drag).
        self._looks: list[Look] = []
        self._shown_for: Answers | None = None
        self._tracks_shown: tuple[TrackView, ...] | None = None
        #: One colour per side (``side_colour`` made lighter): its RGBA and brush.
        self._colours: dict[str, tuple[int, QBrush]] = {}
        #: Each figure's line as last worded: (its view, its label, the line).  A view is
        #: frozen: the same view and label word the same line.
        self._lines: dict[str, tuple[FigureView, str, str]] = {}
        #: The tracks' text of figures with the same tracks (``tracks_key``).
        self._tracks_texts: dict[TracksKey, str] = {}
        #: A row's measured size (width, height) by its (text, acting, width measured
        #: at), and the list's widths, spacing and font it was measured under (``_hint``).
        self._hints: dict[tuple[str, bool, int], tuple[int, int]] = {}
        self._hints_at: tuple[int, int, int, QFont] | None = None
        #: What the rows were last made from: the turn's order, labels, held, acting and
        #: choosable figures, and the figures' views (a view is frozen: the same object,
        #: the same row).
        self._rows_for: tuple[tuple[object, ...], dict[str, FigureView]] | None = None
        #: The width the list measures a row at as it stands, and the width a row has
        #: in it once it is laid out again (as of ``_measuring``).
        self._width = 1
        self._room = 1
        model = self.order.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.rowsMoved):
            signal.connect(self._forget)
        model.rowsMoved.connect(self._dragged)
        self.order.itemDoubleClicked.connect(self._center)
        self.order.itemClicked.connect(self._picked)
        self.order.setMinimumHeight(90)
        # A figure with several tracks (QUBQST's Hit Power and Combat Cubes) wraps its
        # line rather than hiding its end past the panel's edge.
        self.order.setWordWrap(True)
        layout.addWidget(self.order, 1)
        self.prompts = QLabel("")
        self.prompts.setObjectName("promptsLabel")
        self.prompts.setWordWrap(True)
        self.prompts.setProperty("hint", True)
        layout.addWidget(LabelWall(self.prompts))
        # A short window scrolls the tracker rather than squeezing its lines onto each other
        # or pushing the window's bottom (the action and status bars) off the screen.
        scroll = self.scroll_area = QScrollArea()
        scroll.setObjectName("trackerScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        # Undo and Reset turn stay whole at the dock's bottom, under what scrolls: never
        # cut by the dock's edge nor scrolled out of sight by a long order.
        dock = QWidget()
        outer = QVBoxLayout(dock)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(scroll, 1)
        row = QHBoxLayout()
        margins = layout.contentsMargins()
        row.setContentsMargins(margins.left(), 0, margins.right(), margins.bottom())
        self.undo_button = QPushButton("Undo action")
        self.undo_button.clicked.connect(controller.undo)
        self.reset_button = QPushButton("Reset turn")
        self.reset_button.setObjectName("resetTurn")
        self.reset_button.clicked.connect(controller.reset_turn)
        row.addWidget(self.undo_button)
        row.addWidget(self.reset_button)
        outer.addLayout(row)
        self.setWidget(dock)
        self._filling = False
        #: Runs ``_update`` only while the tracker shows.
        self.shown = WhileShown(self, self._update)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the state as it is now; nothing while hidden, nothing when it is the
        state already shown."""
        self.shown()

    def _update(self) -> None:
        answers = self.controller.answers()
        if answers is not None and answers is self._shown_for:
            return  # the same state and pick: the same turn, figures and prompts
        turn = self.controller.turn()
        self._filling = True
        try:
            self._refresh(turn)
        finally:
            self._filling = False
        self._shown_for = answers

    def _forget(self, *_args: object) -> None:
        """The list changed from outside: compare every row again next time."""
        if not self._filling:
            self._looks = []
            self._rows_for = None
            self._shown_for = None

    def _refresh(self, turn: TurnView | None) -> None:
        game = self.controller.game
        self.undo_button.setEnabled(game is not None and game.can_undo)
        self.reset_button.setEnabled(game is not None and game.can_reset_turn)
        if turn is None:
            self.order.clear()
            self._looks = []
            self._rows_for = None
            self._tracks_shown = ()
            self._set_text(self.round_label, "No game")
            self._set_text(
                self.acting_label, "Game → New game… (Ctrl+Alt+N) starts one on this map."
            )
            self._set_text(self.prompts, "")
            self.tracks.set_tracks(())
            self._phase_wall.hide()
            return
        if turn.tracks != self._tracks_shown:
            self.tracks.set_tracks(turn.tracks)
            self._tracks_shown = turn.tracks
        figures = self.controller.figures()
        # A fixed order may be dragged where the ruleset allows it (``TurnView.reorder``,
        # BrickQuest's BrickMaster override); when players choose who acts
        # (``choosable``), a click picks instead.
        mode = (
            QAbstractItemView.DragDropMode.InternalMove
            if turn.reorder is not None and not turn.choosable
            else QAbstractItemView.DragDropMode.NoDragDrop
        )
        if self.order.dragDropMode() != mode:
            self.order.setDragDropMode(mode)
        self._set_text(self.round_label, f"Round {turn.round}")
        self._set_text(self.phase_label, f"Phase: {phases_text(turn)}" if turn.phases else "")
        if self._phase_wall.isHidden() == bool(turn.phases):
            self._phase_wall.setVisible(bool(turn.phases))
        if turn.outcome:
            self._set_text(self.acting_label, f"<b>{turn.outcome}</b>")
        elif turn.headline:
            self._set_text(self.acting_label, turn.headline)
        elif turn.needs_initiative:
            self._set_text(self.acting_label, "Roll initiative to begin (Ctrl+I).")
        elif turn.acting:
            who = figures[turn.acting]
            phase = " (held actions)" if turn.holding_phase else ""
            if turn.phase:
                phase += f" — {turn.phase} phase"
            self._set_text(self.acting_label, f"▶ {who.name}'s turn{phase}")
        # The rows are updated in place: only a row whose look changed is touched (a list
        # refilled on every change re-lays out and repaints all of it).
        fids = turn.order
        looks = self._looks
        held = set(turn.held) if turn.held else ()
        choosable = set(turn.choosable) if turn.choosable else ()
        labels, acting_id, colours = turn.labels, turn.acting, self._colours
        line = self._line
        changed: list[Change] = []
        known = len(looks)
        # The same order, labels and whose turn as the rows show: only the rows of figures
        # whose view is new can look different (a move: the mover's).
        rows_for = (fids, labels, turn.held, acting_id, turn.choosable)
        shown = self._rows_for
        if shown is not None and known == len(fids) and shown[0] == rows_for:
            before = shown[1]
            todo = [(row, fid) for row, fid in enumerate(fids) if figures[fid] is not before[fid]]
        else:
            todo = list(enumerate(fids))
        self._rows_for = (rows_for, figures)
        for row, fid in todo:
            view = figures[fid]
            text = line(fid, view, labels.get(fid, ""))
            if fid in held:
                text += "   (holding)"
            acting = fid == acting_id
            side = colours.get(view.side)
            if side is None:
                colour = side_colour(view.side).lighter(130)
                side = colours[view.side] = (colour.rgba(), QBrush(colour))
            look = (fid, text, side[0], PICK_TIP if fid in choosable and not acting else "", acting)
            if row >= known or looks[row] != look:
                changed.append((row, look, side[1]))
        self._show_rows(changed, len(fids))
        prompts = self.controller.prompts()
        lines = [f"• {p.text}" + (f" — roll {p.dice}" if p.dice else "") for p in prompts]
        text = "Start of turn:\n" + "\n".join(lines) if lines else ""
        if turn.notes:
            text = "\n".join([*([text] if text else []), *turn.notes])
        self._set_text(self.prompts, text)

    def _line(self, fid: str, view: FigureView, label: str) -> str:
        """The figure's line (``figure_line``), worded again only for a new view or label."""
        kept = self._lines.get(fid)
        if kept is not None and kept[0] is view and kept[1] == label:
            return kept[2]
        key = tracks_key(view)
        tracks = self._tracks_texts.get(key)
        if tracks is None:
            if len(self._tracks_texts) >= KEPT:
                self._tracks_texts.clear()
            tracks = self._tracks_texts[key] = tracks_text(view)
        text = figure_line(view, label, tracks)
        self._lines[fid] = (view, label, text)
        return text

    def _show_rows(self, changed: list[Change], count: int | None = None) -> None:
        """Set the rows that changed (in order), and keep ``count`` rows (default: as
        many as now).

        A list view answers any change of an item by laying out and repainting all of
        its rows; the changed rows are set with the list not told, then each run of them
        is repainted alone when every row measures as it is laid out, or the list told
        after all (laid out again) when a row's size changed or rows came or went."""
        order = self.order
        model = order.model()
        looks = self._looks
        have = order.count()
        count = have if count is None else count
        # Rows that come or go: the list lays out and repaints all its rows anyway.
        relayout = have != count or order.horizontalScrollBar().maximum() != 0
        while order.count() > count:
            order.takeItem(order.count() - 1)
        del looks[count:]
        self._measuring()
        width, room = self._width, self._room
        repaint: list[int] = []
        added: list[QListWidgetItem] = []
        blocked = model.blockSignals(True)
        try:
            for row, look, brush in changed:
                if row >= have:  # a row that comes: laid out by the list
                    added.append(self._new_item(look, brush))
                    looks.append(look)
                    continue
                old = looks[row] if row < len(looks) else None
                # Only its figure or tool tip changed: nothing drawn differs.
                draws = old is None or old[1:3] != look[1:3] or old[4] != look[4]
                # Its height as laid out: what it showed, measured before it is set (a list
                # view measures a row when asked: after, it would answer the new height).
                was = self._hint(row, old, width) if draws and not relayout else None
                self._show_row(row, look, brush, old)
                if row < len(looks):
                    looks[row] = look
                else:
                    looks.append(look)  # forgotten (``_forget``): every row is here
                if not draws:
                    continue
                repaint.append(row)
                if was is not None:  # it keeps its place when it measures as it is laid out
                    # (at the width the list measures it at, which it must not pass, and
                    # at the width a new layout gives: a row wrapped only by the list's
                    # old widest row, Aldous's back from bold, takes one line again).
                    hint = self._hint(row, look, width)
                    relayout = (
                        hint[0] > width
                        or hint[1] != was[1]
                        or self._hint(row, look, room)[1] != hint[1]
                    )
        finally:
            model.blockSignals(blocked)
        for item in added:
            order.addItem(item)
        if not repaint:
            return
        if have != count:
            return  # the rows that came or went have the list lay out every row
        if relayout:
            model.dataChanged.emit(model.index(repaint[0], 0), model.index(repaint[-1], 0), [])
            return
        viewport = order.viewport()
        if len(repaint) == count:
            viewport.update()  # every row
            return
        # Each run of neighbouring rows is one rectangle to repaint.
        start = last = repaint[0]
        for row in [*repaint[1:], -1]:
            if row == last + 1:
                last = row
                continue
            top = order.visualRect(model.index(start, 0))
            rect = top if last == start else top.united(order.visualRect(model.index(last, 0)))
            viewport.update(rect)
            start = last = row

    def _measuring(self) -> None:
        """Forget the rows' measures when the width the list measures rows at, its
        spacing or its font changed.

        A list view measures a row when asked (its height, where it paints it) at the
        width of its contents as last laid out (its widest row then), not at its
        viewport's: a row set quietly wider than that (the acting row, bold) is shown
        wrapped, two lines high, until the list is told and lays its rows out again."""
        order = self.order
        spacing = order.spacing()
        width = max(1, order.contentsSize().width())
        room = max(1, order.viewport().width() - 2 * spacing)
        at = (width, room, spacing, order.font())
        if at != self._hints_at or len(self._hints) >= KEPT:
            self._hints.clear()
            self._hints_at = at
        self._width, self._room = width, room

    def _hint(self, row: int, look: Look | None, width: int) -> tuple[int, int]:
        """The size the list's delegate gives the row as it is now (showing ``look``:
        kept by its text and boldness, which ``_measuring`` forgets; None: not kept)
        at ``width``."""
        key = None if look is None else (look[1], look[4], width)
        got = None if key is None else self._hints.get(key)
        if got is not None:
            return got
        order = self.order
        index = order.model().index(row, 0)
        option = QStyleOptionViewItem()
        order.initViewItemOption(option)
        option.rect = QRect(0, 0, width, 1)
        hint = order.itemDelegateForIndex(index).sizeHint(option, index)
        got = (hint.width(), hint.height())
        if key is not None:
            self._hints[key] = got
        return got

    def _show_row(self, row: int, look: Look, brush: QBrush, old: Look | None = None) -> None:
        """Set the row's item to ``look``, touching only what differs from ``old`` (what
        it shows, when known) or from what the item holds."""
        item = self.order.item(row)
        if old is None:
            self._fill(item, look, brush)
            return
        fid, text, rgba, tip, acting = look
        if fid != old[0]:
            item.setData(Qt.ItemDataRole.UserRole, fid)
        if text != old[1]:
            item.setText(text)
        if rgba != old[2]:
            item.setForeground(brush)
        if tip != old[3]:
            item.setToolTip(tip)
        if acting != old[4]:
            self._set_acting(item, acting)

    @staticmethod
    def _new_item(look: Look, brush: QBrush) -> QListWidgetItem:
        """A row's item showing ``look`` (as ``_fill`` sets a new item, without asking
        an empty item what it holds)."""
        fid, text, _rgba, tip, acting = look
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, fid)
        item.setForeground(brush)
        if tip:
            item.setToolTip(tip)
        TrackerDock._set_acting(item, acting)
        return item

    @staticmethod
    def _fill(item: QListWidgetItem, look: Look, brush: QBrush) -> None:
        """Set ``item`` to ``look``, touching only what differs from what it holds."""
        fid, text, rgba, tip, acting = look
        if item.data(Qt.ItemDataRole.UserRole) != fid:
            item.setData(Qt.ItemDataRole.UserRole, fid)
        if item.text() != text:
            item.setText(text)
        if item.foreground().color().rgba() != rgba:
            item.setForeground(brush)
        if item.toolTip() != tip:
            item.setToolTip(tip)
        TrackerDock._set_acting(item, acting)

    @staticmethod
    def _set_acting(item: QListWidgetItem, acting: bool) -> None:
        """The acting figure's row is bold on a highlight (only what differs is set)."""
        if item.font().bold() != acting:
            font = QFont(item.font())
            font.setBold(acting)
            item.setFont(font)
        if item.data(ACTING_ROLE) != acting:
            item.setData(ACTING_ROLE, acting)
            if acting:
                item.setBackground(QBrush(ACTING_BG))
            else:
                item.setData(Qt.ItemDataRole.BackgroundRole, None)

    @staticmethod
    def _set_text(label: QLabel, text: str) -> None:
        """A label's text, set only when it changed (setting it asks for a relayout)."""
        if label.text() != text:
            label.setText(text)

    def _picked(self, item: QListWidgetItem) -> None:
        """A click on a character the player may activate makes it the one to act; on
        any row, it brings the figure into view on the map (where is Mira?)."""
        fid = str(item.data(Qt.ItemDataRole.UserRole))
        self.controller.pick(fid)
        self.controller.centerRequested.emit(fid)

    def order_ids(self) -> list[str]:
        return [
            str(self.order.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.order.count())
        ]

    def _dragged(self, *_args: object) -> None:
        """A drag in the list overrides the order (the ruleset's ``TurnView.reorder``
        action: BrickQuest's BrickMaster), logged; never where the rules fix the order."""
        if self._filling:
            return
        self._forget()
        turn = self.controller.turn()
        if turn is not None and turn.reorder is not None:
            self.controller.act({**turn.reorder, "order": self.order_ids()})
        self.refresh()

    def _center(self, item: QListWidgetItem) -> None:
        self.controller.centerRequested.emit(str(item.data(Qt.ItemDataRole.UserRole)))
