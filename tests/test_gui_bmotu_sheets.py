"""Brickmasters of the Unknown's sheets through the window: the creator filled through its
widgets (a refusal shown with every reason, then a minifig made), the brick sheet with its
dice drawn as dice, an edit, and the sheets printed to a PDF read back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit, QSpinBox

import companion.gui.roster.panel_files as panel_files
from companion.gui.dialogs.new_map import NewMapSpec
from companion.gui.main_window import MainWindow
from companion.gui.roster.create_dialog import NewCharacterDialog
from companion.gui.testing import click, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.rules.ruleset import CharacterSheets

BMOTU = "brickmasters_of_the_unknown"


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.resize(1280, 720)
    # File → New: a table in studs for this ruleset; its roster sheets come with it.
    spec = NewMapSpec("Skirmish", 48, 32, border=False, fill=Terrain.FLOOR, ruleset=BMOTU)
    w.set_document(spec.document(), None)
    assert w.session.ruleset.id == BMOTU and isinstance(w.session.ruleset, CharacterSheets)
    assert w.roster_sheets_dock.isVisibleTo(w) and w.roster_panel.ruleset_id == BMOTU
    w.roster_sheets_dock.raise_()
    # Closing at teardown must not ask about the unsaved roster (a modal box).
    monkeypatch.setattr(w.roster_panel, "maybe_save", lambda: True)
    yield w
    w.roster_panel.undo_stack.setClean()
    w.session.undo_stack.setClean()


def _text(dialog: NewCharacterDialog, key: str, value: str) -> None:
    line = dialog.editors[key].widget
    assert isinstance(line, QLineEdit)
    line.setText(value)


def _pick(dialog: NewCharacterDialog, key: str, data: str) -> None:
    combo = dialog.editors[key].widget
    assert isinstance(combo, QComboBox)
    index = combo.findData(data)
    assert index >= 0, (key, data)
    combo.setCurrentIndex(index)


def _tick(dialog: NewCharacterDialog, key: str) -> None:
    box = dialog.editors[key].widget
    assert isinstance(box, QCheckBox)
    box.setChecked(True)


def _spin(dialog: NewCharacterDialog, key: str, value: int) -> None:
    spin = dialog.editors[key].widget
    assert isinstance(spin, QSpinBox)
    spin.setValue(value)


def create_through_the_dialog(w: MainWindow) -> list[str]:
    """New character… filled as a player would: first refused, then a rogue made."""
    seen: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewCharacterDialog)
        _text(dialog, "name", "Pip Quickfingers")
        _pick(dialog, "class", "rogue")
        # Two gimmicks for one bump down of Adventure, a spell with Cast d4, two hats.
        _spin(dialog, "adventure_bumps_down", 1)
        _text(dialog, "gimmicks", "Burglar, Fast")
        _text(dialog, "spells", "Zap/blast")
        _text(dialog, "armour", "Helmet, Burnoose")
        dialog.accept()
        seen.append(dialog.error_label.text())
        assert dialog.isVisible()
        # Fixed: two bumps down (d8 -> d4), the spell dropped, one hat and a shield.
        _spin(dialog, "adventure_bumps_down", 2)
        _text(dialog, "spells", "")
        _text(dialog, "armour", "helmet, Shield")
        _tick(dialog, "printed_torso")
        _pick(dialog, "weapon_1", "bow")
        _pick(dialog, "weapon_2", "dagger")
        _spin(dialog, "yellow", 12)
        dialog.accept()

    QTimer.singleShot(0, fill)
    w.roster_panel.new_action.trigger()
    return seen


def test_the_creator_refuses_with_every_reason_then_makes_the_minifig(
    qtbot: Any, window: MainWindow
) -> None:
    w = window
    seen = create_through_the_dialog(w)
    assert seen, "the dialog was not shown"
    refusal = seen[0]
    # "one gimmick for each negative bump ... on the Adventure stat" (L33)
    assert "gimmicks: 2 gimmicks chosen, 1 allowed" in refusal
    # "a figure must have a Cast dtype > d4" (L113)
    assert "spells: Cast d4 is not above d4" in refusal
    # "Helmet or Burnoose" (L96)
    assert "armour: one piece on the head" in refusal
    roster = w.roster_panel.roster()
    (pip,) = roster["characters"]
    assert (pip["id"], pip["class"], pip["adventure"]) == ("pip_quickfingers", "rogue", "d4")
    assert pip["gimmicks"] == ["burglar", "fast"]
    assert pip["armour"] == ["helmet", "shield"] and pip["weapons"] == ["bow", "dagger"]
    assert pip["printed_torso"] is True
    assert w.roster_panel.current_id() == "pip_quickfingers"
    # The figure tool places the minifig on the table, linked to the roster by id.
    w.set_tool("figure")
    box = w.tool_dock.findChild(QComboBox, "figure_character")
    assert box is not None and box.count() == 2
    box.setCurrentIndex(1)
    click(qtbot, w.canvas, (6, 6))
    placed = w.session.doc.figure("pip_quickfingers")
    assert placed is not None and placed.side == "red" and placed.class_id == "rogue"


def test_the_sheet_draws_dice_and_edits_through_its_widgets(qtbot: Any, window: MainWindow) -> None:
    w = window
    create_through_the_dialog(w)
    sheet = w.roster_panel.sheet
    # Rogue d4 d8 d4 d8, Adventure bumped twice: d4 (L26, L15)
    dice = {k: sheet.die(k) for k in ("fight", "shoot", "cast", "adventure")}
    assert {k: (d.sides if d else None) for k, d in dice.items()} == {
        "fight": 4,
        "shoot": 8,
        "cast": 4,
        "adventure": 4,
    }
    qtbot.waitUntil(lambda: all(d is not None and d.isVisibleTo(sheet) for d in dice.values()))
    # Fast +2 (L68); a rogue loses 2 per piece after the first (L17): 14 - 2 = 12.
    move = sheet.value_label("move")
    assert move is not None and move.text() == "14 studs, 12 in combat"
    # Two pieces and the printed torso: armour value 3 (L96).
    value = sheet.value_label("armour_value")
    assert value is not None and value.text() == "3"
    pieces = sheet.track("armour_pieces")
    # Ticked boxes are pieces knocked off: none yet, of two.
    assert pieces is not None and (pieces.filled, pieces.total) == (0, 2)
    # The purse, edited on the sheet: grey pips typed in.
    grey = sheet.editor("grey")
    assert isinstance(grey, QSpinBox)
    grey.setValue(7)
    assert w.roster_panel.roster()["characters"][0]["money"]["grey"] == 7
    worth = sheet.value_label("worth")
    assert worth is not None and worth.text() == "1270 brown pips"
    # Broken, ticked and undone.
    broken = sheet.editor("broken")
    assert isinstance(broken, QCheckBox)
    broken.click()
    assert w.roster_panel.roster()["characters"][0]["broken"] is True
    w.roster_panel.undo_stack.undo()
    assert w.roster_panel.roster()["characters"][0]["broken"] is False
    # Between encounters: demibumps awarded on the sheet, then spent on a bump of Fight
    # (a d4: double price, 20 DB, L150), chosen in the sheet's list.
    demibumps = sheet.editor("demibumps")
    assert isinstance(demibumps, QSpinBox)
    demibumps.setValue(25)
    spend = sheet.editor("spend")
    assert isinstance(spend, QComboBox)
    index = spend.findData("bump:fight")
    assert spend.itemText(index) == "Bump fight d4 \u2192 up: 20 DB"
    spend.setCurrentIndex(index)
    spend.activated.emit(index)
    pip = w.roster_panel.roster()["characters"][0]
    assert (pip["fight"], pip["demibumps"]) == ("d6", 5)
    qtbot.waitUntil(lambda: (d := sheet.die("fight")) is not None and d.sides == 6)
    # Too few left for another: refused in words, nothing changed.
    spend = sheet.editor("spend")
    assert isinstance(spend, QComboBox)
    index = spend.findData("bump:shoot")
    spend.setCurrentIndex(index)
    spend.activated.emit(index)
    assert "costs 10 DB" in w.roster_panel.error_label.text()
    assert w.roster_panel.roster()["characters"][0]["shoot"] == "d8"


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_the_sheets_print_to_pdf(
    qtbot: Any, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    create_through_the_dialog(w)
    out = tmp_path / "warband.pdf"
    # File → Export PDF… in the Sheets dock, the file dialog answered with ``out``.
    monkeypatch.setattr(
        panel_files.QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *args, **kw: (str(out), "PDF, A4 (*.pdf)")),
    )
    messages: list[str] = []
    w.roster_panel.statusMessage.connect(messages.append)
    w.roster_panel.export_action.trigger()
    assert messages == [f"Sheets exported to {out} (1 pages)"]
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(unicodedata.normalize("NFKC", text).split())  # "ﬁ" ligatures
    assert "Pip Quickfingers" in flat
    assert "Rogue" in flat and "Burglar" in flat and "Fast" in flat
    assert "Bow" in flat and "shoot 24 studs" in flat
    assert "Pieces worn" in flat and "2 of 2" in flat
    # Each die is drawn with its number of sides inside, beside its name.
    assert re.search(r"Shoot (d8 8|8 d8)", flat), flat
