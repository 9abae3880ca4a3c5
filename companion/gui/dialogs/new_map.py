"""The New map dialog (form: ``ui/new_map.ui``): a size in squares or in 4x4 rooms."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from companion.gui.dialogs.form import FormDialog
from companion.gui.uifiles import child
from companion.model.dungeon import MAX_SIDE, Terrain
from companion.model.mapfile import MapDocument, MapOptions, new_document
from companion.rules.ruleset import (
    DEFAULT_RULESET,
    UnknownRuleset,
    available_rulesets,
    ruleset_info,
)

ROOM_SQUARES = 4
#: "Start with" choices: (border walls, fill).
STARTS = (
    (True, Terrain.FLOOR),
    (False, Terrain.FLOOR),
    (False, Terrain.WALL),
    (False, Terrain.VOID),
)


@dataclass(frozen=True, slots=True)
class NewMapSpec:
    name: str
    width: int
    height: int
    border: bool
    fill: Terrain
    ruleset: str = DEFAULT_RULESET

    def document(self) -> MapDocument:
        doc = new_document(
            self.width, self.height, border=self.border, fill=self.fill, name=self.name
        )
        doc.options = MapOptions(ruleset=self.ruleset)
        return doc


def ruleset_titles() -> list[tuple[str, str, int]]:
    """(id, title, studs per square) of every registered ruleset played on a map, the
    default first, read from their declarations (``ruleset_info``): no ruleset is loaded
    to be listed.  A ruleset played without a map (a graph board) has no maps to make."""
    out = []
    for rid in available_rulesets():
        try:
            info = ruleset_info(rid)
        except UnknownRuleset:
            continue
        if not info.needs_map:
            continue
        out.append((rid, info.title, info.studs_per_square))
    return sorted(out, key=lambda r: (r[0] != DEFAULT_RULESET, r[1]))


class NewMapDialog(FormDialog[NewMapSpec]):
    """Wraps the Designer form; ``spec()`` reads the choice."""

    def __init__(self, parent: QWidget | None = None, ruleset: str | None = None) -> None:
        """``ruleset``: the one chosen at first (the open map's), else the default."""
        super().__init__("new_map", parent)
        d = self.dialog
        self.name: QLineEdit = child(d, QLineEdit, "nameEdit")
        self.unit: QComboBox = child(d, QComboBox, "unitCombo")
        self.width: QSpinBox = child(d, QSpinBox, "widthSpin")
        self.height: QSpinBox = child(d, QSpinBox, "heightSpin")
        self.start: QComboBox = child(d, QComboBox, "startCombo")
        self.size_label: QLabel = child(d, QLabel, "sizeLabel")
        self.rules: QComboBox = child(d, QComboBox, "rulesetCombo")
        self._rulesets = ruleset_titles()
        for rid, title, studs in self._rulesets:
            kind = "table in studs" if studs == 1 else "grid of squares"
            self.rules.addItem(f"{title} ({kind})", rid)
        self.rules.setCurrentIndex(max(0, self.rules.findData(ruleset or DEFAULT_RULESET)))
        self.rules.currentIndexChanged.connect(self._update_label)
        self.unit.currentIndexChanged.connect(self._unit_changed)
        self.width.valueChanged.connect(self._update_label)
        self.height.valueChanged.connect(self._update_label)
        self._update_label()

    @property
    def studs_per_square(self) -> int:
        index = self.rules.currentIndex()
        return self._rulesets[index][2] if 0 <= index < len(self._rulesets) else 4

    @property
    def per_unit(self) -> int:
        return ROOM_SQUARES if self.unit.currentIndex() == 1 else 1

    def _unit_changed(self, index: int) -> None:
        rooms = index == 1
        w, h = self.width.value(), self.height.value()
        top = MAX_SIDE // ROOM_SQUARES if rooms else MAX_SIDE
        for spin, v in ((self.width, w), (self.height, h)):
            spin.blockSignals(True)
            spin.setMaximum(top)
            spin.setValue(max(1, v // ROOM_SQUARES) if rooms else min(v * ROOM_SQUARES, top))
            spin.blockSignals(False)
        self._update_label()

    def _update_label(self) -> None:
        w, h = self.width.value() * self.per_unit, self.height.value() * self.per_unit
        per = self.studs_per_square
        if per == 1:
            self.size_label.setText(f"A table of {w} × {h} studs (one square is one stud)")
        else:
            self.size_label.setText(f"{w} × {h} squares ({w * per} × {h * per} studs)")

    def spec(self) -> NewMapSpec:
        border, fill = STARTS[self.start.currentIndex()]
        return NewMapSpec(
            name=self.name.text().strip() or "Untitled dungeon",
            width=self.width.value() * self.per_unit,
            height=self.height.value() * self.per_unit,
            border=border,
            fill=fill,
            ruleset=str(self.rules.currentData() or DEFAULT_RULESET),
        )
