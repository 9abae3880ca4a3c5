"""Every character's sheet side by side, in large type, readable across the table."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QGuiApplication,
    QMouseEvent,
    QPalette,
    QResizeEvent,
    QScreen,
    QShowEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from companion.gui.rulesets.brickquest.sheets.interaction import apply_hit
from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel
from companion.gui.rulesets.brickquest.sheets.sheet_widget import BrickSheetWidget
from companion.gui.uifiles import named
from companion.printing.fonts import sheet_font
from companion.printing.rulesets.brickquest.brick_layout import Hit, SheetStats, Stat
from companion.printing.rulesets.brickquest.brick_painter import STAT_COLOURS
from companion.rulesets.brickquest.character import CharacterError

#: A card is never narrower than this (pixels), so big type still fits.
CARD_MIN_WIDTH = 260
#: Size of a usual sheet in studs (16 wide, 16 + legend tall), for choosing columns.
SHEET_W, SHEET_H = 16.0, 17.7
#: The party view's window size when the screen has room for it.
PREFERRED_SIZE = QSize(1280, 800)
#: Room left for a window's title bar and borders before the window manager reports them.
FRAME_ALLOWANCE = QMargins(8, 40, 8, 8)


def fit_to_screen(
    window: QWidget, preferred: QSize = PREFERRED_SIZE, screen: QScreen | None = None
) -> None:
    """Size ``window`` to ``preferred`` or less, so that it and its frame fit the screen's
    free area, and centre it there (a 1280×720 laptop included)."""
    screen = screen or window.screen() or QGuiApplication.primaryScreen()
    free = screen.availableGeometry()
    inner, outer = window.geometry(), window.frameGeometry()
    known = QMargins(
        inner.left() - outer.left(),
        inner.top() - outer.top(),
        outer.right() - inner.right(),
        outer.bottom() - inner.bottom(),
    )
    frame = QMargins(
        max(known.left(), FRAME_ALLOWANCE.left()),
        max(known.top(), FRAME_ALLOWANCE.top()),
        max(known.right(), FRAME_ALLOWANCE.right()),
        max(known.bottom(), FRAME_ALLOWANCE.bottom()),
    )
    size = preferred.boundedTo(free.marginsRemoved(frame).size())
    window.resize(size)
    whole = QRect(QPoint(0, 0), size.grownBy(frame))
    whole.moveCenter(free.center())
    window.move(whole.topLeft())


class FitLabel(QLabel):
    """A label in large type whose font shrinks to the width it gets, so its text shows
    whole; below ``min_points`` it wraps instead.  Plain text unless ``rich``."""

    def __init__(
        self, font: QFont, *, min_points: float, object_name: str, rich: bool = False
    ) -> None:
        super().__init__()
        self.setObjectName(object_name)
        self.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
        self._full = QFont(font)
        self._min_points = min_points
        self.setFont(font)
        # a smaller font keeps the line's height, so the cards' sheets stay in line
        self.setMinimumHeight(QFontMetrics(font).height())
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        # the card decides the width; the text adapts to it, not the other way round
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit()

    def text_width(self, font: QFont | None = None) -> float:
        """Width of the text on one line in ``font`` (default: the font shown), pixels."""
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultFont(font or self.font())
        if self.textFormat() == Qt.TextFormat.RichText:
            doc.setHtml(self.text())
        else:
            doc.setPlainText(self.text())
        return doc.idealWidth()

    def _fit(self) -> None:
        if not self.isVisible():
            return  # not laid out yet: its width means nothing
        room = self.contentsRect().width() - 2
        font = QFont(self._full)
        points, width = font.pointSizeF(), self.text_width(font)
        while points > self._min_points and width > room:
            points = max(self._min_points, min(points - 0.5, points * room / width))
            font.setPointSizeF(points)
            width = self.text_width(font)
        wrap = width > room
        if font != self.font():
            self.setFont(font)
        if wrap != self.wordWrap():
            self.setWordWrap(wrap)


class PartyCard(QFrame):
    """One character: name, class, player, brick sheet and big HP / SP numbers."""

    #: The user clicked the card's title (to open the character's panel).
    activated = Signal(str)

    def __init__(self, model: PartyModel, character_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.character_id = character_id
        self.setObjectName("partyCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(CARD_MIN_WIDTH)

        self.name_label = FitLabel(
            sheet_font(bold=True, point_size=22), min_points=12, object_name="cardName"
        )
        self.info_label = FitLabel(sheet_font(point_size=13), min_points=9, object_name="cardInfo")
        self.sheet = BrickSheetWidget(self, background=QPalette.ColorRole.Window)
        self.sheet.hitClicked.connect(self._on_hit)
        self.points_label = FitLabel(
            sheet_font(condensed=True, bold=True, point_size=26),
            min_points=14,
            object_name="cardPoints",
            rich=True,
        )
        self.message = named(QLabel(), "cardMessage")
        self.message.setStyleSheet("color: #b3261e;")
        self.message.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.message.setWordWrap(True)
        self.message.hide()

        lay = self._lay = QVBoxLayout(self)
        lay.setSpacing(4)
        lay.addWidget(self.name_label)
        lay.addWidget(self.info_label)
        lay.addWidget(self.sheet, 1)
        lay.addWidget(self.points_label)
        lay.addWidget(self.message)
        self.refresh()

    def refresh(self) -> None:
        c = self.model.character(self.character_id)
        cdef = self.model.catalog.get_class(c.class_id)
        self.name_label.setText(c.name + ("  ✝" if c.is_dead else ""))
        self.info_label.setText(f"{cdef.name} · {c.player}")
        self.sheet.set_stats(SheetStats.from_character(c, cdef))
        hp = STAT_COLOURS[Stat.HP].darker(115).name()
        sp = STAT_COLOURS[Stat.SP].name()
        text = f'<span style="color:{hp}">HP {c.hit_points}/{c.max_hit_points}</span>'
        if c.spell_points is not None:
            text += (
                f'&nbsp;&nbsp;<span style="color:{sp}">SP {c.spell_points}/'
                f"{c.max_spell_points}</span>"
            )
        self.points_label.setText(text)
        self.setAccessibleName(f"{c.name}, {cdef.name}, {c.hit_points} hit points")

    def chrome_height(self) -> int:
        """Height of everything on the card but the brick sheet (pixels)."""
        lay = self._lay
        labels = (self.name_label, self.info_label, self.points_label)
        m = lay.contentsMargins()
        return (
            sum(w.sizeHint().height() for w in labels)
            + lay.spacing() * len(labels)
            + m.top()
            + m.bottom()
        )

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.activated.emit(self.character_id)

    def _on_hit(self, hit: Hit) -> None:
        try:
            apply_hit(self.model, self.character_id, hit)
            self.message.clear()
            self.message.hide()
        except CharacterError as exc:
            self.message.setText(str(exc))
            self.message.show()


class PartyView(QScrollArea):
    """All sheets of a :class:`PartyModel` in a grid that reflows with the width."""

    #: A card was double-clicked: show that character (its id).
    characterActivated = Signal(str)

    def __init__(self, model: PartyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setObjectName("partyView")
        self.setWidgetResizable(True)
        self._inner = QWidget()
        self._grid = QGridLayout(self._inner)
        self._grid.setSpacing(12)
        self.setWidget(self._inner)
        self._empty = QLabel("No characters yet: add one with Party → New character.")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self._empty.font())
        font.setPointSize(16)
        self._empty.setFont(font)
        self._cards: dict[str, PartyCard] = {}
        self._columns = 0
        model.characterChanged.connect(self._on_character_changed)
        model.partyReset.connect(self.rebuild)
        self.rebuild()

    def cards(self) -> list[PartyCard]:
        """The cards in seating order."""
        return [self._cards[i] for i in self.model.party.ids()]

    def rebuild(self) -> None:
        """Recreate the cards after characters were added, removed or loaded."""
        for card in self._cards.values():
            card.setParent(None)
            card.deleteLater()
        self._cards = {}
        for c in self.model.characters():
            card = PartyCard(self.model, c.id, self._inner)
            card.activated.connect(self.characterActivated)
            self._cards[c.id] = card
        self._columns = 0
        self._reflow()

    def _columns_for_viewport(self) -> int:
        """The number of columns that gives the largest sheets without scrolling."""
        n = max(1, len(self._cards))
        width = self.viewport().width()
        height = self.viewport().height()
        spacing = self._grid.spacing()
        chrome = max((c.chrome_height() for c in self._cards.values()), default=150)
        best_cols, best_unit = 1, -1.0
        for cols in range(1, n + 1):
            rows = -(-n // cols)
            card_w = (width - spacing * (cols + 1)) / cols
            if cols > 1 and card_w < CARD_MIN_WIDTH:
                break
            card_h = (height - spacing * (rows + 1)) / rows - chrome
            unit = min(card_w / SHEET_W, card_h / SHEET_H)
            if unit > best_unit + 1e-6:
                best_cols, best_unit = cols, unit
        return best_cols

    def _reflow(self) -> None:
        columns = self._columns_for_viewport()
        if columns == self._columns and self._grid.count() == max(1, len(self._cards)):
            return
        self._columns = columns
        while self._grid.count():
            self._grid.takeAt(0)
        self._empty.setVisible(not self._cards)
        if not self._cards:
            self._grid.addWidget(self._empty, 0, 0)
            return
        for k, card in enumerate(self.cards()):
            self._grid.addWidget(card, k // columns, k % columns)
        for col in range(self._grid.columnCount()):
            self._grid.setColumnStretch(col, 1 if col < columns else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._reflow()

    def _on_character_changed(self, character_id: str) -> None:
        card = self._cards.get(character_id)
        if card is not None:
            card.refresh()
