"""The game log: a heading per round in the Markdown export, every entry's squares on the
map when it is selected, the latest entry in view when a game is reopened, and every
entry's row as tall as its text wrapped at the list's width (reopened, resized)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journey import CTRL, Hands, on_its_screen
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QListWidget,
    QSpinBox,
    QStyle,
    QStyleOptionViewItem,
    QWidget,
)

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


def misfit_rows(log: QListWidget) -> list[str]:
    """The log's rows not as tall as their text wrapped at the list's width now (a row
    too short cuts its text with "…"), as "row: had > needed 'text'".  Measured by the
    style from the text alone, not from the size the item carries."""
    option = QStyleOptionViewItem()
    log.initViewItemOption(option)
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
    option.rect = QRect(0, 0, log.viewport().width() - 2 * log.spacing(), 1)
    out = []
    for row in range(log.count()):
        item = log.item(row)
        option.text = item.text()
        need = log.style().sizeFromContents(
            QStyle.ContentsType.CT_ItemViewItem, option, QSize(), log
        )
        had = log.visualItemRect(item).height()
        if had != need.height():
            out.append(f"{row}: {had} > {need.height()} {item.text()[:50]!r}")
    return out


def settled_misfits(qtbot: Any, log: QListWidget) -> list[str]:
    """``misfit_rows`` once the list had time to lay its rows out (a wrapping list lays
    them out again 100 ms after a resize)."""
    for _ in range(40):
        if not misfit_rows(log):
            break
        qtbot.wait(50)
    return misfit_rows(log)


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
    # filled before the dock had its size: each row measured again at the list's width
    assert not settled_misfits(qtbot, log), misfit_rows(log)
    w.session.undo_stack.setClean()
    again.session.undo_stack.setClean()


#: A game whose log has entries one line long at the list's width without its scroll
#: bar, two lines with it ("25. Aldous ends the turn. Round 2 begins.", the first).
SEED = 1


def _start_with_seed(seed: int) -> Any:
    """The New game dialog: ``seed`` typed in its seed box, then "Start the game"."""

    def handle(dialog: QWidget) -> None:
        box = dialog.findChild(QSpinBox, "seed")
        assert box is not None
        box.setFocus()
        box.selectAll()
        QTest.keyClicks(box, str(seed))
        assert box.value() == seed
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        start = buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(start, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)

    return handle


def test_reopened_and_resized_the_log_rows_fit_their_wrapped_text(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """Game → Close game, Game → Open game… at 1280×720: no entry is cut to one line (the
    list is filled without its scroll bar, then gets one: each row is measured again at
    the narrower width); nor after the log dock is made narrower, then wider."""
    size = (1280, 720)
    if not on_its_screen(request, size, tmp_path):
        return  # it ran on a screen of its size
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    path = tmp_path / "forge.game.jsonl"
    h.trigger("File", "Open Demo", "The Sunken Forge")
    h.save_answer = path
    with h.dialogs(_start_with_seed(SEED)):
        h.trigger("Game", "New game…")
    assert path.is_file() and w.mode == "play"
    for _ in range(30):  # every figure begins and ends its turn, to round 2
        if w.tracker_dock.round_label.text() == "Round 2":
            break
        if "Begin turn" in h.bar_titles():
            h.key(Qt.Key.Key_Return)
        h.key(Qt.Key.Key_Return, CTRL)
    assert w.tracker_dock.round_label.text() == "Round 2"
    h.show_tab("Game log")
    log = w.log_dock.list
    assert log.count() > 20 and log.verticalScrollBar().isVisible()
    assert not settled_misfits(qtbot, log), "rows cut as the game was played"
    h.close_and_reopen(path)
    assert log.count() > 20 and log.verticalScrollBar().isVisible()
    assert not settled_misfits(qtbot, log), f"rows cut once reopened: {misfit_rows(log)}"
    bar = log.verticalScrollBar()
    assert bar.value() == bar.maximum()  # the latest entry in view
    # The log dock dragged narrower, then wider: every row wraps at the new width.
    dock = w.log_dock
    for width in (dock.width() - 70, dock.width() + 40):
        w.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
        h.settle()
        assert dock.width() == width
        assert not settled_misfits(qtbot, log), f"rows cut at {width}: {misfit_rows(log)}"
    w.session.undo_stack.setClean()
    h.done()
