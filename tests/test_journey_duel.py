"""Brick Duel, the ruleset from outside ``companion/``, played in the window as a player
does (``tests/journey.py``): Game → New game without a map → Brick Duel…, the dialog's
defaults, clicks and keys on the graph board, a refusal with the duel's own reason, the
guard track and the "broken" state in the tracker and the log, the end, and the game
closed and reopened the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journey import NO_MOD, SIZES, Hands, accept_new_game, on_its_screen, refusal_box
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from companion.rules.ruleset import available_rulesets

LEFT = Qt.MouseButton.LeftButton


def click_place(h: Hands, place: str) -> None:
    graph = h.w.board_views.graph
    QTest.mouseClick(graph.viewport(), LEFT, NO_MOD, graph.place_point(place).toPoint())
    h.settle()


def click_figure(h: Hands, figure: str) -> None:
    graph = h.w.board_views.graph
    QTest.mouseClick(graph.viewport(), LEFT, NO_MOD, graph.figure_point(figure).toPoint())
    h.settle()


def tracker_line(h: Hands, name: str) -> str:
    """The figure's row in the tracker's order."""
    order = h.w.tracker_dock.order
    return next(t for t in (order.item(i).text() for i in range(order.count())) if name in t)


@pytest.mark.parametrize("size", SIZES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
def test_duel_journey(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
) -> None:
    assert "duel" in available_rulesets(), "pip install -e tests/thirdparty/brick_duel"
    if not on_its_screen(request, size, tmp_path):
        return
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    path = tmp_path / "duel.game.jsonl"
    h.save_answer = path
    seen: list[dict[str, Any]] = []
    with h.dialogs(accept_new_game(seen)):
        h.trigger("Game", "New game without a map", "Brick Duel")
    assert path.is_file() and w.mode == "play"
    assert h.file_dialogs == ["save: Save the game as"]  # no map asked for
    assert "no map is needed" in " ".join(seen[0]["labels"])
    assert "Who acts first" in " ".join(seen[0]["labels"])
    graph = w.board_views.graph
    assert w.board_views.currentWidget() is graph and graph.isVisible()
    assert set(graph.place_items) == {"gate", "yard", "well", "hall", "stair", "tower"}
    # The tracker: the phase, and the guard boxes instead of hit points; no drag.
    assert "Move phase" in w.tracker_dock.acting_label.text()
    assert "<b>Move</b> → Strike" in w.tracker_dock.phase_label.text()
    assert "Guard ■■■" in tracker_line(h, "Blue Knight") and "♥" not in tracker_line(h, "Red")
    assert w.tracker_dock.order.dragDropMode().name == "NoDragDrop"
    assert w.brickmaster_menu.title() == "&Table"
    assert not w.zoom_label.isVisible()  # no squares: no "px/square" in the status bar
    h.check_window_size()

    # Key 1 (Move) then a click on a place not linked: refused with the duel's reason.
    assert h.bar_titles() == ["Move", "Hold"]
    h.key(Qt.Key.Key_1)
    assert w.play.pending is not None and w.play.pending.needs == "place"
    assert "Click a place on the board" in w.action_dock.hint.text()
    with h.dialogs(refusal_box(["no link leads there from here"], force=False)):
        click_place(h, "tower")
    reasons = h.assert_refusal_shown()
    assert reasons == ["no link leads there from here: from the Gate to the Tower"]
    assert w.play.game is not None and w.play.game.snapshot()["board"]["current"] == "gate"

    # The keyboard: arrows walk the places, Enter takes one (gate, then yard).
    h.key(Qt.Key.Key_1)
    graph.setFocus()
    h.key(Qt.Key.Key_Right)
    h.key(Qt.Key.Key_Right)
    assert graph.highlight == "yard"
    h.key(Qt.Key.Key_Return)
    assert w.play.figures()["red"].stats == (("Place", "Yard"),)
    assert "Strike phase" in w.tracker_dock.acting_label.text()
    assert h.bar_titles() == ["Strike", "Rest"]  # Strike is offered, but nobody is here
    assert not h.bar_button("Strike").isEnabled()
    h.click(h.bar_button("Rest"))
    # Blue to the hall, and rest; red to the hall, face to face.
    for who, where in (("blue", "hall"), ("red", "hall")):
        assert w.play.turn().acting == who
        h.click(h.bar_button("Move"))
        click_place(h, where)
        if who == "blue":
            h.click(h.bar_button("Rest"))
    # Strikes until one is broken: key 1 (Strike), then a click on the other's name.
    for _ in range(80):
        turn = w.play.turn()
        if turn.outcome:
            break
        acting = turn.acting
        assert acting is not None
        other = "blue" if acting == "red" else "red"
        if turn.phase == "Move":
            h.click(h.bar_button("Hold"))
            continue
        h.key(Qt.Key.Key_1)
        click_figure(h, other)
    turn = w.play.turn()
    assert turn.outcome and turn.outcome.endswith("is broken"), turn
    loser = "Blue Knight" if turn.outcome.startswith("Red") else "Red Knight"
    assert turn.outcome in w.tracker_dock.acting_label.text()
    assert "Guard □□□" in tracker_line(h, loser) and "broken" in tracker_line(h, loser)
    log = h.log_texts()
    assert any(f"↳ {loser}: Guard ■■■ → ■■□" in line for line in log), log
    assert log[-1].endswith(f"↳ {loser} is broken"), log[-1]
    assert h.bar_titles() == []  # nothing more to do
    card = w.board_views.graph.figure_items["blue" if loser == "Blue Knight" else "red"].toolTip()
    assert card.splitlines()[:2] == [f"{loser} — Knight", "Guard □□□"] and "broken" in card

    h.close_and_reopen(path)
    assert w.board_views.currentWidget() is w.board_views.graph
    assert w.play.turn().outcome == turn.outcome
    h.trigger("Game", "Close game")
    assert w.board_views.currentWidget() is w.canvas and w.zoom_label.isVisible()
    # Game → New game… on the duel's table (what the window kept) asks no map either.
    again = tmp_path / "again.game.jsonl"
    h.save_answer = again
    with h.dialogs(accept_new_game([])):
        h.trigger("Game", "New game…")
    assert again.is_file() and w.play.game is not None and w.play.game.ruleset.id == "duel"
    assert w.board_views.currentWidget() is w.board_views.graph
    assert w.play.turn().outcome is None and w.play.turn().phase == "Move"
    h.done()
