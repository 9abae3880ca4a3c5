"""The game log: a heading per round in the Markdown export, every entry's squares on the
map when it is selected, and the latest entry in view when a game is reopened."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import DEMO, DEMO_PARTY, make_settings, make_window


def _game(qtbot: object, tmp_path: Path) -> MainWindow:
    w = make_window(qtbot, make_settings(tmp_path), [])
    assert w.open_path(DEMO) and w.party_dock.open_path(DEMO_PARTY)
    assert w.start_game(tmp_path / "log.game.jsonl", GameSpec(seed=4))
    return w


def _attack(w: MainWindow) -> tuple[tuple[int, int], tuple[int, int]]:
    """Grok set beside the acting figure, which attacks it: their squares."""
    acting = w.play.turn().acting
    x, y = w.play.figures()[acting].at
    assert w.play.act(
        {"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": [x + 1, y]}
    )
    assert w.play.act({"actor": acting, "action": "begin_turn"})
    assert w.play.act({"actor": acting, "action": "attack", "mode": "melee", "target": "grok"})
    return (x, y), (x + 1, y)


def test_an_attack_entry_shows_its_squares(qtbot: object, tmp_path: Path) -> None:
    w = _game(qtbot, tmp_path)
    attacker, target = _attack(w)
    shown: list[object] = []
    w.log_dock.squaresSelected.connect(shown.append)
    log = w.log_dock.list
    log.setCurrentRow(log.count() - 1)  # the attack: no path, a figure as its target
    assert w.canvas.overlays.area.isVisible()
    assert set(shown[-1]) == {attacker, target}  # type: ignore[call-overload]
    w.session.undo_stack.setClean()


def test_the_markdown_export_has_a_heading_per_round(qtbot: object, tmp_path: Path) -> None:
    w = _game(qtbot, tmp_path)
    _attack(w)
    out = tmp_path / "log.md"
    assert w.log_dock.export(out)
    text = out.read_text(encoding="utf-8").splitlines()
    assert text[0] == "# The Sunken Forge — game log"
    assert text.count("## Round 1") == 1
    entries = [t for t in text if t[:1].isdigit()]
    assert len(entries) == w.log_dock.list.count() >= 3
    assert not any(t.startswith("- ") for t in text)  # no numbers nested in bullets
    assert entries[0].startswith("1. Initiative is rolled")
    assert text.index("## Round 1") < text.index(entries[0])
    w.session.undo_stack.setClean()


def test_a_reopened_game_shows_its_latest_log_entry(qtbot: object, tmp_path: Path) -> None:
    w = _game(qtbot, tmp_path)
    for _ in range(40):  # enough entries to scroll
        turn = w.play.turn()
        assert w.play.act({"actor": turn.acting, "action": "end_turn"})
    path = w.play.game.path
    # As after a crash: the game is reopened as the window comes up, before it is laid out.
    again = MainWindow(settings=make_settings(tmp_path / "again"))
    qtbot.addWidget(again)  # type: ignore[attr-defined]
    again.setWindowState(Qt.WindowState.WindowNoState)
    again.resize(1280, 720)
    assert again.open_game(path)
    again.show()
    qtbot.waitExposed(again)  # type: ignore[attr-defined]
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert again.log_dock.isVisible()
    log = again.log_dock.list
    bar = log.verticalScrollBar()
    assert bar.maximum() > 0, "too few entries to scroll"
    assert bar.value() == bar.maximum()
    last = log.visualItemRect(log.item(log.count() - 1))
    assert log.viewport().rect().intersects(last)
    w.session.undo_stack.setClean()
    again.session.undo_stack.setClean()
