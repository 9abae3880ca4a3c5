"""The New Game dialog: the options, each drawn by its kind, the open choices, the dice.

Every field comes from the ruleset (``option_specs``, ``setup_choices``): a switch is a
check box, a whole number a spin box with its range, a choice a list; each shows its
documented default and its explanation folded into one line.  The dialog only collects
the answers; the game reads them by the same specs as ``game new --option``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
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


class FoldedText(QWidget):
    """A long explanation folded into one line (cut with "…" at the dialog's edge) that
    opens, wrapped, with the arrow before it."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = text
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.toggle = QToolButton()
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolTip("Show the whole explanation")
        self.toggle.toggled.connect(self._fold)
        keep = self.toggle.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # the lines stay aligned, with or without it
        self.toggle.setSizePolicy(keep)
        self.label = QLabel()
        self.label.setProperty("hint", True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.label.setMinimumWidth(60)
        lay.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.label, 1)
        self._fold(False)

    @property
    def opened(self) -> bool:
        return self.toggle.isChecked()

    def _fold(self, opened: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if opened else Qt.ArrowType.RightArrow)
        self.label.setWordWrap(opened)
        self.label.setSizePolicy(
            QSizePolicy.Policy.Ignored if not opened else QSizePolicy.Policy.Preferred,
            QSizePolicy.Policy.Preferred,
        )
        self._fit()

    def _fit(self) -> None:
        if self.opened:
            self.label.setText(self.full)
            self.label.setToolTip("")
            self.toggle.setVisible(True)
        else:
            width = max(40, self.label.contentsRect().width() - 2)
            line = " ".join(self.full.split())
            shown = self.label.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, width)
            self.label.setText(shown)
            self.label.setToolTip(self.full if shown != line else "")
            # A line that shows whole has nothing more to open.
            self.toggle.setVisible(shown != line)
        self._hold_height()
        self.label.updateGeometry()

    def _hold_height(self) -> None:
        """An opened text at least as tall as its lines at its width: the dialog's form
        gave a second opened text the height of fewer lines than its height for its width
        (its last line cut), which a minimum height it keeps."""
        wrapped = self.label.heightForWidth(self.label.width()) if self.opened else 0
        self.label.setMinimumHeight(max(wrapped, 0))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self.opened:
            self._fit()
        else:
            self._hold_height()


class _WheelGuard(QObject):
    """The mouse wheel over a spin box or list the user has not clicked into scrolls the
    options (``target``, the scroll area's bar) rather than change its value."""

    def __init__(self, target: QWidget, parent: QObject) -> None:
        super().__init__(parent)
        self.target = target

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not watched.hasFocus()
        ):
            QApplication.sendEvent(self.target, event)
            return True
        return False


def _option_editor(spec: OptionSpec) -> QWidget:
    """The widget for one option, by its kind, set to its default."""
    if spec.kind == "switch":
        check = QCheckBox()
        check.setChecked(bool(spec.default))
        return check
    if spec.kind == "number":
        num = QSpinBox()
        num.setRange(
            int(spec.minimum) if spec.minimum is not None else -999_999,
            int(spec.maximum) if spec.maximum is not None else 999_999,
        )
        num.setValue(int(spec.default))
        num.setMinimumWidth(90)
        return num
    if spec.kind == "decimal":
        dec = QDoubleSpinBox()
        dec.setDecimals(2)
        dec.setSingleStep(0.25)
        dec.setRange(
            float(spec.minimum) if spec.minimum is not None else -999_999.0,
            float(spec.maximum) if spec.maximum is not None else 999_999.0,
        )
        dec.setValue(float(spec.default))
        dec.setMinimumWidth(90)
        return dec
    if spec.kind == "choice":
        box = QComboBox()
        for value, title in spec.choices:
            box.addItem(title, value)
        box.setCurrentIndex(max(0, box.findData(spec.default)))
        return box
    line = QLineEdit(str(spec.default))
    line.setMinimumWidth(160)
    return line


def _editor_value(spec: OptionSpec, w: QWidget) -> Any:
    """What the widget holds, as the option's kind says."""
    if isinstance(w, QCheckBox):
        return w.isChecked()
    if isinstance(w, QSpinBox):
        return w.value()
    if isinstance(w, QDoubleSpinBox):
        return w.value()
    if isinstance(w, QComboBox):
        return w.currentData()
    assert isinstance(w, QLineEdit)
    return w.text()


def _option_row(spec: OptionSpec, editor: QWidget) -> QWidget:
    """The editor, its documented default (and range), and the folded explanation."""
    row = QWidget()
    lay = QVBoxLayout(row)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    top = QHBoxLayout()
    top.setSpacing(10)
    top.addWidget(editor)
    default = QLabel(
        f"default {spec.default_text}" + (f" · {spec.range_text}" if spec.range_text else "")
    )
    default.setProperty("hint", True)
    default.setWordWrap(True)
    default.setObjectName(f"default_{spec.key}")
    top.addWidget(default, 1)  # the room beside the editor; wrapped only if too little
    lay.addLayout(top)
    text = spec.help + (f' The text: "{spec.quote}"' if spec.quote else "")
    if text:
        folded = FoldedText(text.strip())
        folded.setObjectName(f"help_{spec.key}")
        lay.addWidget(folded)
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
        self.note = note = QLabel(party_note)
        note.setWordWrap(True)
        outer.addWidget(note)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._wheel_guard = _WheelGuard(scroll.verticalScrollBar(), self)
        body = QWidget()
        layout = QVBoxLayout(body)
        self.choice_widgets: dict[tuple[str, str], QWidget] = {}
        if choices:
            cards = QGroupBox("Set-up choices")
            form = QFormLayout(cards)
            # A long label beside a list as wide as its longest entry would be wider than
            # the view (which never scrolls sideways): such a row puts its field under it.
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
            for c in choices:
                w: QWidget
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
                w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
                w.installEventFilter(self._wheel_guard)
                self.choice_widgets[(c.figure, c.key)] = w
                form.addRow(c.label, w)
            layout.addWidget(cards)
        rules = QGroupBox("Optional rules")
        form = QFormLayout(rules)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # as the choices
        self.option_widgets: dict[str, QWidget] = {}
        for spec in specs:
            w = _option_editor(spec)
            if not isinstance(w, QCheckBox):
                w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
                w.installEventFilter(self._wheel_guard)
            w.setObjectName(f"option_{spec.key}")
            w.setToolTip(spec.help)
            self.option_widgets[spec.key] = w
            form.addRow(spec.label, _option_row(spec, w))
        layout.addWidget(rules)
        layout.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        # The dice stay in sight under the options, however many a ruleset has.
        dice = QGroupBox("Dice")
        row = QHBoxLayout(dice)
        self.app_dice = QRadioButton("Rolled by the app")
        self.typed_dice = QRadioButton("Typed in from the table's dice")
        self.app_dice.setChecked(True)
        self.seed = QSpinBox()
        self.seed.setObjectName("seed")
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setSpecialValueText("random")
        self.seed.setMinimumWidth(110)
        row.addWidget(self.app_dice)
        row.addWidget(self.typed_dice)
        row.addStretch(1)
        row.addWidget(QLabel("Seed"))
        row.addWidget(self.seed)
        outer.addWidget(dice)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons = buttons
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start the game")
        defaults = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setText("Defaults")
        defaults.setToolTip("Every option back to its documented default")
        defaults.clicked.connect(self.restore_defaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self._fit_screen()

    def restore_defaults(self) -> None:
        """Every option's widget back to the option's default."""
        for spec in self.specs:
            editor = self.option_widgets[spec.key]
            fresh = _option_editor(spec)
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(spec.default))
            elif isinstance(editor, QSpinBox):
                editor.setValue(cast(QSpinBox, fresh).value())  # the same spec, the same kind
            elif isinstance(editor, QDoubleSpinBox):
                editor.setValue(cast(QDoubleSpinBox, fresh).value())
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(spec.default)))
            elif isinstance(editor, QLineEdit):
                editor.setText(str(spec.default))
            fresh.deleteLater()

    def _fit_screen(self) -> None:
        """As large as the options want, inside the screen (1280×720 included)."""
        screen = (self.parentWidget() or self).screen()
        avail = screen.availableGeometry() if screen is not None else None
        width, height = 760, 680
        if avail is not None:
            width = min(width, avail.width() - 40)
            height = min(height, avail.height() - 60)
        self.resize(width, height)

    def spec(self) -> GameSpec:
        out = GameSpec(
            dice="typed" if self.typed_dice.isChecked() else "app", seed=self.seed.value() or None
        )
        value: Any
        for spec in self.specs:
            value = _editor_value(spec, self.option_widgets[spec.key])
            if value != spec.default:
                out.options[spec.key] = value
        for (figure, key), w in self.choice_widgets.items():
            if isinstance(w, QListWidget):
                value = [
                    w.item(i).data(Qt.ItemDataRole.UserRole)
                    for i in range(w.count())
                    if w.item(i).checkState() == Qt.CheckState.Checked
                ]
            elif isinstance(w, QComboBox):
                value = w.currentData()
            else:
                raise TypeError(f"no value in a {type(w).__name__}")
            out.choices.setdefault(figure, {})[key] = value
        return out
