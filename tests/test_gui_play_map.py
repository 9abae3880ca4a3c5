"""What the map does when the game changes: one repaint, of what changed, and the same
picture, figures and marks as a map put together afresh.

The window keeps what did not change (the figures' placements, the board's marks, the
token texts, the tooltips' labels) and repaints only the squares that changed.  Each
demo is played through the window (the action bar's buttons and the map clicked with
``QTest``): a move, its undo, the end of the turn.  After each, the map viewport got at
most one Paint event; the screen (``grabWindow``: the backing store the partial repaints
built) equals a full repaint of the view; the canvas's figures, texts and marks equal
those a fresh sync builds from the game's state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from companion.datafiles import resource_dir
from companion.gui.canvas.marks import BoardMarks
from companion.gui.main_window import DEMOS, MainWindow
from companion.gui.play.map_sync import MapSync
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import PaintRegions, far_destinations, make_settings, make_window, settle
from companion.model.labels import unique_initials
from companion.rules.board_marks import BoardMark

Square = tuple[int, int]


@pytest.fixture(params=[0, 1, 2], ids=[d[0] for d in DEMOS[:3]])
def window(request: Any, qtbot: Any, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.resize(1280, 720)
    index = request.param
    assert w.open_demo(index)
    chars = DEMOS[index][2]
    roster = (
        json.loads((resource_dir() / chars).read_text()) if chars.endswith(".roster.json") else None
    )
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    w.play.confirm_force = lambda verdict: None  # type: ignore[assignment]
    w.play.confirm_target = lambda question: True
    assert w.start_game(tmp_path / "map.game.jsonl", GameSpec(seed=7), roster=roster), errors
    ready(w)
    turn = w.play.turn()
    w.canvas.centre_on(w.play.figures()[turn.acting].at, 32.0)
    settle(qtbot, w.canvas)
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


def ready(w: MainWindow) -> None:
    """Play on until the acting figure's turn has begun and it may move."""
    for _ in range(60):
        kinds = {c.kind: c for c in w.play.choices() if c.needs == "none"}
        if "begin_turn" in kinds:
            take = kinds["begin_turn"]
        elif w.play.moves() and any(c.kind == "move" for c in w.play.choices()):
            return
        else:
            order = ("roll_move", "roll_first_player", "initiative", "end_turn")
            take = next(kinds[k] for k in order if k in kinds)
        assert w.play.choose(take)
    raise AssertionError("the acting figure never could move")


def button(w: MainWindow, kind: str) -> Any:
    c = next(c for c in w.play.choices() if c.kind == kind)
    return w.action_dock.buttons[c.group or c.label]


def idle() -> None:
    """Until two passes of the event loop in a row paint nothing."""
    for _ in range(8):
        QApplication.processEvents()


def frame(w: MainWindow, step: Any) -> list[Any]:
    """Run ``step`` (the input) and everything it sets going; the map viewport's paint
    regions meanwhile."""
    idle()
    paints = PaintRegions()
    w.canvas.viewport().installEventFilter(paints)
    try:
        step()
        idle()
    finally:
        w.canvas.viewport().removeEventFilter(paints)
    return paints.regions


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].astype(np.int16)


def stale_pixels(w: MainWindow) -> int:
    """Pixels of the screen that differ from a full repaint of the map's view (a
    translucent overlay may blend one unit differently when clipped; stale is far more)."""
    idle()
    vp = w.canvas.viewport()
    top_left = vp.mapToGlobal(QPoint(0, 0))
    screen = vp.screen().grabWindow(0, top_left.x(), top_left.y(), vp.width(), vp.height())
    fresh = pixels(vp.grab().toImage())
    shown = pixels(screen.toImage())
    assert fresh.shape == shown.shape
    return int((np.abs(fresh - shown) > 24).sum())


def fresh_figures(w: MainWindow) -> list[Any]:
    """The figures a sync from nothing puts on the map for the game as it is now."""
    game = w.play.game
    doc = w.session.doc.copy()
    doc.figures = []
    session = SimpleNamespace(
        doc=doc,
        figure_source=w.session.figure_source,
        ruleset=w.session.ruleset,
        refresh=lambda changes: None,
    )
    MapSync().sync(game, w.play.figures, session)
    return list(doc.figures)


def labels(marks: tuple[BoardMark, ...], sq: Square) -> list[str]:
    out: list[str] = []
    for m in marks:
        if sq in ((m.at, m.to) if m.to is not None else (m.at,)) and m.label and m.label not in out:
            out.append(m.label)
    return out


def assert_as_fresh(w: MainWindow) -> None:
    """The canvas shows what a map put together afresh from the game's state shows."""
    game = w.play.game
    fresh = fresh_figures(w)
    assert w.session.doc.figures == fresh
    item = w.canvas.figures
    assert item.figures == fresh
    assert item.texts == unique_initials((f.id, f.label) for f in fresh)
    marks = tuple(game.ruleset.marks(game.state))
    shown = w.canvas.board_marks
    assert shown.marks == marks
    fills = tuple(m for m in marks if m.kind == "fill")
    assert shown.fills.fills.keys() == {m.at for m in fills}
    tokens: dict[Square, list[BoardMark]] = {}
    for m in marks:
        if m.kind == "token":
            tokens.setdefault(m.at, []).append(m)
    assert shown.tokens.tokens == tokens
    assert shown.tokens.occupied == {f.at for f in fresh}
    for sq in {m.at for m in marks[-40:]} | {f.at for f in fresh}:
        assert shown.labels_at(sq) == labels(marks, sq), sq


def test_a_move_its_undo_and_the_end_of_the_turn_repaint_the_map_once(
    qtbot: Any, window: MainWindow
) -> None:
    w = window
    play = w.play
    vp = w.canvas.viewport()
    here = play.figures()[play.turn().acting].at
    dests = far_destinations(w)
    assert dests, "no reachable square in view"
    dest = dests[0]
    QTest.mouseClick(button(w, "move"), Qt.MouseButton.LeftButton)
    assert play.pending is not None and play.pending.kind == "move"
    QTest.mouseMove(vp, w.canvas.viewport_pos(dest))
    idle()
    entries = len(play.game.session.entries)
    regions = frame(
        w, lambda: QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=w.canvas.viewport_pos(dest))
    )
    assert len(play.game.session.entries) > entries, w.errors  # type: ignore[attr-defined]
    assert play.figures()[play.turn().acting].at != here or play.turn().acting is None
    assert len(regions) <= 1
    assert stale_pixels(w) == 0
    assert_as_fresh(w)

    regions = frame(w, w.game_undo.trigger)  # Game → Undo action
    assert play.game.session.cursor == entries
    assert play.figures()[play.turn().acting].at == here
    assert len(regions) <= 1
    # Only the figure's old and new squares (and the tint's) were painted, not the view.
    if regions:
        area = sum(r.width() * r.height() for r in regions[0])
        assert area < vp.width() * vp.height()
    assert stale_pixels(w) == 0
    assert_as_fresh(w)

    regions = frame(w, lambda: QTest.mouseClick(button(w, "end_turn"), Qt.MouseButton.LeftButton))
    assert play.game.session.cursor > entries, w.errors  # type: ignore[attr-defined]
    assert len(regions) <= 1  # a turn that scrolls the view paints the map once, not twice
    assert stale_pixels(w) == 0
    assert_as_fresh(w)


def test_marks_made_anew_but_equal_are_kept_without_a_repaint(qtbot: Any) -> None:
    from PySide6.QtGui import QFont

    marks = BoardMarks(QFont())
    fills = [BoardMark(at=(x, 0), kind="fill", colour="#336699", label=f"F{x}") for x in range(5)]
    chest = BoardMark(at=(2, 0), glyph="C", label="Chest")
    marks.set_marks([*fills, chest])
    assert marks.labels_at((2, 0)) == ["F2", "Chest"]
    # The same marks built again (a ruleset that makes them anew): nothing drawn again,
    # and the new objects held, so that the next comparison finds them at once.
    again = [m.model_copy() for m in [*fills, chest]]
    shown = marks.fills.fills
    marks.set_marks(again)
    assert marks.fills.fills is shown
    assert all(a is b for a, b in zip(marks.marks, again, strict=True))
    # A token taken: the fills' labels kept, the token's gone.
    marks.set_marks(again[:-1])
    assert marks.labels_at((2, 0)) == ["F2"]
    assert marks.tokens.tokens == {}
    # A token before the fills (not a prefix of fills): labels in the marks' order.
    door = BoardMark(at=(1, 0), glyph="D", label="Door")
    marks.set_marks([door, *fills])
    assert marks.labels_at((1, 0)) == ["Door", "F1"]
    assert marks.tokens.tokens == {(1, 0): [door]}
    marks.set_marks([*fills[:4], BoardMark(at=(4, 0), kind="fill", colour="#990000")])
    assert set(marks.fills.fills) == {(x, 0) for x in range(5)}
    assert marks.fills.fills[(4, 0)][0][0].name() == "#990000"
    assert marks.labels_at((4, 0)) == []


def test_the_sheets_roster_is_compared_only_after_it_or_the_game_changed(
    qtbot: Any, tmp_path: Path
) -> None:
    w = make_window(qtbot, make_settings(tmp_path))
    assert w.open_demo(1)  # In a World Where Bricks Rule: a roster of characters
    roster = json.loads((resource_dir() / DEMOS[1][2]).read_text())
    assert w.start_game(tmp_path / "r.game.jsonl", GameSpec(seed=7), roster=roster)
    party = w.play.game.header.party
    assert w.roster_panel.roster() == party
    copies: list[int] = []
    panel_roster = w.roster_panel.roster
    w.roster_panel.roster = lambda: (copies.append(1), panel_roster())[1]  # type: ignore[method-assign]
    ready(w)
    w.play.announce()
    assert copies == []  # the game's party shown already: no copy of the roster asked
    # Another roster opened in the sheets meanwhile: the next change shows the game's.
    other = {**party, "characters": party["characters"][:1]}
    w.roster_panel.set_roster(w.play.game.ruleset.id, other)
    assert w.roster_panel.roster() != party
    w.play.announce()
    assert w.roster_panel.roster() == party
    w.session.undo_stack.setClean()
