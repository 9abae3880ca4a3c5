"""The initiative and round tracker: the round, the order, whose turn, the turn's work."""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, QRect, Qt
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
from companion.gui.play.track_strip import TrackPanel
from companion.gui.play.while_shown import WhileShown
from companion.rules.table import FigureView, TrackView, TurnView, tracks_text

ACTING_BG = QColor(255, 214, 40, 90)
#: Whether the row is the acting figure's (highlighted).
ACTING_ROLE = Qt.ItemDataRole.UserRole + 1

#: At most this many rows changed are repainted one by one; more, the list is laid out
#: and repainted whole once (as a list view does on any change of an item).
ROW_REPAINTS = 4
#: A row of the order as shown: (figure id, text, colour as RGBA, tool tip, acting).
Look = tuple[str, str, int, str, bool]


def pips(view: FigureView) -> str:
    """Actions left as filled and empty pips: ●●○."""
    return "●" * view.actions_left + "○" * max(0, view.actions_total - view.actions_left)


def figure_line(view: FigureView, label: str) -> str:
    """A row of the order: its label, name, tracks (hit points, a guard...), actions
    left, and its states and conditions."""
    marks = [*view.states, *(b.label + (f" ({b.rounds})" if b.rounds else "") for b in view.badges)]
    badges = "  " + ", ".join(marks) if marks else ""
    return f"{label:>4}  {view.name}   {tracks_text(view)}   {pips(view)}{badges}"


def phases_text(turn: TurnView) -> str:
    """The round's phases with the current one in bold ("<b>Move</b> → Strike"), or ""."""
    return " → ".join(
        f"<b>{html.escape(p)}</b>" if p == turn.phase else html.escape(p) for p in turn.phases
    )


def keeps_size(view: QListWidget, index: QModelIndex) -> bool:
    """Whether the row at ``index`` measures as it is laid out (its wrapped height), and
    nothing is wider than the list (no horizontal range to redo)."""
    if view.horizontalScrollBar().maximum() != 0:
        return False
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    width = max(1, view.viewport().width() - 2 * view.spacing())
    option.rect = QRect(0, 0, width, 1)
    hint = view.itemDelegateForIndex(index).sizeHint(option, index)
    return hint.width() <= width and hint.height() == view.visualRect(index).height()


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
        layout.addWidget(self.acting_label)
        #: The round's phases, the current one in bold; hidden for a round without any.
        self.phase_label = QLabel("")
        self.phase_label.setObjectName("phaseLabel")
        # A long round (four BMotU phases, QUBQST's eight steps of a cube) wraps rather
        # than widening the panel past its edge, which would cut the outcome line above it.
        self.phase_label.setWordWrap(True)
        self.phase_label.hide()
        layout.addWidget(self.phase_label)
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
        #: One colour per side (``side_colour`` made lighter).
        self._colours: dict[str, QColor] = {}
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
        layout.addWidget(self.prompts)
        row = QHBoxLayout()
        self.undo_button = QPushButton("Undo action")
        self.undo_button.clicked.connect(controller.undo)
        self.reset_button = QPushButton("Reset turn")
        self.reset_button.setObjectName("resetTurn")
        self.reset_button.clicked.connect(controller.reset_turn)
        row.addWidget(self.undo_button)
        row.addWidget(self.reset_button)
        layout.addLayout(row)
        # A short window scrolls the tracker rather than squeezing its lines onto each other
        # or pushing the window's bottom (the action and status bars) off the screen.
        scroll = QScrollArea()
        scroll.setObjectName("trackerScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.setWidget(scroll)
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
            self._shown_for = None

    def _refresh(self, turn: TurnView | None) -> None:
        if turn is None:
            self.order.clear()
            self._looks = []
            self._tracks_shown = ()
            self._set_text(self.round_label, "No game")
            self._set_text(
                self.acting_label, "Game → New game… (Ctrl+Alt+N) starts one on this map."
            )
            self._set_text(self.prompts, "")
            self.tracks.set_tracks(())
            self.phase_label.hide()
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
        self.phase_label.setVisible(bool(turn.phases))
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
        fids = list(turn.order)
        looks = self._looks
        while self.order.count() > len(fids):
            self.order.takeItem(self.order.count() - 1)
        del looks[len(fids) :]
        changed: list[tuple[int, Look, QColor]] = []
        for row, fid in enumerate(fids):
            view = figures[fid]
            text = figure_line(view, turn.labels.get(fid, ""))
            if fid in turn.held:
                text += "   (holding)"
            acting = fid == turn.acting
            tip = (
                "Click to activate this character"
                if turn.choosable and fid in turn.choosable and not acting
                else ""
            )
            colour = self._colours.get(view.side)
            if colour is None:
                colour = self._colours[view.side] = side_colour(view.side).lighter(130)
            look = (fid, text, colour.rgba(), tip, acting)
            if row >= len(looks) or looks[row] != look:
                changed.append((row, look, colour))
        self._show_rows(changed)
        for row, look, _colour in changed:
            if row < len(looks):
                looks[row] = look
            else:
                looks.append(look)
        prompts = self.controller.prompts()
        lines = [f"• {p.text}" + (f" — roll {p.dice}" if p.dice else "") for p in prompts]
        text = "Start of turn:\n" + "\n".join(lines) if lines else ""
        if turn.notes:
            text = "\n".join([*([text] if text else []), *turn.notes])
        self._set_text(self.prompts, text)

    def _show_rows(self, changed: list[tuple[int, Look, QColor]]) -> None:
        """Set the rows that changed.  A list view answers any change of an item by
        laying out and repainting all of its rows; a few rows changed in place (the
        mover's pips) are set with the list not told, then each is repainted alone, or
        the list told after all when the row's size changed."""
        order = self.order
        model = order.model()
        few = len(changed) <= ROW_REPAINTS and all(row < order.count() for row, _, _ in changed)
        if not few:
            for row, look, colour in changed:
                self._show_row(row, look, colour)
            return
        blocked = model.blockSignals(True)
        try:
            for row, look, colour in changed:
                self._show_row(row, look, colour)
        finally:
            model.blockSignals(blocked)
        for row, _look, _colour in changed:
            index = model.index(row, 0)
            if keeps_size(order, index):
                order.update(index)
            else:
                model.dataChanged.emit(index, index, [])

    def _show_row(self, row: int, look: Look, colour: QColor) -> None:
        """Set the row's item to ``look``, touching only what differs."""
        fid, text, _rgba, tip, acting = look
        item = self.order.item(row)
        if item is None:
            item = QListWidgetItem()
            self.order.addItem(item)
        if item.data(Qt.ItemDataRole.UserRole) != fid:
            item.setData(Qt.ItemDataRole.UserRole, fid)
        if item.text() != text:
            item.setText(text)
        if item.foreground().color().rgba() != colour.rgba():
            item.setForeground(QBrush(colour))
        if item.toolTip() != tip:
            item.setToolTip(tip)
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
        """A click on a character the player may activate makes it the one to act."""
        fid = str(item.data(Qt.ItemDataRole.UserRole))
        if self.controller.pick(fid):
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
