"""Each ruleset's demo at 1280×720 and 1920×1080, opened and started as a person does
(File → Open Demo, Game → New game… with the dialog's defaults): the map keeps most of
the window at a readable scale and no text is cut anywhere in the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_theme import app_theme
from cut_text import cut_texts
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog

from companion.gui.main_window import DEMOS, MainWindow
from companion.gui.testing import make_settings, make_window

SIZES = [(1280, 720), (1920, 1080)]


def accept_when_open() -> None:
    """Accept (OK, with what it shows) the next modal dialog, once it is open: call it
    just before the action that opens the dialog and waits for it."""

    def accept() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            dialog.accept()
        else:
            QTimer.singleShot(20, accept)

    QTimer.singleShot(20, accept)


def start_demo(qtbot: object, w: MainWindow, index: int, tmp_path: Path, monkeypatch) -> None:
    """File → Open Demo → the demo; Game → New game… accepted as it opens."""
    demo_actions = [a for a in w.actions_.demo_menu.actions() if a.text()]
    demo_actions[index].trigger()
    qtbot.wait(20)  # type: ignore[attr-defined]
    game = tmp_path / f"demo{index}.game.jsonl"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(game), ""))

    accept_when_open()
    w.new_game_action.trigger()
    assert w.play.game is not None, "the game did not start"
    qtbot.wait(100)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    "index", range(len(DEMOS)), ids=["brickquest", "iawwbr", "heroica", "bmotu"]
)
def test_a_demo_game_fits_the_window(
    qtbot: object, tmp_path: Path, monkeypatch, index: int, size: tuple[int, int]
) -> None:
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(*size)
        start_demo(qtbot, w, index, tmp_path, monkeypatch)
        w.resize(*size)
        qtbot.wait(100)  # type: ignore[attr-defined]
        assert (w.width(), w.height()) == size, "the docks pushed the window out"
        assert w.canvas.width() >= 0.6 * w.width(), "the map is narrow"
        assert w.canvas.height() >= 0.6 * w.height(), "the map is low"
        assert w.canvas.pixels_per_square() >= 20
        assert cut_texts(w) == []
        w.session.undo_stack.setClean()


def test_a_tab_scrolled_out_of_its_bar_counts_as_cut(qtbot: object) -> None:
    """Four titles in a bar too narrow for them: Qt adds scroll arrows and shows the last
    tabs in part or not at all, which ``cut_texts`` names."""
    from PySide6.QtWidgets import QTabBar, QWidget

    box = QWidget()
    qtbot.addWidget(box)  # type: ignore[attr-defined]
    bar = QTabBar(box)
    bar.setUsesScrollButtons(True)
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    for title in ("Roster sheets", "BrickRuler", "Game log", "Roster"):
        bar.addTab(title)
    bar.resize(200, bar.sizeHint().height())
    box.resize(bar.size())
    box.show()
    qtbot.waitExposed(box)  # type: ignore[attr-defined]
    cut = cut_texts(box)
    assert any("scrolled out" in c for c in cut), cut
    bar.resize(bar.sizeHint().width() + 40, bar.height())
    box.resize(bar.size())
    qtbot.wait(10)  # type: ignore[attr-defined]
    assert cut_texts(box) == []


def test_a_big_table_stays_readable_while_nobody_acts_yet(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a World Where Bricks Rule's demo at 1280x720 with the seed 11, round 1's roll
    lets nobody act and round 2's roll is due: nobody acts, and the view still follows a
    figure at a readable scale (the whole table would not be)."""
    import companion.rules.game as game_module

    class Seed11:
        def randrange(self, _n: int) -> int:
            return 11

    monkeypatch.setattr(game_module.random, "SystemRandom", Seed11)
    w = make_window(qtbot, make_settings(tmp_path), [])
    w.resize(1280, 720)
    start_demo(qtbot, w, 1, tmp_path, monkeypatch)
    assert w.play.game is not None and w.play.game.header.seed == 11
    turn = w.play.turn()
    assert turn is not None and turn.acting is None and turn.needs_initiative
    assert w.canvas.fitted_px() < 20
    assert w.canvas.pixels_per_square() >= 20
    w.session.undo_stack.setClean()


def test_a_followed_map_narrower_than_the_view_shows_all_its_columns_centred(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The BrickQuest demo in the window a 1920x1080 screen opens first (1380x860): the
    whole map is not readable (its rows do not fit), so the view follows the acting
    figure at 24 px a square; its columns all fit at that scale, so they all show, the
    map in the middle, not an empty band beside the figure and the far rooms cut off."""
    from companion.gui.canvas.view import RULER_STRIP

    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        w = make_window(qtbot, make_settings(tmp_path), [])
        w.resize(1380, 860)
        start_demo(qtbot, w, 0, tmp_path, monkeypatch)
        w.resize(1380, 860)
        qtbot.wait(100)  # type: ignore[attr-defined]
        canvas = w.canvas
        d = w.session.doc.dungeon
        px = canvas.pixels_per_square()
        assert canvas.fitted_px() < 20 <= px, "not a followed view"
        view = canvas.vb.viewRect()
        assert view.width() > d.width and view.height() < d.height
        assert view.left() < 0 and view.right() > d.width, "columns cut off"
        # the bands either side differ by the row numbers' strip on the left alone
        left, right = -view.left(), view.right() - d.width
        assert left - right == pytest.approx((RULER_STRIP + 8) / px, abs=0.05)
        turn = w.play.turn()
        assert turn is not None and turn.acting is not None
        at = w.play.figures()[turn.acting].at
        assert at is not None and view.contains(at[0] + 0.5, at[1] + 0.5)
        assert view.top() + (RULER_STRIP + 8) / px + 0.05 >= 0 and view.bottom() <= d.height
        w.session.undo_stack.setClean()
