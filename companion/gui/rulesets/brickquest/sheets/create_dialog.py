"""Character creation: pick race and archetype, see the class's numbers, name it.

The form is ``ui/character_create.ui`` (Qt Designer), loaded at run time with
``QUiLoader``; the numbers shown come from the rules data, never from here.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from companion.gui.uifiles import child, load_form
from companion.printing.rulesets.brickquest.sheet_text import attack_text, skill_text
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character, CharacterError
from companion.rulesets.brickquest.schema import Archetype, ClassDef, Race

#: The dialog's width when the form needs less.
PREFERRED_WIDTH = 480


class CharacterCreateDialog(QDialog):
    """Asks for race, archetype, name and player; :meth:`character` builds the result."""

    def __init__(
        self,
        catalog: BrickQuestCatalog,
        parent: QWidget | None = None,
        *,
        existing_names: set[str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._existing = {n.casefold() for n in (existing_names or set())}
        self.setWindowTitle("New character")
        self.form = load_form("character_create", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.addWidget(self.form)

        f = self.form
        self.name_edit: QLineEdit = child(f, QLineEdit, "nameEdit")
        self.player_edit: QLineEdit = child(f, QLineEdit, "playerEdit")
        self.race_combo: QComboBox = child(f, QComboBox, "raceCombo")
        self.archetype_combo: QComboBox = child(f, QComboBox, "archetypeCombo")
        self.error_label: QLabel = child(f, QLabel, "errorLabel")
        self.button_box: QDialogButtonBox = child(f, QDialogButtonBox, "buttonBox")
        self._values = {
            name: child(f, QLabel, name)
            for name in (
                "classNameLabel",
                "moveValue",
                "initValue",
                "hpValue",
                "spValue",
                "adValue",
                "adBonusValue",
                "ddValue",
                "ddBonusValue",
                "abilitiesValue",
                "skillsValue",
            )
        }

        races = list(dict.fromkeys(c.race for c in catalog.classes.values()))
        archetypes = list(dict.fromkeys(c.archetype for c in catalog.classes.values()))
        for race in races:
            self.race_combo.addItem(race.value.capitalize(), race.value)
        for archetype in archetypes:
            self.archetype_combo.addItem(archetype.value.capitalize(), archetype.value)

        self.race_combo.currentIndexChanged.connect(self._update)
        self.archetype_combo.currentIndexChanged.connect(self._update)
        self.name_edit.textChanged.connect(self._update)
        self.player_edit.textChanged.connect(self._update)
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)
        self._reserve_room()
        self._update()
        # no setMinimumWidth(): a fixed minimum would override the layout's, and a longer
        # value (an attack line) would then be cut instead of widening the dialog
        self.resize(max(PREFERRED_WIDTH, self.sizeHint().width()), self.sizeHint().height())

    # ------------------------------------------------------------- public
    def select(self, race: Race | str, archetype: Archetype | str) -> None:
        """Choose a race and an archetype (as the user would in the combo boxes)."""
        self.race_combo.setCurrentIndex(self.race_combo.findData(Race(race).value))
        self.archetype_combo.setCurrentIndex(
            self.archetype_combo.findData(Archetype(archetype).value)
        )

    def class_def(self) -> ClassDef | None:
        """The class of the chosen race and archetype, if the rules have one."""
        race = self.race_combo.currentData()
        archetype = self.archetype_combo.currentData()
        for cdef in self.catalog.classes.values():
            if cdef.race == race and cdef.archetype == archetype:
                return cdef
        return None

    def ok_button(self) -> QPushButton:
        return self.button_box.button(QDialogButtonBox.StandardButton.Ok)

    def character(self) -> Character:
        """The new character; ``CharacterError`` (from the model) if input is missing."""
        cdef = self.class_def()
        if cdef is None:
            raise CharacterError("the rules have no class for this race and archetype")
        return Character.create(cdef, self.name_edit.text(), self.player_edit.text())

    @classmethod
    def ask(
        cls,
        catalog: BrickQuestCatalog,
        parent: QWidget | None = None,
        existing_names: set[str] | None = None,
    ) -> Character | None:
        """Run the dialog; the new character, or None if cancelled."""
        dialog = cls(catalog, parent, existing_names=existing_names)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return dialog.character()
        return None

    # ------------------------------------------------------------ private
    def _reserve_room(self) -> None:
        """Give the one-line values the width of their longest text over all classes, so
        every class shows whole and the dialog keeps its size while the user browses."""
        texts: dict[str, list[str]] = {"adValue": [], "adBonusValue": [], "classNameLabel": []}
        for cdef in self.catalog.classes.values():
            ad, ad_bonus = attack_text(cdef)
            texts["adValue"].append(ad)
            texts["adBonusValue"].append(ad_bonus)
            texts["classNameLabel"].append(cdef.name)
        for name, options in texts.items():
            label = self._values[name]
            label.ensurePolished()  # its style sheet's font (the class name is bold)
            metrics = label.fontMetrics()
            label.setMinimumWidth(max(metrics.horizontalAdvance(t) for t in options) + 2)

    def accept(self) -> None:
        try:
            self.character()
        except CharacterError as exc:
            self.error_label.setText(str(exc))
            return
        super().accept()

    def _update(self) -> None:
        cdef = self.class_def()
        v = self._values
        if cdef is None:
            for label in v.values():
                label.setText("–")
        else:
            ad, ad_bonus = attack_text(cdef)
            v["classNameLabel"].setText(cdef.name)
            v["moveValue"].setText(str(cdef.move))
            v["initValue"].setText(f"{cdef.initiative_bonus:+d}")
            v["hpValue"].setText(str(cdef.hit_points))
            v["spValue"].setText("–" if cdef.spell_points is None else str(cdef.spell_points))
            v["adValue"].setText(ad)
            v["adBonusValue"].setText(ad_bonus)
            v["ddValue"].setText(str(cdef.defense_dice))
            v["ddBonusValue"].setText(f"{cdef.defense_bonus:+d}")
            v["abilitiesValue"].setText(cdef.summary)
            v["skillsValue"].setText(skill_text(cdef, self.catalog) or "–")
        try:
            character = self.character()
        except CharacterError as exc:
            self.ok_button().setEnabled(False)
            typed = self.name_edit.text().strip() or self.player_edit.text().strip()
            self.error_label.setText(str(exc).capitalize() + "." if typed else "")
            return
        self.ok_button().setEnabled(True)
        note = ""
        if character.name.casefold() in self._existing:
            note = "Note: another character of the party already has this name."
        self.error_label.setText(note)
