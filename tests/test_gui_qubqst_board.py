"""QUBQST's catacomb in the window: a join that would lay the new cube on a cube already
laid is not offered (the model refuses it, ``spot_taken``), and no cube is drawn over
another on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journey import SIZES, Hands, on_its_screen

from companion import userdirs
from companion.rules.game import Game


def laid_out(path: Path) -> None:
    """Black1 south of the Golden Cube, black2 east of black1, black3 south of black2,
    black4 west of black3 (south of black1); black5 drawn, to be joined."""
    game = Game.create(
        path,
        None,
        ruleset_id="qubqst",
        options={"sample": "all"},
        choices={"_game": {"party": ["war", "wiz"]}},
        seed=3,
    )

    def act(**action: object) -> None:
        game.act({"actor": "war", **action})

    act(action="start_item")
    act(action="draw", face="S/red+black")
    for cube, way, to, to_way in (
        ("black1", "N", "golden", "S"),
        ("black2", "W", "black1", "E"),
        ("black3", "N", "black2", "S"),
        ("black4", "E", "black3", "W"),
    ):
        act(action="draw", cube=cube, face="NESW/")
        act(action="join", cube=cube, path=way, to=to, to_path=to_way)
    act(action="draw", cube="black5", face="NESW/")


def test_a_join_onto_a_laid_cube_is_not_offered_and_no_cube_is_drawn_over_another(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    size = SIZES[-1]
    if not on_its_screen(request, size, tmp_path):
        return
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    path = tmp_path / "catacomb.game.jsonl"
    laid_out(path)
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    h.open_answer = path
    h.trigger("Game", "Open game…")
    assert w.play.game is not None and w.play.game.state.unjoined == "black5"
    menu = h.bar_button("Join").menu()
    assert menu is not None
    joins = [a.text() for a in menu.actions() if a.isEnabled()]
    assert "Join black5 N to black4 S" in joins, joins
    assert not [j for j in joins if j.endswith(" to black1 S")], joins  # black4 lies there
    next(a for a in menu.actions() if a.text() == "Join black5 N to black4 S").trigger()
    h.settle()
    graph = w.board_views.graph
    boxes = {pid: box.sceneBoundingRect() for pid, box in graph.place_items.items()}
    assert len(boxes) == 6
    over = [(a, b) for a in boxes for b in boxes if a < b and boxes[a].intersects(boxes[b])]
    assert not over, over
    h.done()
