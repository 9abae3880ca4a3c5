"""Small defects a QA engineer found driving the real window, each driven the same way."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QFileDialog, QToolButton

from companion.datafiles import resource_dir
from companion.gui.main_window import MainWindow
from companion.gui.play.dice_dialog import DiceDialog
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    click,
    demo_window,
    forget_changes,
    hover,
    make_settings,
    make_window,
)

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)


def _play_until(w: MainWindow, figure: str) -> None:
    for _ in range(30):
        if w.play.turn().acting == figure:
            return
        assert w.play.act({"actor": w.play.turn().acting, "action": "end_turn"})
    raise AssertionError(f"{figure} never acts")


def _dock_button(w: MainWindow, starts: str) -> QToolButton:
    found = [
        b
        for b in w.action_dock.findChildren(QToolButton)
        if b.text().startswith(starts) and b.isVisible()
    ]
    assert found, [b.text() for b in w.action_dock.findChildren(QToolButton)]
    return found[0]


def test_a_ranged_attack_shows_on_the_dice_strip_the_total_the_log_says(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    w.resize(1280, 720)
    assert w.start_game(tmp_path / "r.game.jsonl", GameSpec(seed=3))
    _play_until(w, "lira")
    nix = w.play.figures()["nix"].at
    qtbot.mouseClick(_dock_button(w, "Ranged attack"), LEFT)  # type: ignore[attr-defined]
    w.canvas.fit()
    hover(qtbot, w.canvas, nix)
    click(qtbot, w.canvas, nix)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    line = w.log_dock.lines[-1]
    said = re.search(r"Lira attacks Nix \(ranged\): (\d+) against (\d+)", line.text)
    assert said, line.text
    attack, defense = (r for r in line.rolls)
    # Lira's bow adds to her dice: the strip shows the faces' sum, what is added, and the
    # log's total.
    assert attack.modifier > 0
    strip = w.action_dock.dice.text()
    assert f"= {attack.total} + {attack.modifier} = {said[1]}" in strip, strip
    assert f"= {defense.result}" in strip and defense.result == int(said[2]), strip


def test_the_move_hover_writes_the_length_as_the_log_does(qtbot: object, tmp_path: Path) -> None:
    table = resource_dir() / "dungeons" / "iawwbr-demo.json"
    roster = resource_dir() / "parties" / "iawwbr-demo.roster.json"
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)  # type: ignore[arg-type]
    assert w.open_path(table)
    w.play.ask_dice = lambda count, sides, purpose: [4, 4, 4, 3][:count]
    spec = GameSpec(dice="typed")
    assert w.start_game(tmp_path / "m.game.jsonl", spec, roster=json.loads(roster.read_text()))
    qtbot.mouseClick(w.action_dock.buttons["Roll 4d6 for activation"], LEFT)  # type: ignore[attr-defined]
    row = w.tracker_dock.order_ids().index("red_brute")
    w.tracker_dock.order.itemClicked.emit(w.tracker_dock.order.item(row))
    assert w.play.turn().acting == "red_brute"
    qtbot.mouseClick(w.action_dock.buttons["Move"], LEFT)  # type: ignore[attr-defined]
    # A move off the grid's lines: its length is not a whole number of studs.
    start = w.play.figures()["red_brute"].at
    assert start is not None
    dest = (start[0] + 9, start[1] + 4)  # 9.8 studs away: no whole number of studs
    assert dest in w.play.moves()
    hover(qtbot, w.canvas, dest)
    caption = " ".join(w.canvas.overlays.caption.lines)
    click(qtbot, w.canvas, dest)
    assert not errors, errors
    said = re.search(r"moves (\d+\.\d) studs", w.log_dock.lines[-1].text)
    assert said, w.log_dock.lines[-1].text
    assert not said[1].endswith(".0")
    assert f"move {said[1]} studs" in caption, caption
    w.session.undo_stack.setClean()


def test_exporting_the_log_says_where_in_the_status_bar(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    assert w.start_game(tmp_path / "e.game.jsonl", GameSpec(seed=3))
    out = tmp_path / "the log.md"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), ""))
    )
    w.statusBar().clearMessage()
    w.export_log_action.trigger()
    assert out.read_text(encoding="utf-8").startswith("# The Sunken Forge — game log")
    assert str(out) in w.statusBar().currentMessage()


def test_typed_dice_are_read_as_they_are_typed(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "t.game.jsonl", GameSpec(dice="typed"))
    # Each row typed and nothing else: no Tab, no leaving the box (the ties as in
    # test_typed_initiative_is_one_dialog_with_a_row_per_figure_and_its_ties).
    faces = ["66", "55", "11", "22", "44", "34", "66", "12"]
    seen: dict[str, object] = {}

    def fill() -> None:
        sheet = w.play.sheet  # type: ignore[attr-defined]
        try:
            first = sheet.rows[0]
            qtbot.keyClicks(first, "6")  # type: ignore[attr-defined]
            seen["short"] = (sheet.error.text(), sheet.ok.isEnabled())
            qtbot.keyClick(first, Qt.Key.Key_Backspace)  # type: ignore[attr-defined]
            qtbot.keyClicks(first, "67")  # type: ignore[attr-defined]
            seen["bad"] = sheet.error.text()
            qtbot.keyClick(first, Qt.Key.Key_Backspace)  # type: ignore[attr-defined]
            qtbot.keyClick(first, Qt.Key.Key_Backspace)  # type: ignore[attr-defined]
            for i, text in enumerate(faces):
                assert not sheet.ok.isEnabled()
                qtbot.keyClicks(sheet.rows[i], text)  # type: ignore[attr-defined]
                assert sheet.error.text() == "", sheet.error.text()
            seen["ok"] = sheet.ok.isEnabled()
            qtbot.mouseClick(sheet.ok, LEFT)  # type: ignore[attr-defined]
        except Exception as exc:  # never leave the dialog open: it would block the test
            seen["error"] = repr(exc)
        if sheet.isVisible():
            seen.setdefault("error", f"still open: {sheet.error.text()}")
            sheet.reject()

    QTimer.singleShot(0, fill)
    qtbot.mouseClick(w.action_dock.buttons["Roll initiative"], LEFT)  # type: ignore[attr-defined]
    assert "error" not in seen, seen
    assert seen["short"] == ("Brannoc's initiative: 2 dice needed, 1 typed", False)
    assert seen["bad"] == "Brannoc's initiative: 7 is not a face of a d6"
    assert seen["ok"] is True
    assert w.play.turn().labels["brannoc"] == "13"


def test_a_single_roll_typed_enables_ok_at_once(qtbot: object) -> None:
    dialog = DiceDialog(3, 6, "Grok's attack")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert not dialog.ok.isEnabled() and dialog.error.text() == ""
    qtbot.keyClicks(dialog.edit, "3 9")  # type: ignore[attr-defined]
    assert dialog.error.text() == "3 dice needed, 2 typed" and not dialog.ok.isEnabled()
    qtbot.keyClick(dialog.edit, Qt.Key.Key_Backspace)  # type: ignore[attr-defined]
    qtbot.keyClicks(dialog.edit, "5 6")  # type: ignore[attr-defined]
    assert dialog.error.text() == "" and dialog.ok.isEnabled()
    qtbot.mouseClick(dialog.ok, LEFT)  # type: ignore[attr-defined]
    assert dialog.faces == [3, 5, 6] and dialog.result() == 1
