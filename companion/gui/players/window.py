"""The players' window: the table's TV or projector, showing only the public view.

The board as the players may know it, the tracker (round, phase, who acts), the last
roll with its dice, the odds of a pending attack when the BrickMaster shows them, and
the public log, in type large enough to read across a table.  It draws a ``PublicView``
(``companion.rules.public_view``) and never looks at the game itself.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from companion.gui.players.board import PublicBoardView
from companion.rules.public_view import PublicView

#: The least and most of the window's width the board takes (the side panel the rest).
BOARD_SHARE = (0.55, 0.74)
#: How many of the newest log lines the window shows.
LOG_SHOWN = 8
PAUSED = "Paused by the BrickMaster"


def _label(parent: QWidget, name: str, wrap: bool = True) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class PlayersWindow(QWidget):
    """A window for the players: it shows the ``PublicView`` it is given, nothing else."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Brick Companion — Players' view")
        self.setObjectName("playersWindow")
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor(18, 20, 24))
        pal.setColor(QPalette.ColorRole.WindowText, QColor(236, 236, 236))
        self.setPalette(pal)
        self.setAutoFillBackground(True)
        self.view: PublicView | None = None
        self.board = PublicBoardView(self)
        self.title = _label(self, "title")
        self.heading = _label(self, "heading")
        self.acting = _label(self, "acting")
        self.order = _label(self, "order")
        self.roll_title = _label(self, "rollTitle")
        self.dice = _label(self, "dice")
        self.odds = _label(self, "odds")
        self.log_title = _label(self, "logTitle")
        self.log = _label(self, "log")
        self.log.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.paused = _label(self, "paused", wrap=False)
        self.paused.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.paused.setText(PAUSED)
        self.paused.hide()
        side = QFrame(self)
        side.setObjectName("sidePanel")
        col = QVBoxLayout(side)
        col.setContentsMargins(0, 0, 0, 0)
        for w in (
            self.title,
            self.heading,
            self.acting,
            self.order,
            self.roll_title,
            self.dice,
            self.odds,
        ):
            col.addWidget(w)
        col.addSpacing(12)
        col.addWidget(self.log_title)
        col.addWidget(self.log, 1)
        col.addWidget(self.paused)
        self.side = side
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 16, 16, 16)
        row.setSpacing(24)
        row.addWidget(self.board, 660)
        row.addWidget(side, 340)
        self.row = row
        self._size_type()
        self.show_view(None)

    # -- showing a view --------------------------------------------------------------------
    def show_view(self, view: PublicView | None) -> None:
        """Show ``view`` (None: no game is open)."""
        self.view = view
        self.board.show_view(view)
        self._fit_board()
        self.paused.setVisible(view is not None and view.frozen)
        if view is None:
            self.title.setText("Brick Companion")
            self.heading.setText("No game is open")
            for w in (self.acting, self.order, self.roll_title, self.dice, self.odds):
                w.setText("")
            self.log_title.setText("")
            self.log.setText("")
            return
        t = view.tracker
        self.title.setText(view.title)
        parts = []
        if t.round is not None:
            parts.append(f"Round {t.round}")
        if t.phase:
            parts.append(t.phase)
        self.heading.setText(" · ".join(parts) or view.game)
        if t.outcome:
            self.acting.setText(t.outcome)
        else:
            self.acting.setText(f"{', '.join(t.acting)} to act" if t.acting else "Nobody acts yet")
        self.order.setText("Order: " + ", ".join(t.order) if t.order else "")
        roll = view.last_roll
        if roll is None:
            self.roll_title.setText("")
            self.dice.setText("")
        else:
            who = f"{roll.who}: " if roll.who else ""
            self.roll_title.setText(f"Last roll — {who}{roll.purpose}")
            total = f"  = {roll.total}" if roll.total is not None and len(roll.faces) > 1 else ""
            self.dice.setText("  ".join(f"[{f}]" for f in roll.faces) + total)
            self._size_dice()
        self.odds.setText(f"Odds: {view.odds}" if view.odds else "")
        self.odds.setVisible(bool(view.odds))
        self.log_title.setText("Log")
        self.log.setText("\n".join(f"• {line}" for line in reversed(view.log[-LOG_SHOWN:])))

    def texts(self) -> str:
        """Everything the window shows as text, the board's words too (tests read it)."""
        labels = [w.text() for w in self.findChildren(QLabel) if w.isVisibleTo(self)]
        return "\n".join([self.windowTitle(), *labels, *self.board.texts])

    # -- large type ----------------------------------------------------------------------
    def _size_type(self) -> None:
        """Type scaled to the window: readable from across a table on a TV."""
        unit = self._unit()
        sizes = {
            self.title: (unit, False),
            self.heading: (unit * 2, True),
            self.acting: (int(unit * 1.7), True),
            self.order: (unit, False),
            self.roll_title: (int(unit * 1.1), False),
            self.odds: (int(unit * 1.4), True),
            self.log_title: (int(unit * 1.1), True),
            self.log: (unit, False),
            self.paused: (max(12, int(unit * 0.8)), False),
        }
        for w, (px, bold) in sizes.items():
            font = QFont(self.font())
            font.setPixelSize(px)
            font.setBold(bold)
            w.setFont(font)
        self.acting.setStyleSheet("color: #ffd628;")
        self.odds.setStyleSheet("color: #8fd3ff;")
        self.paused.setStyleSheet("color: #9aa0a6;")
        self.board.setFont(QFont(self.font()))
        self._size_dice()

    def _unit(self) -> int:
        """The type's unit in pixels: 28 on a 1080p screen, never under 14."""
        return max(14, min(self.height() // 38, self.width() // 60))

    def _size_dice(self) -> None:
        """The dice as large as their one line allows: up to three times the type."""
        margins = self.row.contentsMargins()
        inner = self.width() - margins.left() - margins.right() - self.row.spacing()
        room = int(inner * self.row.stretch(1) / 1000) - 8
        font = QFont(self.font())
        font.setBold(True)
        px = self._unit() * 3
        while px > self._unit():
            font.setPixelSize(px)
            if QFontMetrics(font).horizontalAdvance(self.dice.text()) <= room:
                break
            px -= 2
        font.setPixelSize(px)
        self.dice.setFont(font)

    def _fit_board(self) -> None:
        """Give the board the width its map fills at the window's full height (a wide map
        more, a tall one less), between ``BOARD_SHARE``'s bounds; the side panel the rest."""
        aspect = self.board.aspect()
        margins = self.row.contentsMargins()
        inner_w = self.width() - margins.left() - margins.right() - self.row.spacing()
        inner_h = self.height() - margins.top() - margins.bottom()
        share = 0.66
        if aspect is not None and inner_w > 0 and inner_h > 0:
            low, high = BOARD_SHARE
            share = min(high, max(low, (aspect * (inner_h - 8) + 8) / inner_w))
        board = round(share * 1000)
        if self.row.stretch(0) != board:
            self.row.setStretch(0, board)
            self.row.setStretch(1, 1000 - board)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_board()
        self._size_type()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)
