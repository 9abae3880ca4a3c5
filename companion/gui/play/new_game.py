"""The New Game dialog: optional rules as switches, the cards' open choices, the dice.

Every field comes from the ruleset (``option_specs``, ``setup_choices``); the dialog only
collects the answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.rules.table import OptionSpec, SetupChoice


@dataclass
class GameSpec:
    """What the dialog asks for a new game."""

    options: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, dict[str, Any]] = field(default_factory=dict)
    dice: str = "app"
    seed: int | None = None


def _with_hint(field: QWidget, hint: str) -> QWidget:
    """``field`` with its explanation beside it, wrapped to the dialog's width."""
    if not hint:
        return field
    row = QWidget()
    lay = QHBoxLayout(row)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(field)
    text = QLabel(hint)
    text.setWordWrap(True)
    text.setProperty("hint", True)
    lay.addWidget(text, 1)
    return row


class NewGameDialog(QDialog):
    def __init__(
        self,
        specs: list[OptionSpec],
        choices: list[SetupChoice],
        party_note: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.specs, self.setup = specs, choices
        outer = QVBoxLayout(self)
        note = QLabel(party_note)
        note.setWordWrap(True)
        outer.addWidget(note)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        layout = QVBoxLayout(body)
        rules = QGroupBox("Optional rules")
        form = QFormLayout(rules)
        self.option_widgets: dict[str, QWidget] = {}
        for spec in specs:
            w: QWidget
            if spec.choices:
                box = QComboBox()
                for value, title in spec.choices:
                    box.addItem(title, value)
                box.setCurrentIndex(max(0, box.findData(spec.default)))
                w = box
            else:
                check = QCheckBox()
                check.setChecked(bool(spec.default))
                w = check
            w.setObjectName(f"option_{spec.key}")
            w.setToolTip(spec.help)
            self.option_widgets[spec.key] = w
            form.addRow(spec.label, _with_hint(w, spec.help))
        layout.addWidget(rules)
        self.choice_widgets: dict[tuple[str, str], QWidget] = {}
        if choices:
            cards = QGroupBox("Monsters' choices")
            form = QFormLayout(cards)
            for c in choices:
                if c.multiple:
                    lst = QListWidget()
                    lst.setMaximumHeight(70)
                    for value, title in c.choices:
                        item = QListWidgetItem(title)
                        item.setData(Qt.ItemDataRole.UserRole, value)
                        item.setCheckState(
                            Qt.CheckState.Checked if value in c.default else Qt.CheckState.Unchecked
                        )
                        lst.addItem(item)
                    w = lst
                else:
                    box = QComboBox()
                    for value, title in c.choices:
                        box.addItem(title, value)
                    box.setCurrentIndex(max(0, box.findData(c.default[0] if c.default else "")))
                    w = box
                w.setObjectName(f"choice_{c.figure}_{c.key}")
                self.choice_widgets[(c.figure, c.key)] = w
                form.addRow(c.label, w)
            layout.addWidget(cards)
        dice = QGroupBox("Dice")
        form = QFormLayout(dice)
        self.app_dice = QRadioButton("Rolled by the app")
        self.typed_dice = QRadioButton("Typed in from the table's dice")
        self.app_dice.setChecked(True)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setSpecialValueText("random")
        form.addRow(self.app_dice)
        form.addRow(self.typed_dice)
        form.addRow("Seed", self.seed)
        layout.addWidget(dice)
        layout.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the game")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.resize(600, 620)

    def spec(self) -> GameSpec:
        out = GameSpec(
            dice="typed" if self.typed_dice.isChecked() else "app", seed=self.seed.value() or None
        )
        for spec in self.specs:
            w = self.option_widgets[spec.key]
            value = w.currentData() if isinstance(w, QComboBox) else w.isChecked()  # type: ignore[attr-defined]
            if value != spec.default:
                out.options[spec.key] = value
        for (figure, key), w in self.choice_widgets.items():
            if isinstance(w, QListWidget):
                value: Any = [
                    w.item(i).data(Qt.ItemDataRole.UserRole)
                    for i in range(w.count())
                    if w.item(i).checkState() == Qt.CheckState.Checked
                ]
            else:
                value = w.currentData()  # type: ignore[attr-defined]
            out.choices.setdefault(figure, {})[key] = value
        return out
