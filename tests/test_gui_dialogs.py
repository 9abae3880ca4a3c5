"""The Designer-form dialogs build from ``ui/`` and read back what the user chose."""

from __future__ import annotations

from companion.gui.dialogs.new_map import NewMapDialog
from companion.gui.dialogs.resize_map import ResizeMapDialog, anchor_offset
from companion.model.dungeon import MAX_SIDE, Terrain


def test_new_map_in_squares_and_in_rooms(qtbot: object) -> None:
    dlg = NewMapDialog()
    qtbot.addWidget(dlg.dialog)  # type: ignore[attr-defined]
    dlg.name.setText("  Vault  ")
    dlg.width.setValue(20)
    dlg.height.setValue(12)
    spec = dlg.spec()
    assert (spec.name, spec.width, spec.height, spec.border) == ("Vault", 20, 12, True)
    dlg.unit.setCurrentIndex(1)  # rooms of 4x4 squares
    assert dlg.width.value() == 5 and dlg.width.maximum() == MAX_SIDE // 4
    dlg.width.setValue(6)
    dlg.start.setCurrentIndex(2)
    spec = dlg.spec()
    assert (spec.width, spec.height, spec.fill) == (24, 12, Terrain.WALL)
    assert "24 × 12 squares" in dlg.size_label.text()
    doc = spec.document()
    assert (doc.dungeon.width, doc.dungeon.height) == (24, 12)


def test_resize_dialog_anchors(qtbot: object) -> None:
    dlg = ResizeMapDialog(10, 8)
    qtbot.addWidget(dlg.dialog)  # type: ignore[attr-defined]
    dlg.width.setValue(14)
    dlg.height.setValue(8)
    dlg.anchor.setCurrentIndex(4)  # centre
    spec = dlg.spec()
    assert (spec.width, spec.height, spec.offset) == (14, 8, (2, 0))
    assert anchor_offset(8, (10, 8), (6, 6)) == (-4, -2)
    assert anchor_offset(0, (10, 8), (6, 6)) == (0, 0)
