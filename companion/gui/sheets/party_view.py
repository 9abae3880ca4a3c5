"""Every character's sheet side by side, in large type, readable across the table."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QMouseEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from companion.gui.sheets.brick_layout import Hit, SheetStats, Stat
from companion.gui.sheets.brick_painter import STAT_COLOURS
from companion.gui.sheets.fonts import sheet_font
from companion.gui.sheets.interaction import apply_hit
from companion.gui.sheets.party_model import PartyModel
from companion.gui.sheets.sheet_widget import BrickSheetWidget
from companion.rulesets.brickquest.character import CharacterError

#: A card is never narrower than this (pixels), so big type still fits.
CARD_MIN_WIDTH = 260
#: Size of a usual sheet in studs (16 wide, 16 + legend tall), for choosing columns.
SHEET_W, SHEET_H = 16.0, 17.7


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

        self.name_label = QLabel(objectName="cardName")
        self.name_label.setFont(sheet_font(bold=True, point_size=22))
        self.info_label = QLabel(objectName="cardInfo")
        self.info_label.setFont(sheet_font(point_size=13))
        self.sheet = BrickSheetWidget(self, background=QPalette.ColorRole.Window)
        self.sheet.hitClicked.connect(self._on_hit)
        self.points_label = QLabel(objectName="cardPoints")
        self.points_label.setFont(sheet_font(condensed=True, bold=True, point_size=26))
        self.points_label.setTextFormat(Qt.TextFormat.RichText)
        for label in (self.name_label, self.info_label, self.points_label):
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.message = QLabel(objectName="cardMessage")
        self.message.setStyleSheet("color: #b3261e;")
        self.message.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.message.setWordWrap(True)
        self.message.hide()

        lay = QVBoxLayout(self)
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
        lay = self.layout()
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
