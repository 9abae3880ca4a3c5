"""The players' window uses its screen (issue 23): the board draws only the part of the
map the players know, as large as the window allows, and takes the width its map fills
at full height (a wide map more, a tall one less), the side panel the rest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.players.board import shown_squares
from companion.gui.players.window import BOARD_SHARE, PlayersWindow
from companion.gui.testing import DEMO, DEMO_PARTY, forget_changes, make_settings, make_window
from companion.rules.public_view import PublicBoard, PublicFigure, PublicTracker, PublicView


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path), [])  # type: ignore[arg-type]
    assert w.open_path(DEMO)
    assert w.party_dock is not None and w.party_dock.open_path(DEMO_PARTY)
    assert w.start_game(tmp_path / "demo.game.jsonl", GameSpec(seed=3))
    yield w
    forget_changes(w)
    w.players.close_window()


def view_of(rows: list[str], figures: list[PublicFigure] | None = None) -> PublicView:
    board = PublicBoard(kind="squares", width=len(rows[0]), height=len(rows), rows=rows)
    return PublicView(
        version=1,
        ruleset="x",
        title="X",
        game="g",
        board=board,
        figures=figures or [],
        tracker=PublicTracker(),
    )


def test_the_board_draws_the_known_part_of_the_map_with_a_square_round_it() -> None:
    rows = ["          ", "          ", "   ###    ", "   #.#    ", "   ###    ", "          "]
    assert shown_squares(view_of(rows)) == (3, 2, 5, 4)  # the walls round the floor
    rows = ["##########", "##########", "####..####", "####..####", "##########"]
    assert shown_squares(view_of(rows)) == (3, 1, 6, 4)  # a sea of wall is not shown
    far = PublicFigure(id="a", name="A", label="A", side="party", at=(8, 0), size=2.0)
    assert shown_squares(view_of(rows, [far])) == (3, 0, 9, 4)  # its whole base too
    assert shown_squares(view_of(["    ", "    "])) == (0, 0, 3, 1)  # nothing known: all


def test_the_players_window_fills_a_full_hd_screen_with_the_map(
    qtbot: object, window: MainWindow
) -> None:
    w = window
    w.players.toggle.trigger()  # Game → Players' view
    pw = w.players.window
    assert isinstance(pw, PlayersWindow)
    pw.showNormal()
    pw.resize(1920, 1080)
    qtbot.waitUntil(lambda: pw.board.width() > 1000)  # type: ignore[attr-defined]
    view = pw.board.view
    assert view is not None
    x0, y0, x1, y1 = shown_squares(view)
    side, left, top = pw.board._cell_geometry(view)
    drawn_w, drawn_h = side * (x1 - x0 + 1), side * (y1 - y0 + 1)
    # the known part wholly on the board
    assert left + x0 * side >= 0 and left + (x1 + 1) * side <= pw.board.width() + 1
    assert top + y0 * side >= 0 and top + (y1 + 1) * side <= pw.board.height() + 1
    # The map fills the board one way, and the board is most of the window's width:
    # BrickQuest's demo map (42 by 30 squares) is wider than the square a 66% share gives.
    assert abs(drawn_h - (pw.board.height() - 8)) < 2 or abs(drawn_w - (pw.board.width() - 8)) < 2
    inner = pw.width() - 32 - 24
    assert pw.board.width() / inner > 0.70
    assert pw.board.width() / inner <= BOARD_SHARE[1] + 0.01
    assert side > 32  # squares large enough to read from across the table
    # The dice stay on one line in the narrower side panel.
    assert pw.dice.text() and pw.dice.sizeHint().width() <= pw.side.width()
