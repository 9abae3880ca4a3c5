"""The character sheet panel: the brick sheet, and the paper sheet's fields beside it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from companion.gui.rulesets.brickquest.sheets.interaction import apply_hit
from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel
from companion.gui.rulesets.brickquest.sheets.sheet_widget import BrickSheetWidget
from companion.gui.uifiles import named
from companion.printing.rulesets.brickquest.brick_layout import Hit, SheetStats
from companion.printing.rulesets.brickquest.sheet_text import attack_text, class_details_html
from companion.rulesets.brickquest.character import MAX_POINTS, Character, CharacterError

#: Below this width the panel stacks the sheet above the fields.
NARROW_WIDTH = 640
NARROW_SHEET_HEIGHT = 380
SIDE_MIN_WIDTH = 320


class CharacterSheetPanel(QWidget):
    """Shows one character of a :class:`PartyModel` and edits it through the model.

    Clicking a round on the brick sheet takes it off (1 damage / 1 spell point
    spent), clicking a round in the slot puts it back; the spin boxes set a
    value; every edit is one undoable step on ``model.undo_stack``.
    """

    #: A refused edit or other note for the status bar (the text).
    message = Signal(str)

    def __init__(self, model: PartyModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._character_id: str | None = None
        self.setObjectName("characterSheetPanel")

        self.sheet = BrickSheetWidget(self)
        self.sheet.setObjectName("brickSheet")
        self.sheet.setAccessibleName("Brick character sheet")
        self.sheet.hitClicked.connect(self._on_hit)

        self.player_edit = named(QLineEdit(), "playerEdit")
        self.name_edit = named(QLineEdit(), "nameEdit")
        self.class_label = named(QLabel(), "classLabel")
        self.move_label = named(QLabel(), "moveLabel")
        self.init_label = named(QLabel(), "initLabel")
        self.hp_spin = named(QSpinBox(), "hpSpin")
        self.sp_spin = named(QSpinBox(), "spSpin")
        self.ad_label = named(QLabel(), "adLabel")
        self.ad_bonus_label = named(QLabel(), "adBonusLabel")
        self.dd_label = named(QLabel(), "ddLabel")
        self.dd_bonus_label = named(QLabel(), "ddBonusLabel")
        for spin in (self.hp_spin, self.sp_spin):
            spin.setKeyboardTracking(False)
            spin.setAccelerated(True)
        self.hp_spin.valueChanged.connect(self._on_hp_typed)
        self.sp_spin.valueChanged.connect(self._on_sp_typed)
        self.player_edit.editingFinished.connect(self._on_names_edited)
        self.name_edit.editingFinished.connect(self._on_names_edited)

        self.damage_button = named(QPushButton("−1 HP"), "damageButton")
        self.heal_button = named(QPushButton("+1 HP"), "healButton")
        self.spend_button = named(QPushButton("−1 SP"), "spendButton")
        self.restore_button = named(QPushButton("+1 SP"), "restoreButton")
        self.damage_button.setToolTip("Take 1 damage: a green round into the slot")
        self.heal_button.setToolTip("Heal 1: a green round back from the slot")
        self.spend_button.setToolTip("Spend 1 spell point")
        self.restore_button.setToolTip("Regain 1 spell point, up to the start")
        self.damage_button.clicked.connect(lambda: self._edit(self.model.damage, 1))
        self.heal_button.clicked.connect(lambda: self._edit(self.model.heal, 1))
        self.spend_button.clicked.connect(lambda: self._edit(self.model.spend_spell_points, 1))
        self.restore_button.clicked.connect(lambda: self._edit(self.model.restore_spell_points, 1))

        hp_row = _row(self.hp_spin, self.damage_button, self.heal_button)
        sp_row = _row(self.sp_spin, self.spend_button, self.restore_button)
        form = QFormLayout()
        self._form = form
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("Player Name:", self.player_edit)
        form.addRow("Character Name:", self.name_edit)
        form.addRow("Character Class:", self.class_label)
        form.addRow("Movement:", self.move_label)
        form.addRow("Initiative bonus:", self.init_label)
        form.addRow("Hit Points:", hp_row)
        form.addRow("Spell Points:", sp_row)
        form.addRow("Attack Dice:", self.ad_label)
        form.addRow("Bonus:", self.ad_bonus_label)
        form.addRow("Defense Dice:", self.dd_label)
        form.addRow("Bonus:", self.dd_bonus_label)
        paper = QGroupBox("Paper sheet")
        paper.setLayout(form)

        self.swag_list = named(QListWidget(), "swagList")
        self.swag_list.setMaximumHeight(110)
        self.item_combo = named(QComboBox(), "itemCombo")
        for item in model.catalog.items.values():
            self.item_combo.addItem(item.name, item.id)
        add_button = named(QPushButton("Put in bin"), "addSwagButton")
        remove_button = named(QPushButton("Take out"), "removeSwagButton")
        add_button.clicked.connect(self._on_add_swag)
        remove_button.clicked.connect(self._on_remove_swag)
        swag_box = QGroupBox("Swag bin")
        swag_layout = QVBoxLayout(swag_box)
        swag_layout.addWidget(self.swag_list)
        swag_layout.addWidget(_row(self.item_combo, add_button, remove_button))

        self.details = named(QTextBrowser(), "classDetails")
        self.details.setOpenLinks(False)
        self.status = named(QLabel(), "statusLabel")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #b3261e;")

        side = QVBoxLayout()
        side.addWidget(paper)
        side.addWidget(swag_box)
        side.addWidget(self.details, 1)
        side.addWidget(self.status)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setMinimumWidth(SIDE_MIN_WIDTH)
        self._side = side_widget
        side_widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        # Side by side when there is room; the sheet above the fields in a narrow dock.
        self._layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._layout.addWidget(self.sheet, 3)
        self._layout.addWidget(side_widget, 2)

        model.characterChanged.connect(self._on_character_changed)
        model.partyReset.connect(self._on_party_reset)
        self._on_party_reset()

    def resizeEvent(self, event: QResizeEvent) -> None:
        narrow = event.size().width() < NARROW_WIDTH
        direction = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        if self._layout.direction() != direction:
            self._layout.setDirection(direction)
            self.sheet.setMinimumHeight(NARROW_SHEET_HEIGHT if narrow else 0)
            self._side.setMinimumWidth(0 if narrow else SIDE_MIN_WIDTH)
            wrap = QFormLayout.RowWrapPolicy
            self._form.setRowWrapPolicy(wrap.WrapAllRows if narrow else wrap.DontWrapRows)
        super().resizeEvent(event)

    # ------------------------------------------------------------- public
    @property
    def character_id(self) -> str | None:
        """The character shown (None when the party is empty)."""
        return self._character_id

    def set_character(self, character_id: str | None) -> None:
        """Show the character ``character_id`` of the model."""
        if character_id is not None:
            self.model.character(character_id)  # KeyError for a stranger
        self._character_id = character_id
        self.status.clear()
        self.refresh()

    def refresh(self) -> None:
        """Read the shown character from the model again."""
        cid = self._character_id
        enabled = cid is not None
        for w in self.findChildren(QWidget):
            if w is not self.status:
                w.setEnabled(enabled)
        if cid is None:
            self.sheet.set_stats(None)
            self.details.clear()
            return
        c = self.model.character(cid)
        cdef = self.model.catalog.get_class(c.class_id)
        self.sheet.set_stats(SheetStats.from_character(c, cdef))
        _set_text(self.player_edit, c.player)
        _set_text(self.name_edit, c.name)
        self.class_label.setText(cdef.name)
        self.move_label.setText(str(cdef.move))
        self.init_label.setText(f"{cdef.initiative_bonus:+d}")
        ad, ad_bonus = attack_text(cdef)
        self.ad_label.setText(ad)
        self.ad_bonus_label.setText(ad_bonus)
        self.dd_label.setText(str(cdef.defense_dice))
        self.dd_bonus_label.setText(f"{cdef.defense_bonus:+d}")
        _set_spin(self.hp_spin, c.hit_points, 0, c.max_hit_points, f" / {c.max_hit_points}")
        caster = c.spell_points is not None
        for w in (self.sp_spin, self.spend_button, self.restore_button):
            w.setEnabled(caster)
        if caster:
            assert c.spell_points is not None
            _set_spin(self.sp_spin, c.spell_points, 0, MAX_POINTS, f" / {c.max_spell_points}")
        else:
            _set_spin(self.sp_spin, 0, 0, 0, " (no spells)")
        self._fill_swag(c)
        self.details.setHtml(class_details_html(cdef, self.model.catalog))

    # ------------------------------------------------------------ helpers
    def _fill_swag(self, c: Character) -> None:
        self.swag_list.clear()
        for item_id in c.swag:
            try:
                name = self.model.catalog.get_item(item_id).name
            except KeyError:
                name = item_id
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, item_id)
            self.swag_list.addItem(item)

    def _edit(self, method: Callable[..., bool], *args: object) -> bool:
        """Call a model edit for the shown character; show a refusal in the panel."""
        if self._character_id is None:
            return False
        try:
            changed = method(self._character_id, *args)
        except CharacterError as exc:
            self._refuse(str(exc))
            return False
        self.status.clear()
        return bool(changed)

    def _refuse(self, text: str) -> None:
        self.status.setText(text)
        self.message.emit(text)
        self.refresh()  # put the widgets back to the model's values

    # ------------------------------------------------------------- slots
    def _on_hit(self, hit: Hit) -> None:
        if self._character_id is None:
            return
        try:
            apply_hit(self.model, self._character_id, hit)
            self.status.clear()
        except CharacterError as exc:
            self._refuse(str(exc))

    def _on_hp_typed(self, value: int) -> None:
        self._edit(self.model.set_hit_points, value)

    def _on_sp_typed(self, value: int) -> None:
        if self.sp_spin.maximum() > 0:
            self._edit(self.model.set_spell_points, value)

    def _on_names_edited(self) -> None:
        if self._character_id is None:
            return
        c = self.model.character(self._character_id)
        name, player = self.name_edit.text(), self.player_edit.text()
        if (name, player) != (c.name, c.player):
            self._edit(self.model.rename, name, player)

    def _on_add_swag(self) -> None:
        item_id = self.item_combo.currentData()
        if item_id:
            self._edit(self.model.add_swag, item_id)

    def _on_remove_swag(self) -> None:
        item = self.swag_list.currentItem()
        if item is not None:
            self._edit(self.model.remove_swag, item.data(Qt.ItemDataRole.UserRole))

    def _on_character_changed(self, character_id: str) -> None:
        if character_id == self._character_id:
            self.refresh()

    def _on_party_reset(self) -> None:
        ids = self.model.party.ids()
        if self._character_id not in ids:
            self._character_id = ids[0] if ids else None
        self.refresh()


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        lay.addWidget(w)
    return box


def _set_text(edit: QLineEdit, text: str) -> None:
    if edit.text() != text:
        edit.blockSignals(True)
        edit.setText(text)
        edit.blockSignals(False)


def _set_spin(spin: QSpinBox, value: int, lo: int, hi: int, suffix: str) -> None:
    spin.blockSignals(True)
    spin.setRange(lo, hi)
    spin.setSuffix(suffix)
    spin.setValue(value)
    spin.blockSignals(False)
