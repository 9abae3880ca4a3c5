"""One character's sheet on screen, drawn from a ruleset's neutral ``SheetView``.

Sections with titles, label/value rows, an editor for each field the ruleset lets the
user change (text, a whole number, a choice, yes/no) and tracks as rows of boxes.  Edits
are reported, not applied: ``edited(character_id, key, value)``; whoever holds the roster
asks the ruleset and shows the sheet it gives back.  Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.gui.canvas.glyphs import side_colour
from companion.printing.roster.die_glyph import paint_die
from companion.rules.table import SheetField, SheetSection, SheetView

#: Point sizes: readable at arm's length across a table.
BODY_PT = 11.5
SECTION_PT = 13.5
TITLE_PT = 19.0
SUBTITLE_PT = 12.0
#: Sheets at least this wide show their sections in two columns.
TWO_COLUMNS_PX = 700
#: Widest the sections grow (editors stretched across a 1920 px screen read badly).
MAX_BODY_PX = 1200
#: Most boxes in one row of a track.
TRACK_ROW = 10
#: The colour of a ticked box (a hit taken).
TICKED = QColor(196, 52, 44)

#: Values a "bool" field shows for yes.
YES_WORDS = frozenset({"yes", "true", "1", "\u2713", "on"})


def font_of(widget: QWidget, point_size: float, *, bold: bool = False) -> QFont:
    """The widget's font at ``point_size`` (never smaller than the body size)."""
    font = QFont(widget.font())
    font.setPointSizeF(max(point_size, BODY_PT))
    font.setBold(bold)
    return font


def choice_index(f: SheetField, value: str | None = None) -> int:
    """The index of the field's current choice: its shown title or its value; -1 if none."""
    shown = f.value if value is None else value
    for i, (val, title) in enumerate(f.choices):
        if shown in (title, val):
            return i
    return -1


def bool_value(f: SheetField) -> bool:
    return f.value.strip().lower() in YES_WORDS


def int_value(f: SheetField) -> int:
    try:
        return int(f.value.strip())
    except ValueError:
        return f.minimum if f.minimum is not None else 0


# -- editors ---------------------------------------------------------------------------


class FieldEditor:
    """An editor of one field: its widget, the value shown, and the value it holds now."""

    def __init__(self, f: SheetField, changed: Callable[[str, Any], None] | None) -> None:
        self.key = f.key
        self.field = f
        self.changed = changed
        self.widget = self._make(f)
        self.widget.setObjectName(f"field_{f.key}")
        self.widget.setAccessibleName(f.label)
        self.set_field(f)

    def _make(self, f: SheetField) -> QWidget:
        if f.edit == "text":
            line = QLineEdit()
            line.editingFinished.connect(self._text_done)
            return line
        if f.edit == "int":
            spin = QSpinBox()
            spin.setRange(
                f.minimum if f.minimum is not None else -999_999,
                f.maximum if f.maximum is not None else 999_999,
            )
            spin.setKeyboardTracking(False)  # typed digits count on Enter or leaving
            spin.setMinimumWidth(80)
            spin.valueChanged.connect(lambda v: self._report(int(v)))
            return spin
        if f.edit == "choice":
            combo = QComboBox()
            # As wide as its longest choice ("Leather armor (12)"): a sheet field is read
            # whole, never cut to the first ten letters.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.activated.connect(lambda i: self._report(combo.itemData(i)))
            return combo
        if f.edit == "bool":
            box = QCheckBox()
            box.toggled.connect(lambda on: box.setText("yes" if on else "no"))
            box.clicked.connect(lambda on: self._report(bool(on)))
            return box
        raise ValueError(f"{f.key}: no editor for {f.edit!r}")

    def _text_done(self) -> None:
        line = self.widget
        assert isinstance(line, QLineEdit)
        if line.text() != self.field.value:
            self._report(line.text())

    def _report(self, value: Any) -> None:
        if self.changed is not None:
            self.changed(self.key, value)

    def set_field(self, f: SheetField) -> None:
        """Show ``f``'s value without reporting it as an edit."""
        self.field = f
        w = self.widget
        blocked = w.blockSignals(True)
        try:
            if isinstance(w, QLineEdit):
                if w.text() != f.value:
                    w.setText(f.value)
                    w.setCursorPosition(0)
            elif isinstance(w, QSpinBox):
                w.setValue(int_value(f))
            elif isinstance(w, QComboBox):
                if w.count() != len(f.choices) or any(
                    w.itemData(i) != val for i, (val, _) in enumerate(f.choices)
                ):
                    w.clear()
                    for val, title in f.choices:
                        w.addItem(title, val)
                w.setCurrentIndex(choice_index(f))
            elif isinstance(w, QCheckBox):
                w.setChecked(bool_value(f))
                w.setText("yes" if bool_value(f) else "no")
        finally:
            w.blockSignals(blocked)

    def value(self) -> Any:
        """The value the editor holds, as ``edit_character``/``add_character`` take it."""
        w = self.widget
        if isinstance(w, QLineEdit):
            return w.text().strip()
        if isinstance(w, QSpinBox):
            return w.value()
        if isinstance(w, QComboBox):
            return w.currentData()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        return None


# -- a track of boxes --------------------------------------------------------------------


class TrackBoxes(QWidget):
    """A row (or rows of ``TRACK_ROW``) of boxes, the first ``filled`` ticked."""

    BOX = 20
    GAP = 5

    def __init__(self, filled: int, total: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filled = 0
        self.total = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_track(filled, total)

    def set_track(self, filled: int, total: int) -> None:
        self.filled, self.total = max(0, filled), max(0, total)
        self.setToolTip(f"{self.filled} of {self.total}")
        self.setAccessibleName(f"{self.filled} of {self.total}")
        self.updateGeometry()
        self.update()

    def _cols_rows(self) -> tuple[int, int]:
        n = max(self.total, self.filled, 1)
        cols = min(n, TRACK_ROW)
        return cols, (n + cols - 1) // cols

    def sizeHint(self) -> QSize:
        cols, rows = self._cols_rows()
        step = self.BOX + self.GAP
        return QSize(cols * step - self.GAP + 2, rows * step - self.GAP + 2)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        cols, _ = self._cols_rows()
        step = self.BOX + self.GAP
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(max(self.total, self.filled)):
            r = QRectF(1 + (i % cols) * step, 1 + (i // cols) * step, self.BOX, self.BOX)
            over = i >= self.total  # more hits than boxes: drawn dashed
            pen = QPen(ink, 1.6, Qt.PenStyle.DashLine if over else Qt.PenStyle.SolidLine)
            p.setPen(pen)
            p.setBrush(TICKED if i < self.filled else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 3, 3)
        p.end()


class DieGlyph(QWidget):
    """A die type drawn as a die: its shape, its number of sides inside."""

    SIZE = 40

    def __init__(self, sides: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = 0
        self.setFixedSize(self.SIZE, self.SIZE)
        self.set_die(sides)

    def set_die(self, sides: int) -> None:
        self.sides = sides
        self.setToolTip(f"d{sides}")
        self.setAccessibleName(f"d{sides}")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        fill = self.palette().color(QPalette.ColorRole.Base)
        p = QPainter(self)
        font = font_of(self, BODY_PT, bold=True)
        font.setPointSizeF(BODY_PT * (0.85 if self.sides >= 10 else 1.0))
        paint_die(p, QRectF(self.rect()).adjusted(2, 2, -2, -2), self.sides, ink, fill, font, 1.8)
        p.end()


# -- the sheet ---------------------------------------------------------------------------


def _shape(view: SheetView) -> tuple[Any, ...]:
    """What decides the sheet's widgets (values and section titles aside: another hero's
    skill section is titled by its skill): rebuilt only when this changes."""
    return tuple(
        (
            bool(s.text),
            tuple(
                (f.key, f.edit, f.choices, f.minimum, f.maximum, f.track is None, f.die is None)
                for f in s.fields
            ),
        )
        for s in view.sections
    )


class _Row:
    """One field's widgets: its editor, or its value label, and its track."""

    def __init__(
        self,
        editor: FieldEditor | None,
        label: QLabel | None,
        track: TrackBoxes | None,
        die: DieGlyph | None = None,
    ):
        self.editor = editor
        self.label = label
        self.track = track
        self.die = die

    def set_field(self, f: SheetField) -> None:
        if self.editor is not None:
            self.editor.set_field(f)
        if self.label is not None:
            self.label.setText(f.value)
        if self.track is not None and f.track is not None:
            self.track.set_track(*f.track)
        if self.die is not None and f.die is not None:
            self.die.set_die(f.die)


class SheetWidget(QWidget):
    """A ``SheetView`` drawn with Qt widgets; ``edited`` reports the user's changes."""

    #: (character id, field key, new value)
    edited = Signal(str, str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rosterSheet")
        self._view: SheetView | None = None
        self._editable = True
        self._rows: dict[tuple[int, str], _Row] = {}
        self._texts: dict[int, QLabel] = {}
        self._titles: dict[int, QLabel] = {}
        self._section_frames: list[QFrame] = []
        self._columns = 0
        self._shape: tuple[Any, ...] | None = None

        root = self._root = QVBoxLayout(self)
        root.setContentsMargins(8, 10, 8, 12)
        root.setSpacing(10)

        header = QHBoxLayout()
        header.setSpacing(12)
        self.side_bar = QFrame()
        self.side_bar.setObjectName("sideBar")
        self.side_bar.setFixedWidth(8)
        self.side_bar.setAutoFillBackground(True)
        header.addWidget(self.side_bar)
        names = QVBoxLayout()
        names.setSpacing(2)
        self.title_label = QLabel()
        self.title_label.setObjectName("sheetTitle")
        self.title_label.setFont(font_of(self, TITLE_PT, bold=True))
        self.title_label.setWordWrap(True)
        self.subtitle_label = QLabel()
        self.subtitle_label.setObjectName("sheetSubtitle")
        self.subtitle_label.setFont(font_of(self, SUBTITLE_PT))
        self.subtitle_label.setWordWrap(True)
        names.addWidget(self.title_label)
        names.addWidget(self.subtitle_label)
        header.addLayout(names, 1)
        root.addLayout(header)

        self.placeholder = QLabel("No character selected.")
        self.placeholder.setObjectName("sheetPlaceholder")
        self.placeholder.setFont(font_of(self, BODY_PT))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        root.addWidget(self.placeholder)

        self.body = QWidget()
        self.body_layout = QHBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(14)
        self.body.setMaximumWidth(MAX_BODY_PX)
        root.addWidget(self.body)
        root.addStretch(1)
        self._column_boxes: list[QVBoxLayout] = []
        self.set_view(None)

    # -- public ----------------------------------------------------------------------------
    def view(self) -> SheetView | None:
        return self._view

    def set_view(self, view: SheetView | None, *, editable: bool = True) -> None:
        """Show ``view`` (None: nothing); fields are editable only with ``editable``.

        A view of the same shape as the one shown (same sections, fields and choices)
        updates the widgets in place, so the focus and the cursor stay where they are; a
        read-only sheet (a game's) of another character of the same shape too, and the
        very read-only view shown is left alone (a game redraws its sheets after every
        action)."""
        if not editable and not self._editable and view is not None and view == self._view:
            return
        same = (
            view is not None
            and self._view is not None
            and editable == self._editable
            and (view.id == self._view.id or not editable)
            and _shape(view) == self._shape
        )
        self._view = view
        self._editable = editable
        self.placeholder.setVisible(view is None)
        self.body.setVisible(view is not None)
        if view is None:
            self.title_label.setText("")
            self.subtitle_label.setText("")
            self.side_bar.setVisible(False)
            self._clear()
            return
        self.title_label.setText(view.title)
        self.subtitle_label.setText(view.subtitle)
        self.subtitle_label.setVisible(bool(view.subtitle))
        self.side_bar.setVisible(bool(view.side))
        if view.side:
            pal = self.side_bar.palette()
            pal.setColor(QPalette.ColorRole.Window, side_colour(view.side))
            self.side_bar.setPalette(pal)
            self.side_bar.setToolTip(f"Side: {view.side}")
        if same:
            for si, section in enumerate(view.sections):
                if self._titles[si].text() != section.title:
                    self._titles[si].setText(section.title)
                for f in section.fields:
                    self._rows[(si, f.key)].set_field(f)
                if si in self._texts:
                    self._texts[si].setText(section.text)
            return
        self._build(view)

    def editor(self, key: str) -> QWidget | None:
        """The editor widget of field ``key`` (the first section that has it), or None."""
        for (_, k), row in self._rows.items():
            if k == key and row.editor is not None:
                return row.editor.widget
        return None

    def value_label(self, key: str) -> QLabel | None:
        """The label showing read-only field ``key``, or None."""
        for (_, k), row in self._rows.items():
            if k == key and row.label is not None:
                return row.label
        return None

    def track(self, key: str) -> TrackBoxes | None:
        for (_, k), row in self._rows.items():
            if k == key and row.track is not None:
                return row.track
        return None

    def die(self, key: str) -> DieGlyph | None:
        for (_, k), row in self._rows.items():
            if k == key and row.die is not None:
                return row.die
        return None

    # -- building --------------------------------------------------------------------------
    def _clear(self) -> None:
        for frame in self._section_frames:
            frame.hide()
            frame.setParent(None)
            frame.deleteLater()  # may be inside one of its editors' signals: later
        self._section_frames = []
        self._rows = {}
        self._texts = {}
        self._titles = {}
        self._shape = None

    def _report(self, key: str, value: Any) -> None:
        if self._view is not None:
            self.edited.emit(self._view.id, key, value)

    def _build(self, view: SheetView) -> None:
        self._clear()
        self._shape = _shape(view)
        for si, section in enumerate(view.sections):
            self._section_frames.append(self._section(si, section))
        self._columns = 0
        self._place()

    def _section(self, si: int, section: SheetSection) -> QFrame:
        frame = QFrame()
        frame.setObjectName("sheetSection")
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        # Minimum, not Maximum: a narrow dock wraps its fields onto more lines than the
        # size hint counts, and the frame must grow to show them whole.
        frame.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        box = QVBoxLayout(frame)
        box.setContentsMargins(10, 8, 10, 10)
        box.setSpacing(6)
        title = QLabel(section.title)
        title.setObjectName("sectionTitle")
        title.setFont(font_of(self, SECTION_PT, bold=True))
        title.setWordWrap(True)  # a long title wraps rather than widen the sheet past the dock
        box.addWidget(title)
        self._titles[si] = title
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        box.addWidget(rule)
        body = font_of(self, BODY_PT)
        if section.text:
            text = QLabel(section.text)
            text.setObjectName("sectionText")
            text.setWordWrap(True)
            text.setFont(body)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            box.addWidget(text)
            self._texts[si] = text
        if section.fields:
            grid = QGridLayout()
            grid.setHorizontalSpacing(8)
            grid.setVerticalSpacing(6)
            grid.setColumnStretch(1, 1)
            for r, f in enumerate(section.fields):
                name = QLabel(f.label)
                name.setFont(body)
                name.setObjectName(f"label_{f.key}")
                name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                name.setForegroundRole(QPalette.ColorRole.PlaceholderText)
                name.setWordWrap(True)  # "Weapons & armour" on two lines in a narrow dock
                grid.addWidget(name, r, 0)
                grid.addWidget(self._value_cell(si, f, body), r, 1)
            box.addLayout(grid)
        return frame

    def _value_cell(self, si: int, f: SheetField, body: QFont) -> QWidget:
        editor: FieldEditor | None = None
        label: QLabel | None = None
        track: TrackBoxes | None = None
        if f.edit and self._editable:
            editor = FieldEditor(f, self._report)
            editor.widget.setFont(body)
            cell = editor.widget
        else:
            label = QLabel(f.value)
            label.setObjectName(f"value_{f.key}")
            label.setFont(font_of(self, BODY_PT, bold=True))
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            cell = label
        if f.track is not None:
            track = TrackBoxes(*f.track)
            track.setObjectName(f"track_{f.key}")
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(0, 2, 0, 2)
            row.setSpacing(6)
            row.addWidget(track)
            row.addWidget(cell, 1)
            cell = holder
        die: DieGlyph | None = None
        if f.die is not None and f.track is None:
            die = DieGlyph(f.die)
            die.setObjectName(f"die_{f.key}")
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(0, 2, 0, 2)
            row.setSpacing(8)
            row.addWidget(die)
            row.addWidget(cell, 1)
            cell = holder
        self._rows[(si, f.key)] = _Row(editor, label, track, die)
        return cell

    def _place(self) -> None:
        """Put the sections in one column, or two when the sheet is wide, balanced."""
        columns = 2 if self.width() >= TWO_COLUMNS_PX and len(self._section_frames) > 1 else 1
        if columns == self._columns:
            return
        self._columns = columns
        for frame in self._section_frames:
            frame.setParent(None)
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        margins = self._root.contentsMargins()
        inner = min(self.width() - margins.left() - margins.right(), MAX_BODY_PX)
        spacing = self.body_layout.spacing()
        col_width = max(100, (inner - spacing * (columns - 1)) // columns)
        holders = []
        heights = [0] * columns
        boxes: list[QVBoxLayout] = []
        for _ in range(columns):
            holder = QWidget()
            box = QVBoxLayout(holder)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(12)
            holders.append(holder)
            boxes.append(box)
        for frame in self._section_frames:
            col = heights.index(min(heights))
            boxes[col].addWidget(frame)
            frame.show()
            hfw = frame.heightForWidth(col_width) if frame.hasHeightForWidth() else -1
            heights[col] += hfw if hfw > 0 else frame.sizeHint().height()
        for box in boxes:
            box.addStretch(1)
        for holder in holders:
            self.body_layout.addWidget(holder, 1)
        self._column_boxes = boxes

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._section_frames:
            self._place()


def field_editors(
    sections: Sequence[SheetSection], parent: QWidget
) -> tuple[QGridLayout, dict[str, FieldEditor]]:
    """A form of every editable field of ``sections`` (the New character dialog's)."""
    grid = QGridLayout()
    grid.setHorizontalSpacing(12)
    grid.setVerticalSpacing(8)
    grid.setColumnStretch(1, 1)
    editors: dict[str, FieldEditor] = {}
    body = font_of(parent, BODY_PT)
    row = 0
    for section in sections:
        for f in section.fields:
            if not f.edit:
                continue
            name = QLabel(f.label)
            name.setFont(body)
            editor = FieldEditor(f, None)
            editor.widget.setFont(body)
            name.setBuddy(editor.widget)
            grid.addWidget(name, row, 0)
            grid.addWidget(editor.widget, row, 1)
            editors[f.key] = editor
            row += 1
    return grid, editors
