"""The roster panel (``companion.gui.roster``): the demo roster shown, edits through the sheet
and their undo, New character…, refusals in words, files, the PDF of the sheets and the
``sheets`` command on a roster."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pypdf
import pytest
from app_theme import app_theme
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox
from screens import cut_labels

from companion.gui.roster import (
    RosterFileError,
    RosterPanel,
    export_sheets_pdf,
    read_roster_file,
    sheets_rules,
)
from companion.gui.roster.create_dialog import NewCharacterDialog
from companion.gui.roster.sheet_widget import BODY_PT, TrackBoxes

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "resources" / "parties" / "iawwbr-demo.roster.json"
DEMO_MAP = REPO / "resources" / "dungeons" / "iawwbr-demo.json"
RULESET = "in_a_world_where_bricks_rule"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def panel(qtbot: Any) -> Iterator[RosterPanel]:
    p = RosterPanel()
    qtbot.addWidget(p)
    p.load_path(DEMO)
    p.resize(1280, 720)
    p.show()
    qtbot.waitExposed(p)
    yield p
    p.undo_stack.setClean()


def level_of(p: RosterPanel, cid: str) -> int:
    return int(next(c["level"] for c in p.roster()["characters"] if c["id"] == cid))


def demo_state(roster: dict[str, Any]) -> Any:
    from companion.rules.maps import load_map_file
    from companion.rules.ruleset import get_ruleset

    rules = get_ruleset(RULESET)
    return rules.initial_state(rules.game_setup(load_map_file(DEMO_MAP), roster, {}, {}))


# -- showing -------------------------------------------------------------------------------


def test_the_demo_roster_fills_the_panel(panel: RosterPanel) -> None:
    assert panel.list.count() == 10
    first = panel.list.item(0)
    assert first is not None
    assert first.text() == "Ayla the Archer\nLevel 2 Archer \u00b7 side red"
    assert panel.current_id() == "red_archer"
    assert panel.sheet.title_label.text() == "Ayla the Archer"
    assert panel.heading.text().startswith("Bridge at Bricksford")
    assert "10 characters" in panel.heading.text()
    assert not panel.is_modified()
    assert panel.select("blue_wizard")
    assert panel.sheet.title_label.text() == "Mirelle the Wise"
    text = panel.sheet.findChild(QLabel, "sectionText")
    assert text is not None and text.text().startswith("As an action, you may roll a d6.")
    combo = panel.sheet.editor("class")
    assert isinstance(combo, QComboBox) and combo.currentText() == "Wizard"
    assert isinstance(panel.sheet.editor("shield"), QCheckBox)
    assert isinstance(panel.sheet.editor("name"), QLineEdit)
    ko = panel.sheet.track("knock_out_at")
    assert ko is not None and (ko.filled, ko.total) == (0, 2)


def test_text_is_readable_at_arm_s_length(panel: RosterPanel) -> None:
    panel.select("red_knight")
    labels = panel.sheet.findChildren(QLabel)
    assert labels
    for label in labels:
        assert label.font().pointSizeF() >= 11, label.text()
    assert panel.sheet.title_label.font().pointSizeF() > BODY_PT + 4
    section_title = panel.sheet.findChild(QLabel, "sectionTitle")
    assert section_title is not None and section_title.font().pointSizeF() > BODY_PT


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (420, 720)])
def test_nothing_is_cut_under_the_app_theme(
    qtbot: Any, panel: RosterPanel, size: tuple[int, int]
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    with app_theme(app):
        panel.resize(*size)
        panel.select("red_knight")
        qtbot.wait(20)
        for editor in ("name", "class", "level"):
            w = panel.sheet.editor(editor)
            assert w is not None and w.isVisible() and w.width() >= 60
        # During a game the sheets are read only, with the battle's numbers.
        panel.set_game_state(demo_state(panel.roster()))
        qtbot.wait(20)
        assert panel.sheet.editor("level") is None
        labels = [
            lb
            for lb in panel.findChildren(QLabel)
            if lb.objectName().startswith(("label_", "sectionTitle"))
        ]
        assert len(labels) > 10
        # Labels and titles may wrap onto a second line in a narrow dock; none is cut.
        assert cut_labels(labels, wrapping_ok=True) == []
        # the sheet is never wider than its scroll area (no sideways scrolling)
        assert panel.sheet.width() <= panel.sheet_scroll.viewport().width()
        panel.grab().save(f"/tmp/roster_test_{size[0]}x{size[1]}.png")


# -- edits and undo ------------------------------------------------------------------------


def test_editing_the_level_in_the_sheet_is_undone_with_ctrl_z(
    qtbot: Any, panel: RosterPanel
) -> None:
    changed: list[bool] = []
    panel.rosterChanged.connect(lambda: changed.append(True))
    panel.select("red_knight")
    spin = panel.sheet.editor("level")
    assert isinstance(spin, QSpinBox) and spin.value() == 4
    spin.setValue(7)
    assert level_of(panel, "red_knight") == 7
    assert changed
    assert panel.is_modified()
    ko = panel.sheet.value_label("knock_out_at")
    assert ko is not None and ko.text() == "7 hits"
    assert panel.list.currentItem() is not None
    assert "Level 7 Knight" in panel.list.currentItem().text()
    assert panel.undo_stack.undoText() == "Change level of Sir Brickwell"
    panel.activateWindow()
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, CTRL)
    assert level_of(panel, "red_knight") == 4
    assert isinstance(panel.sheet.editor("level"), QSpinBox)
    assert panel.sheet.editor("level").value() == 4  # type: ignore[union-attr]
    assert panel.current_id() == "red_knight"
    assert not panel.is_modified()
    panel.undo_stack.redo()
    assert level_of(panel, "red_knight") == 7


def test_choices_and_checkboxes_edit_the_roster(panel: RosterPanel) -> None:
    panel.select("red_archer")
    combo = panel.sheet.editor("armor")
    assert isinstance(combo, QComboBox)
    index = combo.findData("plate")
    combo.activated.emit(index)
    assert panel.roster()["characters"][0]["armor"] == "plate"
    defense = panel.sheet.value_label("defense")
    assert defense is not None and defense.text().startswith("16")
    box = panel.sheet.editor("shield")
    assert isinstance(box, QCheckBox)
    box.click()
    assert panel.roster()["characters"][0]["shield"] is True
    assert defense.text().startswith("17")
    assert panel.undo_stack.count() == 2
    panel.undo_stack.undo()
    panel.undo_stack.undo()
    assert panel.roster() == json.loads(DEMO.read_text(encoding="utf-8"))


def test_a_refused_edit_is_shown_in_words_and_changes_nothing(panel: RosterPanel) -> None:
    panel.select("red_knight")
    before = panel.roster()
    assert not panel.edit("red_knight", "level", 99)
    assert panel.error_label.isVisible()
    assert "level" in panel.error_label.text()
    assert "Traceback" not in panel.error_label.text()
    assert panel.roster() == before
    assert panel.undo_stack.count() == 0
    name = panel.sheet.editor("name")
    assert isinstance(name, QLineEdit)
    name.setText("x" * 300)
    name.editingFinished.emit()
    assert "name" in panel.error_label.text()
    assert name.text() == "Sir Brickwell"  # the editor shows the roster's value again
    assert panel.edit("red_knight", "level", 5)
    assert not panel.error_label.isVisible()


def test_remove_and_undo(panel: RosterPanel) -> None:
    panel.select("red_ninja")
    assert panel.remove_character()
    ids = [v.id for v in panel.views()]
    assert "red_ninja" not in ids and len(ids) == 9
    assert panel.current_id() == "red_soldier"  # the next one down
    panel.undo_stack.undo()
    assert [v.id for v in panel.views()][3] == "red_ninja"
    assert panel.current_id() == "red_ninja"


def test_new_character_dialog_adds_one(qtbot: Any, panel: RosterPanel) -> None:
    seen: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewCharacterDialog)
        assert dialog.editor("level") is not None
        dialog.editors["id"].widget.setText("red_knight")  # type: ignore[attr-defined]
        dialog.accept()  # refused: the id is taken; the dialog stays open
        seen.append(dialog.error_label.text())
        assert dialog.isVisible()
        dialog.editors["id"].widget.setText("")  # type: ignore[attr-defined]
        dialog.editors["name"].widget.setText("Brick Lee")  # type: ignore[attr-defined]
        side = dialog.editors["side"].widget
        assert isinstance(side, QComboBox)
        side.setCurrentIndex(side.findData("blue"))
        cls = dialog.editors["class"].widget
        assert isinstance(cls, QComboBox)
        cls.setCurrentIndex(cls.findData("ninja"))
        level = dialog.editors["level"].widget
        assert isinstance(level, QSpinBox)
        level.setValue(2)
        dialog.accept()

    QTimer.singleShot(0, fill)
    assert panel.new_character()
    assert seen and seen[0].startswith("id: 'red_knight' is already")
    new = panel.roster()["characters"][-1]
    assert new["id"] == "brick_lee"
    assert (new["name"], new["side"], new["class"], new["level"]) == (
        "Brick Lee",
        "blue",
        "ninja",
        2,
    )
    assert panel.current_id() == "brick_lee"
    assert panel.list.count() == 11
    panel.undo_stack.undo()
    assert panel.list.count() == 10


def test_cancelling_new_character_changes_nothing(qtbot: Any, panel: RosterPanel) -> None:
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())  # type: ignore[union-attr]
    assert not panel.new_character()
    assert panel.list.count() == 10 and panel.undo_stack.count() == 0


def test_a_game_adds_its_numbers(panel: RosterPanel) -> None:
    state = demo_state(panel.roster())
    knight = state.fighters["red_knight"]
    state = state.with_(fighters={**state.fighters, "red_knight": knight.with_(hits=3)})
    panel.set_game_state(state)
    panel.select("red_knight")
    track = panel.sheet.track("hits")
    assert isinstance(track, TrackBoxes)
    assert (track.filled, track.total) == (3, 4)
    assert "in a game" in panel.heading.text()
    panel.set_game_state(None)
    assert panel.sheet.track("hits") is None


# -- files ---------------------------------------------------------------------------------


def test_save_is_atomic_and_reopens(panel: RosterPanel, tmp_path: Path) -> None:
    panel.edit("blue_undead", "weapon_name", "femur")
    target = tmp_path / "bridge.roster.json"
    panel.save_to(target)
    assert not panel.is_modified()
    assert panel.path == target
    assert not list(tmp_path.glob(".bridge.roster.json.*"))  # no temporary file left
    panel.edit("blue_undead", "level", 3)
    panel.save_to(target)
    assert (tmp_path / "bridge.roster.json.bak").exists()
    ruleset_id, doc = read_roster_file(target)
    assert ruleset_id == RULESET
    assert doc == panel.roster()
    other = RosterPanel()
    other.load_path(target)
    assert other.roster()["characters"][7]["weapon_name"] == "femur"
    other.deleteLater()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "Invalid JSON"),
        ('{"format": "brick-companion-party"}', "format: expected 'brick-companion-roster'"),
        ('{"format": "brick-companion-roster"}', "ruleset: say which ruleset"),
        ('{"format": "brick-companion-roster", "ruleset": "chess"}', "unknown ruleset 'chess'"),
    ],
)
def test_bad_roster_files_are_named_and_refused(
    panel: RosterPanel, tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "bad.roster.json"
    bad.write_text(content)
    with pytest.raises(RosterFileError) as err:
        panel.load_path(bad)
    assert str(err.value).startswith(str(bad))
    assert message in str(err.value)
    assert panel.list.count() == 10  # the open roster is kept


def test_a_roster_the_ruleset_refuses_names_every_place(tmp_path: Path) -> None:
    doc = json.loads(DEMO.read_text())
    doc["characters"][1]["class"] = "bruet"
    doc["characters"][4]["side"] = "green"
    bad = tmp_path / "bad.roster.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(RosterFileError) as err:
        read_roster_file(bad)
    assert "characters.1.class: unknown class 'bruet'" in str(err.value)
    assert "characters.4.side: 'green'" in str(err.value)


# -- the PDF -------------------------------------------------------------------------------


def render_page(pdf: Path, page: int, tmp_path: Path) -> np.ndarray:
    stem = tmp_path / f"page{page}"
    subprocess.run(
        [
            "pdftoppm",
            *("-r", "100", "-gray", "-f", str(page), "-l", str(page), "-png", "-singlefile"),
            str(pdf),
            str(stem),
        ],
        check=True,
        timeout=120,
    )
    img = QImage(str(stem) + ".png").convertToFormat(QImage.Format.Format_Grayscale8)
    assert not img.isNull()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8)
    return buf.reshape(img.height(), img.bytesPerLine())[:, : img.width()].copy()


def test_the_pdf_has_two_sheets_a_page_in_dark_ink(
    qapp: QApplication, panel: RosterPanel, tmp_path: Path
) -> None:
    out = tmp_path / "sheets.pdf"
    with app_theme(qapp):  # the dark screen theme must not reach the paper
        pages = panel.export_pdf(out)
    assert pages == 5
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 5
    box = reader.pages[0].mediabox
    assert round(float(box.width)) == 595 and round(float(box.height)) == 842  # A4
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Ayla the Archer" in first and "Grok the Brute" in first
    assert "+3 to attack rolls with a bow or crossbow." in first
    assert "Sir Brickwell" not in first
    last = " ".join(reader.pages[4].extract_text().split())
    assert "Mirelle the Wise" in last
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed: the page is not rendered")
    image = render_page(out, 1, tmp_path)
    assert np.median(image) > 245  # white paper
    dark = image < 80
    assert dark.mean() > 0.005  # text in dark ink, not grey on grey
    top, bottom = image[: image.shape[0] // 2], image[image.shape[0] // 2 :]
    assert (top < 80).mean() > 0.003 and (bottom < 80).mean() > 0.003  # a sheet in each half


def test_letter_paper_and_bad_arguments(qapp: QApplication, tmp_path: Path) -> None:
    rules = sheets_rules(RULESET)
    views = rules.sheets(json.loads(DEMO.read_text()))
    out = tmp_path / "letter.pdf"
    assert export_sheets_pdf(views[:3], out, "Letter") == 2
    box = pypdf.PdfReader(out).pages[0].mediabox
    assert round(float(box.width)) == 612 and round(float(box.height)) == 792
    with pytest.raises(ValueError, match="page size"):
        export_sheets_pdf(views, tmp_path / "x.pdf", "A3")
    with pytest.raises(ValueError, match="no characters"):
        export_sheets_pdf([], tmp_path / "y.pdf")
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "y.pdf").exists()


# -- the command line ----------------------------------------------------------------------


def run_sheets(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "sheets", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def test_the_sheets_command_prints_a_roster(tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    result = run_sheets(str(DEMO), "-o", str(out), "--paper", "letter")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{out}: 5 pages for 10 characters"
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 5
    assert round(float(reader.pages[0].mediabox.width)) == 612
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    for name in ("Sir Brickwell", "Old Bones", "Nova the Trooper"):
        assert name in text


def test_the_sheets_command_names_a_bad_roster(tmp_path: Path) -> None:
    doc = json.loads(DEMO.read_text())
    doc["characters"][2]["armor"] = "mithril"
    bad = tmp_path / "bad.roster.json"
    bad.write_text(json.dumps(doc))
    out = tmp_path / "x.pdf"
    result = run_sheets(str(bad), "-o", str(out))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"sheets: error: {bad}: characters.2.armor: unknown armor")
    assert not out.exists()


def test_the_sheets_command_prints_a_game_s_numbers(tmp_path: Path) -> None:
    from companion.rules.game import Game
    from companion.rules.maps import load_map_file

    game_path = tmp_path / "bridge.game.jsonl"
    Game.create(game_path, load_map_file(DEMO_MAP), party=json.loads(DEMO.read_text()), seed=7)
    out = tmp_path / "game.pdf"
    result = run_sheets(str(game_path), "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert "In the battle" in text and "Activated this round" in text


# -- neutrality ----------------------------------------------------------------------------


def test_the_roster_gui_imports_no_ruleset() -> None:
    import ast

    folders = (REPO / "companion" / "gui" / "roster", REPO / "companion" / "printing" / "roster")
    sources = sorted(p for folder in folders for p in folder.glob("*.py"))
    assert len(sources) >= 8  # the panel, the sheet widget, the paper...
    for source in sources:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not [n for n in names if n.startswith("companion.rulesets")], source.name
    code = (
        "import sys, companion.gui.roster\n"
        "print(sorted(m for m in sys.modules if m.startswith('companion.rulesets')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"
