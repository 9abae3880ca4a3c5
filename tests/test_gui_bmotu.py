"""Brickmasters of the Unknown through the window: a table map opened, Game → New game…
through the real dialog (its options drawn, typed dice picked), initiative rolled from the
action bar, a move by clicks that stops where the enemy's reach begins, and a fight from
the action bar's Fight menu with its odds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import NewGameDialog
from companion.gui.testing import click, hover, make_settings, make_window
from companion.model.mapfile import FigurePlacement, MapOptions, dump_map, new_document
from companion.rules.game import Game
from companion.rules.verdict import Verdict

BMOTU = "brickmasters_of_the_unknown"


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


class Table:
    """The physical dice: faces queued by the test, handed out as the app asks."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.asked: list[str] = []

    def __call__(self, count: int, sides: int, purpose: str, *rest: Any) -> list[int]:
        self.asked.append(f"{count}d{sides} {purpose}")
        out, self.queue = self.queue[:count], self.queue[count:]
        return out


def click_square(qtbot: object, w: MainWindow, sq: tuple[int, int]) -> None:
    hover(qtbot, w.canvas, sq)
    click(qtbot, w.canvas, sq)


def table_map(tmp_path: Path) -> Path:
    doc = new_document(24, 10, border=False, name="Skirmish")
    doc.figures = [
        FigurePlacement(id="ann", name="Ann", side="red", class_id="fighter", at=(4, 5)),
        FigurePlacement(id="gob", name="Grub", side="blue", monster="orc", at=(14, 5)),
    ]
    doc.options = MapOptions(ruleset=BMOTU)
    path = tmp_path / "skirmish.json"
    path.write_bytes(dump_map(doc))
    return path


def test_new_game_move_and_fight_through_the_window(
    window: MainWindow, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = window
    assert w.open_path(table_map(tmp_path))
    assert w.session.ruleset.id == BMOTU
    path = tmp_path / "skirmish.game.jsonl"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )
    seen: dict[str, Any] = {}

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        seen["dialog"] = type(dialog).__name__
        if not isinstance(dialog, NewGameDialog):
            if dialog is not None:
                dialog.close()
            return
        seen["options"] = sorted(dialog.option_widgets)
        QTest.mouseClick(dialog.typed_dice, Qt.MouseButton.LeftButton)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    w.new_game_action.trigger()
    assert seen.get("dialog") == "NewGameDialog", seen
    assert "damage_classes" in seen["options"] and "tie_damage" in seen["options"]
    assert w.mode == "play" and path.is_file()
    table = Table()
    w.play.ask_dice = table
    turn = w.play.turn()
    assert turn.needs_initiative and turn.phases[0] == "Action"
    # Initiative from the action bar: Ann 6 + 7, Grub 1 + 8.
    table.queue = [6, 1]
    w.action_dock.buttons["Roll initiative (1d6 + move each)"].click()
    turn = w.play.turn()
    assert turn.acting == "ann" and turn.phase == "Action", turn
    # Ann moves four studs by a click.
    w.action_dock.buttons["Move"].click()
    assert w.play.pending is not None and w.play.pending.needs == "destination"
    click_square(qtbot, w, (8, 5))
    assert w.play.figures()["ann"].at == (8, 5)
    # Grub's move hint ends where Ann's sword begins to reach: cell 12, not 11.
    assert w.play.turn().acting == "gob"
    w.action_dock.buttons["Move"].click()
    hints = w.play.moves()
    assert (12, 5) in hints and (11, 5) not in hints
    click_square(qtbot, w, (12, 5))
    assert w.play.figures()["gob"].at == (12, 5)
    # Combat resolution: Ann fights Grub from the action bar's Fight menu.
    turn = w.play.turn()
    assert turn.phase == "Combat resolution" and turn.acting == "ann"
    odds = w.play.game.ruleset.odds(  # type: ignore[attr-defined, union-attr]
        w.play.game.state,
        {"actor": "ann", "action": "fight", "target": "gob"},  # type: ignore[union-attr]
    )
    assert odds is not None and abs(odds.hit - 0.55) < 1e-9
    table.queue = [10, 1]
    menu = w.action_dock.buttons["Fight"].menu()
    assert menu is not None
    menu.actions()[0].trigger()
    assert w.play.figures()["gob"].dead
    assert w.play.turn().outcome == "The encounter is over: red wins"
    assert Game.open(path).snapshot() == w.play.game.snapshot()  # type: ignore[union-attr]
    assert not [e for e in w.errors if not e.startswith("refused")], w.errors  # type: ignore[attr-defined]


def test_move_preview_says_the_facing_the_move_ends_with(
    window: MainWindow, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Facing "is determined only when a figure stops moving": a move that names none
    ends along it, and the hint and the hover say so before the click (not "as now")."""
    w = window
    assert w.open_path(table_map(tmp_path))
    path = tmp_path / "skirmish.game.jsonl"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, NewGameDialog):
            QTest.mouseClick(dialog.typed_dice, Qt.MouseButton.LeftButton)
            ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
            QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
        elif dialog is not None:
            dialog.close()

    QTimer.singleShot(0, answer)
    w.new_game_action.trigger()
    table = Table()
    w.play.ask_dice = table
    table.queue = [6, 1]
    w.action_dock.buttons["Roll initiative (1d6 + move each)"].click()
    assert w.play.turn().acting == "ann"
    before = w.play.figures()["ann"].facing
    w.action_dock.buttons["Move"].click()
    hint = w.action_dock.hint.text()
    assert "ends facing <b>along its move" in hint and "as it stands" not in hint, hint
    hover(qtbot, w.canvas, (7, 2))
    caption = " ".join(w.canvas.overlays.caption.lines)
    assert "then facing along its move" in caption and "as now" not in caption, caption
    click(qtbot, w.canvas, (7, 2))
    ann = w.play.figures()["ann"]
    assert ann.at == (7, 2) and ann.facing == "NE" != before, (ann.facing, before)


def test_cast_menu_names_spells_as_the_data_does_and_says_what_is_missing(
    window: MainWindow, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Cast menu reads "Heal: Restore armour" (the spell data's names, no ids), and
    Heal's Unbreak, with nobody broken, says so rather than how many targets it takes."""
    w = window
    doc = new_document(24, 10, border=False, name="Skirmish")
    doc.figures = [
        FigurePlacement(id="mil", name="Mildred", side="red", class_id="mage", at=(4, 5)),
        FigurePlacement(id="gob", name="Grub", side="blue", monster="orc", at=(20, 5)),
    ]
    doc.options = MapOptions(ruleset=BMOTU)
    map_path = tmp_path / "skirmish.json"
    map_path.write_bytes(dump_map(doc))
    assert w.open_path(map_path)
    path = tmp_path / "skirmish.game.jsonl"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, NewGameDialog):
            QTest.mouseClick(dialog.typed_dice, Qt.MouseButton.LeftButton)
            ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
            QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
        elif dialog is not None:
            dialog.close()

    QTimer.singleShot(0, answer)
    w.new_game_action.trigger()
    table = Table()
    w.play.ask_dice = table
    table.queue = [6, 1]
    w.action_dock.buttons["Roll initiative (1d6 + move each)"].click()
    assert w.play.turn().acting == "mil"
    menu = w.action_dock.buttons["Cast"].menu()
    assert menu is not None
    entries = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert not [e for e in entries if "_" in e], entries
    assert entries.get("Heal: Restore armour") is True, entries
    unbreak = [e for e in entries if e.startswith("Heal: Unbreak")]
    assert unbreak == ["Heal: Unbreak — no broken figure to mend"], entries
    assert entries[unbreak[0]] is False
